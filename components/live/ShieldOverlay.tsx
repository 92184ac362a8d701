// What the safety shield puts over the partner's tile while it blurs the video: a short
// "Checking video…" label; a tap-to-show button when the check is unavailable or late; the
// nudity warning with End & Report and Show anyway. Audio plays throughout.
import { isBlurred, type ShieldView } from "../../lib/client/shield/policy.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

export interface ShieldTileProps {
  view: ShieldView;
  /** Show the video for this session (tap to show, or Show anyway). */
  onShow(): void;
  /** Open the report dialog with 'inappropriate' chosen; the session ends once it is sent. */
  onEndReport(): void;
}

export function ShieldOverlay({ view, onShow, onEndReport }: ShieldTileProps) {
  if (!isBlurred(view)) return null;
  if (view === "checking") {
    return (
      <div class="shield-overlay shield-checking" data-shield="checking" role="status">
        <span class="spinner" aria-hidden="true" />
        <span>{t("shield_checking")}</span>
      </div>
    );
  }
  if (view === "unavailable") {
    return (
      <button
        type="button"
        class="shield-overlay shield-tap"
        data-shield="unavailable"
        onClick={onShow}
      >
        {t("shield_unavailable")}
      </button>
    );
  }
  return (
    <div
      class="shield-overlay shield-unsafe"
      data-shield="unsafe"
      role="alertdialog"
      aria-labelledby="shield-warning"
    >
      <p id="shield-warning" class="shield-warning">{t("shield_unsafe")}</p>
      <div class="shield-actions">
        <button type="button" class="button button-danger" onClick={onEndReport}>
          {t("shield_endReport")}
        </button>
        <button type="button" class="button button-secondary" onClick={onShow}>
          {t("shield_showAnyway")}
        </button>
      </div>
    </div>
  );
}
