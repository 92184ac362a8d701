// /camera's live preview: the camera (mirrored unless it is the rear one), what stands in for it
// before it opens, the privacy badges when face blur is on, and the recording's seconds.
import type { Ref } from "react";
import { blurDetailText, wholeCovered } from "../../lib/client/privacy/status_text.ts";
import { seconds, WholeBlurBadge } from "../live/VideoTile.tsx";
import type { RecorderCamera, RecorderState } from "../../lib/client/clip_recorder.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

export function RecorderPreview(
  { video, cam, state, elapsed, maxSeconds }: {
    video: Ref<HTMLVideoElement>;
    cam: RecorderCamera;
    state: RecorderState;
    elapsed: number;
    maxSeconds: number;
  },
) {
  const { stream, camera, blur } = cam;
  return (
    <div class="tile recorder-tile">
      <video
        ref={video}
        class={stream && !cam.flip.pov ? "tile-video mirrored" : "tile-video"}
        muted
        playsInline
        aria-label={t("preview")}
      />
      {!stream && (
        <div class="tile-placeholder">
          {cam.missing.length ? t("cc_titleCamera") : cam.error ?? t("startingCamera")}
        </div>
      )}
      {camera?.blurred && (
        <span class="recorder-privacy">
          <span class="badge badge-accent">{t("privacyOn")}</span>
          {wholeCovered(blur) && <WholeBlurBadge detail={blurDetailText(blur, null)} />}
        </span>
      )}
      {state === "recording" && (
        <span class="badge badge-insecure recorder-badge" role="status">
          {t("recording", { s: seconds(elapsed), max: seconds(maxSeconds) })}
        </span>
      )}
    </div>
  );
}
