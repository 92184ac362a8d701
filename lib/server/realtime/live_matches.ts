// The live matches with a side on this instance: each one's end timer and grace timers, resume
// after a dropped socket, the end of a match (once, whoever calls), and the relay of signals and
// reactions between partners (docs/realtime.md, "A match").
import { isLocale } from "../../shared/i18n/locales.ts";
import { mediaProfileFor } from "../../shared/constants.ts";
import {
  activeMatchOf,
  endMatch,
  getMatch,
  type Match,
  noteLink,
  otherSide,
  sideOf,
  updateSide,
} from "../../../kv/matches.ts";
import { retrying } from "../../../kv/retry.ts";
import { type Conn, send } from "./connection.ts";
import type { Core } from "./core.ts";
import { logFailure } from "./core.ts";
import type { Envelope, Recipient } from "./mailbox.ts";
import type { Instances } from "./instances.ts";
import {
  type Inbound,
  REACTION_EMOJI,
  rtError,
  type Signal,
} from "../../shared/realtime/protocol.ts";
import { iceServersFor, transportPolicyFor } from "./ice.ts";
import { logger } from "../../shared/log.ts";
import { CLOCK_SKEW_TOLERANCE_MS } from "../../shared/realtime/clock.ts";

type Timer = ReturnType<typeof setTimeout>;

/** How often a match whose maker's clock is not known yet looks again at when it ends. */
const END_RECHECK_MS = 1_000;

interface LiveMatch {
  match: Match;
  endTimer: Timer;
  graceTimers: Map<string, Timer>;
}

export interface LiveDeps {
  deliver(to: Recipient, body: Envelope): Promise<void>;
  /** Which instances are alive, and how far their clocks are from this one's (instances.ts). */
  instances: Pick<Instances, "alive" | "isAlive" | "clockOffset">;
}

export class LiveMatches {
  private live = new Map<string, LiveMatch>();

  constructor(private core: Core, private deps: LiveDeps) {}

  stop() {
    for (const lm of this.live.values()) {
      clearTimeout(lm.endTimer);
      for (const g of lm.graceTimers.values()) clearTimeout(g);
      this.countSeconds(lm.match);
    }
    // The matches go on in the store (another instance resumes them); this one holds none now.
    this.live.clear();
    this.core.metrics.liveMatches = 0;
  }

  /** A match's seconds until now, counted once, by the instance that made it. */
  private countSeconds({ madeBy, startedAt }: Match) {
    if (!madeBy || madeBy === this.core.instanceId) {
      this.core.metrics.matchSeconds += Math.max(0, Date.now() - startedAt) / 1000;
    }
  }

  /** This instance now serves a side of the match: keep its timer. */
  adopt(match: Match) {
    const existing = this.live.get(match.id);
    if (existing) {
      existing.match = match;
      return;
    }
    this.live.set(match.id, {
      match,
      endTimer: this.endTimer(match.id, match),
      graceTimers: new Map(),
    });
    this.core.metrics.liveMatches = this.live.size;
  }

  /**
   * The match's end timer on this clock. While the maker's clock is not known (a maker this
   * instance has only just seen: after a restart, the beat of the instance that died is still
   * fresh for a few seconds), it looks again every second instead of holding the call the whole
   * tolerance longer: once the maker is seen dead, or its offset is known, the end is exact.
   */
  private endTimer(matchId: string, match: Match): Timer {
    const { at, settled } = this.endOf(match, true);
    const delay = Math.max(0, at - Date.now());
    if (!settled && delay > END_RECHECK_MS) {
      return setTimeout(() => {
        const lm = this.live.get(matchId);
        if (lm) lm.endTimer = this.endTimer(matchId, lm.match);
      }, END_RECHECK_MS);
    }
    return setTimeout(
      () => this.finish(matchId, "timeout", null).catch(logFailure("ending a match failed")),
      delay,
    );
  }

  /**
   * When the match ends on this clock. endsAt is the clock of the instance that made it: moved by
   * that clock's offset from this one as judged from its beats (seen late, never early); a maker
   * still beating whose offset is not known yet: the clock tolerance later when `safe` (a timer
   * that must not end a call early: the maker ends it on time), not `settled`; a maker gone: as
   * written.
   */
  private endOf(match: Match, safe: boolean): { at: number; settled: boolean } {
    const maker = match.madeBy;
    if (!maker || maker === this.core.instanceId) return { at: match.endsAt, settled: true };
    const offset = this.deps.instances.clockOffset(maker);
    if (offset !== null) return { at: match.endsAt - offset, settled: true };
    const unknown = safe && this.deps.instances.isAlive(maker);
    return { at: match.endsAt + (unknown ? CLOCK_SKEW_TOLERANCE_MS : 0), settled: !unknown };
  }

  forget(matchId: string) {
    const lm = this.live.get(matchId);
    if (!lm) return;
    clearTimeout(lm.endTimer);
    for (const g of lm.graceTimers.values()) clearTimeout(g);
    this.live.delete(matchId);
    this.core.metrics.liveMatches = this.live.size;
    this.countSeconds(lm.match);
  }

  /** Re-reads a match another instance changed (a side moved there). */
  async refresh(matchId: string) {
    const entry = await retrying(() => getMatch(this.core.kv, matchId));
    if (entry.value) this.adopt(entry.value);
  }

  async sendMatchFound(conn: Conn, match: Match, resumed = false) {
    const me = sideOf(match, conn.userId)!;
    const partner = otherSide(match, conn.userId)!;
    send(conn, {
      type: "match_found",
      matchId: match.id,
      peerId: partner.peerId,
      hashtag: me.hashtag,
      location: me.location,
      role: me.role,
      iceServers: await iceServersFor(this.core.config, conn.userId),
      iceTransportPolicy: transportPolicyFor(this.core.config.ice, me.hideIp),
      endsAt: match.endsAt,
      endsIn: Math.max(0, this.endOf(match, false).at - Date.now()),
      partnerConnected: partner.disconnectedAt === null,
      media: mediaProfileFor(me.hd === true),
      ...(me.partnerLanguage && isLocale(me.partnerLanguage)
        ? { partnerLanguage: me.partnerLanguage }
        : {}),
      ...(resumed ? { resumed: true } : {}),
    });
  }

  /**
   * A member coming back with the peer id of a live match that is waiting for them (a reload, a
   * socket that dropped) resumes it on this socket; the partner hears that they are back
   * (`linkKept`: their peer link went on, so only a broken one is rebuilt). False: nothing to
   * resume.
   */
  async resume(conn: Conn, previousPeerId: string, linkKept: boolean): Promise<boolean> {
    const active = await activeMatchOf(this.core.kv, conn.userId);
    const side = active ? sideOf(active.value, conn.userId) : null;
    if (!active || !side || side.peerId !== previousPeerId) return false;
    const resumed = await updateSide(this.core.kv, active.value.id, conn.userId, (s) => ({
      ...s,
      instanceId: this.core.instanceId,
      connId: conn.id,
      disconnectedAt: null,
    }));
    if (!resumed) return false;
    // A page whose link carried the call while its socket was away: the link connected.
    if (linkKept) this.noteLink(resumed.id, "linkedAt");
    conn.peerId = previousPeerId;
    conn.matchId = resumed.id;
    send(conn, { type: "registered", userId: conn.userId, peerId: previousPeerId, resumed: true });
    this.adopt(resumed);
    await this.sendMatchFound(conn, resumed, true);
    await this.deps.deliver(otherSide(resumed, conn.userId)!, {
      event: "partner_moved",
      matchId: resumed.id,
      payload: { type: "partner_reconnected", linkKept },
    });
    return true;
  }

  /**
   * Ends a match (once, whoever calls) and tells each side that did not end it. `linkFailed`: the
   * member ending it says its link never connected (see kv/matches.ts endMatch).
   */
  async finish(
    matchId: string,
    reason: string,
    byUserId: string | null,
    opts: { linkFailed?: boolean } = {},
  ): Promise<Match | null> {
    const ended = await endMatch(this.core.kv, matchId, reason, Date.now(), opts);
    this.forget(matchId);
    if (!ended) return null;
    const counted = ended.counted === false ? { counted: false } : {};
    for (const side of [ended.a, ended.b]) {
      if (side.userId === byUserId) continue;
      await this.deps.deliver(side, {
        event: "ended",
        matchId,
        payload: { type: "session_ended", reason, ...counted },
      });
    }
    return ended;
  }

  /** The member ends their session (or skips to the next), saying whether its link failed. */
  async endSession(conn: Conn, reason: string, linkFailed = false) {
    if (!conn.matchId) return;
    const matchId = conn.matchId;
    conn.matchId = null;
    const ended = await this.finish(matchId, reason, conn.userId, { linkFailed });
    // The day's count went back down (and the search version moved): the next search reads the
    // member's profile afresh instead of building on a copy whose claim would not hold.
    if (ended?.counted === false) conn.profile = null;
  }

  /** The member's page says its peer link connected. */
  linkConnected(conn: Conn) {
    if (conn.matchId) this.noteLink(conn.matchId, "linkedAt");
  }

  /**
   * Notes in the match, once, an answer relayed or a link connected: what decides whether a
   * member's end that says the link failed counts as no session. Beside the relay, never in its
   * way; the live copy remembers it so it is written once.
   */
  private noteLink(matchId: string, what: "answeredAt" | "linkedAt") {
    const lm = this.live.get(matchId);
    if (lm?.match[what] !== undefined) return;
    if (lm) lm.match = { ...lm.match, [what]: Date.now() };
    noteLink(this.core.kv, matchId, what).catch(logFailure(`noting ${what} failed`));
  }

  /** Ends the live match between two members (a report), wherever they are. */
  async endBetween(userId: string, partnerId: string, reason: string) {
    const active = await activeMatchOf(this.core.kv, userId);
    if (!active || otherSide(active.value, userId)?.userId !== partnerId) return;
    for (const c of this.core.conns.values()) if (c.matchId === active.value.id) c.matchId = null;
    await this.finish(active.value.id, reason, null);
  }

  /**
   * A safety hold on `userId` ends their live match, wherever the two are: the held member hears
   * why (on_hold, which their page shows), the partner only that the session ended (the neutral
   * reason a sign-out gives; "reported" when the partner is the reporter whose report held them).
   */
  async endHeld(userId: string, reporterId?: string) {
    const active = await activeMatchOf(this.core.kv, userId);
    if (!active) return;
    const matchId = active.value.id;
    for (const c of this.core.conns.values()) if (c.matchId === matchId) c.matchId = null;
    const ended = await endMatch(this.core.kv, matchId, "signed_out", Date.now());
    this.forget(matchId);
    if (!ended) return;
    for (const side of [ended.a, ended.b]) {
      await this.deps.deliver(side, {
        event: "ended",
        matchId,
        payload: side.userId === userId ? rtError("on_hold") : {
          type: "session_ended",
          reason: side.userId === reporterId ? "reported" : "signed_out",
        },
      });
    }
  }

  /**
   * The hot path of a live call: a signal for a partner on this instance goes out at once.
   * False: not that case (the caller queues it).
   */
  relayHere(conn: Conn, msg: Extract<Inbound, { type: "signal" }>): boolean {
    const lm = conn.matchId ? this.live.get(conn.matchId) : null;
    const partner = lm ? otherSide(lm.match, conn.userId) : null;
    if (!partner || partner.peerId !== msg.to || partner.instanceId !== this.core.instanceId) {
      return false;
    }
    const target = this.core.conns.get(partner.connId);
    if (!target) return false;
    this.core.metrics.observeRelay(0);
    send(target, { type: "signal", from: conn.peerId!, signal: msg.signal });
    if (msg.signal.type === "answer") this.noteLink(lm!.match.id, "answeredAt");
    return true;
  }

  async relaySignal(conn: Conn, to: string, signal: Signal) {
    const lm = conn.matchId ? this.live.get(conn.matchId) : null;
    if (!lm) return send(conn, rtError("not_in_match"));
    const partner = otherSide(lm.match, conn.userId);
    if (!partner || partner.peerId !== to) return send(conn, rtError("not_your_partner"));
    await this.deps.deliver(partner, { payload: { type: "signal", from: conn.peerId!, signal } });
    if (signal.type === "answer") this.noteLink(lm.match.id, "answeredAt");
  }

  async reaction(conn: Conn, emoji: string) {
    if (!REACTION_EMOJI.includes(emoji)) return send(conn, rtError("bad_reaction"));
    const lm = conn.matchId ? this.live.get(conn.matchId) : null;
    if (!lm) return send(conn, rtError("not_in_match"));
    await this.deps.deliver(otherSide(lm.match, conn.userId)!, {
      payload: { type: "reaction", emoji },
    });
  }

  /** A socket in a live match went away: the partner hears of it only after the grace period. */
  async disconnect(userId: string, matchId: string, connId: string) {
    const at = Date.now();
    const updated = await updateSide(
      this.core.kv,
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
      setTimeout(
        () => this.graceOver(match.id, userId, at),
        this.core.config.realtime.reconnectGraceMs,
      ),
    );
  }

  private async graceOver(matchId: string, userId: string, at: number) {
    try {
      this.live.get(matchId)?.graceTimers.delete(userId);
      const entry = await retrying(() => getMatch(this.core.kv, matchId));
      const side = entry.value ? sideOf(entry.value, userId) : null;
      if (entry.value?.status === "live" && side?.disconnectedAt === at) {
        await this.finish(matchId, "partner_disconnected", userId);
      }
      // No side of this instance's left in the match: stop tracking it here.
      const m = this.live.get(matchId)?.match;
      const mine = (s: Match["a"]) => s.instanceId === this.core.instanceId && !s.disconnectedAt;
      if (m && ![m.a, m.b].some(mine)) this.forget(matchId);
    } catch (err) {
      logger.error("grace period check failed", err);
    }
  }

  /** A partner whose whole instance died counts as disconnected from the moment it is noticed. */
  async checkPartners() {
    const matches = [...this.live.values()];
    const alive = await this.deps.instances.alive(
      matches.flatMap((lm) => [lm.match.a.instanceId, lm.match.b.instanceId]),
    );
    for (const lm of matches) {
      for (const side of [lm.match.a, lm.match.b]) {
        if (side.instanceId === this.core.instanceId || side.disconnectedAt) continue;
        if (alive.has(side.instanceId)) continue;
        const at = Date.now();
        const updated = await updateSide(
          this.core.kv,
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
}
