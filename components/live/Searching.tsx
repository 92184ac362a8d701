// The live session's search screens. Searching: "Finding Someone..." with the elapsed time,
// rotating statuses and the member's own camera preview while no partner is known. MatchFound:
// "Match Found!" over the live view (already laid out underneath, so the partner's video can
// start), its progress following the connection's real milestones: signalling done, ICE
// connected, the partner's first frame. The live view takes over at that frame.
import { useEffect, useRef, useState } from "react";
import { useWebRTC } from "../../lib/client/webrtc.tsx";
import { milestonePct, progressKey, SEARCH_STATUS_KEYS } from "../../lib/client/live_rules.ts";
import { isPov } from "../../lib/client/peer.ts";
import { blurDetailText, wholeCovered } from "../../lib/client/privacy/status_text.ts";
import { seconds, WholeBlurBadge } from "./VideoTile.tsx";
import { WaitingFigures } from "./WaitingFigures.tsx";
import { displayName, formatNumber, tr } from "../../lib/shared/i18n/messages.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

export function Searching() {
  const s = useWebRTC();
  const [elapsed, setElapsed] = useState(0);
  const [statusIndex, setStatusIndex] = useState(0);

  useEffect(() => {
    const started = Date.now();
    const t = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 250);
    const r = setInterval(() => setStatusIndex((i) => (i + 1) % SEARCH_STATUS_KEYS.length), 2000);
    return () => {
      clearInterval(t);
      clearInterval(r);
    };
  }, []);

  return (
    <section class="searching center-screen" aria-labelledby="search-title">
      <SelfPreview
        stream={s.localStream}
        blurred={s.privacyOn}
        whole={wholeCovered(s.blurView) ? blurDetailText(s.blurView, null) : undefined}
      />
      <span class="spinner spinner-large" aria-hidden="true" />
      <h1 id="search-title">{t("findingSomeone")}</h1>
      <p class="muted">{t("searchLead")}</p>
      <p class="search-elapsed" aria-live="off">{seconds(elapsed)}</p>
      <p class="muted small">{t("searchingGlobally")}</p>
      <p class="search-status" role="status">{t(SEARCH_STATUS_KEYS[statusIndex])}</p>
      <WaitingFigures />
      <button type="button" class="button button-secondary" onClick={() => cancelSearch(s)}>
        {t("cancel")}
      </button>
    </section>
  );
}

/** Cancel: the session is reset and the member goes back to discover. */
function cancelSearch(s: { resetSession(): void }) {
  s.resetSession();
  location.assign("/");
}

/** The member's own camera while they wait: what the partner will see (faces blurred if on). */
function SelfPreview(
  { stream, blurred, whole }: {
    stream: MediaStream | null;
    blurred: boolean;
    /** Why face blur covers the whole picture now, when it does. */
    whole?: string;
  },
) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    if (stream) video.play().catch(() => {});
  }, [stream]);
  return (
    <figure class="self-preview" aria-label={t("cameraPreview")}>
      <video
        ref={ref}
        class={stream && !isPov(stream) ? "tile-video mirrored" : "tile-video"}
        autoPlay
        playsInline
        muted
        aria-label={t("yourCamera")}
      />
      {!stream && <div class="tile-placeholder">{t("startingCamera")}</div>}
      <figcaption class="tile-badges">
        <span class="badge tile-label">{t("you")}</span>
        {blurred && <span class="badge badge-accent">{t("privacyOn")}</span>}
        {whole && <WholeBlurBadge detail={whole} />}
      </figcaption>
    </figure>
  );
}

/** 'Match Found!' over the live view until the partner's first frame (or a fallback) shows it. */
export function MatchFound() {
  const s = useWebRTC();
  const pct = milestonePct({
    signalled: s.signalled,
    connected: s.connectionStatus === "connected",
    frame: s.remoteFrame,
  });

  return (
    <section
      class="searching center-screen match-found"
      aria-labelledby="found-title"
      data-progress={pct}
    >
      <h1 id="found-title">{t("matchFound")}</h1>
      {s.partnerInfo?.language && (
        <p class="partner-language">
          {t("partnerSpeaks", { language: displayName("language", s.partnerInfo.language) })}
        </p>
      )}
      <p class="muted">{t("securing")}</p>
      <div class="progress-wrap">
        <progress class="progress" max={100} value={pct} aria-label={t("progress")} />
        <p class="progress-label">
          <span>{t(progressKey(pct))}</span>{" "}
          <span class="progress-pct">{formatNumber(pct / 100, { style: "percent" })}</span>
        </p>
      </div>
      <button type="button" class="button button-secondary" onClick={() => cancelSearch(s)}>
        {t("cancel")}
      </button>
    </section>
  );
}
