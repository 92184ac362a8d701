import { useEffect, useRef } from "react";
import type { BlurAssets } from "../lib/client/privacy/stream.ts";
import { cannotCallLine } from "../lib/shared/cannot_call.ts";
import { useClipRecording, useRecorderCamera } from "../lib/client/clip_recorder.ts";
import { RecorderPreview } from "../components/recorder/RecorderPreview.tsx";
import { FinishedClip } from "../components/recorder/FinishedClip.tsx";
import { RecorderControls } from "../components/recorder/RecorderControls.tsx";
import { tr } from "../lib/shared/i18n/messages.ts";
import type live from "../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

export interface ClipRecorderProps {
  maxSeconds: number;
  /** The member's face blur setting: when on, clips are recorded from the blurred video. */
  faceBlurEnabled: boolean;
  blurAssets: BlurAssets;
}

/**
 * The 30-second POV clip recorder: everything stays on this device until you share it. A shell
 * over the camera and the recording (lib/client/clip_recorder.ts), the preview, the finished clip
 * and the controls (components/recorder/).
 */
export default function ClipRecorder(
  { maxSeconds, faceBlurEnabled, blurAssets }: ClipRecorderProps,
) {
  const cam = useRecorderCamera(faceBlurEnabled, blurAssets);
  const rec = useClipRecording(cam.stream, maxSeconds);
  const { stream, missing } = cam;
  const { state, clip } = rec;
  const preview = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (preview.current && stream) {
      preview.current.srcObject = stream;
      preview.current.play().catch(() => {});
    }
  }, [stream, state]);

  return (
    <div class="stack recorder" data-state={state}>
      {state !== "done" && (
        <RecorderPreview
          video={preview}
          cam={cam}
          state={state}
          elapsed={rec.elapsed}
          maxSeconds={maxSeconds}
        />
      )}
      {state === "done" && clip && <FinishedClip clip={clip} />}
      {missing.length > 0 && <p class="recorder-missing" role="alert">{cannotCallLine(missing)}</p>}
      <RecorderControls cam={cam} rec={rec} />
      <p class="muted small center">{t("clipsUpTo", { count: maxSeconds })}</p>
    </div>
  );
}
