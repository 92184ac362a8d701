// What /viral and /leaderboard show, as the server hands it to the pages: the board's shapes, the
// prizes and the names it gives a former member and an unknown country. The server reads the
// figures (lib/server/referrals/); the rules that earn them are rules.ts.
import type { ChallengeId } from "./rules.ts";

/** A member's referral figures for one period (this week, or all time). */
export interface Figures {
  /** Friends who joined with the member's code. */
  joined: number;
  /** Of those, the ones who verified their email (what earns points): "referrals". */
  referrals: number;
  sessions: number;
  countries: number;
  points: number;
  badges: number;
  /** When the points last changed (ms): of members with equal points, the earlier ranks first. */
  at: number;
}

export interface WeeklyPrize {
  /** The places it goes to: the `place`th, or the top `top` (only the top 10 has a name). */
  place?: number;
  top?: 10;
  /** Dollars and months of premium; none for merchandise. */
  cash?: number;
  premiumMonths?: number;
}

/**
 * The prizes as /leaderboard lists them ('#1: $500 plus 1 year premium', 'Top 10: Glimpse
 * merchandise'): cash with premium, or merchandise when there is no cash.
 */
export const WEEKLY_PRIZES: readonly WeeklyPrize[] = [
  { place: 1, cash: 500, premiumMonths: 12 },
  { place: 2, cash: 250, premiumMonths: 6 },
  { place: 3, cash: 100, premiumMonths: 3 },
  { top: 10 },
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

export interface LeaderboardView {
  totalMembers: number;
  countries: { country: string; members: number }[];
  referrers: Referrer[];
}

export interface Challenge {
  id: ChallengeId;
  progress: number;
  goal: number;
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

export interface UsedInvitation {
  code: string;
  /** The friend's username now; null once their account is deleted. */
  joinedAs: string | null;
  verified: boolean;
}

export interface MemberInvitations {
  /** Oldest first. */
  unused: string[];
  used: UsedInvitation[];
}
