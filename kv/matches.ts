// Matches: one record per match (keys.match) and each member's "in a match" key
// (keys.mmActive), written by the pairing commit (kv/pairing.ts); the session counts and the two
// "met" records follow in a second commit (kv/match_follow_up.ts) with the writes made here. Here
// a match is read, a side is updated (resume, disconnect, what the server saw of the call's link)
// and a match is ended, each once whoever races. The end is when the session counts for both members' referral figures
// (kv/referrals.ts), in the same commit; a match a member ends because its link never connected,
// when what the server saw agrees, counts as no session at all.
import { keys } from "./keys.ts";
import { type PreparedEvent, prepareEvent, prepareSessionCredit } from "./referrals.ts";
import { dayKey } from "./hashtags.ts";
import { bumpSearchVersion } from "./search_version.ts";
import { HISTORY_TTL_MS, type Met } from "./relations.ts";
import type { UserRecord } from "../lib/shared/auth/types.ts";

export const MATCH_RECORD_TTL_MS = 48 * 3600_000;

export interface MatchSide {
  userId: string;
  username: string;
  peerId: string;
  /** The instance serving this side's socket, and that socket. */
  instanceId: string;
  connId: string;
  /** The topic this side sees. */
  hashtag: string;
  /** The partner's location as this side sees it. */
  location: string;
  role: "offerer" | "answerer";
  disconnectedAt: number | null;
  /** Whether this side sends HD video (its plan at pairing; absent on older matches: SD). */
  hd?: boolean;
  /** This side's choice to hide their IP address at pairing (absent: the site's default). */
  hideIp?: boolean;
  /** The partner's country at pairing (null: unknown; absent on older matches). */
  partnerCountry?: string | null;
  /** The partner's profile language at pairing (absent on older matches). */
  partnerLanguage?: string;
}

export interface Match {
  id: string;
  a: MatchSide;
  b: MatchSide;
  /** The pairing instance's clock: other instances allow the clock tolerance (live_matches.ts). */
  startedAt: number;
  endsAt: number;
  /** The instance that made the match, whose clock endsAt is (absent on older matches). */
  madeBy?: string;
  status: "live" | "ended";
  endedReason?: string;
  endedAt?: number;
  /** When the server first relayed an answer between the two (no answer: no link can form). */
  answeredAt?: number;
  /** When a side's page first said its peer link connected. */
  linkedAt?: number;
  /** False: ended as no session (its link never connected); its count was given back. */
  counted?: boolean;
  /**
   * "due": the pairing's follow-up (both members' session counts, the two "met" records) has not
   * landed yet. Absent: it has (in the follow-up commit, a repair, or the match's end), or the
   * match predates the follow-up.
   */
  followUp?: "due";
}

/**
 * The follow-up's writes, in the commit being built: each member remembers the other as met (the
 * record as the pairing would have written it, living what is left of its 24 hours) and, with
 * `usage`, each member's count of the day's sessions goes up by one. The commit must also clear
 * the match's `followUp` (checking the match entry), so that it is applied once.
 */
export function followUpWrites(
  op: Deno.AtomicOperation,
  m: Match,
  now: number,
  opts: { usage: boolean; met?: { a: boolean; b: boolean } },
) {
  const ttl = HISTORY_TTL_MS - Math.max(0, now - m.startedAt);
  for (const [me, partner, write] of [[m.a, m.b, opts.met?.a], [m.b, m.a, opts.met?.b]] as const) {
    if (ttl <= 0 || write === false) continue;
    const met: Met = {
      partnerId: partner.userId,
      peerId: partner.peerId,
      matchId: m.id,
      at: m.startedAt,
    };
    op.set(keys.mmHistory(me.userId, partner.userId), met, { expireIn: ttl });
  }
  if (!opts.usage) return op;
  const day = dayKey(m.startedAt);
  return op.sum(keys.usage(m.a.userId, day), 1n).sum(keys.usage(m.b.userId, day), 1n);
}

/** The match as stored once its follow-up is applied. */
export function followedUp(m: Match): Match {
  const { followUp: _, ...rest } = m;
  return rest;
}

/**
 * What the server knows says the match's link never connected: no answer ever went between the
 * two (without one no link forms), or neither page said its link connected. Only a member's end
 * that says the link failed is judged by it (see endMatch): a member cannot make a match that
 * connected free, as the partner's page says so, and an answer that never came settles it.
 */
export function neverConnected(m: Match): boolean {
  return m.answeredAt === undefined || m.linkedAt === undefined;
}

export function sideOf(match: Match, userId: string): MatchSide | null {
  return match.a.userId === userId ? match.a : match.b.userId === userId ? match.b : null;
}

export function otherSide(match: Match, userId: string): MatchSide | null {
  return match.a.userId === userId ? match.b : match.b.userId === userId ? match.a : null;
}

export async function getMatch(kv: Deno.Kv, id: string) {
  return await kv.get<Match>(keys.match(id));
}

/** A member's live match, if any. */
export async function activeMatchOf(kv: Deno.Kv, userId: string) {
  const id = (await kv.get<string>(keys.mmActive(userId))).value;
  if (!id) return null;
  const m = await getMatch(kv, id);
  return m.value && m.value.status === "live" ? m : null;
}

/**
 * Ends a live match once; returns the ended match, or null if it had already ended. The same
 * commit counts the completed session for each side's member who is still a member. A member's
 * end that says the link failed (`linkFailed`), of a match whose link never connected by what the
 * server knows (neverConnected), counts as no session instead: both members' counts of the day's
 * sessions are given back (their search versions move with them), and the referral figures count
 * nothing.
 */
export async function endMatch(
  kv: Deno.Kv,
  id: string,
  reason: string,
  now = Date.now(),
  opts: { linkFailed?: boolean } = {},
): Promise<Match | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await getMatch(kv, id);
    if (!entry.value || entry.value.status !== "live") return null;
    const free = opts.linkFailed === true && neverConnected(entry.value);
    // A follow-up not yet landed is applied in this commit: its count is given back at once when
    // the match is free (so not written at all), its "met" records written either way.
    const due = entry.value.followUp === "due";
    const ended: Match = {
      ...followedUp(entry.value),
      status: "ended",
      endedReason: reason,
      endedAt: now,
      ...(free ? { counted: false } : {}),
    };
    const { a, b } = ended;
    const day = dayKey(ended.startedAt);
    const [actA, actB, usageA, usageB] = await kv.getMany<[string, string, Deno.KvU64, Deno.KvU64]>(
      [
        keys.mmActive(a.userId),
        keys.mmActive(b.userId),
        keys.usage(a.userId, day),
        keys.usage(b.userId, day),
      ],
    );
    const op = kv.atomic().check(entry, actA, actB)
      .set(entry.key, ended, { expireIn: MATCH_RECORD_TTL_MS });
    if (due) {
      followUpWrites(op, entry.value, now, { usage: !free });
      bumpSearchVersion(op, a.userId, b.userId);
    } else if (free) {
      op.check(usageA, usageB);
      for (const u of [usageA, usageB]) {
        const n = u.value?.value ?? 0n;
        if (n > 0n) op.set(u.key, new Deno.KvU64(n - 1n));
      }
      bumpSearchVersion(op, a.userId, b.userId);
    }
    if (!free) { for (const ev of await sessionEvents(kv, ended, now)) ev.apply(op); }
    if (actA.value === id) op.delete(actA.key);
    if (actB.value === id) op.delete(actB.key);
    if ((await op.commit()).ok) return ended;
  }
  return null;
}

/**
 * Notes, once, what the server saw of a live match's link: an answer relayed (`answeredAt`) or a
 * page saying its link connected (`linkedAt`). The match as stored after, or null if it is over
 * or had it already.
 */
export async function noteLink(
  kv: Deno.Kv,
  id: string,
  what: "answeredAt" | "linkedAt",
  at = Date.now(),
): Promise<Match | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await getMatch(kv, id);
    if (!entry.value || entry.value.status !== "live" || entry.value[what] !== undefined) {
      return null;
    }
    const next: Match = { ...entry.value, [what]: at };
    const res = await kv.atomic().check(entry).set(entry.key, next, {
      expireIn: MATCH_RECORD_TTL_MS,
    }).commit();
    if (res.ok) return next;
  }
  return null;
}

/** Updates one side of a live match (resume, disconnect); null if nothing changed. */
export async function updateSide(
  kv: Deno.Kv,
  id: string,
  userId: string,
  change: (s: MatchSide) => MatchSide,
): Promise<Match | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await getMatch(kv, id);
    if (!entry.value || entry.value.status !== "live") return null;
    const m = entry.value;
    const next: Match = m.a.userId === userId
      ? { ...m, a: change(m.a) }
      : m.b.userId === userId
      ? { ...m, b: change(m.b) }
      : m;
    if (next === m) return null;
    const res = await kv.atomic().check(entry).set(entry.key, next, {
      expireIn: MATCH_RECORD_TTL_MS,
    }).commit();
    if (res.ok) return next;
  }
  return null;
}

/**
 * Each side's completed session, for the sides whose member is still there, when the match counts
 * for the figures (prepareSessionCredit: long enough, its link connected, the pair's daily cap).
 */
async function sessionEvents(kv: Deno.Kv, m: Match, now: number): Promise<PreparedEvent[]> {
  const credit = await prepareSessionCredit(kv, {
    a: m.a.userId,
    b: m.b.userId,
    startedAt: m.startedAt,
    endedAt: now,
    linked: m.linkedAt !== undefined,
  });
  if (!credit) return [];
  const users = await kv.getMany<UserRecord[]>([keys.user(m.a.userId), keys.user(m.b.userId)]);
  const out: PreparedEvent[] = [credit];
  for (const [i, side] of [m.a, m.b].entries()) {
    const u = users[i].value;
    if (!u || u.deletedAt) continue;
    out.push(
      await prepareEvent(kv, {
        userId: side.userId,
        session: { country: side.partnerCountry ?? null },
      }, now),
    );
  }
  return out;
}
