// Sending the verification mail again, as every Resend button in the browser does it: one
// request to /api/resend-verification, a toast for how it went, and busy while it is out.
import { useState } from "react";
import { errorMessage, postJson } from "./api.ts";
import { toast } from "./toast.ts";
import { tr } from "../shared/i18n/messages.ts";
import type auth from "../shared/i18n/catalog/auth/en.ts";

const t = tr<typeof auth>("auth");

/** How long the 'sent' toast stays. */
const SENT_TOAST_MS = 5000;

/** The toasts' texts, in the page's language (the auth catalog's `verifyToasts`, or the live one's). */
export interface VerifyToasts {
  sent: string;
  sentDescription: string;
  failed: string;
  failedDefault: string;
}

/** The toasts in the page's language, for an island given the auth messages. */
export function verifyToasts(): VerifyToasts {
  return {
    sent: t("verifySent"),
    sentDescription: t("verifySentDescription"),
    failed: t("verifyFailed"),
    failedDefault: t("verifyFailedDefault"),
  };
}

/** Asks for the verification mail again; true when the server queued it. Toasts either way. */
export async function resendVerification(
  email: string,
  texts: VerifyToasts,
): Promise<boolean> {
  try {
    await postJson("/api/resend-verification", { email });
    toast({
      title: texts.sent,
      description: texts.sentDescription,
      variant: "success",
      durationMs: SENT_TOAST_MS,
    });
    return true;
  } catch (err) {
    toast({
      title: texts.failed,
      description: errorMessage(err, texts.failedDefault),
      variant: "destructive",
    });
    return false;
  }
}

/** A Resend button's state: `busy` while the request is out (the button shows 'Sending...'). */
export function useResendVerification(
  email: string,
  texts: VerifyToasts,
): { busy: boolean; resend(): Promise<void> } {
  const [busy, setBusy] = useState(false);
  async function resend() {
    if (busy) return;
    setBusy(true);
    try {
      await resendVerification(email, texts);
    } finally {
      setBusy(false);
    }
  }
  return { busy, resend };
}
