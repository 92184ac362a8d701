// Referral figures as counters: each member's friends joined and verified, sessions, countries met,
// points and badges per bucket of each period (ISO week, calendar month, all time), moved by the
// commit of the event itself (an invitation used, an email verified, a session ended that counts:
// prepareSessionCredit), with the ranking index (keys.refBoard) and the per-points tallies
// (keys.refPoints, keys.refHundreds) the pages read instead of every member. The rules (what earns
// what) are lib/shared/referrals/rules.ts.
//
// A member's figures are read and checked by every commit that moves them, so two events racing
// for one member are applied one after the other (the loser reads again): a challenge reward is
// credited by exactly one of them, once a week (its keys.refReward entry is checked absent).
import type { Figures } from "../lib/shared/referrals/board.ts";
import { keys } from "./keys.ts";
import { getManyChunked } from "./db.ts";
import { newInvitationCode } from "../lib/shared/auth/invitation_code.ts";
import type { UserRecord } from "../lib/shared/auth/types.ts";
import { splitLocation } from "../lib/shared/profile.ts";
import {
  bucketOf,
  bucketsAt,
  challengeProgress,
  CHALLENGES,
  COUNTED_SESSION,
  MAX_UNUSED_INVITATIONS,
  type Period,
  POINTS,
  sessionMayCount,
  weekId,
} from "../lib/shared/referrals/rules.ts";

/** KV sums wrap at 2^64, so adding 2^64 − 1 takes one away. */
const MINUS_ONE = 0xffff_ffff_ffff_ffffn;
const DAY = 86400_000;
const WEEK_KEEP_MS = 9 * 7 * DAY;
const MONTH_KEEP_MS = 2 * 365 * DAY + 31 * DAY;
/** A country met stays "met" for the all-time figures this long after the last meeting. */
export const COUNTRY_MEMORY_MS = 2 * 365 * DAY;

export const NO_FIGURES: Figures = {
  joined: 0,
  referrals: 0,
  sessions: 0,
  countries: 0,
  points: 0,
  badges: 0,
  at: 0,
};

/** One event of a member's. */
export interface MemberEvent {
  userId: string;
  /** A friend registered with one of their codes. */
  joined?: boolean;
  /** A friend who joined with their code verified their email. */
  verifiedFriend?: boolean;
  /** A session of theirs ended; the partner's country, if known. */
  session?: { country: string | null };
}

/** What an event reads, checks and writes: prepared from reads, applied to a commit. */
export interface PreparedEvent {
  apply(op: Deno.AtomicOperation): void;
}

/** How long a bucket's entries are kept (weeks nine weeks, months two years; all time: always). */
export function keepFor(bucket: string): { expireIn: number } | undefined {
  if (bucket.startsWith("week:")) return { expireIn: WEEK_KEEP_MS };
  if (bucket.startsWith("month:")) return { expireIn: MONTH_KEEP_MS };
  return undefined;
}

/** Moves a member's place in a bucket's ranking and tallies from `before` to `after` points. */
export function moveRank(
  op: Deno.AtomicOperation,
  bucket: string,
  userId: string,
  before: Pick<Figures, "points" | "at">,
  after: Pick<Figures, "points" | "at"> | null,
) {
  const p0 = before.points, p1 = after?.points ?? 0;
  if (p0 === p1 && before.at === (after?.at ?? before.at)) return;
  if (p0 > 0) {
    op.delete(keys.refBoard(bucket, p0, before.at, userId))
      .sum(keys.refPoints(bucket, p0), MINUS_ONE)
      .sum(keys.refHundreds(bucket, Math.floor(p0 / 100)), MINUS_ONE);
  }
  if (after && p1 > 0) {
    op.set(keys.refBoard(bucket, p1, after.at, userId), true, keepFor(bucket))
      .sum(keys.refPoints(bucket, p1), 1n)
      .sum(keys.refHundreds(bucket, Math.floor(p1 / 100)), 1n);
  }
}

/**
 * Reads what an event of a member's needs (their figures in the three buckets of `now`, the
 * countries already met there, this week's rewards) and prepares its commit: the figures, the
 * ranking and, when the event completes a weekly challenge, its reward, credited once.
 */
export async function prepareEvent(
  kv: Deno.Kv,
  ev: MemberEvent,
  now: number,
): Promise<PreparedEvent> {
  const buckets = bucketsAt(now);
  const week = weekId(now);
  const country = ev.session?.country || null;
  const read: Deno.KvKey[] = [
    ...buckets.map((b) => keys.refFigures(ev.userId, b.bucket)),
    ...CHALLENGES.map((c) => keys.refReward(ev.userId, week, c.id)),
    ...(country ? buckets.map((b) => keys.refMet(ev.userId, b.bucket, country)) : []),
  ];
  const entries = await kv.getMany<unknown[]>(read);
  const figs = entries.slice(0, 3) as Deno.KvEntryMaybe<Figures>[];
  const rewards = entries.slice(3, 3 + CHALLENGES.length);
  const met = entries.slice(3 + CHALLENGES.length);

  const next = figs.map((f) => ({ ...NO_FIGURES, ...(f.value ?? {}) }));
  let points = 0;
  for (const f of next) {
    if (ev.joined) f.joined++;
    if (ev.verifiedFriend) f.referrals++;
    if (ev.session) f.sessions++;
  }
  if (ev.verifiedFriend) points += POINTS.verifiedFriend;
  if (ev.session) points += POINTS.session;
  if (country) {
    next.forEach((f, i) => {
      if (!met[i].value) f.countries++;
    });
    if (!met[2].value) points += POINTS.newCountry;
  }
  for (const f of next) f.points += points;
  // This week's figures (bucket 0) decide the weekly challenges.
  const credited: string[] = [];
  CHALLENGES.forEach((c, i) => {
    if (rewards[i].value || challengeProgress(c.id, next[0]) < c.goal) return;
    credited.push(c.id);
    for (const f of next) {
      f.points += c.points;
      if (c.badge) f.badges++;
    }
  });
  next.forEach((f, i) => {
    if (f.points !== (figs[i].value?.points ?? 0)) f.at = now;
  });

  return {
    apply(op) {
      op.check(...entries);
      buckets.forEach(({ bucket }, i) => {
        op.set(keys.refFigures(ev.userId, bucket), next[i], keepFor(bucket));
        moveRank(op, bucket, ev.userId, figs[i].value ?? NO_FIGURES, next[i]);
        if (country) {
          op.set(
            keys.refMet(ev.userId, bucket, country),
            now,
            keepFor(bucket) ?? { expireIn: COUNTRY_MEMORY_MS },
          );
        }
      });
      for (const id of credited) {
        op.set(keys.refReward(ev.userId, week, id), now, { expireIn: WEEK_KEEP_MS });
      }
    },
  };
}

/** A match's end as the figures judge it. */
export interface SessionEnd {
  a: string;
  b: string;
  startedAt: number;
  endedAt: number;
  /** A page said the call's link connected. */
  linked: boolean;
}

const PAIR_DAY_KEEP_MS = 2 * DAY;

/**
 * Whether a match's end counts as a session for the figures (COUNTED_SESSION): null if it is too
 * short, never connected, or the pair already had its counted sessions that UTC day; otherwise
 * what its commit must add, the pair's count of the day moved by one (read and checked, so two
 * ends racing for one pair are counted one after the other).
 */
export async function prepareSessionCredit(
  kv: Deno.Kv,
  end: SessionEnd,
): Promise<PreparedEvent | null> {
  if (!sessionMayCount(end.startedAt, end.endedAt, end.linked)) return null;
  const [low, high] = end.a < end.b ? [end.a, end.b] : [end.b, end.a];
  const key = keys.refPairDay(new Date(end.endedAt).toISOString().slice(0, 10), low, high);
  const entry = await kv.get<Deno.KvU64>(key);
  const n = entry.value?.value ?? 0n;
  if (n >= BigInt(COUNTED_SESSION.perPairPerDay)) return null;
  return {
    apply(op) {
      op.check(entry).set(key, new Deno.KvU64(n + 1n), { expireIn: PAIR_DAY_KEEP_MS });
    },
  };
}

/** A member who exists and is not deleted (a deleted one earns nothing), with their entry. */
async function liveMember(kv: Deno.Kv, userId: string) {
  const entry = await kv.get<UserRecord>(keys.user(userId));
  return entry.value && !entry.value.deletedAt ? entry : null;
}

/** The inviter's side of a registration with their code: one more friend joined. */
export async function prepareJoined(
  kv: Deno.Kv,
  inviterId: string | null,
  now: number,
): Promise<((op: Deno.AtomicOperation) => void) | null> {
  if (!inviterId) return null;
  const inviter = await liveMember(kv, inviterId);
  if (!inviter) return null;
  const ev = await prepareEvent(kv, { userId: inviterId, joined: true }, now);
  return (op) => {
    op.check(inviter);
    ev.apply(op);
  };
}

/**
 * The inviter's side of a member's first verified address: a referral (points, the weekly
 * challenge) and, while the inviter holds fewer than the maximum of unused codes, a new code.
 * Once per invited member (keys.refFriend is checked absent and written). Null: nothing to do.
 */
export async function prepareVerified(
  kv: Deno.Kv,
  invitee: UserRecord,
  now: number,
): Promise<((op: Deno.AtomicOperation) => void) | null> {
  if (!invitee.invitedBy) return null;
  const counted = await kv.get(keys.refFriend(invitee.id));
  if (counted.value) return null;
  const inviterId = invitee.invitedBy;
  const inviter = await liveMember(kv, inviterId);
  if (!inviter) return null;
  const ev = await prepareEvent(kv, { userId: inviterId, verifiedFriend: true }, now);
  const codes = await ownCodes(kv, inviterId);
  const unused = codes.filter((e) => e.value && !e.value.usedBy);
  const code = unused.length < MAX_UNUSED_INVITATIONS ? newInvitationCode() : null;
  return (op) => {
    op.check(counted, inviter, ...unused).set(keys.refFriend(invitee.id), inviterId);
    ev.apply(op);
    if (code) {
      const createdAt = new Date(now).toISOString();
      op.check({ key: keys.invitation(code), versionstamp: null })
        .set(keys.invitation(code), { code, ownerId: inviterId, createdAt, earned: true })
        .set(keys.invitationByOwner(inviterId, code), true);
    }
  };
}

interface StoredInvitation {
  code: string;
  ownerId: string | null;
  createdAt: string;
  usedBy?: string;
  usedAt?: string;
}

/** A member's own invitation entries. */
async function ownCodes(kv: Deno.Kv, ownerId: string) {
  const codes: string[] = [];
  for await (const e of kv.list({ prefix: keys.invitationsByOwnerPrefix(ownerId) })) {
    codes.push(String(e.key[2]));
  }
  return await getManyChunked<StoredInvitation>(kv, codes.map((c) => keys.invitation(c)));
}

/** Moves the members-per-country count when a member's country changes (or they come or go). */
export function moveCountry(
  op: Deno.AtomicOperation,
  before: Pick<UserRecord, "location"> | null,
  after: Pick<UserRecord, "location"> | null,
) {
  const c0 = before ? splitLocation(before.location).country : "";
  const c1 = after ? splitLocation(after.location).country : "";
  if (c0 === c1) return;
  if (c0) op.sum(keys.countryMembers(c0), MINUS_ONE);
  if (c1) op.sum(keys.countryMembers(c1), 1n);
}

// ---------------------------------------------------------------- reading

export interface RankedMember {
  rank: number;
  userId: string;
  points: number;
  referrals: number;
}

/** The first `limit` of a period's ranking at `now`, with their figures (ties share a rank). */
export async function topOf(
  kv: Deno.Kv,
  period: Period,
  limit: number,
  now = Date.now(),
): Promise<RankedMember[]> {
  const bucket = bucketOf(period, now);
  const rows: { userId: string; points: number }[] = [];
  for await (const e of kv.list({ prefix: keys.refBoardPrefix(bucket) }, { limit })) {
    rows.push({ userId: String(e.key[4]), points: -Number(e.key[2]) });
  }
  const figs = await getManyChunked<Figures>(
    kv,
    rows.map((r) => keys.refFigures(r.userId, bucket)),
  );
  const out: RankedMember[] = [];
  rows.forEach((r, i) => {
    const prev = out[i - 1];
    out.push({
      rank: prev && prev.points === r.points ? prev.rank : i + 1,
      userId: r.userId,
      points: r.points,
      referrals: figs[i].value?.referrals ?? 0,
    });
  });
  return out;
}

/** A member's figures in the buckets of `now`. */
export async function figuresAt(
  kv: Deno.Kv,
  userId: string,
  now = Date.now(),
): Promise<Record<Period, Figures>> {
  const [w, m, a] = await kv.getMany<Figures[]>(
    bucketsAt(now).map((b) => keys.refFigures(userId, b.bucket)),
  );
  const f = (e: Deno.KvEntryMaybe<Figures>) => ({ ...NO_FIGURES, ...(e.value ?? {}) });
  return { week: f(w), month: f(m), all: f(a) };
}

const count = (v: unknown) => {
  const n = (v as Deno.KvU64 | null)?.value ?? 0n;
  return n > BigInt(Number.MAX_SAFE_INTEGER) ? 0 : Number(n);
};

/**
 * The rank that `points` has in a period's bucket at `now` (1 + how many members have more), and
 * how many members are ranked (have points). Reads the tallies by hundreds, then at most 99 exact
 * tallies: bounded by the points, not by the members.
 */
export async function rankFor(
  kv: Deno.Kv,
  period: Period,
  points: number,
  now = Date.now(),
): Promise<{ rank: number | null; ranked: number }> {
  const bucket = bucketOf(period, now);
  const mine = Math.floor(points / 100);
  let ranked = 0, above = 0;
  for await (const e of kv.list({ prefix: keys.refHundredsPrefix(bucket) })) {
    const n = count(e.value);
    ranked += n;
    if (Number(e.key[2]) > mine) above += n;
  }
  if (points <= 0) return { rank: null, ranked };
  const within = kv.list({
    start: keys.refPoints(bucket, points + 1),
    end: keys.refPoints(bucket, (mine + 1) * 100),
  });
  for await (const e of within) above += count(e.value);
  return { rank: above + 1, ranked };
}

/** The challenges of the week of `now` whose reward the member has been credited. */
export async function rewardsOf(kv: Deno.Kv, userId: string, now = Date.now()) {
  const week = weekId(now);
  const entries = await kv.getMany(CHALLENGES.map((c) => keys.refReward(userId, week, c.id)));
  return new Set(CHALLENGES.filter((_, i) => entries[i].value).map((c) => c.id));
}

/** Members per country (those with at least one), most first. */
export async function countryCounts(kv: Deno.Kv): Promise<{ country: string; members: number }[]> {
  const out: { country: string; members: number }[] = [];
  for await (const e of kv.list({ prefix: keys.countryMembersPrefix() })) {
    const n = count(e.value);
    if (n > 0) out.push({ country: String(e.key[1]), members: n });
  }
  return out.sort((a, b) => b.members - a.members || a.country.localeCompare(b.country));
}

// ---------------------------------------------------------------- a member leaves

/**
 * Takes a member off every ranking and removes their referral figures, countries met, rewards and
 * the note that they counted for their inviter. Idempotent: run when the account is deleted and
 * again at purge (for anything that landed in between).
 */
export async function dropReferralFigures(kv: Deno.Kv, userId: string) {
  for (let attempt = 0; attempt < 10; attempt++) {
    let left = 0;
    for await (const e of kv.list<Figures>({ prefix: keys.refFiguresPrefix(userId) })) {
      const bucket = String(e.key[2]);
      const op = kv.atomic().check(e).delete(e.key);
      moveRank(op, bucket, userId, e.value, null);
      if (!(await op.commit()).ok) left++;
    }
    if (!left) break;
  }
  for (const prefix of [keys.refMetPrefix(userId), keys.refRewardPrefix(userId)]) {
    for await (const e of kv.list({ prefix })) await kv.delete(e.key);
  }
  await kv.delete(keys.refFriend(userId));
}

/**
 * Deletes the tallies of buckets past their keeping (sums cannot expire): weeks older than nine,
 * months older than two years. Idempotent; any instance may run it.
 */
export async function sweepReferralTallies(kv: Deno.Kv, now = Date.now()): Promise<number> {
  const oldWeek = bucketOf("week", now - WEEK_KEEP_MS);
  const oldMonth = bucketOf("month", now - MONTH_KEEP_MS);
  let n = 0;
  for (const root of [keys.refPointsRoot(), keys.refHundredsRoot()]) {
    for (const [from, to] of [["week:", oldWeek], ["month:", oldMonth]]) {
      for await (const e of kv.list({ start: [...root, from], end: [...root, to] })) {
        await kv.delete(e.key);
        n++;
      }
    }
  }
  return n;
}
