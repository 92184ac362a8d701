// The live session's search screens. Searching: "Finding Someone..." with the elapsed time,
// rotating statuses and the member's own camera preview while no partner is known. MatchFound:
// "Match Found!" over the live view (already laid out underneath, so the partner's video can
// start), its progress following the connection's real milestones: signalling done, ICE
// connected, the partner's first frame. The live view takes over at that frame.
import { useEffect, useRef, useState } from "react";
import { useWebRTC } from "../../client/webrtc.tsx";
import { milestonePct, progressLabel, SEARCH_STATUSES } from "../../client/live_rules.ts";
import { isPov } from "../../client/peer.ts";
import { blurDetail, wholeCovered } from "../../client/privacy/status_text.ts";
import { WholeBlurBadge } from "./VideoTile.tsx";

export function Searching() {
  const s = useWebRTC();
  const [elapsed, setElapsed] = useState(0);
  const [statusIndex, setStatusIndex] = useState(0);

  useEffect(() => {
    const started = Date.now();
    const t = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 250);
    const r = setInterval(() => setStatusIndex((i) => (i + 1) % SEARCH_STATUSES.length), 2000);
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
        whole={wholeCovered(s.blurView) ? blurDetail(s.blurView, null) : undefined}
      />
      <span class="spinner spinner-large" aria-hidden="true" />
      <h1 id="search-title">Finding Someone...</h1>
      <p class="muted">Connecting you to a random POV around the world</p>
      <p class="search-elapsed" aria-live="off">{String(elapsed).padStart(2, "0")}s</p>
      <p class="muted small">searching globally</p>
      <p class="search-status" role="status">{SEARCH_STATUSES[statusIndex]}</p>
      <button type="button" class="button button-secondary" onClick={() => cancelSearch(s)}>
        Cancel
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
    <figure class="self-preview" aria-label="Your camera preview">
      <video
        ref={ref}
        class={stream && !isPov(stream) ? "tile-video mirrored" : "tile-video"}
        autoPlay
        playsInline
        muted
        aria-label="Your camera"
      />
      {!stream && <div class="tile-placeholder">Starting camera...</div>}
      <figcaption class="tile-badges">
        <span class="badge tile-label">You</span>
        {blurred && <span class="badge badge-accent">Privacy On</span>}
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
      <h1 id="found-title">Match Found!</h1>
      <p class="muted">Establishing secure connection...</p>
      <div class="progress-wrap">
        <progress class="progress" max={100} value={pct} aria-label="Connection progress" />
        <p class="progress-label">
          <span>{progressLabel(pct)}</span> <span class="progress-pct">{pct}%</span>
        </p>
      </div>
      <button type="button" class="button button-secondary" onClick={() => cancelSearch(s)}>
        Cancel
      </button>
    </section>
  );
}
