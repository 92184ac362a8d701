// Banning and unbanning a member as an administrator. The ban is written on the member's record
// with its audit entry in one commit; then every session of the member ends, which closes their
// sockets on every instance (kv/sessions.ts) and ends a live match for the partner.
import { putUserIn } from "../../../kv/users.ts";
import { deleteUserSessions } from "../../../kv/sessions.ts";
import { appendAudit } from "../../../kv/audit.ts";
import { activeBan, type Ban, newBan } from "../../shared/moderation/bans.ts";
import type { UserRecord } from "../../shared/auth/types.ts";
import { type Actor, auditEntry, commitRetrying } from "./audit.ts";
import { AdminError, toAdminUser } from "./users.ts";
import type { AdminUser } from "../../shared/admin.ts";
import { said } from "../../shared/i18n/said.ts";
import { endHoldIn } from "../moderation/holds.ts";

export interface BanRequest {
  reason: string;
  /** Omitted: permanent. */
  days?: number;
}

/**
 * Adds a ban of `userId` and its audit entry to a commit (a report review bans in its own
 * commit this way). Refuses the actor's own account and an unknown member.
 */
export async function addBan(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  actor: Actor,
  userId: string,
  request: BanRequest,
  now = Date.now(),
  details: Record<string, string> = {},
): Promise<UserRecord> {
  if (userId === actor.id) throw new AdminError(said("admin.cannotBanSelf"), 400);
  const ban: Ban = newBan(request.reason, request.days, actor.id, now);
  // A ban replaces a safety hold: the member is stopped for good, and the hold leaves the queue.
  const put = await putUserIn(kv, op, userId, (u) => ({ ...u, ban, hold: null }));
  if (!put) throw new AdminError(said("admin.userNotFound"), 404);
  const hold = endHoldIn(op, put.before);
  appendAudit(
    op,
    auditEntry(actor, "ban", { id: userId, label: put.before.username }, {
      reason: ban.reason,
      details: {
        until: ban.until,
        days: request.days ?? null,
        ...(hold ? { heldAt: hold.at } : {}),
        ...details,
      },
    }, now),
  );
  return put.after;
}

/** Bans a member (a new ban replaces one in force) and signs them out everywhere. */
export async function banMember(
  kv: Deno.Kv,
  actor: Actor,
  userId: string,
  request: BanRequest,
  now = Date.now(),
): Promise<AdminUser> {
  const user = await commitRetrying(kv, (op) => addBan(kv, op, actor, userId, request, now));
  await deleteUserSessions(kv, userId);
  return toAdminUser(user, now);
}

/**
 * Adds the lifting of the ban in force on `userId` and its audit entry to a commit (an appeal's
 * lift ends the ban in its own commit this way). 404 for an unknown member, 409 when no ban is
 * in force (never imposed, lifted, or expired).
 */
export async function addUnban(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  actor: Actor,
  userId: string,
  now = Date.now(),
  details: Record<string, string> = {},
): Promise<UserRecord> {
  const put = await putUserIn(kv, op, userId, (u) => ({ ...u, ban: null }));
  if (!put) throw new AdminError(said("admin.userNotFound"), 404);
  const ban = activeBan(put.before, now);
  if (!ban) throw new AdminError(said("admin.notBanned"), 409);
  appendAudit(
    op,
    auditEntry(actor, "unban", { id: userId, label: put.before.username }, {
      reason: ban.reason,
      details: { until: ban.until, bannedAt: ban.at, ...details },
    }, now),
  );
  return put.after;
}

/** Lifts a ban in force; 409 when there is none (never imposed, lifted, or expired). */
export async function unbanMember(
  kv: Deno.Kv,
  actor: Actor,
  userId: string,
  now = Date.now(),
): Promise<AdminUser> {
  const user = await commitRetrying(kv, (op) => addUnban(kv, op, actor, userId, now));
  return toAdminUser(user, now);
}
