// The live view's bars: the reactions (each with its count, usable while the call is connected)
// and the controls (Mute, Camera off, Flip camera, Report, End Session, and Next with the
// skips left).
import { useWebRTC } from "../../lib/client/webrtc.tsx";
import { REACTIONS } from "../../lib/shared/constants.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

export function Reactions() {
  const s = useWebRTC();
  return (
    <div class="reactions" role="group" aria-label={t("reactions")}>
      {REACTIONS.map((r) => (
        <button
          key={r.key}
          type="button"
          class="reaction"
          aria-label={`${t(`rx_${r.key}`)} (${s.reactions[r.emoji] ?? 0})`}
          disabled={s.connectionStatus !== "connected"}
          onClick={() => s.sendReaction(r.emoji)}
        >
          <span aria-hidden="true">{r.emoji}</span>
          <span class="reaction-count">{s.reactions[r.emoji] ?? 0}</span>
        </button>
      ))}
    </div>
  );
}

export function LiveControls(
  { skipsLeft, onReport, onNext }: {
    skipsLeft: number;
    /** Report: opens the report dialog with no reason chosen. */
    onReport(): void;
    /** Next: skip this partner and search again (one of the session's skips). */
    onNext(): void;
  },
) {
  const s = useWebRTC();
  const muted = !s.switches.audio;
  const cameraOff = !s.switches.video;
  return (
    <div class="controls">
      <button
        type="button"
        class="button button-secondary"
        aria-pressed={muted}
        onClick={() => s.setSwitches({ ...s.switches, audio: muted })}
      >
        {t(muted ? "unmute" : "mute")}
      </button>
      <button
        type="button"
        class="button button-secondary"
        aria-pressed={cameraOff}
        onClick={() => s.setSwitches({ ...s.switches, video: cameraOff })}
      >
        {t(cameraOff ? "cameraOn" : "cameraOff")}
      </button>
      {s.cameras > 1 && (
        <button
          type="button"
          class="button button-secondary button-flip"
          disabled={s.flipping}
          onClick={() => s.flipCamera()}
        >
          {t("flipCamera")}
        </button>
      )}
      <button type="button" class="button button-secondary" onClick={onReport}>
        {t("report")}
      </button>
      <button
        type="button"
        class="button button-danger"
        onClick={() => s.endSession("user_ended")}
      >
        {t("endSession")}
      </button>
      <button
        type="button"
        class="button button-primary button-next"
        onClick={onNext}
        aria-describedby="skips-left"
      >
        {t("next")}
      </button>
      <span id="skips-left" class="sr-only">
        {t("skipsLeft", { count: skipsLeft, free: s.linkFailed ? t("free") : "" })}
      </span>
    </div>
  );
}
