// /camera's finished clip, to play back before downloading or sharing it.
import type { Clip } from "../../client/clip_recorder.ts";

export function FinishedClip({ clip }: { clip: Clip }) {
  return (
    <video
      class="tile recorder-tile tile-video"
      src={clip.url}
      controls
      playsInline
      aria-label="Your clip"
    />
  );
}
