// Bans: an administrator stops a member without deleting them. The ban lives on the member's
// record (so every reader of the record, and every search built from it, sees it at once); a
// timed ban lifts itself when its end passes, because it is always read through activeBan.
// Safe for the browser bundle (no KV, no server code).

/** A ban as stored on the member's record. */
export interface Ban {
  reason: string;
  /** ISO time the ban ends; null for a permanent ban. */
  until: string | null;
  /** ISO time it was imposed, and the administrator who imposed it. */
  at: string;
  by: string;
}

/** The longest reason an administrator may give. */
export const BAN_REASON_MAX = 500;
/** The longest timed ban, in days (about ten years); longer is a permanent ban. */
export const BAN_MAX_DAYS = 3650;

export const BAN_TEXT = {
  reasonRequired: "Please give a reason for the ban.",
  reasonTooLong: `The reason must be at most ${BAN_REASON_MAX} characters.`,
  badDays:
    `Days must be a whole number from 1 to ${BAN_MAX_DAYS}, or left out for a permanent ban.`,
  cannotBanSelf: "You cannot ban your own account.",
  notBanned: "This member is not banned.",
  banned: "Member banned",
  bannedDescription: (username: string) => `${username} is banned and has been signed out.`,
  unbanned: "Ban lifted",
  unbannedDescription: (username: string) => `${username} can sign in again.`,
  /** Sign-in, with the right password, of a banned member. */
  signInBannedUntil: (until: string) =>
    `Your account is suspended until ${until} for breaking the community guidelines.`,
  signInBannedForever:
    "Your account has been permanently banned for breaking the community guidelines.",
} as const;

/** The member's ban if it is in force at `now`; an expired timed ban is no ban. */
export function activeBan(
  user: { ban?: Ban | null },
  now = Date.now(),
): Ban | null {
  const ban = user.ban;
  if (!ban) return null;
  if (ban.until !== null && Date.parse(ban.until) <= now) return null;
  return ban;
}

/**
 * A date and time as the product shows them: 'Dec 1, 2026, 3:04 PM', in `timeZone` (undefined:
 * the viewer's own), with ' UTC' after it when that is the zone.
 */
export function formatDateTime(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  }) + (timeZone === "UTC" ? " UTC" : "");
}

/** A ban's end as the member reads it when signing in (the server knows no zone: UTC). */
export function formatBanEnd(iso: string): string {
  return formatDateTime(iso, "UTC");
}

/** What a banned member is told when they sign in. */
export function signInBanText(ban: Ban): string {
  return ban.until === null
    ? BAN_TEXT.signInBannedForever
    : BAN_TEXT.signInBannedUntil(formatBanEnd(ban.until));
}

/** The ban a request for `days` (omitted: permanent) imposes at `now`. */
export function newBan(
  reason: string,
  days: number | undefined,
  by: string,
  now = Date.now(),
): Ban {
  return {
    reason,
    until: days === undefined ? null : new Date(now + days * 86400_000).toISOString(),
    at: new Date(now).toISOString(),
    by,
  };
}
