// Safety holds: reports of an underage member from enough reporters (two distinct members within
// the window, or one member in good standing) stop the reported member at once, before any
// administrator has read the reports. A held member can sign in, see their profile, appeal and
// delete their account, but cannot search or be matched; an administrator lifts the hold or bans.
// The hold lives on the member's record, like a ban, so every reader of the record sees it.
// Safe for the browser bundle (no KV, no server code).

/** A hold as stored on the member's record. */
export interface Hold {
  /** ISO time it was placed: with the member, it names the hold (an appeal is about one hold). */
  at: string;
  /** Why: reports of an underage member. */
  reason: "underage_reports";
  /** The reports that placed it (the ones counted when it was placed). */
  reportIds: string[];
  /** How many distinct members had reported, and whether one of them was in good standing. */
  reporters: number;
  goodStanding: boolean;
}

/** The report reason that can place a hold. */
export const HOLD_REPORT_REASON = "minor";

/** The member's hold, if they are on one (a hold lasts until an administrator acts). */
export function activeHold(user: { hold?: Hold | null }): Hold | null {
  return user.hold ?? null;
}
