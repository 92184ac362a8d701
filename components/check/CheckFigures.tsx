// /test-chat's Figures: the frame rate sent, and how long face detection took to load and takes
// per frame (median and 95th percentile), blur included.
import type { LoopbackFigures } from "../../lib/client/loopback.ts";
import type { BlurStatus } from "../../lib/client/privacy/stream.ts";
import { percentile } from "../../lib/client/privacy/figures.ts";
import { formatNumber, tr } from "../../lib/shared/i18n/messages.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

/** A figure with `digits` decimals, without grouping (as '1234.5' in English). */
const figure = (n: number, digits = 1) =>
  formatNumber(n, {
    useGrouping: false,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
/** Milliseconds: '12.3 ms' in English. */
const ms = (n: number, digits = 1) =>
  formatNumber(n, {
    style: "unit",
    unit: "millisecond",
    useGrouping: false,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
/** Median / 95th percentile: '1.2 / 3.4 ms' in English. */
const spread = (values: number[]) =>
  `${figure(percentile(values, 50))} / ${ms(percentile(values, 95))}`;

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
      <summary>{t("figures")}</summary>
      <dl>
        <dt>{t("sent")}</dt>
        <dd>
          {t("sentFps", {
            fps: figure(figures.sentFps),
            w: figure(figures.width, 0),
            h: figure(figures.height, 0),
          })}
        </dd>
        <dt>{t("detectorLoaded")}</dt>
        <dd>{blur.loadMs === null ? "—" : ms(blur.loadMs, 0)}</dd>
        <dt>{t("detectionPerFrame")}</dt>
        <dd>{spread(blur.detectMs)}</dd>
        <dt>{t("blurPerFrame")}</dt>
        <dd>{spread(blur.composeMs)}</dd>
      </dl>
    </details>
  );
}
