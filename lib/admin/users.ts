// Member administration: a member as the admin API shows them, delete an account (the same
// deletion as a member's own), and mark an email address verified. The lists: user_list.ts.
import { getUser, updateUser } from "../../kv/users.ts";
import { AppError } from "../http/errors.ts";
import { deleteAccount } from "../auth/deletion.ts";
import type { UserRecord } from "../auth/types.ts";
import { activeBan } from "../moderation/bans.ts";
import { ADMIN_TEXT, type AdminUser } from "./shared.ts";

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

/** Deletes a member's account as an administrator; an administrator cannot delete themselves. */
export async function adminDeleteUser(kv: Deno.Kv, actorId: string, userId: string) {
  if (userId === actorId) throw new AdminError(ADMIN_TEXT.cannotDeleteSelf, 400);
  if (!(await getUser(kv, userId))) throw new AdminError(ADMIN_TEXT.userNotFound, 404);
  if (!(await deleteAccount(kv, userId))) throw new AdminError(ADMIN_TEXT.userNotFound, 404);
}

/** Marks a member's email verified: an administrator may skip the emailed link. */
export async function adminVerifyEmail(kv: Deno.Kv, userId: string): Promise<AdminUser> {
  const result = await updateUser(kv, userId, (u) => ({ ...u, emailVerified: true }));
  if (result.ok) return toAdminUser(result.user);
  if (result.reason === "not_found") throw new AdminError(ADMIN_TEXT.userNotFound, 404);
  throw new AdminError("The user changed meanwhile. Please try again.", 409);
}
