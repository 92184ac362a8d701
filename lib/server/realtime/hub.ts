// One server instance's realtime hub, the facade the /ws route talks to: start and stop, a
// socket's open, messages and close, and the dispatch of what arrives from a socket (what
// arrives from another instance: deliveries.ts). The work is done by its parts
// (docs/realtime.md, "Modules").
import type { Config } from "../config.ts";
import { saveFilters } from "../../../kv/filters.ts";
import { PATIENT_RETRY, retrying } from "../../../kv/retry.ts";
import { getTicket, removeTicket, touchTickets } from "../../../kv/tickets.ts";
import { type Conn, enqueue, newConn, send, type SocketLike } from "./connection.ts";
import { type Core, logFailure } from "./core.ts";
import { Mailbox } from "./mailbox.ts";
import { Deliveries } from "./deliveries.ts";
import { hashtagUseBatch, sessionCheckBatch } from "./after_claims.ts";
import { Instances } from "./instances.ts";
import { LiveMatches } from "./live_matches.ts";
import { Matcher } from "./matcher.ts";
import { Searches } from "./searches.ts";
import { SessionEnds } from "./session_ends.ts";
import { SearchPool } from "./search_pool.ts";
import { WaitingRoom } from "./waiting.ts";
import { PushNotifier } from "../push/notifier.ts";
import { reloadProfile } from "./profiles.ts";
import type { FindMatch } from "./ticket.ts";
import {
  type Inbound,
  newPeerId,
  parseInbound,
  rtError,
  type RtErrorCode,
} from "../../shared/realtime/protocol.ts";
import { CLOSE_CODE } from "../../shared/realtime/texts.ts";
import { screenSignal } from "./candidates.ts";
import { MAX_SOCKETS_PER_MEMBER } from "./socket_limits.ts";
import { Metrics } from "./metrics.ts";
import { ProcessMetrics } from "../observe/process_metrics.ts";
import { trimNativeMemory } from "../runtime/trim.ts";
import { logger } from "../../shared/log.ts";
import type { Locale } from "../../shared/i18n/locales.ts";

export type { SocketLike };

const MATCH_EVERY_MS = 1_000;
/** How often the hub looks whether a wave of sockets closed (see trimAfterWave). */
const TRIM_CHECK_MS = 10_000;
/** Sockets that must have closed since the peak for the freed memory to be worth returning. */
const TRIM_WAVE = 500;

export class Hub {
  readonly instanceId = crypto.randomUUID();
  readonly metrics = new Metrics();
  /** The process's memory and event-loop lag, sampled while the hub runs. */
  readonly process = new ProcessMetrics();
  private core: Core;
  private instances: Instances;
  private mailbox: Mailbox;
  private live: LiveMatches;
  private pool: SearchPool;
  private matcher: Matcher;
  private searches: Searches;
  private sessionEnds: SessionEnds;
  private deliveries: Deliveries;
  private waiting: WaitingRoom;
  /** "Tell me when someone is here": Web Push notices (lib/server/push/). */
  readonly push: PushNotifier;
  private timers: ReturnType<typeof setInterval>[] = [];
  /** Each member's open sockets on this instance, oldest first. */
  private memberConns = new Map<string, Conn[]>();
  /** The hashtags searched with, counted after the fact (after_claims.ts). */
  private hashtagUses: ReturnType<typeof hashtagUseBatch>;
  /** Whether sessions are still alive, read together (after_claims.ts; see findMatch). */
  private sessionChecks: ReturnType<typeof sessionCheckBatch>;

  constructor(private kv: Deno.Kv, config: Config) {
    this.core = {
      kv,
      config,
      instanceId: this.instanceId,
      metrics: this.metrics,
      conns: new Map(),
      stopped: false,
    };
    this.hashtagUses = hashtagUseBatch(kv, () => this.matcher);
    this.sessionChecks = sessionCheckBatch(kv, () => this.matcher);
    this.instances = new Instances(this.core, () => this.heartbeat());
    this.mailbox = new Mailbox(this.core, (msg) => this.deliveries.receive(msg));
    const deliver = this.mailbox.deliver.bind(this.mailbox);
    this.live = new LiveMatches(this.core, {
      deliver,
      instances: this.instances,
    });
    this.pool = new SearchPool(this.core, {
      changed: () => this.matcher.run(),
      refused: (search) => this.searches.rebuild(search),
      failed: (_userId, connId, err) => this.searches.failed(connId, err),
      passQueued: () => this.matcher.queued,
      alive: (ids) => this.instances.alive(ids),
    });
    this.matcher = new Matcher(this.core, {
      pool: this.pool,
      deliver,
      rebuild: (search) => this.searches.rebuild(search),
    });
    this.waiting = new WaitingRoom(this.core, this.pool);
    this.push = new PushNotifier({ kv, config, searching: () => this.pool.everyone() });
    this.searches = new Searches(this.core, {
      pool: this.pool,
      matcher: this.matcher,
      hashtagUses: this.hashtagUses,
      began: (conn) => this.waiting.began(conn),
      ended: (conn, waitMs) => this.waiting.ended(conn, waitMs),
      matched: (conn, matchId) => this.deliveries.matched(conn, matchId),
    });
    this.deliveries = new Deliveries(this.core, {
      mailbox: this.mailbox,
      matcher: this.matcher,
      searches: this.searches,
      live: this.live,
      waiting: this.waiting,
    });
    this.sessionEnds = new SessionEnds(this.core, {
      connsOf: (userId) => this.memberConns.get(userId) ?? [],
      end: (conn) => this.signedOut(conn),
    });
  }

  // ---------- Lifecycle ----------

  private started: Promise<void> | null = null;

  /** Starts the pulse, the mailbox watch and the matching timer (once). */
  start(): Promise<void> {
    this.started ??= (async () => {
      await this.instances.start();
      this.process.start();
      this.mailbox.start();
      this.sessionEnds.start();
      this.waiting.start();
      this.push.start();
      this.timers.push(
        setInterval(() => this.trimAfterWave(), TRIM_CHECK_MS),
        setInterval(() => {
          if (this.waitingCount()) this.matcher.run();
        }, MATCH_EVERY_MS),
      );
    })();
    return this.started;
  }

  /**
   * Stops this instance's realtime work and withdraws it: its searchers' tickets leave the pool
   * and its presence record goes, so other instances neither pair anyone with a member this one
   * can no longer reach nor wait for its heartbeat to lapse. Its sockets stay open (the server or
   * the process closes them); their pages reconnect elsewhere and search, or resume, again.
   */
  async stop() {
    this.core.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.process.stop();
    this.live.stop();
    this.pool.stop();
    for (const c of this.core.conns.values()) clearTimeout(c.search?.timer);
    await this.mailbox.stop();
    await this.sessionEnds.stop();
    await this.waiting.stop();
    await this.push.stop();
    await this.pool.settled();
    await this.matcher.stop();
    await this.pool.settled();
    await Promise.all(
      [...this.core.conns.values()].filter((c) => c.search).map(async (c) => {
        await c.putting;
        await removeTicket(this.kv, c.userId, c.id).catch(logFailure("ticket withdrawal failed"));
      }),
    );
    await this.sessionChecks.drain();
    await this.hashtagUses.drain();
    await this.instances.stop();
  }

  private async heartbeat() {
    // A search still held, or being put, has no ticket to touch yet, and one out of the pool is
    // being claimed (in a burst, nearly all of them, for seconds) or was taken elsewhere: no read
    // for it (a ticket goes stale only after 6 heartbeats).
    const searching = [...this.core.conns.values()].filter((c) => {
      const s = c.search && this.pool.get(c.userId);
      return s && (s.state === "put" || s.entry.value.connId !== c.id);
    });
    this.pool.touched(
      await touchTickets(this.kv, searching.map((c) => c.userId), this.instanceId),
    );
    await this.live.checkPartners();
  }

  private socketPeak = 0;
  private trimsLeft = 0;

  /**
   * After a wave of closed sockets, hands the freed native memory back to the OS on the next few
   * checks (V8 frees its part over several collections, so one trim is not enough).
   */
  private trimAfterWave() {
    const open = this.core.conns.size;
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

  /** A socket of a signed-in member has opened (`sid`: the session it was opened with). */
  open(
    socket: SocketLike,
    user: { id: string; username: string },
    sid: string,
    locale: Locale,
  ): string {
    const conn = newConn(socket, user, sid, locale);
    this.closeOldest(user.id);
    this.core.conns.set(conn.id, conn);
    this.memberConns.set(user.id, [...(this.memberConns.get(user.id) ?? []), conn]);
    if (this.sessionEnds.hasEnded(sid)) this.signedOut(conn);
    this.metrics.socketsOpen = this.core.conns.size;
    this.socketPeak = Math.max(this.socketPeak, this.core.conns.size);
    return conn.id;
  }

  /**
   * Makes room for a new socket of the member: beyond MAX_SOCKETS_PER_MEMBER on this instance,
   * their oldest is told it was replaced and closed (4409, which the page does not retry).
   */
  private closeOldest(userId: string) {
    const mine = (this.memberConns.get(userId) ?? []).filter((c) => !c.closing);
    for (const old of mine.slice(0, Math.max(0, mine.length - MAX_SOCKETS_PER_MEMBER + 1))) {
      old.closing = true;
      this.refuse(old, "replaced");
      old.socket.close(CLOSE_CODE.replaced, "replaced by a newer socket");
    }
  }

  message(connId: string, raw: string | ArrayBuffer | Blob): Promise<void> {
    const conn = this.core.conns.get(connId);
    if (!conn || conn.closing || !this.allow(conn)) return Promise.resolve();
    const parsed = parseInbound(raw);
    if (!parsed.ok) {
      this.refuse(conn, parsed.error);
      if (parsed.error === "too_large") conn.socket.close(CLOSE_CODE.tooLarge, "message too large");
      else if (conn.limits.refusedMessage()) {
        conn.socket.close(CLOSE_CODE.policy, "too many refused messages");
      }
      return Promise.resolve();
    }
    const message = this.screened(parsed.message);
    if (!message) return Promise.resolve();
    // The relay fast path: a signal for a partner on this instance, with nothing of this
    // socket's still queued, goes out at once (in order all the same).
    if (
      message.type === "signal" && conn.pending === 0 && this.live.relayHere(conn, message)
    ) {
      return Promise.resolve();
    }
    return enqueue(conn, () => this.handle(conn, message), (err) => {
      const code = this.metrics.refusedFor(err);
      if (conn.limits.firstOf(code)) logger.error("realtime message failed", err);
      send(conn, rtError(code));
    });
  }

  /**
   * A signal as the partner may receive it (candidates.ts: a candidate naming the member's own
   * network is dropped, null), loopback allowed outside production; any other message as it is.
   */
  private screened(msg: Inbound): Inbound | null {
    if (msg.type !== "signal") return msg;
    const signal = screenSignal(msg.signal, { allowLoopback: !this.core.config.production });
    return signal && { ...msg, signal };
  }

  /** Members searching on this instance (for /metrics). */
  waitingCount(): number {
    let n = 0;
    for (const c of this.core.conns.values()) if (c.search) n++;
    return n;
  }

  /** A socket closed: it leaves the pool at once, and a live match hears of it after the grace. */
  async close(connId: string) {
    const conn = this.core.conns.get(connId);
    if (!conn) return;
    this.core.conns.delete(connId);
    const rest = (this.memberConns.get(conn.userId) ?? []).filter((c) => c !== conn);
    if (rest.length) this.memberConns.set(conn.userId, rest);
    else this.memberConns.delete(conn.userId);
    await conn.queue;
    this.metrics.socketsOpen = this.core.conns.size;
    try {
      if (conn.search) {
        this.searches.stop(conn);
        await conn.putting;
        await retrying(() => removeTicket(this.kv, conn.userId, conn.id), PATIENT_RETRY);
      }
      const matchId = conn.matchId;
      if (matchId) {
        await retrying(() => this.live.disconnect(conn.userId, matchId, conn.id), PATIENT_RETRY);
      }
    } catch (err) {
      // The stale-ticket sweep and the partners' instance check clean up after us.
      logger.error("realtime close failed", err);
    }
  }

  /**
   * Stops choosing pairs on this instance (one being drained before a deploy): its searchers
   * stay in the pool, where other instances pair them, and its sockets are served as before.
   */
  stopMatching() {
    this.matcher.paused = true;
  }

  /** Ends the live match between two members (a report), wherever they are. */
  endMatchBetween(userId: string, partnerId: string, reason: string) {
    return this.live.endBetween(userId, partnerId, reason);
  }

  /**
   * A safety hold was placed on the member: a live match of theirs ends, and a search of theirs
   * stops, wherever their socket is; their page hears on_hold either way.
   */
  async holdStarted(userId: string, reporterId?: string) {
    await this.live.endHeld(userId, reporterId);
    const ticket = (await getTicket(this.kv, userId)).value;
    if (ticket) await this.mailbox.deliver(ticket, { payload: rtError("on_hold") });
  }

  /**
   * The socket's session ended: its search stops, a live match ends for both at once (the member
   * cannot come back to it), then it hears so and is closed with 4401, which the page does not
   * retry.
   */
  private signedOut(conn: Conn) {
    if (conn.closing) return;
    conn.closing = true;
    this.metrics.refused("signed_out");
    enqueue(conn, async () => {
      if (conn.search) {
        this.searches.stop(conn);
        await conn.putting;
        await retrying(() => removeTicket(this.kv, conn.userId, conn.id), PATIENT_RETRY);
      }
      if (conn.matchId) await this.live.endSession(conn, "signed_out");
    }, logFailure("ending a signed-out member's match failed"))
      .finally(() => {
        send(conn, rtError("not_authenticated"));
        conn.socket.close(CLOSE_CODE.notAuthenticated, "signed out");
      });
  }

  /** The flood limit: a flood is dropped and gets an error response, other sockets never notice. */
  private allow(conn: Conn): boolean {
    const verdict = conn.limits.flood.take();
    if (verdict === "allow") return true;
    this.metrics.messagesDropped++;
    this.refuse(conn, "flood", verdict === "drop_and_warn");
    if (verdict === "close") conn.socket.close(CLOSE_CODE.policy, "flood");
    return false;
  }

  /**
   * A refused message: counted in /metrics by kind, logged the first time on this socket only,
   * and responded to with its code unless `respond` is false.
   */
  private refuse(conn: Conn, code: RtErrorCode, respond = true) {
    this.metrics.refused(code);
    if (conn.limits.firstOf(code)) {
      logger.warn(
        "socket refused a message (further refusals on it are counted in /metrics only)",
        {
          user: conn.userId,
          code,
        },
      );
    }
    if (respond) send(conn, rtError(code));
  }

  // ---------- Messages from the socket ----------

  private async handle(conn: Conn, msg: Inbound) {
    switch (msg.type) {
      case "ping":
        return send(conn, { type: "pong" });
      case "register":
        return await this.register(conn, msg.peerId, msg.keepsLink === true);
      case "set_filters":
        if (!conn.limits.filterChange()) return this.refuse(conn, "set_filters_limit");
        await saveFilters(this.kv, conn.userId, msg.filters);
        conn.profile = null;
        return;
      case "find_match":
        return await this.findMatch(conn, msg);
      case "signal":
        return await this.live.relaySignal(conn, msg.to, msg.signal);
      case "reaction":
        return await this.live.reaction(conn, msg.emoji);
      case "end_session":
        return await this.live.endSession(conn, msg.reason ?? "user_ended", msg.linkFailed);
      case "link_connected":
        return this.live.linkConnected(conn);
      case "widen":
        return await this.waiting.widen(conn, msg);
    }
  }

  /** Gives the socket its peer id, or resumes the live match whose peer id it brings back. */
  private async register(conn: Conn, previousPeerId?: string, keepsLink = false) {
    if (previousPeerId && await this.live.resume(conn, previousPeerId, keepsLink)) return;
    conn.peerId ??= newPeerId();
    send(conn, { type: "registered", userId: conn.userId, peerId: conn.peerId });
    // Read now what the first search will need, so that it starts at once.
    if (!conn.profile) reloadProfile(this.kv, conn).catch(() => {});
  }

  private async findMatch(conn: Conn, msg: FindMatch) {
    if (!conn.peerId) return send(conn, rtError("not_registered"));
    // The session may have ended in a way this instance has not heard of (see SessionEnds): read
    // again once a heartbeat has passed since it was last known alive, beside the search, never
    // in its way (a read before it costs a burst of searches ~200 ms at p99); a dead one stops
    // the search, or ends the match it made at once.
    const now = Date.now();
    if (now - conn.sessionSeenAt >= this.core.config.realtime.heartbeatMs) {
      conn.sessionSeenAt = now;
      this.sessionChecks.put(conn.sid).then((alive) => {
        if (!alive) this.signedOut(conn);
      }, logFailure("session check failed"));
    }
    if (conn.matchId) await this.live.endSession(conn, "user_skipped");
    await this.searches.enter(conn, msg, 0);
  }
}
