// /test-chat's Figures: the frame rate sent, and how long face detection took to load and takes
// per frame (median and 95th percentile), blur included.
import type { LoopbackFigures } from "../../client/loopback.ts";
import type { BlurStatus } from "../../client/privacy/stream.ts";
import { percentile } from "../../client/privacy/figures.ts";

export function CheckFigures(
  { figures, blur }: { figures: LoopbackFigures; blur: BlurStatus },
) {
  return (
    <details
      class="card small figures"
      data-figures={JSON.stringify({
        sentFps: figures.sentFps,
        loadMs: blur.loadMs,
        detectP50: percentile(blur.detectMs, 50),
        detectP95: percentile(blur.detectMs, 95),
        blurP50: percentile(blur.composeMs, 50),
        blurP95: percentile(blur.composeMs, 95),
        detections: blur.detectMs.length,
        frames: blur.frames,
      })}
    >
      <summary>Figures</summary>
      <dl>
        <dt>Sent</dt>
        <dd>{figures.sentFps.toFixed(1)} fps, {figures.width}×{figures.height}</dd>
        <dt>Face detector loaded in</dt>
        <dd>{blur.loadMs === null ? "—" : `${Math.round(blur.loadMs)} ms`}</dd>
        <dt>Detection per frame (median / 95 %)</dt>
        <dd>
          {percentile(blur.detectMs, 50).toFixed(1)} / {percentile(blur.detectMs, 95).toFixed(1)} ms
        </dd>
        <dt>Blur per frame (median / 95 %)</dt>
        <dd>
          {percentile(blur.composeMs, 50).toFixed(1)} / {percentile(blur.composeMs, 95).toFixed(1)}
          {" "}
          ms
        </dd>
      </dl>
    </details>
  );
}
