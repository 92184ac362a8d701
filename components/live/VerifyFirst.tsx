// What the live start screen shows a member whose email address is not verified: why they cannot
// go live yet, the Resend that mails the link again, and the way back to discover.
import { Icon } from "../Icon.tsx";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

export function VerifyFirst(
  { email, busy, onResend }: { email: string; busy: boolean; onResend(): void },
) {
  return (
    <section class="center-screen verify-first" aria-labelledby="verify-first-title">
      <span class="feature-icon">
        <Icon name="mail" size={24} />
      </span>
      <h1 id="verify-first-title">{t("verifyEmail")}</h1>
      <p class="verify-first-text">{t("rt_email_unverified")}</p>
      <p class="muted small verify-first-address">
        {t("verifyAddress")} <strong>{email}</strong>
      </p>
      <div class="button-stack">
        <button type="button" class="button button-primary" onClick={onResend} disabled={busy}>
          {t(busy ? "sending" : "resendVerification")}
        </button>
        <a class="button button-secondary" href="/">{t("backToDiscover")}</a>
      </div>
    </section>
  );
}
