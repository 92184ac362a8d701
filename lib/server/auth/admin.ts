// Start-up bootstrap of the administrator named by ADMIN_EMAIL + ADMIN_PASSWORD. The role lives
// on the server record; the client is never trusted with it.
import type { Config } from "../config.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import {
  createUserWithInvitation,
  findUserByEmail,
  findUserByUsername,
  updateUser,
} from "../../../kv/users.ts";
import { newUserRecord, type UserRecord } from "../../shared/auth/types.ts";
import { deleteUserSessions } from "../../../kv/sessions.ts";

/** The administrator after start-up, and whether this start created the account. */
export interface AdminBootstrap {
  user: UserRecord;
  created: boolean;
}

export async function bootstrapAdmin(
  kv: Deno.Kv,
  config: Config,
): Promise<AdminBootstrap | null> {
  if (!config.admin) return null;
  const { email, password } = config.admin;
  const existing = await findUserByEmail(kv, email);
  if (existing) {
    const samePassword = await verifyPassword(password, existing.passwordHash);
    const passwordHash = samePassword ? existing.passwordHash : await hashPassword(password);
    const result = await updateUser(kv, existing.id, (u) => ({
      ...u,
      role: "admin",
      emailVerified: true,
      passwordHash,
    }));
    // Sessions opened by whoever held the address before it became the administrator's (or
    // with an old administrator password) must not carry administrator rights.
    if (existing.role !== "admin" || !samePassword) await deleteUserSessions(kv, existing.id);
    return result.ok ? { user: result.user, created: false } : null;
  }
  let username = "admin";
  while (await findUserByUsername(kv, username)) {
    username = `admin_${crypto.randomUUID().slice(0, 6).replace(/-/g, "")}`;
  }
  const result = await createUserWithInvitation(
    kv,
    newUserRecord({
      username,
      email,
      passwordHash: await hashPassword(password),
      role: "admin",
      emailVerified: true,
      displayName: "Administrator",
    }),
    null,
  );
  return result.ok ? { user: result.user, created: true } : null;
}
