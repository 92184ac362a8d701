// Account deletion in KV. At once (one commit): the record is marked deleted, its username and
// email are free again, it leaves the members' list and count (and its country's count), the
// avatar and any waiting search go, and a purge is scheduled both as a queue message and as a
// due-date entry that a sweep finds if the message is lost. At purge time: every personal record
// of the member is removed.
import { keys } from "./keys.ts";
import { deleteFactors } from "./second_factor.ts";
import { enqueueIn } from "./queue.ts";
import { bumpSearchVersion } from "./search_version.ts";
import type { Invitation } from "./users.ts";
import { listKey, unlistMember } from "./user_lists.ts";
import { moveCountry } from "./referrals.ts";
import { purgeAppealsOf } from "./appeals.ts";
import type { UserRecord } from "../lib/shared/auth/types.ts";

export interface PurgeMessage {
  kind: "purge-account";
  userId: string;
}

export function isPurgeMessage(v: unknown): v is PurgeMessage {
  return typeof v === "object" && v !== null && (v as PurgeMessage).kind === "purge-account" &&
    typeof (v as PurgeMessage).userId === "string";
}

/**
 * Marks a member deleted and schedules the purge `delayMs` later. False when there is no such
 * member, the account is already deleted, or the record kept changing. `also` adds its own
 * mutations to the commit (an administrator's audit entry).
 */
export async function markDeleted(
  kv: Deno.Kv,
  userId: string,
  delayMs: number,
  now = Date.now(),
  also?: (op: Deno.AtomicOperation, user: UserRecord) => void,
): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await kv.get<UserRecord>(keys.user(userId));
    if (!entry.value || entry.value.deletedAt) return false;
    const u = entry.value;
    const listed = await kv.get<string>(listKey(u));
    const op = unlistMember(bumpSearchVersion(kv.atomic(), userId), listed);
    moveCountry(op, u, null);
    also?.(op, u);
    op
      .check(entry)
      .set(keys.user(userId), { ...u, deletedAt: new Date(now).toISOString() })
      .delete(keys.userByUsername(u.username.toLowerCase()))
      .delete(keys.userByEmail(u.email.toLowerCase()))
      .set(keys.purgeDue(now + delayMs, userId), true)
      .delete(keys.avatar(userId))
      .delete(keys.mmWaiting(userId));
    const res = await enqueueIn(
      kv,
      op,
      { kind: "purge-account", userId } satisfies PurgeMessage,
      delayMs,
    ).commit();
    if (res.ok) return true;
  }
  return false;
}

/** True when the member's record is gone or marked deleted (so it may be purged). */
export async function isDeletedOrGone(kv: Deno.Kv, userId: string): Promise<boolean> {
  const entry = await kv.get<UserRecord>(keys.user(userId));
  return !entry.value || Boolean(entry.value.deletedAt);
}

/** A deleted member's unused invitations stop working at once. */
export async function dropUnusedInvitations(kv: Deno.Kv, userId: string) {
  for await (const e of kv.list({ prefix: keys.invitationsByOwnerPrefix(userId) })) {
    const code = String(e.key[2]);
    const inv = await kv.get<Invitation>(keys.invitation(code));
    if (inv.value && !inv.value.usedBy) {
      await kv.atomic().check(inv).delete(keys.invitation(code)).delete(e.key).commit();
    }
  }
}

/**
 * Removes the member's own records: invitations (unused codes die; used ones stay, since the
 * invitee's record points at them, but no longer name the member), avatar, filters, private
 * location, presence, the record itself (with its list entry, if a deletion left one), its search
 * version and its purge due-date.
 */
export async function purgeMemberRecords(kv: Deno.Kv, userId: string) {
  await purgeAppealsOf(kv, userId);
  for await (const e of kv.list({ prefix: keys.invitationsByOwnerPrefix(userId) })) {
    const code = String(e.key[2]);
    const inv = await kv.get<Invitation>(keys.invitation(code));
    const op = kv.atomic().delete(e.key);
    if (inv.value && !inv.value.usedBy) op.delete(keys.invitation(code));
    else if (inv.value) op.set(keys.invitation(code), { ...inv.value, ownerId: null });
    await op.commit();
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await kv.get<UserRecord>(keys.user(userId));
    const op = kv.atomic().check(entry);
    if (entry.value) unlistMember(op, await kv.get<string>(listKey(entry.value)));
    // An administrator's second factor (authenticator secret, recovery codes) goes with them.
    deleteFactors(op, userId);
    // A safety hold leaves the admin queue with the member.
    if (entry.value?.hold) op.delete(keys.hold(Date.parse(entry.value.hold.at), userId));
    const res = await op
      .delete(keys.avatar(userId))
      .delete(keys.filters(userId))
      .delete(keys.location(userId))
      .delete(keys.presence(userId))
      .delete(keys.user(userId))
      .delete(keys.searchVersion(userId))
      .commit();
    if (res.ok) return;
  }
  throw new Error(`purging member ${userId}: their record kept changing`);
}

/** Forgets the member's purge due-dates (the purge is done). */
export async function clearPurgeDue(kv: Deno.Kv, userId: string) {
  for await (const e of kv.list({ prefix: keys.purgeDuePrefix() })) {
    if (e.key[2] === userId) await kv.delete(e.key);
  }
}

/** The members whose purge was due at or before `now`. */
export async function duePurges(kv: Deno.Kv, now = Date.now()): Promise<string[]> {
  const out: string[] = [];
  const iter = kv.list<boolean>({
    start: [...keys.purgeDuePrefix()],
    end: [...keys.purgeDuePrefix(), now + 1],
  });
  for await (const e of iter) out.push(String(e.key[2]));
  return out;
}
