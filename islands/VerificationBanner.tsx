import { useResendVerification } from "../client/verification.ts";
import { VERIFY_TEXT } from "../shared/auth/verify_text.ts";

export interface VerificationBannerProps {
  email: string;
}

export default function VerificationBanner({ email }: VerificationBannerProps) {
  const { busy, resend } = useResendVerification(email);
  return (
    <div class="verify-banner" role="region" aria-label="Email verification">
      <p>
        Please verify your email <strong>{email}</strong> to unlock every feature.
      </p>
      <button
        type="button"
        class="button button-secondary button-small"
        onClick={resend}
        disabled={busy}
      >
        {busy ? VERIFY_TEXT.sending : VERIFY_TEXT.resend}
      </button>
    </div>
  );
}
