// What the live start screen shows in a browser that cannot make a call (no WebRTC, no camera
// API, or a page that is not secure): exactly what is missing, what to use instead, and the way
// back to discover. No search starts, no socket opens and no camera is asked for.
import { Icon } from "../Icon.tsx";
import { LIVE_TEXT } from "../../client/live_rules.ts";
import { CANNOT_CALL_TEXT, cannotCallText, type Need } from "../../client/capabilities.ts";

export function CannotCall({ missing }: { missing: readonly Need[] }) {
  const text = cannotCallText(missing);
  return (
    <section class="center-screen cannot-call" aria-labelledby="cannot-call-title">
      <span class="feature-icon">
        <Icon name="videoOff" size={24} />
      </span>
      <h1 id="cannot-call-title">{text.title}</h1>
      <ul class="cannot-call-list card">
        {text.missing.map((m) => (
          <li key={m.need} data-need={m.need}>
            <strong>{m.name}</strong>: {m.why}
          </li>
        ))}
      </ul>
      <h2 class="cannot-call-fix-title">{CANNOT_CALL_TEXT.fixLead}</h2>
      <ul class="cannot-call-fixes">
        {text.fixes.map((f) => <li key={f}>{f}</li>)}
      </ul>
      <div class="button-stack">
        <a class="button button-primary" href="/">{LIVE_TEXT.backToDiscover}</a>
      </div>
    </section>
  );
}
