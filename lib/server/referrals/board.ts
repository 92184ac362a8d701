// What /viral and /leaderboard show, read from the referral counters (kv/referrals.ts): a few
// keys per page, however many members there are. The rules are lib/shared/referrals/rules.ts.
import { getManyChunked } from "../../../kv/db.ts";
import { keys } from "../../../kv/keys.ts";
import { countListed } from "../../../kv/user_lists.ts";
import {
  countryCounts,
  type Figures,
  figuresAt,
  rankFor,
  rewardsOf,
  topOf,
} from "../../../kv/referrals.ts";
import type { UserRecord } from "../../shared/auth/types.ts";
import { splitLocation } from "../../shared/profile.ts";
import {
  type ChallengeId,
  challengeProgress,
  CHALLENGES,
  type Period,
} from "../../shared/referrals/rules.ts";

export interface WeeklyPrize {
  rank: string;
  prize: string;
  /** The places it goes to: the first `place`, or the top `top`. */
  place?: number;
  top?: number;
  /** Dollars and months of premium; none for merchandise. */
  cash?: number;
  premiumMonths?: number;
}

/** The prizes as /leaderboard lists them (rank and prize in English; the figures they say). */
export const WEEKLY_PRIZES: readonly WeeklyPrize[] = [
  { rank: "#1", prize: "$500 plus 1 year premium", place: 1, cash: 500, premiumMonths: 12 },
  { rank: "#2", prize: "$250 plus 6 months premium", place: 2, cash: 250, premiumMonths: 6 },
  { rank: "#3", prize: "$100 plus 3 months premium", place: 3, cash: 100, premiumMonths: 3 },
  { rank: "Top 10", prize: "Glimpse merchandise", top: 10 },
];

/** The currency of the cash prizes. */
export const PRIZE_CURRENCY = "USD";
/** A referrer whose account is gone, and one without a location, as the board names them. */
export const FORMER_MEMBER = "former member";
export const UNKNOWN_COUNTRY = "Unknown";

export interface Referrer {
  rank: number;
  userId: string;
  username: string;
  country: string;
  referrals: number;
  points: number;
}

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

export interface LeaderboardView {
  totalMembers: number;
  countries: { country: string; members: number }[];
  referrers: Referrer[];
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

export interface Challenge {
  id: ChallengeId;
  title: string;
  progress: number;
  goal: number;
  reward: string;
  /** The reward has been credited this week. */
  credited: boolean;
}

export interface ViralView {
  /** This week's and all time's figures. */
  week: Figures;
  all: Figures;
  rankWeek: { rank: number | null; ranked: number };
  rankAll: { rank: number | null; ranked: number };
  topWeek: Referrer[];
  challenges: Challenge[];
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
    title: c.title,
    goal: c.goal,
    reward: c.reward,
    progress: challengeProgress(c.id, figures.week),
    credited: rewards.has(c.id),
  }));
  return { week: figures.week, all: figures.all, rankWeek, rankAll, topWeek, challenges };
}
