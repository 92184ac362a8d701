// The live view: the connection's badges, the partner's tile and this member's, the flying
// reactions, the controls, why a call that never connected failed, and the safety code sheet and
// the report dialog when open. The session's state comes from the provider (webrtc.tsx).
import { useEffect, useState } from "react";
import type { ComponentProps } from "react";
import { useWebRTC } from "../../lib/client/webrtc.tsx";
import { mmss, VideoTile } from "./VideoTile.tsx";
import { ReportDialog } from "./ReportDialog.tsx";
import { SafetyCodeSheet } from "./SafetyCodeSheet.tsx";
import { LiveControls, Reactions } from "./LiveControls.tsx";
import { NetworkBadge } from "./NetworkBadge.tsx";
import { FailureWhy } from "./FailureWhy.tsx";
import { Icon } from "../Icon.tsx";
import { blurDetailText, wholeCovered } from "../../lib/client/privacy/status_text.ts";
import type { ShieldMonitor } from "../../lib/client/shield/monitor.ts";
import { usePartnerShield } from "../../lib/client/shield/use_shield.ts";
import { fileReport, type ReportInput } from "../../lib/client/report_partner.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import { PAGE_END_LATE_MS } from "../../lib/shared/realtime/clock.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

/** A member's place, or 'Unknown Location' (the server's and the call's word for none). */
const place = (location?: string) =>
  !location || location === "Unknown Location" ? t("unknownLocation") : location;

/** What the live view needs of the member. */
export interface LiveMe {
  location: string;
  safetyShieldEnabled: boolean;
}

export function LiveView(
  { me, shield, pending, skipsLeft, onNext, onReporting }: {
    me: LiveMe;
    shield: ShieldMonitor | null;
    /** Laid out under 'Match Found!' until the partner's first frame: inert, not yet shown. */
    pending: boolean;
    skipsLeft: number;
    /** Next: skip this partner and search again (one of the session's skips). */
    onNext(): void;
    /** A report is on its way (true) or failed (false). */
    onReporting(sending: boolean): void;
  },
) {
  const s = useWebRTC();
  const now = useSessionClock();
  /** The report dialog, open with no reason chosen or with the shield's. */
  const [reporting, setReporting] = useState<false | { reason: string }>(false);
  const [codeOpen, setCodeOpen] = useState(false);
  const [shieldState, setPartnerVideo] = usePartnerShield(
    shield,
    me.safetyShieldEnabled,
    s.remoteStream,
  );

  // The partner's video is past its first check: face blur's detector may load now (it would
  // slow the check's first verdicts on a device with few cores).
  useEffect(() => {
    if (s.remoteFrame && shieldState.view !== "checking") s.noteVideoChecked();
  }, [s.remoteFrame, shieldState.view]);

  const seconds = s.connectedAt ? (now - s.connectedAt) / 1000 : 0;
  const timer = mmss(seconds);
  const secure = s.isEncrypted && s.connectionStatus === "connected";

  async function report(input: ReportInput) {
    if (!(await fileReport(input, s.partnerInfo?.peerId ?? "", onReporting))) return;
    setReporting(false); // the summary says the report was sent
    s.endSession("reported");
  }

  return (
    <section
      class={pending ? "live live-pending" : "live"}
      aria-label={t("liveMatch")}
      inert={pending}
      aria-hidden={pending ? "true" : undefined}
    >
      <LiveTop secure={secure} codeOpen={codeOpen} onOpenCode={() => setCodeOpen(true)} />
      <LiveTiles
        me={me}
        timer={timer}
        shield={shieldState.view === "off" ? undefined : {
          view: shieldState.view,
          onShow: () => shield?.dispatch({ type: "show" }),
          onEndReport: () => setReporting({ reason: "inappropriate" }),
        }}
        onPartnerVideo={setPartnerVideo}
      />
      <Reactions />
      <LiveControls
        skipsLeft={skipsLeft}
        onReport={() => setReporting({ reason: "" })}
        onNext={onNext}
      />
      {s.linkFailed && <FailureWhy why={s.failureWhy} />}
      {codeOpen && (
        <SafetyCodeSheet
          encrypted={secure}
          code={s.encryptionFingerprint}
          onClose={() => setCodeOpen(false)}
        />
      )}
      {reporting && (
        <ReportDialog
          initialReason={reporting.reason}
          onSubmit={report}
          onCancel={() => setReporting(false)}
        />
      )}
    </section>
  );
}

/** The time now, twice a second; ends the session should the server's end be late. */
function useSessionClock(): number {
  const s = useWebRTC();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, []);
  // The server ends the match at 30 s; this is the fallback should its message be late.
  useEffect(() => {
    if (s.partnerInfo && now > s.partnerInfo.endsAt + PAGE_END_LATE_MS) s.endSession("timeout");
  }, [now]);
  return now;
}

/** The badges over the tiles: encryption (opens the safety code) and the connection's quality. */
function LiveTop(
  { secure, codeOpen, onOpenCode }: { secure: boolean; codeOpen: boolean; onOpenCode(): void },
) {
  const s = useWebRTC();
  return (
    <div class="live-top">
      <button
        type="button"
        class={`badge badge-button ${secure ? "badge-secure" : "badge-insecure"}`}
        data-fingerprint={secure ? s.encryptionFingerprint ?? "" : undefined}
        aria-haspopup="dialog"
        aria-expanded={codeOpen}
        onClick={onOpenCode}
      >
        <Icon name="lock" size={14} />
        {t(secure ? "encrypted" : "unencrypted")}
        <span class="sr-only">{t("showCode")}</span>
      </button>
      <NetworkBadge net={s.net} />
    </div>
  );
}

/** The partner's tile (with the safety shield over it) and this member's, and the reactions flying. */
function LiveTiles(
  { me, timer, shield, onPartnerVideo }: {
    me: LiveMe;
    timer: string;
    shield: ComponentProps<typeof VideoTile>["shield"];
    onPartnerVideo: ComponentProps<typeof VideoTile>["onVideo"];
  },
) {
  const s = useWebRTC();
  const hashtag = s.partnerInfo?.hashtag ?? "";
  return (
    <div class="tiles">
      <VideoTile
        stream={s.remoteStream}
        placeholder={t("connectingPartner")}
        failure={s.linkFailed ? t("linkFailed") : undefined}
        mirrored={s.remotePov === false}
        pov={s.remotePov}
        location={place(s.partnerInfo?.location)}
        hashtag={hashtag}
        timer={timer}
        onVideo={onPartnerVideo}
        onFrame={s.noteRemoteFrame}
        cameraOff={!s.partnerVideo}
        micOff={!s.partnerAudio}
        away={s.partnerAway}
        shield={shield}
      />
      <VideoTile
        local
        stream={s.localStream}
        placeholder={s.cameraError ?? t("startingCamera")}
        mirrored={s.localStream !== null && !s.localPov}
        location={place(me.location)}
        hashtag={hashtag}
        timer={timer}
        muted
        hidden={!s.switches.video}
        privacyOn={s.privacyOn}
        blurWhole={wholeCovered(s.blurView) ? blurDetailText(s.blurView, null) : undefined}
      />
      <div class="flying" aria-hidden="true">
        {s.flying.map((f) => <span key={f.id} class={`fly fly-${f.from}`}>{f.emoji}</span>)}
      </div>
    </div>
  );
}
