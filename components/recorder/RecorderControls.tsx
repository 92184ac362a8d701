// /camera's buttons: Record, or Stop while recording, and Flip camera where there are two; once a
// clip is done, Record Another, Download and Share.
import {
  type ClipRecording,
  downloadClip,
  type RecorderCamera,
  shareClip,
} from "../../lib/client/clip_recorder.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

export function RecorderControls({ cam, rec }: { cam: RecorderCamera; rec: ClipRecording }) {
  const { state, clip } = rec;
  const { flip } = cam;
  // Without face blur the recorder records the camera's own track, which a flip replaces: a
  // recording in progress would end, so the flip waits for it (with blur it records the
  // compositor's track, which follows the new camera).
  const canFlip = flip.cameras > 1 && !(state === "recording" && !cam.camera?.blurred);
  return (
    <div class="button-row">
      {state === "idle" && !cam.missing.length && (
        <button type="button" class="button button-primary button-large" onClick={rec.start}>
          {t("record")}
        </button>
      )}
      {state === "recording" && (
        <button type="button" class="button button-danger button-large" onClick={rec.stop}>
          {t("stop")}
        </button>
      )}
      {state !== "done" && flip.cameras > 1 && (
        <button
          type="button"
          class="button button-secondary button-flip"
          disabled={!canFlip || flip.flipping || !cam.stream}
          onClick={() => flip.flip()}
        >
          {t("flipCamera")}
        </button>
      )}
      {state === "done" && (
        <>
          <button type="button" class="button button-secondary" onClick={rec.again}>
            {t("recordAnother")}
          </button>
          <button
            type="button"
            class="button button-secondary"
            onClick={() => clip && downloadClip(clip)}
          >
            {t("download")}
          </button>
          <button
            type="button"
            class="button button-primary"
            onClick={() => clip && shareClip(clip)}
          >
            {t("share")}
          </button>
        </>
      )}
    </div>
  );
}
