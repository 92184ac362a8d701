// Matching: passes over the pool (scheduled so the triggers of one turn of the event loop share
// one), the pairs chosen in memory (rules.ts), claimed in few commits (kv/pairing.ts), and each
// claim settled: both sides told once both are known to be there (docs/realtime.md, "The
// confirmation rule").
import { cancelPairing, pairMany, type PairRequest, type PairResult } from "../../../kv/pairing.ts";
import type { Match, MatchSide } from "../../../kv/matches.ts";
import { followUpsSettled } from "../../../kv/match_follow_up.ts";
import type { TicketEntry } from "../../../kv/tickets.ts";
import { retrying } from "../../../kv/retry.ts";
import { choosePairs, matchHashtag, type Ticket } from "./rules.ts";
import type { Search, SearchPool } from "./search_pool.ts";
import type { Core } from "./core.ts";
import { logFailure } from "./core.ts";
import { type Envelope, type Recipient } from "./mailbox.ts";
import { logger } from "../../shared/log.ts";

/** How long a side's instance has to confirm a pairing before it is undone. */
export const CONFIRM_MS = 2_000;

export interface MatcherDeps {
  pool: SearchPool;
  deliver(to: Recipient, body: Envelope): Promise<void>;
  /** Builds a search again from a fresh read (a held search whose claim did not hold). */
  rebuild(search: Search): void;
}

type Settled = "paired" | "confirming" | "undone" | "taken";

interface Confirming {
  match: Match;
  versionstamp: string;
  /**
   * The members whose search version the claim checked (held searches): only their sockets'
   * profile copies may follow the commit (profiles.profileMatched). A ticket's claim checks the
   * ticket, not what its member's copy was read from since (another device's session, say).
   */
  checked: ReadonlySet<string>;
  timer: ReturnType<typeof setTimeout>;
}

export class Matcher {
  private passQueued = false;
  /** No passes here (see Hub.stopMatching). */
  paused = false;
  /** Passes' claims under way (stop waits for them). */
  private claiming = new Set<Promise<void>>();
  /** Pairings waiting for the other instance's confirmation, by match id. */
  private confirming = new Map<string, Confirming>();

  constructor(private core: Core, private deps: MatcherDeps) {}

  get queued() {
    return this.passQueued;
  }

  /** Is this pairing waiting for the other instance's confirmation? */
  isConfirming(matchId: string) {
    return this.confirming.has(matchId);
  }

  /**
   * Runs a matching pass soon: the triggers of one turn of the event loop (a batch of tickets
   * put) share one pass. Choosing is synchronous, so passes never overlap in choosing; their
   * claims may be under way side by side, as they never share a member.
   */
  run() {
    if (this.core.stopped || this.paused || this.passQueued) return;
    this.passQueued = true;
    setTimeout(() => {
      this.passQueued = false;
      if (this.core.stopped) return;
      const claiming = this.pass().catch(logFailure("matching failed"));
      this.claiming.add(claiming);
      claiming.finally(() => this.claiming.delete(claiming));
    }, 0);
  }

  /**
   * Resolves once no claim is under way (or after `maxMs`, or at stop): work that can wait, such
   * as counting the hashtags searched with, gives the KV writer to the claims of a burst first.
   */
  async quiet(maxMs: number) {
    const until = Date.now() + maxMs;
    while (this.claiming.size && !this.core.stopped && Date.now() < until) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.allSettled(this.claiming),
        new Promise((r) => timer = setTimeout(r, Math.max(0, until - Date.now()))),
      ]);
      clearTimeout(timer);
    }
  }

  async stop() {
    for (const c of this.confirming.values()) clearTimeout(c.timer);
    this.confirming.clear();
    await Promise.all(this.claiming);
    // A clean stop lands its follow-ups rather than leave them to the sweep.
    await followUpsSettled(this.core.kv);
  }

  /**
   * Pairs this instance's searchers with anyone waiting anywhere, from memory (see
   * SearchPool.view). A pair that lost a race (someone else took a member meanwhile) waits for
   * the next pass.
   */
  private async pass() {
    const { pool } = this.deps;
    pool.beforePass();
    const view = pool.view();
    const chosen = choosePairs(view.mine, view.pool);
    if (chosen.length) {
      const held = pool.takeOut(chosen.flatMap(([a, b]) => [a.value.userId, b.value.userId]));
      const claims = await pairMany(
        this.core.kv,
        chosen.map(([me, them]) => this.request(me, them, held)),
      );
      const results = await Promise.all(
        claims.map((claim) =>
          this.settle(claim, held).catch((err) => {
            logger.error("pairing failed", err);
            return "taken" as const;
          })
        ),
      );
      chosen.forEach(([me, them], i) => {
        if (claims[i].ok) return;
        // A held search whose claim did not hold (its partner was taken elsewhere, or what it
        // was built from changed) is built again from a fresh read and written to the pool.
        for (const e of [me, them]) {
          const l = held.get(e.value.userId);
          if (!l || pool.get(e.value.userId)) continue;
          this.deps.rebuild(l);
        }
      });
      if (results.some((r) => r === "taken")) pool.relistNow();
    }
    pool.afterPass();
  }

  /** The match two tickets would make: the member found in the pool makes the offer. */
  private request(me: TicketEntry, them: TicketEntry, held: Map<string, Search>): PairRequest {
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
      hd: t.hd === true,
      ...(t.hideIp !== undefined ? { hideIp: t.hideIp } : {}),
      partnerCountry: partner.me.country,
      partnerLanguage: partner.me.language,
    });
    return {
      a: me,
      b: them,
      build: (id) => ({
        id,
        a: side(me.value, them.value, "answerer"),
        b: side(them.value, me.value, "offerer"),
        startedAt: now,
        endsAt: now + this.core.config.realtime.matchDurationMs,
        madeBy: this.core.instanceId,
        status: "live",
      }),
      checks: {
        a: held.get(me.value.userId)?.heldChecks,
        b: held.get(them.value.userId)?.heldChecks,
      },
    };
  }

  /**
   * After a claim. A pair made: both sides are told once each is known to be there, the
   * confirmation rule (a side of this instance's must still be searching; a side of another
   * instance's is told first and must confirm within CONFIRM_MS).
   */
  private async settle(result: PairResult, held: Map<string, Search>): Promise<Settled> {
    if (result.ok) {
      const m = result.match;
      const checked = new Set([m.a.userId, m.b.userId].filter((id) => held.has(id)));
      const made = { match: m, versionstamp: result.versionstamp, checked };
      const here = (s: MatchSide) => s.instanceId === this.core.instanceId;
      const gone = [m.a, m.b].filter((s) => here(s) && !this.core.conns.get(s.connId)?.search);
      if (gone.length) {
        await this.undo(m, gone);
        return "undone";
      }
      const remote = [m.a, m.b].find((s) => !here(s));
      if (!remote) {
        await this.tell(made, [m.a, m.b]);
        return "paired";
      }
      this.confirming.set(m.id, {
        ...made,
        timer: setTimeout(() => this.unconfirmed(m.id, "timeout"), CONFIRM_MS),
      });
      await this.deps.deliver(remote, {
        event: "matched",
        matchId: m.id,
        match: m,
        // (no versionstamp: a side on another instance came from a ticket, see `checked`)
        confirm: true,
      });
      return "confirming";
    }
    return "taken";
  }

  /** The other instance confirmed its side: this instance's side is told now. */
  async confirmed(matchId: string) {
    const c = this.confirming.get(matchId);
    if (!c) return;
    clearTimeout(c.timer);
    this.confirming.delete(matchId);
    const local = [c.match.a, c.match.b].filter((s) => s.instanceId === this.core.instanceId);
    await this.tell(c, local);
  }

  /**
   * The other side was not there (its instance declined: the socket had gone), or did not respond
   * in time (its instance is dead): the pairing is undone and this side searches on, first in
   * line, never told. A side that was told late hears the session end.
   */
  async unconfirmed(matchId: string, why: "declined" | "timeout") {
    const c = this.confirming.get(matchId);
    if (!c) return;
    clearTimeout(c.timer);
    this.confirming.delete(matchId);
    const remote = [c.match.a, c.match.b].filter((s) => s.instanceId !== this.core.instanceId);
    try {
      await this.undo(c.match, remote);
      if (why === "timeout") {
        for (const s of remote) {
          await this.deps.deliver(s, {
            event: "undone",
            matchId,
            payload: { type: "session_ended", reason: "partner_disconnected" },
          });
        }
      }
    } catch (err) {
      logger.error("undoing a pairing failed", err);
    }
  }

  /** Undoes a pairing; the sides not in `gone` go back to searching (first in line). */
  private async undo(m: Match, gone: MatchSide[]) {
    await retrying(() => cancelPairing(this.core.kv, m));
    for (const s of [m.a, m.b]) {
      if (gone.includes(s)) continue;
      await this.deps.deliver(s, { event: "requeue", matchId: m.id });
    }
  }

  /**
   * Tells sides of a match made (each on its own: a failure telling one cannot silence the
   * other). The session counts for the referral pages land when the match ends (kv/matches.ts).
   */
  private async tell(c: Omit<Confirming, "timer">, sides: MatchSide[]) {
    const m = c.match;
    this.core.metrics.matchesMade++;
    await Promise.all(
      sides.map((s) =>
        this.deps.deliver(s, {
          event: "matched",
          matchId: m.id,
          match: m,
          // Without it, the socket reads its profile again at its next search.
          ...(c.checked.has(s.userId) ? { versionstamp: c.versionstamp } : {}),
        }).catch(logFailure("telling a match failed"))
      ),
    );
  }
}
