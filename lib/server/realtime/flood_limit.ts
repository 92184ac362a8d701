// The flood limit of one socket: a token bucket (30 messages a second, bursts of 60). A message
// over the limit is dropped; the sender is told at most once a second, and a socket that keeps
// flooding (2,000 dropped) is closed. Other sockets never notice.

const RATE_PER_S = 30;
const BURST = 60;
const WARN_EVERY_MS = 1_000;
const CLOSE_AFTER_DROPPED = 2_000;

/** What to do with a message: handle it, drop it (telling the sender, or not), or close. */
export type FloodVerdict = "allow" | "drop_and_warn" | "drop" | "close";

export class FloodLimit {
  private tokens = BURST;
  private refilledAt: number;
  private warnedAt = -Infinity;
  dropped = 0;

  constructor(now = Date.now()) {
    this.refilledAt = now;
  }

  take(now = Date.now()): FloodVerdict {
    this.tokens = Math.min(BURST, this.tokens + ((now - this.refilledAt) / 1000) * RATE_PER_S);
    this.refilledAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return "allow";
    }
    this.dropped++;
    if (this.dropped > CLOSE_AFTER_DROPPED) return "close";
    if (now - this.warnedAt > WARN_EVERY_MS) {
      this.warnedAt = now;
      return "drop_and_warn";
    }
    return "drop";
  }
}
