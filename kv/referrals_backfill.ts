// The referral counters for data stored before they existed, once (a meta key says so): friends
// who joined with a member's code (at the time the code was used; a verified friend counts as a
// referral then too, as the time of verification was not kept), the session statistics kept per
// month and per week (kv/stats.ts), the countries met, and the members per country. New-country
// points land in the month a country was first met and in all time (the old week figures have no
// such points). This week's challenges are credited from this week's figures.
import { keys } from "./keys.ts";
import { COUNTRY_MEMORY_MS, keepFor, moveRank, NO_FIGURES } from "./referrals.ts";
import type { Figures } from "../lib/shared/referrals/board.ts";
import { retrying } from "./retry.ts";
import type { UserRecord } from "../lib/shared/auth/types.ts";
import { splitLocation } from "../lib/shared/profile.ts";
import {
  bucketsAt,
  challengeProgress,
  CHALLENGES,
  POINTS,
  weekId,
} from "../lib/shared/referrals/rules.ts";

const DONE = keys.meta("referral_counters_v1");

interface Draft {
  figures: Map<string, Figures>;
  met: Map<string, Set<string>>;
  friends: string[];
}

function draftOf(drafts: Map<string, Draft>, userId: string): Draft {
  let d = drafts.get(userId);
  if (!d) drafts.set(userId, d = { figures: new Map(), met: new Map(), friends: [] });
  return d;
}

function fig(d: Draft, bucket: string): Figures {
  let f = d.figures.get(bucket);
  if (!f) d.figures.set(bucket, f = { ...NO_FIGURES });
  return f;
}

function metIn(d: Draft, bucket: string): Set<string> {
  let s = d.met.get(bucket);
  if (!s) d.met.set(bucket, s = new Set());
  return s;
}

/** Runs once; returns how many members got figures. Any instance may run it at start-up. */
export async function backfillReferrals(kv: Deno.Kv, now = Date.now()): Promise<number> {
  if ((await kv.get(DONE)).value) return 0;
  const users = new Map<string, UserRecord>();
  for await (const e of kv.list<UserRecord>({ prefix: keys.usersPrefix() })) {
    if (e.value && !e.value.deletedAt) users.set(e.value.id, e.value);
  }
  const drafts = new Map<string, Draft>();

  for await (
    const e of kv.list<{ ownerId: string | null; usedBy?: string; usedAt?: string }>({
      prefix: keys.invitationsPrefix(),
    })
  ) {
    const inv = e.value;
    if (!inv.ownerId || !inv.usedBy || !inv.usedAt || !users.has(inv.ownerId)) continue;
    const at = Date.parse(inv.usedAt);
    if (!Number.isFinite(at)) continue;
    const d = draftOf(drafts, inv.ownerId);
    const verified = users.get(inv.usedBy)?.emailVerified === true;
    for (const { bucket } of bucketsAt(at)) {
      const f = fig(d, bucket);
      f.joined++;
      if (verified) {
        f.referrals++;
        f.points += POINTS.verifiedFriend;
      }
    }
    if (verified) d.friends.push(inv.usedBy);
  }

  // Session statistics: ["stats", member, "month"|"week", id] sums and
  // ["stats", member, "month_country"|"week_country", id, country] flags.
  const firstMonth = new Map<string, Map<string, string>>();
  for await (const e of kv.list({ prefix: ["stats"] })) {
    const [userId, kind, id, country] = e.key.slice(1).map(String);
    if (!users.has(userId)) continue;
    const d = draftOf(drafts, userId);
    if (kind === "month" || kind === "week") {
      const n = Number((e.value as Deno.KvU64).value);
      const buckets = kind === "month" ? [`month:${id}`, "all"] : [`week:${id}`];
      for (const b of buckets) {
        fig(d, b).sessions += n;
        fig(d, b).points += n * POINTS.session;
      }
    } else if (kind === "month_country" || kind === "week_country") {
      metIn(d, `${kind === "month_country" ? "month" : "week"}:${id}`).add(country);
      if (kind === "month_country") {
        const first = firstMonth.get(userId) ?? new Map<string, string>();
        firstMonth.set(userId, first);
        if (!first.has(country) || id < first.get(country)!) first.set(country, id);
      }
    }
  }
  for (const [userId, first] of firstMonth) {
    const d = draftOf(drafts, userId);
    for (const [country, month] of first) {
      metIn(d, "all").add(country);
      fig(d, `month:${month}`).points += POINTS.newCountry;
      fig(d, "all").points += POINTS.newCountry;
    }
  }

  const [week, month] = bucketsAt(now).map((b) => b.bucket);
  let n = 0;
  for (const [userId, d] of drafts) {
    for (const [bucket, set] of d.met) fig(d, bucket).countries = set.size;
    // This week's challenges, credited once from this week's figures.
    const credited = CHALLENGES.filter((c) =>
      challengeProgress(c.id, d.figures.get(week) ?? NO_FIGURES) >= c.goal
    );
    for (const c of credited) {
      for (const b of [week, month, "all"]) {
        fig(d, b).points += c.points;
        if (c.badge) fig(d, b).badges++;
      }
    }
    for (const f of d.figures.values()) f.at = now;
    const write = () => writeDraft(kv, userId, d, credited.map((c) => c.id), now).commit();
    if ((await retrying(write)).ok) n++;
  }

  const perCountry = new Map<string, number>();
  for (const u of users.values()) {
    const { country } = splitLocation(u.location);
    if (country) perCountry.set(country, (perCountry.get(country) ?? 0) + 1);
  }
  for (const [country, members] of perCountry) {
    await retrying(() => kv.set(keys.countryMembers(country), new Deno.KvU64(BigInt(members))));
  }
  await retrying(() => kv.set(DONE, new Date(now).toISOString()));
  return n;
}

/** One member's figures, rankings, countries, rewards and counted friends, in one commit. */
function writeDraft(kv: Deno.Kv, userId: string, d: Draft, credited: string[], now: number) {
  // A member who already has all-time figures (a run that stopped half-way) is not written again.
  const op = kv.atomic().check({ key: keys.refFigures(userId, "all"), versionstamp: null });
  for (const [bucket, f] of d.figures) {
    op.set(keys.refFigures(userId, bucket), f, keepFor(bucket));
    moveRank(op, bucket, userId, NO_FIGURES, f);
  }
  for (const [bucket, set] of d.met) {
    const keep = keepFor(bucket) ?? { expireIn: COUNTRY_MEMORY_MS };
    for (const c of set) op.set(keys.refMet(userId, bucket, c), now, keep);
  }
  for (const id of credited) {
    op.set(keys.refReward(userId, weekId(now), id), now, keepFor(`week:${weekId(now)}`));
  }
  for (const friend of d.friends) op.set(keys.refFriend(friend), userId);
  return op;
}
