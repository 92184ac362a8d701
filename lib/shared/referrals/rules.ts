// The referral rules, written once: what earns points, the weekly challenges and their rewards,
// the invitations a member holds, and what each leaderboard period means. The KV writers
// (kv/referrals.ts) apply these numbers and the pages print them from here; docs/referrals.md
// explains them for maintainers. Their texts are the plans catalog's messages.
import { type Said, said } from "../i18n/said.ts";

/** Points a member earns, each at the moment of its event. */
export const POINTS = {
  /** A friend who joined with the member's code verified their email. */
  verifiedFriend: 10,
  /** A POV session of theirs ended that counts (see COUNTED_SESSION). */
  session: 1,
  /** They met someone from a country they had not met anyone from in the last two years. */
  newCountry: 5,
} as const;

/**
 * Which ended matches count as a POV session for the figures (sessions, their points, countries
 * met, the sessions challenge): the two were matched at least `minMs` before the end, a page said
 * the call's link connected, and the pair (either order) had fewer than `perPairPerDay` counted
 * sessions that UTC day. Two scripts ending match after match at once earn nothing.
 */
export const COUNTED_SESSION = { minMs: 10_000, perPairPerDay: 3 } as const;

/** Whether a match from `startedAt` to `endedAt` may count (the pair's daily cap aside). */
export function sessionMayCount(startedAt: number, endedAt: number, linked: boolean): boolean {
  return linked && endedAt - startedAt >= COUNTED_SESSION.minMs;
}

/** A member holds at most this many unused invitation codes. */
export const MAX_UNUSED_INVITATIONS = 5;

export type Period = "week" | "month" | "all";

/** The periods, with the names the tabs and captions give them ('This Week'). */
export const PERIODS: readonly { id: Period; name: Said }[] = [
  { id: "week", name: said("plans.periodWeek") },
  { id: "month", name: said("plans.periodMonth") },
  { id: "all", name: said("plans.periodAll") },
];

/** A period's name ('This Week'). */
export function periodName(period: Period): Said {
  return PERIODS.find((p) => p.id === period)!.name;
}

/** What a period is, said once on both pages. */
export const PERIOD_NOTE: Said = said("plans.periodNote");

export type ChallengeId = "friends" | "sessions" | "countries";

export interface ChallengeRule {
  id: ChallengeId;
  /** 'Invite 5 friends'. */
  title: Said;
  goal: number;
  /** Points credited once a week when reached, or 0 for a badge. */
  points: number;
  /** The badge credited instead of points, if any. */
  badge?: Badge;
  /** '+50 points', 'Globetrotter badge'. */
  reward: Said;
}

/** A badge a challenge gives (counted in Your Impact). */
export type Badge = "globetrotter";

/** The weekly challenges: progress counts this ISO week; each reward is credited once a week. */
export const CHALLENGES: readonly ChallengeRule[] = [
  {
    id: "friends",
    title: said("plans.challengeFriends", { count: 5 }),
    goal: 5,
    points: 50,
    reward: said("plans.rewardPoints", { count: 50 }),
  },
  {
    id: "sessions",
    title: said("plans.challengeSessions", { count: 3 }),
    goal: 3,
    points: 10,
    reward: said("plans.rewardPoints", { count: 10 }),
  },
  {
    id: "countries",
    title: said("plans.challengeCountries", { count: 3 }),
    goal: 3,
    points: 0,
    badge: "globetrotter",
    reward: said("plans.rewardBadge"),
  },
];

/** The figures a challenge's progress is read from. */
export function challengeProgress(
  id: ChallengeId,
  week: { referrals: number; sessions: number; countries: number },
): number {
  return id === "friends" ? week.referrals : id === "sessions" ? week.sessions : week.countries;
}

/** How points are earned, as the /viral page lists it. */
export const POINT_RULES: readonly Said[] = [
  said("plans.ruleFriend", { count: POINTS.verifiedFriend }),
  said("plans.ruleSession", {
    count: POINTS.session,
    seconds: COUNTED_SESSION.minMs / 1000,
    perDay: COUNTED_SESSION.perPairPerDay,
  }),
  said("plans.ruleCountry", { count: POINTS.newCountry }),
];

/** The invite card's promise, exactly what the code does. */
export const INVITE_NOTE: { earn: Said; allUsed: Said } = {
  earn: said("plans.inviteEarn", { count: MAX_UNUSED_INVITATIONS }),
  allUsed: said("plans.inviteAllUsed"),
};

/** ISO-8601 week id (UTC), e.g. "2026-W47". */
export function weekId(ms: number): string {
  const d = new Date(ms);
  const day = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - day + 3); // the Thursday of this week names its year
  const year = d.getUTCFullYear();
  const jan4 = Date.UTC(year, 0, 4);
  const jan4Day = (new Date(jan4).getUTCDay() + 6) % 7;
  const week1Thursday = jan4 - jan4Day * 86400_000 + 3 * 86400_000;
  const week = 1 + Math.round((d.getTime() - week1Thursday) / (7 * 86400_000));
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/** Calendar month id (UTC), e.g. "2026-11". */
export function monthId(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** The bucket of a period that holds the moment `ms`: "week:2026-W47", "month:2026-11", "all". */
export function bucketOf(period: Period, ms: number): string {
  return period === "week"
    ? `week:${weekId(ms)}`
    : period === "month"
    ? `month:${monthId(ms)}`
    : "all";
}

/** The three buckets an event at `ms` counts in. */
export function bucketsAt(ms: number): { period: Period; bucket: string }[] {
  return PERIODS.map(({ id }) => ({ period: id, bucket: bucketOf(id, ms) }));
}
