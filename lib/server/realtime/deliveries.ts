// What arrives for a socket of this instance through the mailbox, from this or another instance:
// a match made (confirmed first when the pairing instance asks), a pairing confirmed, declined or
// undone, a partner moved, a match ended. Each goes to the part that handles it, and a payload
// it carries to the socket (docs/realtime.md, "Modules").
import { getMatch, type Match, otherSide } from "../../../kv/matches.ts";
import { retrying } from "../../../kv/retry.ts";
import { removeTicket } from "../../../kv/tickets.ts";
import { type Conn, send } from "./connection.ts";
import type { Core } from "./core.ts";
import type { Delivery, Mailbox } from "./mailbox.ts";
import type { LiveMatches } from "./live_matches.ts";
import type { Matcher } from "./matcher.ts";
import type { Searches } from "./searches.ts";
import type { WaitingRoom } from "./waiting.ts";
import { profileMatched } from "./profiles.ts";

export interface DeliveryDeps {
  mailbox: Mailbox;
  matcher: Matcher;
  searches: Searches;
  live: LiveMatches;
  /** The waiting figures (waiting.ts): a search ended in a match after `waitMs`. */
  waiting: Pick<WaitingRoom, "ended">;
}

export class Deliveries {
  constructor(private core: Core, private deps: DeliveryDeps) {}

  async receive(msg: Delivery) {
    const conn = this.core.conns.get(msg.connId);
    switch (msg.event) {
      case "matched":
        if (msg.confirm) {
          // The confirmation rule: the pairing instance waits for this side to be here.
          const partner = msg.match && otherSide(msg.match, msg.userId);
          if (partner) {
            const here = !!conn?.search;
            // Queued before anything this side sends next (the mailbox keeps a sender's order),
            // and posted while this side hears of the match.
            const answered = this.deps.mailbox.deliver(partner, {
              event: here ? "confirmed" : "declined",
              matchId: msg.matchId,
            });
            if (!here) return await answered;
            await Promise.all([
              answered,
              this.matched(conn, msg.matchId!, msg.match, msg.versionstamp),
            ]);
            return;
          }
        }
        return await this.matched(conn, msg.matchId!, msg.match, msg.versionstamp);
      case "confirmed":
        return await this.deps.matcher.confirmed(msg.matchId!);
      case "declined":
        return await this.deps.matcher.unconfirmed(msg.matchId!, "declined");
      case "requeue":
        // An undone pairing: this side searches on, first in line, never told.
        return await this.deps.searches.requeue(conn);
      case "undone":
        this.deps.live.forget(msg.matchId!);
        if (!conn || conn.matchId !== msg.matchId) return;
        conn.matchId = null;
        break;
      case "partner_moved":
        await this.deps.live.refresh(msg.matchId!);
        break;
      case "ended":
        this.deps.live.forget(msg.matchId!);
        if (conn && conn.matchId === msg.matchId) conn.matchId = null;
        // Ended as no session: the day's count went back down, so the next search reads afresh.
        if (conn && msg.payload?.type === "session_ended" && msg.payload.counted === false) {
          conn.profile = null;
        }
        break;
    }
    if (msg.payload && conn) {
      if (msg.payload.type === "session_limit_reached") this.deps.searches.stop(conn);
      // A safety hold: the search stops with the message (and the ticket goes with it).
      if (msg.payload.type === "error" && msg.payload.code === "on_hold" && conn.search) {
        this.deps.searches.stop(conn);
        await retrying(() => removeTicket(this.core.kv, conn.userId, conn.id));
      }
      if (msg.payload.type === "signal") this.core.metrics.observeRelay(Date.now() - msg.sentAt);
      send(conn, msg.payload);
    }
  }

  /** A match made with this socket's member: it leaves the pool and hears who it is. */
  async matched(
    conn: Conn | undefined,
    matchId: string,
    sent?: Match,
    versionstamp?: string,
  ) {
    // The pairing instance sends the new match along; otherwise it is read back.
    const match = sent ?? (await retrying(() => getMatch(this.core.kv, matchId))).value;
    if (!match || match.status !== "live") return;
    this.deps.live.adopt(match);
    if (!conn) return; // the socket closed meanwhile: the grace rules take over
    if (conn.search) this.deps.waiting.ended(conn, Date.now() - conn.search.since);
    this.deps.searches.stop(conn);
    conn.matchId = matchId;
    profileMatched(conn, match, versionstamp);
    await this.deps.live.sendMatchFound(conn, match);
  }
}
