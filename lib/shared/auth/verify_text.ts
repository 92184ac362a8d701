// The email verification's texts in the browser (Resend buttons, their toasts).
export const VERIFY_TEXT = {
  resend: "Resend",
  sending: "Sending...",
  sent: "Verification email sent",
  sentDescription: "Please check your inbox (and spam folder) for the verification link.",
  failed: "Error sending email",
  failedDefault: "Failed to send verification email. Please try again later.",
} as const;
