// The searching screen's rules (its progress bar, which follows the connection's real
// milestones, and rotating statuses) and the session summary's: each names its text by the live
// catalog's key (lib/shared/i18n/catalog/live), which the page says in its language.

/** The searching screen's rotating statuses, as the live catalog's keys. */
export const SEARCH_STATUS_KEYS = ["searching", "lookingForMatches", "connectingDots"] as const;
export const SKIPS_PER_SESSION = 3;

/** Why the session ended, as the summary says it: the live catalog's keys. */
export type EndedKey =
  /** A match whose call never connected before its time ran out. */
  | "neverConnected"
  | "endedReported"
  | "timeUp"
  | "youEnded"
  | "partnerSkipped"
  | "partnerLeft"
  | "partnerEnded";

/**
 * Why the session ended, as the summary says it (by reason, who ended it, and whether the call
 * ever connected): the live catalog's key.
 */
export function endedKey(
  reason: string | undefined,
  byMe: boolean | undefined,
  connected?: boolean,
): EndedKey {
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

/** The match-found progress bar's label, as the live catalog's key. */
export type ProgressKey = "connecting" | "establishing" | "finalizing";

/** 'Connecting' below 50%, 'Establishing link' below 90%, 'Finalizing connection' after. */
export function progressKey(pct: number): ProgressKey {
  return pct < 50 ? "connecting" : pct < 90 ? "establishing" : "finalizing";
}
