// Member administration: a member as the admin API shows them (the lists: user_list.ts;
// deleting and verifying: actions.ts).
import { AppError } from "../http/errors.ts";
import type { UserRecord } from "../auth/types.ts";
import { activeBan } from "../moderation/bans.ts";
import type { AdminUser } from "./shared.ts";

export class AdminError extends AppError {
  constructor(message: string, status: 400 | 404 | 409) {
    super(status, message);
    this.name = "AdminError";
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
  };
}
