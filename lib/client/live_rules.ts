// The searching screen's rules (its progress bar and rotating statuses) and the live screen's
// texts.
export const SEARCH_STATUSES = ["Searching...", "Looking for matches...", "Connecting..."] as const;
export const SKIPS_PER_SESSION = 3;

export const LIVE_TEXT = {
  noSkips: "No skips remaining",
  /** A search started while the socket is closed, or a socket that never opens. */
  offline: "Connection to server not established",
  connectionError: "Connection Error",
  sessionLimit: "Session Limit Reached",
  /** The limit screen's way to the plans. */
  seePlans: "See plans",
  /** The heading of the screen an unverified member gets instead of a search. */
  verifyEmail: "Verify your email to go live",
  /** Its button, which mails the verification link again, and the address it goes to. */
  resendVerification: "Resend verification email",
  verifyAddress: "Your address:",
  backToDiscover: "Back to Discover",
} as const;

/** 'Connecting' below 50%, 'Establishing link' below 90%, 'Finalizing connection' after. */
export function progressLabel(pct: number): string {
  return pct < 50 ? "Connecting" : pct < 90 ? "Establishing link" : "Finalizing connection";
}

/** Link up: +10 every tick while under 90, then +5 (every 250 ms). */
export function connectedStep(p: number): number {
  return Math.min(100, p < 90 ? p + 10 : p + 5);
}

/** Partner known, link not yet up: +2 under 30, +1.5 under 60, +1 under 90, +0.5 under 95. */
export function handshakeStep(p: number): number {
  if (p < 30) return p + 2;
  if (p < 60) return p + 1.5;
  if (p < 90) return p + 1;
  if (p < 95) return p + 0.5;
  return p;
}
