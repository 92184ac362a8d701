// What the live start screen shows a member whose plan has no session left today: why the search
// stopped, the way to the plans and the way back to discover.
import { Icon } from "../Icon.tsx";
import { LIVE_TEXT } from "../../client/live_rules.ts";
import { RT_TEXT } from "../../shared/realtime/texts.ts";

export function SessionLimit() {
  return (
    <section class="center-screen session-limit" aria-labelledby="session-limit-title">
      <span class="feature-icon">
        <Icon name="crown" size={24} />
      </span>
      <h1 id="session-limit-title">{LIVE_TEXT.sessionLimit}</h1>
      <p class="session-limit-text">{RT_TEXT.session_limit}</p>
      <div class="button-stack">
        <a class="button button-primary" href="/subscriptions">{LIVE_TEXT.seePlans}</a>
        <a class="button button-secondary" href="/">{LIVE_TEXT.backToDiscover}</a>
      </div>
    </section>
  );
}
