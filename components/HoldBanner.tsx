// On every page but the profile of a member on a safety hold: their account is under review, and
// the way to their profile, which says what that means and offers the appeal. Server-rendered (a
// link, no script).
import { tr } from "../lib/shared/i18n/messages.ts";
import type common from "../lib/shared/i18n/catalog/common/en.ts";

const t = tr<typeof common>("common");

export function HoldBanner() {
  return (
    <div class="verify-banner hold-banner" role="region" aria-label={t("holdBannerRegion")}>
      <p>{t("holdBanner")}</p>
      <a class="button button-secondary button-small" href="/profile">{t("holdBannerLink")}</a>
    </div>
  );
}
