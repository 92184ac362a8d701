// Member administration: a member as the admin API shows them (the lists: user_list.ts;
// deleting and verifying: actions.ts).
import { AppError } from "../http/errors.ts";
import type { UserRecord } from "../../shared/auth/types.ts";
import { activeBan } from "../../shared/moderation/bans.ts";
import type { AdminUser } from "../../shared/admin.ts";
import { type Said, said } from "../../shared/i18n/said.ts";

export class AdminError extends AppError {
  constructor(message: Said, status: 400 | 404 | 409) {
    super(status, message);
    this.name = "AdminError";
  }
}

/**
 * Runs a list read from KV's own cursor: KV refuses a cursor it did not make with a TypeError,
 * which returns 400 with the list's text; any other failure stays what it is.
 */
export async function readingCursor<T>(cursor: string | undefined, read: () => Promise<T>) {
  try {
    return await read();
  } catch (err) {
    if (cursor && err instanceof TypeError) throw new AdminError(said("admin.badCursor"), 400);
    throw err;
  }
}

export function toAdminUser(u: UserRecord, now = Date.now()): AdminUser {
  const ban = activeBan(u, now);
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    emailVerified: u.emailVerified,
    createdAt: u.createdAt,
    location: u.location,
    faceBlurEnabled: u.faceBlurEnabled,
    role: u.role,
    ban: ban && { reason: ban.reason, until: ban.until, at: ban.at },
    heldAt: u.hold?.at ?? null,
  };
}
