// /camera's live preview: the camera (mirrored unless it is the rear one), what stands in for it
// before it opens, the privacy badges when face blur is on, and the recording's seconds.
import type { Ref } from "react";
import { blurDetail, wholeCovered } from "../../client/privacy/status_text.ts";
import { WholeBlurBadge } from "../live/VideoTile.tsx";
import { CANNOT_CALL_TEXT } from "../../client/capabilities.ts";
import type { RecorderCamera, RecorderState } from "../../client/clip_recorder.ts";

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
        aria-label="Camera preview"
      />
      {!stream && (
        <div class="tile-placeholder">
          {cam.missing.length ? CANNOT_CALL_TEXT.titleCamera : cam.error ?? "Starting camera..."}
        </div>
      )}
      {camera?.blurred && (
        <span class="recorder-privacy">
          <span class="badge badge-accent">Privacy On</span>
          {wholeCovered(blur) && <WholeBlurBadge detail={blurDetail(blur, null)} />}
        </span>
      )}
      {state === "recording" && (
        <span class="badge badge-insecure recorder-badge" role="status">
          REC {String(elapsed).padStart(2, "0")}s / {maxSeconds}s
        </span>
      )}
    </div>
  );
}
