// A search as its socket lives it: begun by find_match, built from the cached profile into a
// ticket (ticket.ts) and handed to the pool (search_pool.ts), built again when a put is refused,
// a claim lost or a pairing undone (keeping its place in line), and ended by a match, a
// refusal or the time-out (docs/realtime.md, "A search").
import { activeMatchOf, sideOf } from "../../../kv/matches.ts";
import { retrying } from "../../../kv/retry.ts";
import { searchChecks } from "../../../kv/search_profile.ts";
import { removeTicket } from "../../../kv/tickets.ts";
import { dayKey, noteMemberHashtags } from "../../../kv/hashtags.ts";
import { MAX_DAILY_HASHTAGS, readSavedFilters, SUGGESTED_HASHTAGS } from "../../shared/filters.ts";
import { widened } from "../../shared/widening.ts";

/** The suggested hashtags: outside the daily cap (they are the product's own). */
const SUGGESTED: ReadonlySet<string> = new Set(SUGGESTED_HASHTAGS.map((s) => s.name));
import { type Conn, send } from "./connection.ts";
import { type Core, logFailure } from "./core.ts";
import type { Batcher } from "./batcher.ts";
import type { Matcher } from "./matcher.ts";
import type { Search, SearchPool } from "./search_pool.ts";
import { profileOf, reloadProfile } from "./profiles.ts";
import { type FindMatch, ticketFor } from "./ticket.ts";
import type { Ticket } from "./rules.ts";
import { RT_MESSAGE, rtError } from "../../shared/realtime/protocol.ts";
import { CLOSE_CODE } from "../../shared/realtime/texts.ts";
import { logger } from "../../shared/log.ts";

/** How many times a search is built (the request, then refused puts and lost claims) at most. */
const MAX_ATTEMPTS = 5;

export interface SearchDeps {
  pool: SearchPool;
  matcher: Matcher;
  hashtagUses: Batcher<Ticket, void>;
  /** A search began (the search screen's figures follow soon). */
  began(conn: Conn): void;
  /** A search ended: matched after `waitMs`, or with nobody found (null). */
  ended(conn: Conn, waitMs: number | null): void;
  /** Tells the socket of a match made with its member (read back from KV). */
  matched(conn: Conn, matchId: string): Promise<void>;
}

export class Searches {
  constructor(private core: Core, private deps: SearchDeps) {}

  /**
   * Builds the member's search from the socket's copy of their profile and joins the pool:
   * held at first (attempt 0: the member's own request), or written at once (a later attempt:
   * after a refused put, a lost claim, or an undone pairing, keeping its place in line).
   */
  async enter(conn: Conn, msg: FindMatch, attempt: number, since?: number) {
    const cached = conn.profile !== null;
    let profile = await profileOf(this.core.kv, conn);
    if (attempt > 0 && (!conn.search || this.core.conns.get(conn.id) !== conn)) return;
    const searcher = { peerId: conn.peerId!, instanceId: this.core.instanceId, connId: conn.id };
    let ticket = ticketFor(profile, searcher, msg);
    if (typeof ticket === "string" && cached) {
      // A refusal is never judged on the socket's copy alone: the copy may predate the change
      // that lifts it (an address verified, a location added, a plan upgraded), so it is read
      // again once. Refusals are rare; a search that is not refused costs no read.
      profile = await reloadProfile(this.core.kv, conn);
      ticket = ticketFor(profile, searcher, msg);
    }
    if (typeof ticket === "string") {
      this.stop(conn);
      // The page never asks an unverified member to search; one that does is counted.
      if (ticket === "email_unverified") this.core.metrics.refused(ticket);
      if (ticket === "not_authenticated") {
        send(conn, rtError(ticket));
        return conn.socket.close(CLOSE_CODE.notAuthenticated, "not authenticated");
      }
      if (ticket === "session_limit") {
        return send(conn, {
          type: "session_limit_reached",
          code: ticket,
          message: RT_MESSAGE[ticket],
        });
      }
      return send(conn, rtError(ticket));
    }
    if (attempt === 0 && !(await this.hashtagsAllowed(conn, ticket.hashtags))) {
      this.stop(conn);
      this.core.metrics.refused("hashtag_limit");
      return send(conn, rtError("hashtag_limit"));
    }
    if (since !== undefined) ticket.enqueuedAt = since;
    // Built again: the search keeps the wider filter the member chose for it.
    if (attempt > 0 && conn.search?.widenedTo) {
      ticket.pref = widened(ticket.pref, conn.search.widenedTo);
    }
    this.deps.pool.add(ticket, { ...searchChecks(profile, ticket.userId), msg, attempt });
    if (attempt > 0) return;
    if (ticket.hashtags.length) {
      this.deps.hashtagUses.put(ticket).catch(logFailure("counting hashtags failed"));
    }
    clearTimeout(conn.search?.timer);
    const deadline = ticket.enqueuedAt + this.core.config.realtime.searchTimeoutMs;
    conn.search = {
      msg,
      since: ticket.enqueuedAt,
      deadline,
      timer: undefined,
      id: crypto.randomUUID(),
      widenedTo: null,
      autoWiden: readSavedFilters(profile.filters.value).widenAutomatically,
      pref: ticket.pref,
      place: { country: ticket.me.country, continent: ticket.me.continent },
    };
    this.armTimeout(conn);
    send(conn, { type: "searching" });
    this.deps.matcher.run();
    this.deps.began(conn);
  }

  /**
   * The daily hashtag cap: a member searches with at most MAX_DAILY_HASHTAGS distinct hashtags of
   * their own a day (they feed everyone's popular hashtags); the suggested ones are free and cost
   * nothing, and tags already noted today cost no read.
   */
  private async hashtagsAllowed(conn: Conn, all: readonly string[]): Promise<boolean> {
    const tags = all.filter((t) => !SUGGESTED.has(t));
    if (!tags.length) return true;
    const day = dayKey();
    const known = conn.hashtagsToday?.day === day ? conn.hashtagsToday.tags : null;
    if (known && tags.every((t) => known.has(t))) return true;
    const noted = await retrying(() =>
      noteMemberHashtags(this.core.kv, conn.userId, day, tags, MAX_DAILY_HASHTAGS)
    );
    if (!noted) return false;
    conn.hashtagsToday = { day, tags: noted };
    return true;
  }

  /** A search built again from a fresh read (same place in line). */
  rebuild(search: Search) {
    const conn = this.core.conns.get(search.entry.value.connId);
    if (!conn?.search || !search.msg || this.deps.pool.get(conn.userId)) return;
    if (search.attempt + 1 >= MAX_ATTEMPTS) return this.failed(conn.id, "search refused");
    conn.profile = null;
    this.enter(conn, search.msg, search.attempt + 1, search.entry.value.enqueuedAt).catch((err) =>
      this.failed(conn.id, err)
    );
  }

  stop(conn: Conn) {
    clearTimeout(conn.search?.timer);
    conn.search = null;
    this.deps.pool.drop(conn.userId, conn.id);
  }

  failed(connId: string, err: unknown) {
    logger.error("search failed", err);
    const conn = this.core.conns.get(connId);
    if (!conn?.search) return;
    this.stop(conn);
    send(conn, rtError(this.core.metrics.failureCode(err)));
  }

  /** Arms the search's time-out for what is left of it. */
  armTimeout(conn: Conn) {
    const search = conn.search;
    if (!search) return;
    clearTimeout(search.timer);
    search.timer = setTimeout(
      () => this.timedOut(conn).catch(logFailure("search time-out failed")),
      Math.max(0, search.deadline - Date.now()),
    );
  }

  private async timedOut(conn: Conn) {
    if (!conn.search) return;
    try {
      this.deps.pool.drop(conn.userId, conn.id);
      await conn.putting;
      if (!(await retrying(() => removeTicket(this.core.kv, conn.userId, conn.id)))) {
        // No ticket of this socket's: either it was paired (and should have heard so; tell it
        // again in case that message was lost) or another socket of the member took over.
        const active = await retrying(() => activeMatchOf(this.core.kv, conn.userId));
        if (active && sideOf(active.value, conn.userId)?.connId === conn.id) {
          // Being confirmed: the confirmation tells it, or puts it back (and times it out).
          if (this.deps.matcher.isConfirming(active.value.id)) return;
          await this.deps.matched(conn, active.value.id);
          return;
        }
      }
    } catch (err) {
      logger.error("search time-out failed", err);
    }
    if (!conn.search) return;
    this.deps.ended(conn, null);
    this.stop(conn);
    send(conn, { type: "no_match_found", code: "no_match", message: RT_MESSAGE.no_match });
  }

  /** An undone pairing: this side searches on, first in line, never told. */
  async requeue(conn: Conn | undefined) {
    if (!conn?.search || conn.matchId || this.deps.pool.get(conn.userId)) return;
    conn.profile = null;
    this.armTimeout(conn);
    await this.enter(conn, conn.search.msg, 1, conn.search.since).catch((err) =>
      this.failed(conn.id, err)
    );
  }
}
