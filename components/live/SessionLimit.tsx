// What the live start screen shows a member whose plan has no session left today: why the search
// stopped, the way to the plans and the way back to discover.
import { Icon } from "../Icon.tsx";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

export function SessionLimit() {
  return (
    <section class="center-screen session-limit" aria-labelledby="session-limit-title">
      <span class="feature-icon">
        <Icon name="crown" size={24} />
      </span>
      <h1 id="session-limit-title">{t("sessionLimit")}</h1>
      <p class="session-limit-text">{t("rt_session_limit")}</p>
      <div class="button-stack">
        <a class="button button-primary" href="/subscriptions">{t("seePlans")}</a>
        <a class="button button-secondary" href="/">{t("backToDiscover")}</a>
      </div>
    </section>
  );
}
