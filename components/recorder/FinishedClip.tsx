// /camera's finished clip, to play back before downloading or sharing it.
import type { Clip } from "../../lib/client/clip_recorder.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

export function FinishedClip({ clip }: { clip: Clip }) {
  return (
    <video
      class="tile recorder-tile tile-video"
      src={clip.url}
      controls
      playsInline
      aria-label={t("yourClip")}
    />
  );
}
