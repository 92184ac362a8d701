import { useState } from "react";
import { errorMessage, postJson } from "../lib/client/api.ts";
import { toast } from "../lib/client/toast.ts";

export interface VerificationBannerProps {
  email: string;
}

export default function VerificationBanner({ email }: VerificationBannerProps) {
  const [busy, setBusy] = useState(false);

  async function resend() {
    setBusy(true);
    try {
      await postJson("/api/resend-verification", { email });
      toast({
        title: "Verification email sent",
        description: "Please check your inbox (and spam folder) for the verification link.",
        variant: "success",
        durationMs: 5000,
      });
    } catch (err) {
      toast({
        title: "Error sending email",
        description: errorMessage(
          err,
          "Failed to send verification email. Please try again later.",
        ),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

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
        {busy ? "Sending..." : "Resend"}
      </button>
    </div>
  );
}
