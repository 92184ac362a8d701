import { useResendVerification, verifyToasts } from "../lib/client/verification.ts";
import { tr } from "../lib/shared/i18n/messages.ts";
import type auth from "../lib/shared/i18n/catalog/auth/en.ts";

const t = tr<typeof auth>("auth");

export interface VerificationBannerProps {
  email: string;
}

export default function VerificationBanner({ email }: VerificationBannerProps) {
  const { busy, resend } = useResendVerification(email, verifyToasts());
  const [before, after] = t("verifyBanner").split("{email}");
  return (
    <div class="verify-banner" role="region" aria-label={t("verifyRegion")}>
      <p>
        {before || null}
        <strong>{email}</strong>
        {after || null}
      </p>
      <button
        type="button"
        class="button button-secondary button-small"
        onClick={resend}
        disabled={busy}
      >
        {busy ? t("verifySending") : t("verifyResend")}
      </button>
    </div>
  );
}
