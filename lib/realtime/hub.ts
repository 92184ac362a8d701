// One server instance's realtime hub: its open sockets, its searchers and its share of the live
// matches. Everything shared lives in KV (kv/matchmaking.ts); messages for a member on another
// instance go through that instance's KV mailbox, which it watches (with a timed re-read, since
// watch events can collapse or be missed).
import type { Config } from "../config.ts";
import { TIERS } from "../constants.ts";
import { type PrivateLocation, saveFilters } from "../../kv/filters.ts";
import type { UserRecord } from "../auth/types.ts";
import { normalizeHashtag, readSavedFilters } from "../filters.ts";
import { splitLocation } from "../profile.ts";
import { keys } from "../../kv/keys.ts";
import {
  activeMatchOf,
  avoidList,
  beat,
  endMatch,
  getMatch,
  inbox,
  type InboxMessage,
  instanceAlive,
  listTickets,
  type Match,
  type MatchSide,
  otherSide,
  pairMany,
  type PairRequest,
  type PairResult,
  post,
  putTickets,
  recentPartners,
  removeTicket,
  retrying,
  sideOf,
  today,
  touchTickets,
  updateSide,
} from "../../kv/matchmaking.ts";
import { bestCandidate, matchHashtag, type Ticket } from "./compat.ts";
import {
  type Inbound,
  newPeerId,
  type Outbound,
  parseInbound,
  REACTION_EMOJI,
  RT_TEXT,
} from "./protocol.ts";
import { iceServersFor } from "./ice.ts";
import { Metrics } from "./metrics.ts";

export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  readonly bufferedAmount: number;
  readonly readyState: number;
}

type Timer = ReturnType<typeof setTimeout>;

interface Conn {
  id: string;
  userId: string;
  username: string;
  socket: SocketLike;
  peerId: string | null;
  matchId: string | null;
  searching: boolean;
  searchTimer: Timer | undefined;
  tokens: number;
  refilledAt: number;
  floodWarnedAt: number;
  dropped: number;
  /** Messages of one socket are handled in order (an offer before its candidates). */
  queue: Promise<void>;
}

interface LocalMatch {
  match: Match;
  endTimer: Timer;
  graceTimers: Map<string, Timer>;
}

const RATE_PER_S = 30;
const BURST = 60;
const SLOW_CONSUMER_BYTES = 4 * 1024 * 1024;
const DRAIN_EVERY_MS = 1_000;
const MATCH_EVERY_MS = 1_000;

export class Hub {
  readonly instanceId = crypto.randomUUID();
  readonly metrics = new Metrics();
  private conns = new Map<string, Conn>();
  private live = new Map<string, LocalMatch>();
  private timers: ReturnType<typeof setInterval>[] = [];
  private watcher: ReadableStreamDefaultReader | null = null;
  private matching: Promise<void> | null = null;
  private matchAgain = false;
  private draining: Promise<void> | null = null;
  private drainAgain = false;
  private stopped = false;
  /** Tickets written together: searches arriving within a few milliseconds share a commit. */
  private tickets = new Batcher<Ticket>((batch) => retrying(() => putTickets(this.kv, batch)));
  /** Numbers this instance's outgoing messages, so a mailbox keeps their order. */
  private sent = 0;

  private readonly heartbeatMs: number;
  private readonly instanceTtlMs: number;
  private readonly ticketStaleMs: number;

  constructor(private kv: Deno.Kv, private config: Config) {
    this.heartbeatMs = config.realtime.heartbeatMs;
    this.instanceTtlMs = 3 * this.heartbeatMs;
    this.ticketStaleMs = 6 * this.heartbeatMs;
  }

  // ---------- Lifecycle ----------

  private started: Promise<void> | null = null;

  /** Starts the heartbeat, the mailbox watch and the matching timer (once). */
  start(): Promise<void> {
    this.started ??= this.startNow();
    return this.started;
  }

  private async startNow() {
    await beat(this.kv, this.instanceId, this.instanceTtlMs);
    this.watchInbox();
    this.timers.push(
      setInterval(() => this.heartbeat(), this.heartbeatMs),
      setInterval(() => this.drainInbox(), DRAIN_EVERY_MS),
      setInterval(() => {
        if (this.searchers().length) this.runMatching();
      }, MATCH_EVERY_MS),
    );
  }

  async stop() {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    for (const lm of this.live.values()) {
      clearTimeout(lm.endTimer);
      for (const g of lm.graceTimers.values()) clearTimeout(g);
    }
    for (const c of this.conns.values()) clearTimeout(c.searchTimer);
    await this.watcher?.cancel().catch(() => {});
    await this.matching;
    await this.draining;
  }

  private watchInbox() {
    const stream = this.kv.watch([keysFor(this.instanceId)]);
    const reader = stream.getReader();
    this.watcher = reader;
    (async () => {
      try {
        while (!this.stopped) {
          const { done } = await reader.read();
          if (done) break;
          this.drainInbox();
        }
      } catch {
        // the stream ends on stop
      }
    })();
  }

  private async heartbeat() {
    if (this.stopped) return;
    try {
      await beat(this.kv, this.instanceId, this.instanceTtlMs);
      await touchTickets(this.kv, this.searchers().map((c) => c.userId));
      await this.checkPartners();
    } catch (err) {
      console.error("realtime heartbeat failed:", err);
    }
  }

  // ---------- Sockets ----------

  /** A socket of a signed-in member has opened. */
  open(socket: SocketLike, user: { id: string; username: string }): string {
    const conn: Conn = {
      id: crypto.randomUUID(),
      userId: user.id,
      username: user.username,
      socket,
      peerId: null,
      matchId: null,
      searching: false,
      searchTimer: undefined,
      tokens: BURST,
      refilledAt: Date.now(),
      floodWarnedAt: 0,
      dropped: 0,
      queue: Promise.resolve(),
    };
    this.conns.set(conn.id, conn);
    this.metrics.socketsOpen = this.conns.size;
    return conn.id;
  }

  message(connId: string, raw: string | ArrayBuffer | Blob): Promise<void> {
    const conn = this.conns.get(connId);
    if (!conn || !this.allow(conn)) return Promise.resolve();
    const parsed = parseInbound(raw);
    if (!parsed.ok) {
      this.send(conn, { type: "error", message: parsed.error });
      return Promise.resolve();
    }
    conn.queue = conn.queue.then(async () => {
      try {
        await this.handle(conn, parsed.message);
      } catch (err) {
        console.error("realtime message failed:", err);
        this.send(conn, { type: "error", message: "Something went wrong. Please try again." });
      }
    });
    return conn.queue;
  }

  /** Members searching on this instance (for /metrics). */
  waitingCount(): number {
    return this.searchers().length;
  }

  /** A socket closed: it leaves the pool at once, and a live match hears of it after the grace. */
  async close(connId: string) {
    const conn = this.conns.get(connId);
    if (!conn) return;
    this.conns.delete(connId);
    await conn.queue;
    this.metrics.socketsOpen = this.conns.size;
    clearTimeout(conn.searchTimer);
    try {
      if (conn.searching) {
        conn.searching = false;
        await retrying(() => removeTicket(this.kv, conn.userId, conn.id));
      }
      const matchId = conn.matchId;
      if (matchId) {
        await retrying(() => this.disconnectFromMatch(conn.userId, matchId, conn.id));
      }
    } catch (err) {
      // The stale-ticket sweep and the partners' instance check clean up after us.
      console.error("realtime close failed:", err);
    }
  }

  /** Token bucket per socket: a flood is dropped and answered, other sockets never notice. */
  private allow(conn: Conn): boolean {
    const now = Date.now();
    conn.tokens = Math.min(BURST, conn.tokens + ((now - conn.refilledAt) / 1000) * RATE_PER_S);
    conn.refilledAt = now;
    if (conn.tokens >= 1) {
      conn.tokens -= 1;
      return true;
    }
    conn.dropped++;
    this.metrics.messagesDropped++;
    if (now - conn.floodWarnedAt > 1000) {
      conn.floodWarnedAt = now;
      this.send(conn, { type: "error", message: RT_TEXT.flood });
    }
    if (conn.dropped > 2000) conn.socket.close(1008, "flood");
    return false;
  }

  private send(conn: Conn, msg: Outbound) {
    if (conn.socket.readyState !== 1) return;
    if (conn.socket.bufferedAmount > SLOW_CONSUMER_BYTES) {
      conn.socket.close(1013, "too slow");
      return;
    }
    conn.socket.send(JSON.stringify(msg));
  }

  // ---------- Messages ----------

  private async handle(conn: Conn, msg: Inbound) {
    switch (msg.type) {
      case "ping":
        return this.send(conn, { type: "pong" });
      case "register":
        return await this.register(conn, msg.peerId);
      case "set_filters":
        await saveFilters(this.kv, conn.userId, msg.filters);
        return;
      case "find_match":
        return await this.findMatch(conn, msg);
      case "signal":
        return await this.relaySignal(conn, msg.to, msg.signal);
      case "reaction":
        return await this.reaction(conn, msg.emoji);
      case "end_session":
        return await this.endSession(conn, msg.reason ?? "user_ended");
    }
  }

  /**
   * Gives the socket its peer id. A member coming back with the peer id of a live match that is
   * waiting for them (a reload, a phone switching networks) resumes that match.
   */
  private async register(conn: Conn, previousPeerId?: string) {
    if (previousPeerId) {
      const active = await activeMatchOf(this.kv, conn.userId);
      const side = active ? sideOf(active.value, conn.userId) : null;
      if (active && side && side.peerId === previousPeerId) {
        const resumed = await updateSide(this.kv, active.value.id, conn.userId, (s) => ({
          ...s,
          instanceId: this.instanceId,
          connId: conn.id,
          disconnectedAt: null,
        }));
        if (resumed) {
          conn.peerId = previousPeerId;
          conn.matchId = resumed.id;
          this.send(conn, {
            type: "registered",
            userId: conn.userId,
            peerId: previousPeerId,
            resumed: true,
          });
          this.adopt(resumed);
          await this.sendMatchFound(conn, resumed, true);
          const partner = otherSide(resumed, conn.userId)!;
          await this.deliver(partner, {
            event: "partner_moved",
            matchId: resumed.id,
            payload: { type: "partner_reconnected" },
          });
          return;
        }
      }
    }
    conn.peerId ??= newPeerId();
    this.send(conn, { type: "registered", userId: conn.userId, peerId: conn.peerId });
  }

  private async findMatch(conn: Conn, msg: Extract<Inbound, { type: "find_match" }>) {
    if (!conn.peerId) return this.send(conn, { type: "error", message: RT_TEXT.notRegistered });
    if (conn.matchId) await this.endSession(conn, "user_skipped");
    // Everything the ticket needs in one read, plus the two short lists.
    const [[userEntry, usageEntry, filtersEntry, placeEntry], avoid, recent] = await Promise.all([
      this.kv.getMany<[UserRecord, Deno.KvU64, unknown, PrivateLocation]>([
        keys.user(conn.userId),
        keys.usage(conn.userId, today()),
        keys.filters(conn.userId),
        keys.location(conn.userId),
      ]),
      avoidList(this.kv, conn.userId),
      recentPartners(this.kv, conn.userId),
    ]);
    const user = userEntry.value && !userEntry.value.deletedAt ? userEntry.value : null;
    if (!user) {
      this.send(conn, { type: "error", message: RT_TEXT.notAuthenticated });
      return conn.socket.close(4401, "not authenticated");
    }
    if (!user.location.trim()) {
      return this.send(conn, { type: "error", message: RT_TEXT.locationRequired });
    }
    const limit = TIERS[user.tier].dailySessionLimit;
    if (limit >= 0 && Number(usageEntry.value?.value ?? 0n) >= limit) {
      return this.send(conn, { type: "session_limit_reached", message: RT_TEXT.sessionLimit });
    }
    const filters = readSavedFilters(filtersEntry.value);
    const place = placeEntry.value;
    const asked = (msg.preferences?.hashtags ?? []).map(normalizeHashtag).filter(Boolean);
    const hashtags = [...new Set(asked.length ? asked : filters.hashtags)].slice(0, 30);
    const hide = user.hideExactLocation || msg.preferences?.hideLocation === true;
    const typed = splitLocation(user.location);
    const [city, country] = [typed.city || null, typed.country || null];
    const now = Date.now();
    const ticket: Ticket = {
      userId: user.id,
      username: user.username,
      peerId: conn.peerId,
      instanceId: this.instanceId,
      connId: conn.id,
      enqueuedAt: now,
      seenAt: now,
      hashtags,
      pref: {
        location: filters.locationPreference,
        country: filters.countryPreference,
        continent: filters.continentPreference,
        language: filters.languagePreference,
      },
      me: {
        language: user.language,
        city: place?.city ?? city,
        country: place?.country ?? country,
        continent: place?.continent ?? null,
        cell: place?.cell ?? null,
      },
      shownLocation: hide ? (place?.country ?? country ?? "Unknown Location") : user.location,
      vip: user.tier === "vip",
      dailyLimit: limit,
      avoid,
      recent,
    };
    await this.tickets.put(ticket);
    conn.searching = true;
    clearTimeout(conn.searchTimer);
    conn.searchTimer = setTimeout(
      () => this.searchTimedOut(conn),
      this.config.realtime.searchTimeoutMs,
    );
    this.send(conn, { type: "searching" });
    this.runMatching();
  }

  private async searchTimedOut(conn: Conn) {
    if (!conn.searching) return;
    try {
      if (!(await retrying(() => removeTicket(this.kv, conn.userId, conn.id)))) {
        // No ticket of this socket's: either it was paired (and should have heard so; tell it
        // again in case that message was lost) or another socket of the member took over.
        const active = await retrying(() => activeMatchOf(this.kv, conn.userId));
        if (active && sideOf(active.value, conn.userId)?.connId === conn.id) {
          await this.receive({
            id: "timeout-check",
            sentAt: Date.now(),
            userId: conn.userId,
            connId: conn.id,
            event: "matched",
            matchId: active.value.id,
          });
          return;
        }
      }
    } catch (err) {
      console.error("search time-out failed:", err);
    }
    if (!conn.searching) return;
    conn.searching = false;
    this.send(conn, { type: "no_match_found", message: RT_TEXT.noMatch });
  }

  private searchers(): Conn[] {
    return [...this.conns.values()].filter((c) => c.searching);
  }

  /** Runs matching passes one at a time; a request during a pass runs one more after it. */
  private runMatching() {
    if (this.stopped) return;
    if (this.matching) {
      this.matchAgain = true;
      return;
    }
    this.matching = (async () => {
      try {
        do {
          this.matchAgain = false;
          await this.matchPass();
        } while (this.matchAgain && !this.stopped);
      } catch (err) {
        console.error("matching failed:", err);
      } finally {
        this.matching = null;
      }
    })();
  }

  /**
   * Pairs this instance's searchers with anyone waiting anywhere. The ticket is written before
   * the pool is read, so of two members arriving together on different instances, at least one
   * sees the other; the atomic pair() decides if both try.
   */
  private async matchPass() {
    const now = Date.now();
    const entries = (await retrying(() => listTickets(this.kv))).filter((e) => {
      if (now - e.value.seenAt <= this.ticketStaleMs) return true;
      // A vanished instance's searcher: gone from the pool (best effort; the next pass retries).
      this.kv.atomic().check(e).delete(e.key).commit().catch(() => {});
      return false;
    });
    const pool = new Map(entries.map((e) => [e.value.userId, e]));
    const byUser = new Map(pool);
    const mine = entries.filter((e) => e.value.instanceId === this.instanceId)
      .sort((x, y) =>
        Number(y.value.vip) - Number(x.value.vip) || x.value.enqueuedAt - y.value.enqueuedAt
      );
    // Choose every pair of this pass in memory first, then claim them in parallel: each claim
    // is its own atomic commit, so a pair that lost a race simply waits for the next pass.
    const chosen: [Deno.KvEntry<Ticket>, Deno.KvEntry<Ticket>][] = [];
    for (const me of mine) {
      if (!pool.has(me.value.userId)) continue;
      pool.delete(me.value.userId);
      const best = bestCandidate(me.value, ticketsOf(pool.values()));
      if (!best) {
        pool.set(me.value.userId, me);
        continue;
      }
      pool.delete(best.userId);
      chosen.push([me, byUser.get(best.userId)!]);
    }
    const claims = await pairMany(this.kv, chosen.map(([me, them]) => this.pairRequest(me, them)));
    const results = await Promise.all(
      chosen.map(([me, them], i) =>
        this.settle(me, them, claims[i]).catch((err) => {
          console.error("pairing failed:", err);
          return "failed" as const;
        })
      ),
    );
    if (results.some((r) => r !== "paired")) this.matchAgain = true;
  }

  /** The match two tickets would make: the member found in the pool makes the offer. */
  private pairRequest(me: Deno.KvEntry<Ticket>, them: Deno.KvEntry<Ticket>): PairRequest {
    const now = Date.now();
    const side = (t: Ticket, partner: Ticket, role: MatchSide["role"]): MatchSide => ({
      userId: t.userId,
      username: t.username,
      peerId: t.peerId,
      instanceId: t.instanceId,
      connId: t.connId,
      hashtag: matchHashtag(t, partner),
      location: partner.shownLocation,
      role,
      disconnectedAt: null,
    });
    return {
      a: me,
      b: them,
      build: (id) => ({
        id,
        a: side(me.value, them.value, "answerer"),
        b: side(them.value, me.value, "offerer"),
        startedAt: now,
        endsAt: now + this.config.realtime.matchDurationMs,
        status: "live",
      }),
      limits: { a: me.value.dailyLimit, b: them.value.dailyLimit },
    };
  }

  /** After a claim: tell both sides of a match, or take a member out of sessions off the pool. */
  private async settle(
    me: Deno.KvEntry<Ticket>,
    them: Deno.KvEntry<Ticket>,
    result: PairResult,
  ): Promise<"paired" | "me_out" | "them_out"> {
    if (result.ok) {
      this.metrics.matchesMade++;
      const m = result.match;
      // Each side is told on its own, so a failure telling one cannot silence the other.
      await Promise.all(
        [m.a, m.b].map((s) =>
          this.deliver(s, { event: "matched", matchId: m.id, match: m }).catch((err) =>
            console.error("telling a match failed:", err)
          )
        ),
      );
      return "paired";
    }
    if (result.reason === "limit_a" || result.reason === "limit_b") {
      const out = result.reason === "limit_a" ? me : them;
      await retrying(() => removeTicket(this.kv, out.value.userId));
      await this.deliver(
        { instanceId: out.value.instanceId, connId: out.value.connId, userId: out.value.userId },
        { payload: { type: "session_limit_reached", message: RT_TEXT.sessionLimit } },
      );
      return result.reason === "limit_a" ? "me_out" : "them_out";
    }
    return "them_out";
  }

  // ---------- Live matches ----------

  /** This instance now serves a side of the match: keep its timer. */
  private adopt(match: Match) {
    const existing = this.live.get(match.id);
    if (existing) {
      existing.match = match;
      return;
    }
    const delay = Math.max(0, match.endsAt - Date.now());
    this.live.set(match.id, {
      match,
      endTimer: setTimeout(
        () =>
          this.finish(match.id, "timeout", null).catch((err) =>
            console.error("ending a match failed:", err)
          ),
        delay,
      ),
      graceTimers: new Map(),
    });
    this.metrics.liveMatches = this.live.size;
  }

  private forget(matchId: string) {
    const lm = this.live.get(matchId);
    if (!lm) return;
    clearTimeout(lm.endTimer);
    for (const g of lm.graceTimers.values()) clearTimeout(g);
    this.live.delete(matchId);
    this.metrics.liveMatches = this.live.size;
  }

  private async sendMatchFound(conn: Conn, match: Match, resumed = false) {
    const me = sideOf(match, conn.userId)!;
    const partner = otherSide(match, conn.userId)!;
    this.send(conn, {
      type: "match_found",
      matchId: match.id,
      peerId: partner.peerId,
      hashtag: me.hashtag,
      location: me.location,
      role: me.role,
      iceServers: await iceServersFor(this.config, conn.userId),
      endsAt: match.endsAt,
      partnerConnected: partner.disconnectedAt === null,
      ...(resumed ? { resumed: true } : {}),
    });
  }

  /** Ends a match (once, whoever calls) and tells each side that did not end it. */
  private async finish(matchId: string, reason: string, byUserId: string | null) {
    const ended = await endMatch(this.kv, matchId, reason);
    this.forget(matchId);
    if (!ended) return;
    for (const side of [ended.a, ended.b]) {
      if (side.userId === byUserId) continue;
      await this.deliver(side, {
        event: "ended",
        matchId,
        payload: { type: "session_ended", reason },
      });
    }
  }

  private async endSession(conn: Conn, reason: string) {
    if (!conn.matchId) return;
    const matchId = conn.matchId;
    conn.matchId = null;
    await this.finish(matchId, reason, conn.userId);
  }

  /** Ends the live match between two members (a report), wherever they are. */
  async endMatchBetween(userId: string, partnerId: string, reason: string) {
    const active = await activeMatchOf(this.kv, userId);
    if (
      !active || !otherSide(active.value, userId) ||
      otherSide(active.value, userId)!.userId !== partnerId
    ) return;
    for (const c of this.conns.values()) if (c.matchId === active.value.id) c.matchId = null;
    await this.finish(active.value.id, reason, null);
  }

  private async relaySignal(
    conn: Conn,
    to: string,
    signal: Extract<Inbound, { type: "signal" }>["signal"],
  ) {
    const lm = conn.matchId ? this.live.get(conn.matchId) : null;
    if (!lm) return this.send(conn, { type: "error", message: RT_TEXT.notInMatch });
    const partner = otherSide(lm.match, conn.userId);
    if (!partner || partner.peerId !== to) {
      return this.send(conn, { type: "error", message: RT_TEXT.notYourPartner });
    }
    await this.deliver(partner, { payload: { type: "signal", from: conn.peerId!, signal } });
  }

  private async reaction(conn: Conn, emoji: string) {
    if (!REACTION_EMOJI.includes(emoji)) {
      return this.send(conn, { type: "error", message: RT_TEXT.badReaction });
    }
    const lm = conn.matchId ? this.live.get(conn.matchId) : null;
    if (!lm) return this.send(conn, { type: "error", message: RT_TEXT.notInMatch });
    const partner = otherSide(lm.match, conn.userId)!;
    await this.deliver(partner, { payload: { type: "reaction", emoji } });
  }

  /** A socket in a live match went away: the partner hears of it only after the grace period. */
  private async disconnectFromMatch(userId: string, matchId: string, connId: string) {
    const at = Date.now();
    const updated = await updateSide(
      this.kv,
      matchId,
      userId,
      (s) => s.connId === connId ? { ...s, disconnectedAt: at } : s,
    );
    if (!updated || sideOf(updated, userId)?.disconnectedAt !== at) return;
    this.startGrace(updated, userId, at);
  }

  private startGrace(match: Match, userId: string, at: number) {
    this.adopt(match);
    const lm = this.live.get(match.id)!;
    clearTimeout(lm.graceTimers.get(userId));
    lm.graceTimers.set(
      userId,
      setTimeout(() => this.graceOver(match.id, userId, at), this.config.realtime.reconnectGraceMs),
    );
  }

  private async graceOver(matchId: string, userId: string, at: number) {
    try {
      this.live.get(matchId)?.graceTimers.delete(userId);
      const entry = await retrying(() => getMatch(this.kv, matchId));
      const side = entry.value ? sideOf(entry.value, userId) : null;
      if (entry.value?.status === "live" && side?.disconnectedAt === at) {
        await this.finish(matchId, "partner_disconnected", userId);
      }
      // No local side left in the match: stop tracking it here.
      const m = this.live.get(matchId)?.match;
      if (m && ![m.a, m.b].some((s) => s.instanceId === this.instanceId && !s.disconnectedAt)) {
        this.forget(matchId);
      }
    } catch (err) {
      console.error("grace period check failed:", err);
    }
  }

  /** A partner whose whole instance died counts as disconnected from the moment it is noticed. */
  private async checkPartners() {
    for (const lm of [...this.live.values()]) {
      for (const side of [lm.match.a, lm.match.b]) {
        if (side.instanceId === this.instanceId || side.disconnectedAt) continue;
        if (await instanceAlive(this.kv, side.instanceId, this.instanceTtlMs)) continue;
        const at = Date.now();
        const updated = await updateSide(
          this.kv,
          lm.match.id,
          side.userId,
          (s) =>
            s.instanceId === side.instanceId && !s.disconnectedAt
              ? { ...s, disconnectedAt: at }
              : s,
        );
        if (updated && sideOf(updated, side.userId)?.disconnectedAt === at) {
          this.startGrace(updated, side.userId, at);
        }
      }
    }
  }

  // ---------- Delivery ----------

  /** To a connection on this instance directly, else through its instance's mailbox. */
  private async deliver(
    to: { instanceId: string; connId: string; userId: string },
    msg: Omit<InboxMessage, "id" | "sentAt" | "userId" | "connId">,
  ) {
    const full: InboxMessage = {
      id: `${(++this.sent).toString().padStart(12, "0")}-${this.instanceId}`,
      sentAt: Date.now(),
      userId: to.userId,
      connId: to.connId,
      ...msg,
    };
    if (to.instanceId === this.instanceId) await this.receive(full);
    else await retrying(() => post(this.kv, to.instanceId, full));
  }

  private drainInbox() {
    if (this.stopped) return;
    if (this.draining) {
      this.drainAgain = true;
      return;
    }
    this.draining = (async () => {
      try {
        do {
          this.drainAgain = false;
          // A message is taken (deleted) before it is handled: one whose delete fails stays
          // in the mailbox for the next drain instead of being lost or handled twice.
          for (const entry of await inbox(this.kv, this.instanceId)) {
            try {
              await this.kv.delete(entry.key);
            } catch {
              this.drainAgain = true;
              break;
            }
            await this.receive(entry.value);
          }
        } while (this.drainAgain && !this.stopped);
      } catch (err) {
        if (!this.stopped) console.error("mailbox drain failed:", err);
      } finally {
        this.draining = null;
      }
    })();
  }

  private async receive(msg: InboxMessage) {
    const conn = this.conns.get(msg.connId);
    if (msg.event === "matched" && msg.matchId) {
      // The pairing instance sends the new match along; otherwise it is read back.
      const match = msg.match ?? (await retrying(() => getMatch(this.kv, msg.matchId!))).value;
      if (!match || match.status !== "live") return;
      const entry = { value: match };
      this.adopt(entry.value);
      if (!conn) return; // the socket closed meanwhile: the grace rules take over
      clearTimeout(conn.searchTimer);
      conn.searching = false;
      conn.matchId = msg.matchId;
      await this.sendMatchFound(conn, entry.value);
      return;
    }
    if (msg.event === "partner_moved" && msg.matchId) {
      const entry = await retrying(() => getMatch(this.kv, msg.matchId!));
      if (entry.value) this.adopt(entry.value);
    }
    if (msg.event === "ended" && msg.matchId) {
      this.forget(msg.matchId);
      if (conn?.matchId === msg.matchId) conn.matchId = null;
    }
    if (msg.payload && conn) {
      if (msg.payload.type === "signal") this.metrics.observeRelay(Date.now() - msg.sentAt);
      this.send(conn, msg.payload);
    }
  }
}

function keysFor(instanceId: string) {
  return keys.rtInboxSignal(instanceId);
}

/**
 * Gathers items handed in while a write is under way (or within `waitMs`) and writes them
 * together; each caller's promise settles with its batch. At most 200 items a batch (well
 * inside KV's 1,000 mutations and 800 KiB a commit).
 */
class Batcher<T> {
  private pending: { item: T; done: () => void; fail: (e: unknown) => void }[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private write: (items: T[]) => Promise<unknown>, private waitMs = 2) {}

  put(item: T): Promise<void> {
    return new Promise((done, fail) => {
      this.pending.push({ item, done, fail });
      this.timer ??= setTimeout(() => this.flush(), this.waitMs);
    });
  }

  private async flush() {
    this.timer = null;
    while (this.pending.length) {
      const batch = this.pending.splice(0, 200);
      try {
        await this.write(batch.map((b) => b.item));
        batch.forEach((b) => b.done());
      } catch (err) {
        batch.forEach((b) => b.fail(err));
      }
    }
  }
}

function* ticketsOf(entries: Iterable<Deno.KvEntry<Ticket>>): Iterable<Ticket> {
  for (const e of entries) yield e.value;
}
