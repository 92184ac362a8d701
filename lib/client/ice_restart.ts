// When a call's peer link restarts ICE (a new search for a path, on the same peer connection: the
// same encryption keys, so the same safety code), as plain rules over what the page observed, with
// the clock passed in. A phone that changes networks (Wi-Fi to mobile) gets a new public address
// and loses every mapping its router had: the old path stops at once, and the browser says
// "disconnected" only after about five seconds. The page notices sooner: no traffic from the
// partner for STALL_MS (the link sends a small keep-alive over its data channel every
// KEEPALIVE_MS, and the media flows beside it), its socket to the server dropping and coming back,
// or the browser's own word of a new network. Then:
// - the offerer restarts (a new offer with new ICE credentials); the answerer asks the offerer to
//   (a request that comes while the offerer's own restart is under way waits for it to have its
//   chance: both sides notice the same stall);
// - a restart that has not brought the link back is tried again after RETRY_MS[attempt] (as many
//   times as the call needs, the last delay repeating);
// - the browser's "disconnected" is given DISCONNECTED_GRACE_MS (it can come back by itself);
//   "failed" restarts at once.
// Before the link ever connected, only "failed" restarts it, once (the search for a path has its
// own limits: live_rules.ts PARTNER_SIGNAL_WAIT_MS).

/** How often the link says it is there over its data channel. */
export const KEEPALIVE_MS = 250;
/** Nothing from the partner for this long, while they are not away: the path has stopped. */
export const STALL_MS = 1_000;
/**
 * ...and not a byte on the link for this long (media, RTCP, checks): a partner whose page is busy
 * (a camera switching) still has their browser send, and a muted, camera-less moment still
 * carries audio and reports at least this often.
 */
export const QUIET_MS = 750;
/** How long a "disconnected" link is left to come back by itself. */
export const DISCONNECTED_GRACE_MS = 1_000;
/** How long after a restart began the next one may begin, by attempt (the last repeats). */
export const RETRY_MS: readonly number[] = [2_000, 3_000, 5_000, 8_000];
/** Two reasons to restart within this long make one restart. */
export const COALESCE_MS = 750;

export type RestartWhy =
  /** No traffic from the partner for STALL_MS. */
  | "stalled"
  /** The browser said "disconnected" for DISCONNECTED_GRACE_MS. */
  | "disconnected"
  | "failed"
  /** A sign of a new network: the socket came back, the browser said its network changed. */
  | "network"
  /** The partner asked (the offerer hears it from the answerer). */
  | "partner"
  /** The last restart did not bring the link back within its retry delay. */
  | "retry";

export class RestartRules {
  /** Whether the link has connected at least once. */
  private connectedOnce = false;
  private state: RTCPeerConnectionState = "new";
  private disconnectedAt: number | null = null;
  private failedAt: number | null = null;
  /** A reason noted and not yet acted on (a network sign, the partner's request, a stall). */
  private pending: RestartWhy | null = null;
  private lastStart: number | null = null;
  /** Restarts begun since the link was last connected. */
  attempts = 0;
  /** Restarts begun before the link ever connected. */
  private earlyRestarts = 0;

  /** The peer connection's state changed. */
  onState(state: RTCPeerConnectionState, now: number) {
    this.state = state;
    if (state === "connected") {
      this.connectedOnce = true;
      this.disconnectedAt = this.failedAt = null;
      this.pending = null;
      this.attempts = 0;
      return;
    }
    if (state === "disconnected") this.disconnectedAt ??= now;
    if (state === "failed") this.failedAt ??= now;
  }

  /** Something says the path has stopped or the network changed (see RestartWhy). */
  note(why: "stalled" | "network" | "partner") {
    if (!this.connectedOnce) return;
    // The partner's request and a new network outrank a stall noted before them.
    if (this.pending === null || this.pending === "stalled") this.pending = why;
  }

  /** The partner's traffic arrives again: a stall noted before is over. */
  heard() {
    if (this.pending === "stalled") this.pending = null;
  }

  /** Whether a restart should begin now, and why. */
  due(now: number): RestartWhy | null {
    if (this.state === "closed") return null;
    if (!this.connectedOnce) {
      // Before the first connection: one restart when the browser gives up.
      return this.failedAt !== null && this.earlyRestarts === 0 ? "failed" : null;
    }
    const sinceStart = this.lastStart === null ? Infinity : now - this.lastStart;
    if (sinceStart < COALESCE_MS) return null;
    // A sign of a new network is acted on at once (past the coalescing window): a restart under
    // way may have used an address that is gone.
    if (this.pending === "network") return this.pending;
    // The partner's request and a stall wait for the restart under way to have its chance.
    const waiting = sinceStart < retryDelay(this.attempts - 1);
    if (this.pending === "partner" && !waiting) return "partner";
    if (this.state === "connected") {
      return this.pending === "stalled" && !waiting ? "stalled" : null;
    }
    if (waiting) return null;
    if (this.attempts > 0) return "retry";
    if (this.failedAt !== null) return "failed";
    if (this.pending === "stalled") return "stalled";
    if (this.disconnectedAt !== null && now - this.disconnectedAt >= DISCONNECTED_GRACE_MS) {
      return "disconnected";
    }
    return null;
  }

  /** A restart began now. */
  started(now: number) {
    this.lastStart = now;
    this.pending = null;
    if (this.connectedOnce) this.attempts++;
    else this.earlyRestarts++;
  }

  /** How long until due() may change by the clock alone (null: only an event can change it). */
  nextCheckIn(now: number): number | null {
    if (!this.connectedOnce || this.state === "closed") return null;
    const times: number[] = [];
    if (this.lastStart !== null) {
      times.push(this.lastStart + COALESCE_MS);
      if (this.attempts > 0) times.push(this.lastStart + retryDelay(this.attempts - 1));
    }
    if (this.disconnectedAt !== null) times.push(this.disconnectedAt + DISCONNECTED_GRACE_MS);
    const later = times.filter((t) => t > now);
    if (this.state === "connected" && this.pending === null) return null;
    return later.length ? Math.min(...later) - now : null;
  }
}

/** The delay after restart number `attempt` (0-based; the last delay repeats). */
export function retryDelay(attempt: number): number {
  if (attempt < 0) return 0;
  return RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)];
}

/**
 * Whether the partner's traffic has stalled: their keep-alive is late by STALL_MS (they are not
 * away, which slows a hidden page's timers) and nothing at all arrived on the link for QUIET_MS
 * (`quietMs`: since the transport's received bytes last changed, as looked at).
 */
export function stalled(s: { sinceHeard: number; partnerAway: boolean; quietMs: number }): boolean {
  return !s.partnerAway && s.sinceHeard >= STALL_MS && s.quietMs >= QUIET_MS;
}

/**
 * What a side does to restart: the offerer offers with new ICE credentials (taking back first an
 * offer still unanswered, whose answer a dead socket may have lost); the answerer asks the
 * offerer, once the link has connected (before that the offerer's own restart is the one).
 */
export function restartAction(
  role: "offerer" | "answerer",
  everConnected: boolean,
  signalingState: RTCSignalingState,
): "offer" | "rollback-offer" | "ask" | "none" {
  if (signalingState === "closed") return "none";
  if (role === "answerer") return everConnected ? "ask" : "none";
  return signalingState === "have-local-offer" ? "rollback-offer" : "offer";
}
