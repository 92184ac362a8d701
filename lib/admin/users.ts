// Member administration: list and search members (deleting and verifying are in actions.ts).
import { listUsers } from "../../kv/users.ts";
import { AppError } from "../http/errors.ts";
import type { UserRecord } from "../auth/types.ts";
import { activeBan } from "../moderation/bans.ts";
import { type AdminUser, userMatches } from "./shared.ts";

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

/** Every member not deleted, newest first, optionally filtered by a search text. */
export async function listAdminUsers(kv: Deno.Kv, query = ""): Promise<AdminUser[]> {
  const users = (await listUsers(kv)).filter((u) => userMatches(u, query)).map((u) =>
    toAdminUser(u)
  );
  return users.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}
