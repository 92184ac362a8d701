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
