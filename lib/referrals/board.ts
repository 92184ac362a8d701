// Referral and leaderboard figures from real data: invitations used (who invited whom), POV
// sessions and partner countries (kv/stats.ts), members and where they are. Computed by a scan,
// which suits an invite-only community; a larger one would keep running totals instead.
import { listInvitations, listUsers } from "../../kv/users.ts";
import type { UserRecord } from "../auth/types.ts";
import { getStats, type MemberStats, weekKey } from "../../kv/stats.ts";
import { splitLocation } from "../profile.ts";

export type Period = "week" | "month" | "all";

export const POINTS = { referral: 10, session: 1, country: 5 } as const;

export const WEEKLY_PRIZES = [
  { rank: "#1", prize: "$500 plus 1 year premium" },
  { rank: "#2", prize: "$250 plus 6 months premium" },
  { rank: "#3", prize: "$100 plus 3 months premium" },
  { rank: "Top 10", prize: "Glimpse merchandise" },
] as const;

export interface Referrer {
  rank: number;
  userId: string;
  username: string;
  country: string;
  referrals: number;
  points: number;
}

export interface Board {
  totalMembers: number;
  countries: { country: string; members: number }[];
  referrers: Referrer[];
}

const PERIOD_MS: Record<Period, number> = {
  week: 7 * 86400_000,
  month: 30 * 86400_000,
  all: Number.POSITIVE_INFINITY,
};

export function points(referrals: number, stats: MemberStats) {
  return referrals * POINTS.referral + stats.sessions * POINTS.session +
    stats.countries.length * POINTS.country;
}

export async function buildBoard(kv: Deno.Kv, period: Period, now = Date.now()): Promise<Board> {
  const users = new Map<string, UserRecord>((await listUsers(kv)).map((u) => [u.id, u]));
  const referrals = new Map<string, number>();
  for (const inv of await listInvitations(kv)) {
    if (!inv.ownerId || !inv.usedBy || !inv.usedAt || !users.has(inv.ownerId)) continue;
    if (now - Date.parse(inv.usedAt) > PERIOD_MS[period]) continue;
    referrals.set(inv.ownerId, (referrals.get(inv.ownerId) ?? 0) + 1);
  }
  const countryCounts = new Map<string, number>();
  for (const u of users.values()) {
    const { country } = splitLocation(u.location);
    if (country) countryCounts.set(country, (countryCounts.get(country) ?? 0) + 1);
  }
  const referrers: Referrer[] = [];
  for (const [userId, n] of referrals) {
    const u = users.get(userId)!;
    const stats = await getStats(kv, userId);
    referrers.push({
      rank: 0,
      userId,
      username: u.username,
      country: splitLocation(u.location).country || "Unknown",
      referrals: n,
      points: points(n, stats),
    });
  }
  referrers.sort((a, b) =>
    b.referrals - a.referrals || b.points - a.points ||
    a.username.localeCompare(b.username)
  );
  referrers.forEach((r, i) => (r.rank = i + 1));
  return {
    totalMembers: users.size,
    countries: [...countryCounts].map(([country, members]) => ({ country, members }))
      .sort((a, b) => b.members - a.members || a.country.localeCompare(b.country)),
    referrers,
  };
}

export interface Challenge {
  title: string;
  progress: number;
  goal: number;
  reward: string;
}

export function weeklyChallenges(
  stats: MemberStats,
  referralsThisWeek: number,
  now = Date.now(),
): Challenge[] {
  const w = stats.weeks[weekKey(now)] ?? { sessions: 0, countries: [] };
  return [
    { title: "Invite 5 friends", progress: referralsThisWeek, goal: 5, reward: "+50 points" },
    { title: "Complete 3 POV sessions", progress: w.sessions, goal: 3, reward: "+3 points" },
    {
      title: "Meet people from 3 countries",
      progress: w.countries.length,
      goal: 3,
      reward: "Global Explorer badge",
    },
  ];
}
