// What the live start screen shows a member whose email address is not verified: why they cannot
// go live yet, the Resend that mails the link again, and the way back to discover.
import { Icon } from "../Icon.tsx";
import { LIVE_TEXT } from "../../client/live_rules.ts";
import { RT_TEXT } from "../../shared/realtime/texts.ts";
import { VERIFY_TEXT } from "../../shared/auth/verify_text.ts";

export function VerifyFirst(
  { email, busy, onResend }: { email: string; busy: boolean; onResend(): void },
) {
  return (
    <section class="center-screen verify-first" aria-labelledby="verify-first-title">
      <span class="feature-icon">
        <Icon name="mail" size={24} />
      </span>
      <h1 id="verify-first-title">{LIVE_TEXT.verifyEmail}</h1>
      <p class="verify-first-text">{RT_TEXT.email_unverified}</p>
      <p class="muted small verify-first-address">
        {LIVE_TEXT.verifyAddress} <strong>{email}</strong>
      </p>
      <div class="button-stack">
        <button type="button" class="button button-primary" onClick={onResend} disabled={busy}>
          {busy ? VERIFY_TEXT.sending : LIVE_TEXT.resendVerification}
        </button>
        <a class="button button-secondary" href="/">{LIVE_TEXT.backToDiscover}</a>
      </div>
    </section>
  );
}
