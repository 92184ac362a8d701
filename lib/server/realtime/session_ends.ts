// Signed-out sockets: a socket lives no longer than the session that opened it. Every way a
// session ends (sign-out, a password change or reset, account deletion, an administrator's
// action) lists the end in KV for a minute in the same commit (kv/sessions.ts). Each instance
// watches the counter those commits bump and looks again every second, since watch events can
// collapse or be missed, and closes its sockets of each ended session: within about a second
// wherever the socket is (docs/realtime.md, "Signed out").
import { endsSince, watchSessionEnds } from "../../../kv/sessions.ts";
import type { Conn } from "./connection.ts";
import type { Core } from "./core.ts";
import { WatchedRead } from "./watched_read.ts";
import { CLOCK_SKEW_TOLERANCE_MS } from "../../shared/realtime/clock.ts";

const LOOK_EVERY_MS = 1_000;
/**
 * How far back a look reads (an end is listed by the ending instance's clock): a few missed
 * looks, and the clock tolerance either way.
 */
const LOOK_BACK_MS = 5_000 + CLOCK_SKEW_TOLERANCE_MS;

export class SessionEnds {
  /** Ended sessions already handled, with when they ended (forgotten after the look-back). */
  private seen = new Map<string, number>();
  private looks: WatchedRead;

  constructor(
    private core: Core,
    private deps: {
      /** A member's open sockets on this instance. */
      connsOf(userId: string): readonly Conn[];
      /** Closes a socket whose session ended. */
      end(conn: Conn): void;
    },
  ) {
    this.looks = new WatchedRead(core, {
      watch: () => watchSessionEnds(core.kv),
      read: () => this.once(),
      everyMs: LOOK_EVERY_MS,
      what: "session end look",
    });
  }

  start() {
    this.looks.start();
  }

  stop() {
    return this.looks.stop();
  }

  /** True when this instance has seen the session end (a socket opened as it ended). */
  hasEnded(sid: string): boolean {
    return this.seen.has(sid);
  }

  private async once(): Promise<boolean> {
    const now = Date.now();
    for (const [sid, at] of this.seen) if (at < now - 2 * LOOK_BACK_MS) this.seen.delete(sid);
    for (const end of await endsSince(this.core.kv, now - LOOK_BACK_MS)) {
      if (this.seen.has(end.sid)) continue;
      this.seen.set(end.sid, end.at);
      for (const conn of this.deps.connsOf(end.userId)) {
        if (conn.sid === end.sid) this.deps.end(conn);
      }
    }
    return false;
  }
}
