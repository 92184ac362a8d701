// What the live start screen shows in a browser that cannot make a call (no WebRTC, no camera
// API, or a page that is not secure): exactly what is missing, what to use instead, and the way
// back to discover. No search starts, no socket opens and no camera is asked for.
import { Icon } from "../Icon.tsx";
import { cannotCallText, type Need } from "../../lib/shared/cannot_call.ts";
import { say } from "../../lib/shared/i18n/said.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

export function CannotCall({ missing }: { missing: readonly Need[] }) {
  const text = cannotCallText(missing, "call");
  return (
    <section class="center-screen cannot-call" aria-labelledby="cannot-call-title">
      <span class="feature-icon">
        <Icon name="videoOff" size={24} />
      </span>
      <h1 id="cannot-call-title">{say(text.title)}</h1>
      <ul class="cannot-call-list card">
        {text.missing.map((m) => (
          <li key={m.need} data-need={m.need}>
            <strong>{say(m.name)}</strong>: {say(m.why)}
          </li>
        ))}
      </ul>
      <h2 class="cannot-call-fix-title">{say(text.fixLead)}</h2>
      <ul class="cannot-call-fixes">
        {text.fixes.map((f) => <li key={f.name}>{say(f)}</li>)}
      </ul>
      <div class="button-stack">
        <a class="button button-primary" href="/">{t("backToDiscover")}</a>
      </div>
    </section>
  );
}
