// Account deletion. At once: every session ends, the account can no longer sign in, its
// username and email are free again and it leaves the leaderboards. Within 30 days: every
// personal record is purged by a job that a KV queue message triggers, with a sweep any instance
// runs as the fallback (hosted platforms differ in what they run). Reports about the member
// stay, without personal data.
import { deleteUserSessions } from "../../../kv/sessions.ts";
import {
  clearPurgeDue,
  dropUnusedInvitations,
  duePurges,
  isDeletedOrGone,
  markDeleted,
  purgeMemberRecords,
} from "../../../kv/deletion.ts";
import { anonymiseReports, purgeBlocks } from "../../../kv/reports.ts";
import { deleteStats } from "../../../kv/stats.ts";
import { dropReferralFigures } from "../../../kv/referrals.ts";
import { forgetLoginIps } from "../../../kv/rate_limits.ts";
import { forgetDevices } from "../../../kv/devices.ts";
import { forgetPasskeys } from "../../../kv/passkeys.ts";
import { deleteAllSubscriptions } from "../../../kv/push.ts";

import type { UserRecord } from "../../shared/auth/types.ts";

export { isPurgeMessage, type PurgeMessage } from "../../../kv/deletion.ts";

/** A week's grace lets moderators finish with fresh reports; well inside the 30 days promised. */
export const PURGE_DELAY_MS = 7 * 24 * 3600_000;

/**
 * Deletes a member's account; false when there is no such (undeleted) account. `also` adds its
 * mutations to the commit that marks the account deleted.
 */
export async function deleteAccount(
  kv: Deno.Kv,
  userId: string,
  now = Date.now(),
  also?: (op: Deno.AtomicOperation, user: UserRecord) => void,
) {
  if (!(await markDeleted(kv, userId, PURGE_DELAY_MS, now, also))) return false;
  await deleteUserSessions(kv, userId);
  await dropUnusedInvitations(kv, userId);
  await dropReferralFigures(kv, userId);
  await forgetLoginIps(kv, userId);
  await forgetDevices(kv, userId);
  await forgetPasskeys(kv, userId);
  // No notice reaches a deleted member's browsers.
  await deleteAllSubscriptions(kv, userId);
  return true;
}

/** Removes every personal record of a deleted member. Idempotent. */
export async function purgeAccount(kv: Deno.Kv, userId: string) {
  if (!(await isDeletedOrGone(kv, userId))) return; // not deleted: nothing to purge
  await deleteUserSessions(kv, userId);
  await forgetLoginIps(kv, userId);
  await forgetDevices(kv, userId);
  await forgetPasskeys(kv, userId);
  await purgeMemberRecords(kv, userId);
  await deleteAllSubscriptions(kv, userId);
  await purgeBlocks(kv, userId);
  await deleteStats(kv, userId);
  await dropReferralFigures(kv, userId);
  await anonymiseReports(kv, userId);
  await clearPurgeDue(kv, userId);
}

/** Purges every account whose time has come: the fallback for a lost queue message. */
export async function purgeSweep(kv: Deno.Kv, now = Date.now()): Promise<number> {
  const due = await duePurges(kv, now);
  for (const userId of due) {
    await purgeAccount(kv, userId);
    await clearPurgeDue(kv, userId);
  }
  return due.length;
}
