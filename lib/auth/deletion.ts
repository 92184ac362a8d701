// Account deletion. At once: every session ends, the account can no longer sign in, and its
// username and email are free again. Within 30 days: every personal record is purged by a job
// that a KV queue message triggers, with a sweep any instance runs as the fallback (hosted
// platforms differ in what they run). Reports about the member stay, without personal data.
import { keys } from "../../kv/keys.ts";
import { deleteUserSessions } from "../../kv/sessions.ts";
import type { Invitation } from "../../kv/users.ts";
import type { UserRecord } from "./types.ts";
import { anonymiseReports, purgeBlocks } from "../moderation/reports.ts";
import { deleteStats } from "../../kv/stats.ts";

/** A week's grace lets moderators finish with fresh reports; well inside the 30 days promised. */
export const PURGE_DELAY_MS = 7 * 24 * 3600_000;

export interface PurgeMessage {
  kind: "purge-account";
  userId: string;
}

export function isPurgeMessage(v: unknown): v is PurgeMessage {
  return typeof v === "object" && v !== null && (v as PurgeMessage).kind === "purge-account" &&
    typeof (v as PurgeMessage).userId === "string";
}

/** Other areas (filters, blocks, reports…) register what they keep per member here. */
export type Purger = (kv: Deno.Kv, userId: string) => Promise<void>;
const purgers: Purger[] = [];
export function registerPurger(p: Purger) {
  purgers.push(p);
}

export async function deleteAccount(kv: Deno.Kv, userId: string, now = Date.now()) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await kv.get<UserRecord>(keys.user(userId));
    if (!entry.value || entry.value.deletedAt) return false;
    const u = entry.value;
    const dueAt = now + PURGE_DELAY_MS;
    const res = await kv.atomic()
      .check(entry)
      .set(keys.user(userId), { ...u, deletedAt: new Date(now).toISOString() })
      .sum(keys.searchVersion(userId), 1n)
      .delete(keys.userByUsername(u.username.toLowerCase()))
      .delete(keys.userByEmail(u.email.toLowerCase()))
      .set(keys.purgeDue(dueAt, userId), true)
      .delete(keys.avatar(userId))
      .delete(keys.mmWaiting(userId))
      .enqueue({ kind: "purge-account", userId } satisfies PurgeMessage, { delay: PURGE_DELAY_MS })
      .commit();
    if (res.ok) {
      await deleteUserSessions(kv, userId);
      await dropUnusedInvitations(kv, userId);
      return true;
    }
  }
  return false;
}

/** Removes every personal record of a deleted member. Idempotent. */
export async function purgeAccount(kv: Deno.Kv, userId: string) {
  const entry = await kv.get<UserRecord>(keys.user(userId));
  if (entry.value && !entry.value.deletedAt) return; // not deleted: nothing to purge
  for (const p of purgers) await p(kv, userId);
  await deleteUserSessions(kv, userId);
  for await (const e of kv.list({ prefix: keys.invitationsByOwnerPrefix(userId) })) {
    const code = String(e.key[2]);
    const inv = await kv.get<Invitation>(keys.invitation(code));
    const op = kv.atomic().delete(e.key);
    // Unused codes die with the account; used ones stay (the invitee's record points at them)
    // but no longer name the deleted member.
    if (inv.value && !inv.value.usedBy) op.delete(keys.invitation(code));
    else if (inv.value) op.set(keys.invitation(code), { ...inv.value, ownerId: null });
    await op.commit();
  }
  await kv.atomic()
    .delete(keys.avatar(userId))
    .delete(keys.filters(userId))
    .delete(keys.location(userId))
    .delete(keys.presence(userId))
    .delete(keys.user(userId))
    .delete(keys.searchVersion(userId))
    .commit();
  await purgeBlocks(kv, userId);
  await deleteStats(kv, userId);
  await anonymiseReports(kv, userId);
  for await (const e of kv.list({ prefix: keys.purgeDuePrefix() })) {
    if (e.key[2] === userId) await kv.delete(e.key);
  }
}

/** Purges every account whose time has come: the fallback for a lost queue message. */
export async function purgeSweep(kv: Deno.Kv, now = Date.now()): Promise<number> {
  let n = 0;
  const iter = kv.list<boolean>({
    start: [...keys.purgeDuePrefix()],
    end: [...keys.purgeDuePrefix(), now + 1],
  });
  for await (const e of iter) {
    await purgeAccount(kv, String(e.key[2]));
    await kv.delete(e.key);
    n++;
  }
  return n;
}

/** A deleted member's unused invitations stop working at once. */
async function dropUnusedInvitations(kv: Deno.Kv, userId: string) {
  for await (const e of kv.list({ prefix: keys.invitationsByOwnerPrefix(userId) })) {
    const code = String(e.key[2]);
    const inv = await kv.get<Invitation>(keys.invitation(code));
    if (inv.value && !inv.value.usedBy) {
      await kv.atomic().check(inv).delete(keys.invitation(code)).delete(e.key).commit();
    }
  }
}
