// An administrator's actions on a member's account, each written with its audit entry in one
// commit: delete the account (the same deletion as a member's own) and mark the address verified.
import { putUserIn } from "../../../kv/users.ts";
import { appendAudit } from "../../../kv/audit.ts";
import { deleteAccount } from "../auth/deletion.ts";
import { type Actor, auditEntry, commitRetrying } from "./audit.ts";
import { AdminError, toAdminUser } from "./users.ts";
import type { AdminUser } from "../../shared/admin.ts";
import { said } from "../../shared/i18n/said.ts";

/** Deletes a member's account as an administrator; an administrator cannot delete themselves. */
export async function adminDeleteUser(kv: Deno.Kv, actor: Actor, userId: string) {
  if (userId === actor.id) throw new AdminError(said("admin.cannotDeleteSelf"), 400);
  const deleted = await deleteAccount(kv, userId, Date.now(), (op, user) => {
    appendAudit(op, auditEntry(actor, "delete_user", { id: userId, label: user.username }));
  });
  if (!deleted) throw new AdminError(said("admin.userNotFound"), 404);
}

/** Marks a member's email verified: an administrator may skip the emailed link. */
export async function adminVerifyEmail(
  kv: Deno.Kv,
  actor: Actor,
  userId: string,
): Promise<AdminUser> {
  const user = await commitRetrying(kv, async (op) => {
    const put = await putUserIn(kv, op, userId, (u) => ({ ...u, emailVerified: true }));
    if (!put) throw new AdminError(said("admin.userNotFound"), 404);
    if (!put.before.emailVerified) {
      appendAudit(
        op,
        auditEntry(actor, "verify_email", { id: userId, label: put.before.username }),
      );
    }
    return put.after;
  });
  return toAdminUser(user);
}
