// What /viral and /leaderboard show, read from the referral counters (kv/referrals.ts): a few
// keys per page, however many members there are. The rules are lib/shared/referrals/rules.ts.
import { getManyChunked } from "../../../kv/db.ts";
import { keys } from "../../../kv/keys.ts";
import { countListed } from "../../../kv/user_lists.ts";
import { countryCounts, figuresAt, rankFor, rewardsOf, topOf } from "../../../kv/referrals.ts";
import type { UserRecord } from "../../shared/auth/types.ts";
import { splitLocation } from "../../shared/profile.ts";
import { challengeProgress, CHALLENGES, type Period } from "../../shared/referrals/rules.ts";
import {
  FORMER_MEMBER,
  type LeaderboardView,
  type Referrer,
  UNKNOWN_COUNTRY,
  type ViralView,
} from "../../shared/referrals/board.ts";

/** A period's top referrers with their names and countries. */
export async function topReferrers(
  kv: Deno.Kv,
  period: Period,
  limit: number,
  now = Date.now(),
): Promise<Referrer[]> {
  const top = await topOf(kv, period, limit, now);
  const users = await getManyChunked<UserRecord>(kv, top.map((r) => keys.user(r.userId)));
  return top.map((r, i) => {
    const u = users[i].value;
    return {
      ...r,
      username: u?.username ?? FORMER_MEMBER,
      country: (u && splitLocation(u.location).country) || UNKNOWN_COUNTRY,
    };
  });
}

export async function leaderboard(
  kv: Deno.Kv,
  period: Period,
  now = Date.now(),
): Promise<LeaderboardView> {
  const [totalMembers, countries, referrers] = await Promise.all([
    countListed(kv),
    countryCounts(kv),
    topReferrers(kv, period, 8, now),
  ]);
  return { totalMembers, countries, referrers };
}

export async function viral(kv: Deno.Kv, userId: string, now = Date.now()): Promise<ViralView> {
  const [figures, rewards, topWeek] = await Promise.all([
    figuresAt(kv, userId, now),
    rewardsOf(kv, userId, now),
    topReferrers(kv, "week", 3, now),
  ]);
  const [rankWeek, rankAll] = await Promise.all([
    rankFor(kv, "week", figures.week.points, now),
    rankFor(kv, "all", figures.all.points, now),
  ]);
  const challenges = CHALLENGES.map((c) => ({
    id: c.id,
    goal: c.goal,
    progress: challengeProgress(c.id, figures.week),
    credited: rewards.has(c.id),
  }));
  return { week: figures.week, all: figures.all, rankWeek, rankAll, topWeek, challenges };
}
