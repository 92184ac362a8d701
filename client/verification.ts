// Sending the verification mail again, as every Resend button in the browser does it: one
// request to /api/resend-verification, a toast for how it went, and busy while it is out.
import { useState } from "react";
import { errorMessage, postJson } from "./api.ts";
import { toast } from "./toast.ts";
import { VERIFY_TEXT } from "../shared/auth/verify_text.ts";

/** How long the 'sent' toast stays. */
const SENT_TOAST_MS = 5000;

/** Asks for the verification mail again; true when the server queued it. Toasts either way. */
export async function resendVerification(email: string): Promise<boolean> {
  try {
    await postJson("/api/resend-verification", { email });
    toast({
      title: VERIFY_TEXT.sent,
      description: VERIFY_TEXT.sentDescription,
      variant: "success",
      durationMs: SENT_TOAST_MS,
    });
    return true;
  } catch (err) {
    toast({
      title: VERIFY_TEXT.failed,
      description: errorMessage(err, VERIFY_TEXT.failedDefault),
      variant: "destructive",
    });
    return false;
  }
}

/** A Resend button's state: `busy` while the request is out (the button shows 'Sending...'). */
export function useResendVerification(email: string): { busy: boolean; resend(): Promise<void> } {
  const [busy, setBusy] = useState(false);
  async function resend() {
    if (busy) return;
    setBusy(true);
    try {
      await resendVerification(email);
    } finally {
      setBusy(false);
    }
  }
  return { busy, resend };
}
