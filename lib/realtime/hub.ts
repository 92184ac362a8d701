// One server instance's realtime hub: its open sockets, its searchers and its share of the live
// matches. Everything shared lives in KV (kv/matchmaking.ts); messages for a member on another
// instance go through that instance's KV mailbox, which it watches (with a timed re-read, since
// watch events can collapse or be missed).
import type { Config } from "../config.ts";
import { TIERS } from "../constants.ts";
import { type PrivateLocation, saveFilters } from "../../kv/filters.ts";
import type { UserRecord } from "../auth/types.ts";
import { MAX_HASHTAGS, normalizeHashtag, readSavedFilters } from "../filters.ts";
import { splitLocation } from "../profile.ts";
import { keys } from "../../kv/keys.ts";
import { countHashtagUses } from "../../kv/hashtags.ts";
import {
  activeMatchOf,
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
  PATIENT_RETRY,
  post,
  putTickets,
  recordSessions,
  relationsOf,
  removeTicket,
  retrying,
  type SessionRecord,
  sideOf,
  type TicketEntry,
  today,
  touchTickets,
  updateSide,
} from "../../kv/matchmaking.ts";
import { bestInOrder, byWaiting, matchHashtag, type Ticket } from "./compat.ts";
import {
  type Inbound,
  newPeerId,
  type Outbound,
  parseInbound,
  REACTION_EMOJI,
  RT_TEXT,
  rtError,
  type RtErrorCode,
} from "./protocol.ts";
import { iceServersFor } from "./ice.ts";
import { Metrics } from "./metrics.ts";
import { trimNativeMemory } from "../runtime/trim.ts";

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
  /** What a search needs of the member (see loadProfile), once read. */
  profile: Promise<Profile> | null;
  /** Messages of one socket are handled in order (an offer before its candidates). */
  queue: Promise<void>;
  /** Messages of this socket in the queue, not yet handled. */
  pending: number;
  /** The write of this socket's ticket, while under way (a close waits for it, then removes it). */
  putting: Promise<void> | null;
}

interface Profile {
  user: Deno.KvEntryMaybe<UserRecord>;
  filters: Deno.KvEntryMaybe<unknown>;
  place: Deno.KvEntryMaybe<PrivateLocation>;
  /** The search version (keys.searchVersion): checked in place of all the entries above. */
  version: Deno.AtomicCheck;
  /** The member's live match when the profile was read (another socket's), if any. */
  active: Deno.KvEntryMaybe<string>;
  usage: { day: string; count: number; versionstamp: string | null };
  avoid: string[];
  recent: string[];
}

/**
 * A search of this instance's. "held": in memory only, for a moment after it arrives, so that
 * members arriving together pair without their tickets ever being written (the claim checks
 * the member's search version instead); "putting": being written, not chosen meanwhile (a
 * claim landing before the put would leave a ticket behind); "put": in the pool for every
 * instance to see, with its versionstamp.
 */
interface Search {
  entry: TicketEntry;
  state: "held" | "putting" | "put";
  /** When it was held, or when its put was known to have landed. */
  at: number;
  /** What the ticket was built from: the search version, checked by its put. */
  checks: Deno.AtomicCheck[];
  /**
   * What a claim of it checks while held: the version, which stands for any match made since
   * the profile was read, and the "in a match" key if one was under way then (another socket's).
   */
  heldChecks: Deno.AtomicCheck[];
  msg?: Extract<Inbound, { type: "find_match" }>;
  attempt: number;
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
/** How often the hub looks whether a wave of sockets closed (see trimAfterWave). */
const TRIM_CHECK_MS = 10_000;
/** Sockets that must have closed since the peak for the freed memory to be worth returning. */
const TRIM_WAVE = 500;
/** How old the view of other instances' searchers may grow while someone here waits. */
const LIST_EVERY_MS = 150;
/**
 * How long a search stays in memory before its ticket is written, when no partner was in view
 * as it arrived: a partner arriving meanwhile pairs with it without any ticket written.
 */
const HOLD_MS = 20;

export class Hub {
  readonly instanceId = crypto.randomUUID();
  readonly metrics = new Metrics();
  private conns = new Map<string, Conn>();
  private live = new Map<string, LocalMatch>();
  private timers: ReturnType<typeof setInterval>[] = [];
  private watcher: ReadableStreamDefaultReader | null = null;
  private passQueued = false;
  /** Claims under way (see runMatching). */
  private claiming = new Set<Promise<void>>();
  /** This instance's searches (see Search), by member. */
  private local = new Map<string, Search>();
  /** The other instances' tickets as last listed, and when. */
  private remote: Deno.KvEntry<Ticket>[] = [];
  private listedAt = 0;
  private refreshing: Promise<void> | null = null;
  private relistTimer: Timer | undefined;
  private draining: Promise<void> | null = null;
  private drainAgain = false;
  private stopped = false;
  private putTimer: Timer | undefined;
  /** Ticket writes under way (stop waits for them). */
  private putting = new Set<Promise<void>>();
  /** The hashtags searched with, for the popular hashtags: counted after the fact. */
  private hashtagUses = new Batcher<Ticket, void>(async (batch) => {
    await countHashtagUses(
      this.kv,
      batch.map((t) => ({ hashtags: t.hashtags, continent: t.me.continent })),
      retrying,
    );
    return batch.map(() => undefined);
  }, 1_000);
  /** Session counts for the referral pages, written after the members have been told. */
  private sessions = new Batcher<SessionRecord, void>(async (batch) => {
    await recordSessions(this.kv, batch);
    return batch.map(() => undefined);
  }, 1_000);
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
      setInterval(() => this.trimAfterWave(), TRIM_CHECK_MS),
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
    clearTimeout(this.relistTimer);
    clearTimeout(this.putTimer);
    await this.watcher?.cancel().catch(() => {});
    await this.refreshing;
    await Promise.all(this.claiming);
    await Promise.all(this.putting);
    await this.sessions.drain();
    await this.hashtagUses.drain();
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
      const touched = await touchTickets(
        this.kv,
        this.searchers().map((c) => c.userId),
        this.instanceId,
      );
      for (const e of touched) {
        const l = this.local.get(e.value.userId);
        if (l?.state === "put" && l.entry.value.connId === e.value.connId) l.entry = e;
      }
      await this.checkPartners();
    } catch (err) {
      console.error("realtime heartbeat failed:", err);
    }
  }

  private socketPeak = 0;
  private trimsLeft = 0;

  /**
   * After a wave of closed sockets, hands the freed native memory back to the OS on the next few
   * checks (V8 frees its part over several collections, so one trim is not enough).
   */
  private trimAfterWave() {
    const open = this.conns.size; // socketPeak is kept by open()
    if (this.socketPeak - open >= TRIM_WAVE) {
      this.trimsLeft = 3;
      this.socketPeak = open;
    }
    if (this.trimsLeft > 0) {
      this.trimsLeft--;
      trimNativeMemory().then((done) => {
        if (done) this.metrics.memoryTrims++;
      }, () => {});
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
      profile: null,
      queue: Promise.resolve(),
      pending: 0,
      putting: null,
    };
    this.conns.set(conn.id, conn);
    this.metrics.socketsOpen = this.conns.size;
    this.socketPeak = Math.max(this.socketPeak, this.conns.size);
    return conn.id;
  }

  message(connId: string, raw: string | ArrayBuffer | Blob): Promise<void> {
    const conn = this.conns.get(connId);
    if (!conn || !this.allow(conn)) return Promise.resolve();
    const parsed = parseInbound(raw);
    if (!parsed.ok) {
      this.send(conn, rtError(parsed.error));
      return Promise.resolve();
    }
    // The hot path of a live call: a signal for a partner on this instance, with nothing of this
    // socket's still queued, goes out at once (in order all the same).
    if (
      parsed.message.type === "signal" && conn.pending === 0 && this.relayHere(conn, parsed.message)
    ) {
      return Promise.resolve();
    }
    conn.pending++;
    conn.queue = conn.queue.then(async () => {
      try {
        await this.handle(conn, parsed.message);
      } catch (err) {
        console.error("realtime message failed:", err);
        this.send(conn, rtError("failed"));
      } finally {
        conn.pending--;
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
        this.dropLocal(conn.userId, conn.id);
        await conn.putting;
        await retrying(() => removeTicket(this.kv, conn.userId, conn.id), PATIENT_RETRY);
      }
      const matchId = conn.matchId;
      if (matchId) {
        await retrying(
          () => this.disconnectFromMatch(conn.userId, matchId, conn.id),
          PATIENT_RETRY,
        );
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
      this.send(conn, rtError("flood"));
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
        return await this.register(conn, msg.peerId, msg.keepsLink === true);
      case "set_filters":
        await saveFilters(this.kv, conn.userId, msg.filters);
        conn.profile = null;
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
  private async register(conn: Conn, previousPeerId?: string, keepsLink = false) {
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
            payload: { type: "partner_reconnected", linkKept: keepsLink },
          });
          return;
        }
      }
    }
    conn.peerId ??= newPeerId();
    this.send(conn, { type: "registered", userId: conn.userId, peerId: conn.peerId });
    // Read now what the first search will need, so that it starts at once.
    if (!conn.profile) this.loadProfile(conn).catch(() => {});
  }

  /**
   * What a search needs of a member, read in one go: the record, today's session count, the
   * filters, the coarse place and the relations. Kept on the socket, so a search (the first,
   * and every "next") costs no read: the ticket holds only if the search version (which every
   * change to the rest moves) is unchanged, and is read afresh when it is not. The getMany is
   * asked before the list, so a block landing between the two is in the list even if the
   * version read missed it.
   */
  private loadProfile(conn: Conn): Promise<Profile> {
    const day = today();
    conn.profile = (async () => {
      const [[user, usage, filters, place, version, active], relations] = await Promise.all([
        this.kv.getMany<[UserRecord, Deno.KvU64, unknown, PrivateLocation, Deno.KvU64, string]>([
          keys.user(conn.userId),
          keys.usage(conn.userId, day),
          keys.filters(conn.userId),
          keys.location(conn.userId),
          keys.searchVersion(conn.userId),
          keys.mmActive(conn.userId),
        ]),
        relationsOf(this.kv, conn.userId),
      ]);
      return {
        user,
        filters,
        place,
        version,
        active,
        usage: { day, count: Number(usage.value?.value ?? 0n), versionstamp: usage.versionstamp },
        ...relations,
      };
    })();
    const loading = conn.profile;
    loading.catch(() => {
      if (conn.profile === loading) conn.profile = null;
    });
    return loading;
  }

  private async findMatch(conn: Conn, msg: Extract<Inbound, { type: "find_match" }>) {
    if (!conn.peerId) return this.send(conn, rtError("not_registered"));
    if (conn.matchId) await this.endSession(conn, "user_skipped");
    await this.enter(conn, msg, 0);
  }

  /**
   * Builds the member's ticket from the socket's copy of their profile and joins the search:
   * held in memory at first (attempt 0: the member's own request), or written at once (a later
   * attempt: after a claim that did not hold, or a put refused because the profile changed).
   */
  private async enter(
    conn: Conn,
    msg: Extract<Inbound, { type: "find_match" }>,
    attempt: number,
  ): Promise<void> {
    const profile = await (conn.profile ?? this.loadProfile(conn));
    if (attempt > 0 && (!conn.searching || this.conns.get(conn.id) !== conn)) return;
    const ticket = this.ticketFor(conn, profile, msg);
    if (typeof ticket === "string") {
      this.stopSearching(conn);
      if (ticket === "not_authenticated") {
        this.send(conn, rtError(ticket));
        return conn.socket.close(4401, "not authenticated");
      }
      if (ticket === "session_limit") {
        return this.send(conn, {
          type: "session_limit_reached",
          code: ticket,
          message: RT_TEXT.session_limit,
        });
      }
      return this.send(conn, rtError(ticket));
    }
    const search: Search = {
      entry: { key: keys.mmWaiting(ticket.userId), value: ticket, versionstamp: null },
      state: "held",
      at: Date.now(),
      checks: [profile.version],
      heldChecks: profile.active.value
        ? [profile.version, { key: keys.mmActive(ticket.userId), versionstamp: null }]
        : [profile.version],
      msg,
      attempt,
    };
    this.local.set(ticket.userId, search);
    if (attempt > 0) return this.put([search]);
    if (ticket.hashtags.length) {
      this.hashtagUses.put(ticket).catch((err) => console.error("counting hashtags failed:", err));
    }
    conn.searching = true;
    clearTimeout(conn.searchTimer);
    conn.searchTimer = setTimeout(
      () => this.searchTimedOut(conn),
      this.config.realtime.searchTimeoutMs,
    );
    this.send(conn, { type: "searching" });
    this.runMatching();
    this.schedulePut();
  }

  private stopSearching(conn: Conn) {
    conn.searching = false;
    clearTimeout(conn.searchTimer);
    this.dropLocal(conn.userId, conn.id);
  }

  /** Writes the tickets of searches held for HOLD_MS and still unpaired. */
  private schedulePut() {
    if (this.putTimer || this.stopped) return;
    let first = Infinity;
    for (const l of this.local.values()) if (l.state === "held") first = Math.min(first, l.at);
    if (first === Infinity) return;
    this.putTimer = setTimeout(() => this.putHeld(), Math.max(0, first + HOLD_MS - Date.now()));
  }

  private putHeld() {
    this.putTimer = undefined;
    // A pass about to run (a busy loop can hold both back) may pair them yet: put after it.
    if (this.passQueued) {
      this.putTimer = setTimeout(() => this.putHeld(), 0);
      return;
    }
    const now = Date.now();
    const ready = [...this.local.values()].filter((l) =>
      l.state === "held" && l.at + HOLD_MS <= now
    );
    if (ready.length) this.put(ready);
    this.schedulePut();
  }

  /**
   * Writes searches' tickets (many share a commit), each only if the member's search version is
   * unchanged; one refused is built again from a fresh read, at most five times.
   */
  private put(searches: Search[]) {
    for (const l of searches) l.state = "putting";
    const conns = searches.map((l) => this.conns.get(l.entry.value.connId));
    const write = (async () => {
      let results: (string | null)[] | null = null;
      try {
        results = await putTickets(
          this.kv,
          searches.map((l) => ({ ticket: l.entry.value, checks: l.checks })),
        );
      } catch (err) {
        console.error("writing search tickets failed:", err);
      }
      searches.forEach((l, i) => {
        const conn = conns[i];
        // Replaced by a newer search, closed or timed out meanwhile: nothing more to do here
        // (a close or time-out waits for this write, then removes the ticket).
        if (this.local.get(l.entry.value.userId) !== l || !conn?.searching) return;
        const versionstamp = results?.[i];
        if (versionstamp) {
          this.metrics.ticketsWritten++;
          l.entry = { ...l.entry, versionstamp };
          l.state = "put";
          l.at = Date.now();
          return;
        }
        if (results && l.msg && l.attempt < 4) {
          // Something the ticket came from changed since it was read: read it again.
          this.local.delete(l.entry.value.userId);
          conn.profile = null;
          this.enter(conn, l.msg, l.attempt + 1).catch((err) => this.searchFailed(conn, err));
          return;
        }
        this.searchFailed(conn, "ticket refused 5 times");
      });
      this.runMatching();
    })();
    for (const conn of conns) if (conn) conn.putting = write;
    this.putting.add(write);
    write.finally(() => {
      this.putting.delete(write);
      for (const conn of conns) if (conn?.putting === write) conn.putting = null;
    });
  }

  private searchFailed(conn: Conn, err: unknown) {
    console.error("search failed:", err);
    if (!conn.searching) return;
    this.stopSearching(conn);
    this.send(conn, rtError("failed"));
  }

  /** The search ticket of a member's profile, or the text that refuses the search. */
  private ticketFor(
    conn: Conn,
    profile: Profile,
    msg: Extract<Inbound, { type: "find_match" }>,
  ): Ticket | RtErrorCode {
    const user = profile.user.value && !profile.user.value.deletedAt ? profile.user.value : null;
    if (!user) return "not_authenticated";
    if (!user.location.trim()) return "location_required";
    const limit = TIERS[user.tier].dailySessionLimit;
    const usage = profile.usage.day === today() ? profile.usage : undefined;
    if (limit >= 0 && usage && usage.count >= limit) return "session_limit";
    const filters = readSavedFilters(profile.filters.value);
    const place = profile.place.value;
    const asked = (msg.preferences?.hashtags ?? []).map(normalizeHashtag).filter(Boolean);
    const hashtags = [...new Set(asked.length ? asked : filters.hashtags)].slice(0, MAX_HASHTAGS);
    const hide = user.hideExactLocation || msg.preferences?.hideLocation === true;
    const typed = splitLocation(user.location);
    const [city, country] = [typed.city || null, typed.country || null];
    const now = Date.now();
    return {
      userId: user.id,
      username: user.username,
      peerId: conn.peerId!,
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
      usage,
      avoid: profile.avoid,
      recent: profile.recent,
    };
  }

  private async searchTimedOut(conn: Conn) {
    if (!conn.searching) return;
    try {
      this.dropLocal(conn.userId, conn.id);
      await conn.putting;
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
    this.send(conn, { type: "no_match_found", code: "no_match", message: RT_TEXT.no_match });
  }

  /** Forgets this instance's ticket of a member (if it is that connection's). */
  private dropLocal(userId: string, connId: string) {
    if (this.local.get(userId)?.entry.value.connId === connId) this.local.delete(userId);
  }

  private searchers(): Conn[] {
    return [...this.conns.values()].filter((c) => c.searching);
  }

  /**
   * Runs a matching pass soon: the triggers of one turn of the event loop (a batch of tickets
   * put) share one pass. Choosing is synchronous, so passes never overlap in choosing; their
   * claims may be under way side by side, as they never share a member.
   */
  private runMatching() {
    if (this.stopped || this.passQueued) return;
    this.passQueued = true;
    setTimeout(() => {
      this.passQueued = false;
      if (this.stopped) return;
      const claiming = this.matchPass().catch((err) => console.error("matching failed:", err));
      this.claiming.add(claiming);
      claiming.finally(() => this.claiming.delete(claiming));
    }, 0);
  }

  /**
   * Pairs this instance's searchers with anyone waiting anywhere, from memory: this instance's
   * own searches (held as they arrived, or put), and the other instances' tickets as last
   * listed. The list is refreshed in the background at most every LIST_EVERY_MS while anyone
   * here waits, and at once after a claim found the view stale; each refresh is followed by
   * another pass. A search unpaired after HOLD_MS is written, and lists go on while it waits,
   * so of two members arriving together on different instances at least one sees the other;
   * the atomic claim decides if both try.
   */
  private async matchPass() {
    if (Date.now() - this.listedAt >= LIST_EVERY_MS) this.refreshPool();
    // The whole pool, oldest first: the order in which equal candidates win. A search whose
    // ticket is being written sits this pass out.
    const here = [...this.local.values()].filter((l) => l.state !== "putting");
    const sorted: TicketEntry[] = here.map((l) => l.entry).concat(this.remote)
      .sort((x, y) => byWaiting(x.value, y.value));
    const byUser = new Map(sorted.map((e) => [e.value.userId, e]));
    const pool = sorted.map((e) => e.value);
    const anyVip = pool.some((t) => t.vip);
    const mine = here.sort((x, y) =>
      Number(y.entry.value.vip) - Number(x.entry.value.vip) ||
      byWaiting(x.entry.value, y.entry.value)
    );
    // Choose every pair of this pass in memory first, then claim them in a few commits: a pair
    // that lost a race (someone else took a member meanwhile) waits for the next pass.
    const taken = new Set<string>();
    const chosen: [TicketEntry, TicketEntry][] = [];
    for (const { entry: me } of mine) {
      if (taken.has(me.value.userId)) continue;
      taken.add(me.value.userId);
      const best = bestInOrder(me.value, pool, taken, anyVip);
      if (!best) {
        taken.delete(me.value.userId);
        continue;
      }
      taken.add(best.userId);
      chosen.push([me, byUser.get(best.userId)!]);
    }
    if (chosen.length) {
      // Out of the view at once: the next pass must not choose them again meanwhile. Held
      // searches are kept aside: their claim checks the search version they were built from
      // (see Search.heldChecks).
      const held = new Map<string, Search>();
      for (const [me, them] of chosen) {
        for (const e of [me, them]) {
          const l = this.local.get(e.value.userId);
          if (l?.state === "held") held.set(e.value.userId, l);
          if (l) this.local.delete(e.value.userId);
        }
      }
      this.remote = this.remote.filter((e) => !taken.has(e.value.userId));
      const claims = await pairMany(
        this.kv,
        chosen.map(([me, them]) => this.pairRequest(me, them, held)),
      );
      const results = await Promise.all(
        chosen.map(([me, them], i) =>
          this.settle(me, them, claims[i]).catch((err) => {
            console.error("pairing failed:", err);
            return "failed" as const;
          })
        ),
      );
      chosen.forEach(([me, them], i) => {
        if (results[i] === "paired" || claims[i].ok) return;
        // A held search whose claim did not hold (its partner was taken elsewhere, or what it
        // was built from changed) is built again from a fresh read and written to the pool.
        const out = results[i] === "limit_a" ? me : results[i] === "limit_b" ? them : null;
        for (const e of [me, them]) {
          const l = held.get(e.value.userId);
          const conn = this.conns.get(e.value.connId);
          if (!l?.msg || e === out || !conn?.searching || this.local.has(e.value.userId)) continue;
          conn.profile = null;
          this.enter(conn, l.msg, l.attempt + 1).catch((err) => this.searchFailed(conn, err));
        }
      });
      if (results.some((r) => r !== "paired")) {
        // Someone was taken elsewhere, or a ticket changed: look at the whole pool again.
        this.listedAt = 0;
        this.refreshPool();
      }
    }
    // Searchers still waiting here: keep the view of the other instances fresh for them.
    if (this.local.size && !this.relistTimer) {
      this.relistTimer = setTimeout(() => {
        this.relistTimer = undefined;
        if (this.local.size) this.refreshPool();
      }, Math.max(0, this.listedAt + LIST_EVERY_MS - Date.now()));
    }
  }

  /**
   * Lists the pool (one refresh at a time) and runs a pass over it. KV is the truth for this
   * instance's put tickets too: one put before the list began and missing from it is gone
   * (paired by another instance, replaced by another socket of the member, or swept).
   */
  private refreshPool() {
    if (this.refreshing || this.stopped) return;
    this.refreshing = (async () => {
      try {
        const began = Date.now();
        const listed = (await retrying(() => listTickets(this.kv))).filter((e) => {
          if (began - e.value.seenAt <= this.ticketStaleMs) return true;
          // A vanished instance's searcher: gone from the pool (best effort; retried later).
          this.kv.atomic().check(e).delete(e.key).commit().catch(() => {});
          return false;
        });
        this.listedAt = Date.now();
        const own = new Map<string, Deno.KvEntry<Ticket>>();
        this.remote = [];
        for (const e of listed) {
          if (e.value.instanceId === this.instanceId) own.set(e.value.userId, e);
          else this.remote.push(e);
        }
        for (const [userId, l] of this.local) {
          if (l.state !== "put") continue; // not written yet: not in the list
          const e = own.get(userId);
          if (e && e.value.connId === l.entry.value.connId) l.entry = e;
          else if (l.at < began) this.local.delete(userId);
        }
        // A searcher here whose claim failed (its partner was taken elsewhere) is back in view.
        for (const [userId, e] of own) {
          if (!this.local.has(userId) && this.conns.get(e.value.connId)?.searching) {
            this.local.set(userId, {
              entry: e,
              state: "put",
              at: began,
              checks: [e],
              heldChecks: [],
              attempt: 0,
            });
          }
        }
        this.remote = this.remote.filter((e) => !this.local.has(e.value.userId));
      } catch (err) {
        console.error("listing the pool failed:", err);
      } finally {
        this.refreshing = null;
      }
      this.runMatching();
    })();
  }

  /** The match two tickets would make: the member found in the pool makes the offer. */
  private pairRequest(me: TicketEntry, them: TicketEntry, held: Map<string, Search>): PairRequest {
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
      checks: {
        a: held.get(me.value.userId)?.heldChecks,
        b: held.get(them.value.userId)?.heldChecks,
      },
    };
  }

  /** After a claim: tell both sides of a match, or take a member out of sessions off the pool. */
  private async settle(
    me: TicketEntry,
    them: TicketEntry,
    result: PairResult,
  ): Promise<"paired" | "limit_a" | "limit_b" | "taken"> {
    if (result.ok) {
      this.metrics.matchesMade++;
      const m = result.match;
      // Each side is told on its own, so a failure telling one cannot silence the other.
      await Promise.all(
        [m.a, m.b].map((s) =>
          this.deliver(s, {
            event: "matched",
            matchId: m.id,
            match: m,
            versionstamp: result.versionstamp,
          }).catch((err) => console.error("telling a match failed:", err))
        ),
      );
      const at = m.startedAt;
      this.sessions.put({ userId: me.value.userId, partnerCountry: them.value.me.country, at })
        .catch((err) => console.error("counting a session failed:", err));
      this.sessions.put({ userId: them.value.userId, partnerCountry: me.value.me.country, at })
        .catch((err) => console.error("counting a session failed:", err));
      return "paired";
    }
    if (result.reason === "limit_a" || result.reason === "limit_b") {
      const out = result.reason === "limit_a" ? me : them;
      this.dropLocal(out.value.userId, out.value.connId);
      await retrying(() => removeTicket(this.kv, out.value.userId, out.value.connId));
      await this.deliver(
        { instanceId: out.value.instanceId, connId: out.value.connId, userId: out.value.userId },
        {
          payload: {
            type: "session_limit_reached",
            code: "session_limit",
            message: RT_TEXT.session_limit,
          },
        },
      );
      return result.reason;
    }
    return "taken";
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

  /** Relays a signal to a partner on this instance at once; false: not that case. */
  private relayHere(conn: Conn, msg: Extract<Inbound, { type: "signal" }>): boolean {
    const lm = conn.matchId ? this.live.get(conn.matchId) : null;
    const partner = lm ? otherSide(lm.match, conn.userId) : null;
    if (!partner || partner.peerId !== msg.to || partner.instanceId !== this.instanceId) {
      return false;
    }
    const target = this.conns.get(partner.connId);
    if (!target) return false;
    this.metrics.observeRelay(0);
    this.send(target, { type: "signal", from: conn.peerId!, signal: msg.signal });
    return true;
  }

  private async relaySignal(
    conn: Conn,
    to: string,
    signal: Extract<Inbound, { type: "signal" }>["signal"],
  ) {
    const lm = conn.matchId ? this.live.get(conn.matchId) : null;
    if (!lm) return this.send(conn, rtError("not_in_match"));
    const partner = otherSide(lm.match, conn.userId);
    if (!partner || partner.peerId !== to) {
      return this.send(conn, rtError("not_your_partner"));
    }
    await this.deliver(partner, { payload: { type: "signal", from: conn.peerId!, signal } });
  }

  private async reaction(conn: Conn, emoji: string) {
    if (!REACTION_EMOJI.includes(emoji)) {
      return this.send(conn, rtError("bad_reaction"));
    }
    const lm = conn.matchId ? this.live.get(conn.matchId) : null;
    if (!lm) return this.send(conn, rtError("not_in_match"));
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
    else await retrying(() => post(this.kv, to.instanceId, full), PATIENT_RETRY);
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

  /**
   * The pairing commit counted a session, moved the search version and remembered the partner:
   * the socket's copy of the profile follows (the count's and the version's versionstamp are
   * the commit's now; the partner joins the recent ones), so the next search needs no read.
   * Without the versionstamp the copy is dropped. Another socket of the member, whose copy does
   * not follow, reads its profile again at its next search (the version moved).
   */
  private profileMatched(conn: Conn, match: Match, versionstamp: string | undefined) {
    const partner = otherSide(match, conn.userId);
    if (!versionstamp || !partner || !conn.profile) {
      conn.profile = null;
      return;
    }
    const day = today(match.startedAt);
    const next = conn.profile.then((p) => ({
      ...p,
      version: { key: keys.searchVersion(conn.userId), versionstamp },
      recent: [...new Set([...p.recent, partner.userId])],
      usage: p.usage.day === day
        ? { day, count: p.usage.count + 1, versionstamp }
        : { day, count: 1, versionstamp },
    }));
    conn.profile = next;
    next.catch(() => {
      if (conn.profile === next) conn.profile = null;
    });
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
      this.dropLocal(conn.userId, conn.id);
      conn.matchId = msg.matchId;
      this.profileMatched(conn, match, msg.versionstamp);
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
      if (msg.payload.type === "session_limit_reached") this.stopSearching(conn);
      if (msg.payload.type === "signal") this.metrics.observeRelay(Date.now() - msg.sentAt);
      this.send(conn, msg.payload);
    }
  }
}

function keysFor(instanceId: string) {
  return keys.rtInboxSignal(instanceId);
}

/**
 * Gathers the items handed in within `waitMs` and writes them together (several writes may be
 * under way at once); each caller's promise settles with its item's result. At most 500 items a
 * write.
 */
class Batcher<T, R> {
  private pending: { item: T; done: (r: R) => void; fail: (e: unknown) => void }[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private write: (items: T[]) => Promise<R[]>, private waitMs = 2) {}

  put(item: T): Promise<R> {
    return new Promise((done, fail) => {
      this.pending.push({ item, done, fail });
      this.timer ??= setTimeout(() => this.flush(), this.waitMs);
    });
  }

  /** Writes what is pending now (at stop, so nothing waits on a timer past the KV's life). */
  async drain() {
    if (this.timer) clearTimeout(this.timer);
    await this.flush();
  }

  private flush(): Promise<unknown> {
    this.timer = null;
    const writes: Promise<void>[] = [];
    while (this.pending.length) {
      const batch = this.pending.splice(0, 500);
      writes.push(
        this.write(batch.map((b) => b.item)).then(
          (results) => batch.forEach((b, i) => b.done(results[i])),
          (err) => batch.forEach((b) => b.fail(err)),
        ),
      );
    }
    return Promise.all(writes);
  }
}
