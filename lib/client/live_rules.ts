// The searching screen's rules (its progress bar, which follows the connection's real
// milestones, and rotating statuses), the live screen's texts and the session summary's. The
// texts here are the English source; the page shows them in its language by the same keys
// (lib/shared/i18n/catalog/live: LIVE_TEXT's, ENDED_TEXT's and PROGRESS_TEXT's keys are the
// catalog's).

/** The searching screen's rotating statuses, as the live catalog's keys. */
export const SEARCH_STATUS_KEYS = ["searching", "lookingForMatches", "connectingDots"] as const;
export const SKIPS_PER_SESSION = 3;

const noSkips = "No skips remaining";
/** A search started while the socket is closed, or a socket that never opens. */
const offline = "Connection to server not established";
const connectionError = "Connection Error";

/**
 * The screen rules' toasts (lib/client/screen_rules.ts), a part of LIVE_TEXT of their own: the live
 * page says them in its language by these keys, and its script carries no other English.
 */
export const SCREEN_TEXT = { noSkips, offline, connectionError } as const;

export const LIVE_TEXT = {
  noSkips,
  offline,
  connectionError,
  sessionLimit: "Session Limit Reached",
  /** A search refused, or a call ended, by a safety hold on the member's account. */
  underReview: "Account under review",
  /** The limit screen's way to the plans. */
  seePlans: "See plans",
  /** The heading of the screen an unverified member gets instead of a search. */
  verifyEmail: "Verify your email to go live",
  /** Its button, which mails the verification link again, and the address it goes to. */
  resendVerification: "Resend verification email",
  verifyAddress: "Your address:",
  backToDiscover: "Back to Discover",
  /** The one-tap way to the next partner: in the live view (a skip) and on the summary. */
  next: "Next",
  /** Over the partner's tile when their device says their camera or microphone is off. */
  partnerCameraOff: "Camera off",
  partnerMuted: "Partner muted",
  /** Over the partner's tile when their device says their page is hidden and no video comes. */
  partnerAway: "Your partner stepped away",
  flipCamera: "Flip camera",
  flipFailed: "Could not switch to the other camera",
  /** The socket: the first connection failed, or an open one dropped (it retries by itself). */
  socketFailed: "Failed to connect",
  socketDropped: "Connection error",
  socketRetrying: "Trying again...",
  /** Over the partner's tile when the peer link failed before it ever connected. */
  linkFailed: "Failed to create connection",
  /** Beside Next while it is free: the link failed before it ever connected. */
  freeNext: "Next is free: a call that never connected costs no skip and none of today's sessions.",
  /** The safety code sheet. */
  safetyCodeTitle: "Safety code",
  safetyCodeHow:
    "Read it aloud to your partner. If they see the same code, your video goes straight to them with nobody in between.",
  safetyCodePending: "Generating...",
  safetyCodeUnencrypted: "Encryption not enabled for this connection",
  close: "Close",
} as const;

/** Why the session ended, as the summary says it (see endedKey). */
export const ENDED_TEXT = {
  /** A match whose call never connected before its time ran out. */
  neverConnected: "The call could not connect before the time ran out.",
  endedReported:
    "Report sent. Our moderators will review it, and you will not be matched with this person again.",
  timeUp: "Time's up: sessions last 30 seconds.",
  youEnded: "You ended the session.",
  partnerSkipped: "Your partner skipped to someone new.",
  partnerLeft: "Your partner left: their connection was lost.",
  partnerEnded: "Your partner ended the session.",
} as const;

/**
 * Why the session ended, as the summary says it (by reason, who ended it, and whether the call
 * ever connected): ENDED_TEXT's key, which is the live catalog's.
 */
export function endedKey(
  reason: string | undefined,
  byMe: boolean | undefined,
  connected?: boolean,
): keyof typeof ENDED_TEXT {
  // Time ran out on a call whose video never got through: it was not a session.
  if (reason === "timeout" && connected === false) return "neverConnected";
  if (reason === "reported" && byMe) return "endedReported";
  if (byMe) return reason === "timeout" ? "timeUp" : "youEnded";
  switch (reason) {
    case "timeout":
      return "timeUp";
    case "user_skipped":
      return "partnerSkipped";
    case "partner_disconnected":
      return "partnerLeft";
    default:
      return "partnerEnded";
  }
}

/** endedKey's text in English. */
export function endedText(
  reason: string | undefined,
  byMe: boolean | undefined,
  connected?: boolean,
): string {
  return ENDED_TEXT[endedKey(reason, byMe, connected)];
}

/** A session shorter than this earns no badge on its summary (a quick skip is not a visit). */
export const BADGE_MIN_SECONDS = 10;

/**
 * The match-found progress, from the connection's real milestones: partner found, offer and
 * answer exchanged (signalling), ICE connected, and the partner's first frame on screen.
 */
export const MILESTONE_PCT = { found: 5, signalled: 50, connected: 90, frame: 100 } as const;

export function milestonePct(
  m: { signalled: boolean; connected: boolean; frame: boolean },
): number {
  return m.frame
    ? MILESTONE_PCT.frame
    : m.connected
    ? MILESTONE_PCT.connected
    : m.signalled
    ? MILESTONE_PCT.signalled
    : MILESTONE_PCT.found;
}

/**
 * When the live view shows without a first frame: the link connected but no frame came (the
 * partner's camera is off or missing), or the handshake never finished. The live view then says
 * why over the tile ("Camera off", "Connecting to partner...").
 */
export const NO_FRAME_AFTER_CONNECTED_MS = 1500;
export const HANDSHAKE_LIMIT_MS = 6000;

/**
 * How long a new peer link waits for the partner's half of the handshake: the answer to its offer
 * (the offerer, from when the offer is sent), or the offer (the answerer, from when its link is
 * made with the partner there). Without it the link has failed: the partner's tile says
 * 'Failed to create connection' and Next is free. An answer that still comes later is taken, and
 * a call that then connects clears the failure. Working calls on two cores wait at most 0.7 s,
 * and 3.2 s beside a second call on the same cores (bench/offer_answer.ts).
 */
export const PARTNER_SIGNAL_WAIT_MS = 8000;

export const PROGRESS_TEXT = {
  connecting: "Connecting",
  establishing: "Establishing link",
  finalizing: "Finalizing connection",
} as const;

/** 'Connecting' below 50%, 'Establishing link' below 90%, 'Finalizing connection' after. */
export function progressKey(pct: number): keyof typeof PROGRESS_TEXT {
  return pct < 50 ? "connecting" : pct < 90 ? "establishing" : "finalizing";
}

/** progressKey's text in English. */
export function progressLabel(pct: number): string {
  return PROGRESS_TEXT[progressKey(pct)];
}
