// What one socket may do, beyond the flood limit (flood_limit.ts): a few refused messages (too
// large, malformed, an unknown type, a bad hashtag) get an error response, and a socket that keeps
// sending them is closed; filter changes have a budget of their own, since each is a write.
// Refusals are counted in /metrics; each kind is logged once per socket, not once per message.
// Pure: no sockets, no timers.
import { FloodLimit } from "./flood_limit.ts";

/** Sockets one member may hold on an instance: a new one beyond this closes their oldest. */
export const MAX_SOCKETS_PER_MEMBER = 3;
/** Refused messages a socket may send before it is closed (1008, a policy breach). */
export const MAX_REFUSED_MESSAGES = 20;
/** Filter changes: bursts of 5, then one every 2 seconds. */
const FILTER_BURST = 5;
const FILTER_PER_S = 0.5;

export class SocketLimits {
  readonly flood: FloodLimit;
  private refusedMessages = 0;
  private filterTokens = FILTER_BURST;
  private filterAt: number;
  private logged = new Set<string>();

  constructor(now = Date.now()) {
    this.flood = new FloodLimit(now);
    this.filterAt = now;
  }

  /** Counts a refused message; true once the socket has sent too many and is to be closed. */
  refusedMessage(): boolean {
    return ++this.refusedMessages > MAX_REFUSED_MESSAGES;
  }

  /** Takes one filter change from the budget; false when there is none left. */
  filterChange(now = Date.now()): boolean {
    this.filterTokens = Math.min(
      FILTER_BURST,
      this.filterTokens + ((now - this.filterAt) / 1000) * FILTER_PER_S,
    );
    this.filterAt = now;
    if (this.filterTokens < 1) return false;
    this.filterTokens -= 1;
    return true;
  }

  /** True the first time a kind of refusal happens on this socket (it is logged then only). */
  firstOf(kind: string): boolean {
    if (this.logged.has(kind)) return false;
    this.logged.add(kind);
    return true;
  }
}
