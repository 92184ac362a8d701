// Safety holds. After every "Underage User" report the reported member's reports of that reason
// within the window are counted by distinct reporter; enough of them (HOLD_REPORTERS, or one from
// a reporter in good standing) put the member on hold at once: the hold is written on their
// record with its audit entry and the member's mail in one commit checked against the record, so
// reports landing at once place one hold. An administrator lifts the hold (or bans, which ends it).
import { keys } from "../../../kv/keys.ts";
import { getManyChunked } from "../../../kv/db.ts";
import { appendAudit } from "../../../kv/audit.ts";
import { enqueueIn } from "../../../kv/queue.ts";
import { getUser, putUserIn } from "../../../kv/users.ts";
import type { UserRecord } from "../../shared/auth/types.ts";
import type { Report } from "../../shared/moderation/reports.ts";
import { activeBan } from "../../shared/moderation/bans.ts";
import { activeHold, type Hold, HOLD_REPORT_REASON } from "../../shared/moderation/holds.ts";
import type { HeldMember } from "../../shared/admin.ts";
import { said } from "../../shared/i18n/said.ts";
import { type Actor, auditEntry, commitRetrying } from "../admin/audit.ts";
import { AdminError } from "../admin/users.ts";
import { holdMail } from "../auth/account_mail.ts";
import type { HoldSettings } from "./hold_settings.ts";

/** Who places a hold: no administrator, the rule itself (as the audit log names it). */
export const HOLD_ACTOR: Actor = { id: "system", username: "Glimpse" };

/** Reports a member's good standing reads at most (their own record of being reported). */
const STANDING_REPORTS_MAX = 500;

/**
 * The members who reported `memberId` as underage within the window at `now`, each with their
 * reports of that reason: a reporter counts once however often they reported, and a report an
 * administrator dismissed does not count.
 */
export async function underageReporters(
  kv: Deno.Kv,
  memberId: string,
  windowMs: number,
  now = Date.now(),
): Promise<Map<string, string[]>> {
  const ids: string[] = [];
  const iter = kv.list<string>({
    start: [...keys.reportsOfMemberPrefix(memberId), now - windowMs],
    end: [...keys.reportsOfMemberPrefix(memberId), now + 60_000],
  });
  for await (const e of iter) ids.push(String(e.key[3]));
  const reports = await getManyChunked<Report>(kv, ids.map((id) => keys.report(id)));
  const out = new Map<string, string[]>();
  for (const { value: r } of reports) {
    if (!r || r.reportedId !== memberId || !r.reporterId) continue;
    if (r.reportReason !== HOLD_REPORT_REASON || r.status === "dismissed") continue;
    out.set(r.reporterId, [...(out.get(r.reporterId) ?? []), r.id]);
  }
  return out;
}

/**
 * A reporter in good standing: their account is at least `standingMs` old, their email address
 * is verified, they are neither banned nor on hold, and no report about them was ever upheld
 * (reviewed by an administrator). A `standingMs` of 0 means no reporter is.
 */
export async function inGoodStanding(
  kv: Deno.Kv,
  user: UserRecord | null,
  standingMs: number,
  now = Date.now(),
): Promise<boolean> {
  if (!user || user.deletedAt || standingMs <= 0) return false;
  if (Date.parse(user.createdAt) > now - standingMs || !user.emailVerified) return false;
  if (activeBan(user, now) || activeHold(user)) return false;
  const ids: string[] = [];
  const iter = kv.list<string>({ prefix: keys.reportsOfMemberPrefix(user.id) }, {
    limit: STANDING_REPORTS_MAX,
    reverse: true,
  });
  for await (const e of iter) ids.push(String(e.key[3]));
  const reports = await getManyChunked<Report>(kv, ids.map((id) => keys.report(id)));
  return !reports.some(({ value: r }) => r?.reportedId === user.id && r.status === "reviewed");
}

/** Whether the reports counted now call for a hold, and the hold they make. */
async function holdDue(
  kv: Deno.Kv,
  memberId: string,
  settings: HoldSettings,
  now: number,
): Promise<Hold | null> {
  const reporters = await underageReporters(kv, memberId, settings.windowMs, now);
  if (reporters.size === 0) return null;
  let goodStanding = false;
  if (reporters.size < settings.reporters) {
    const users = await Promise.all([...reporters.keys()].map((id) => getUser(kv, id)));
    for (const u of users) {
      if (await inGoodStanding(kv, u, settings.standingMs, now)) goodStanding = true;
    }
    if (!goodStanding) return null;
  }
  return {
    at: new Date(now).toISOString(),
    reason: "underage_reports",
    reportIds: [...reporters.values()].flat(),
    reporters: reporters.size,
    goodStanding,
  };
}

/**
 * Puts `memberId` on hold if their underage reports call for it and they are not on hold or
 * banned already. Returns the hold placed now, or null. Any number of callers at once place one
 * hold: the commit checks the member's record, and a caller that lost reads the hold and stops.
 */
export async function considerHold(
  kv: Deno.Kv,
  memberId: string,
  settings: HoldSettings,
  origin: string,
  now = Date.now(),
): Promise<Hold | null> {
  const hold = await holdDue(kv, memberId, settings, now);
  if (!hold) return null;
  for (let attempt = 0; attempt < 5; attempt++) {
    const user = await getUser(kv, memberId);
    if (!user || user.deletedAt || activeHold(user) || activeBan(user, now)) return null;
    const op = kv.atomic();
    const put = await putUserIn(kv, op, memberId, (u) => ({ ...u, hold }), now);
    if (!put || activeHold(put.before) || activeBan(put.before, now)) return null;
    op.check({ key: keys.hold(now, memberId), versionstamp: null })
      .set(keys.hold(now, memberId), memberId);
    appendAudit(
      op,
      auditEntry(HOLD_ACTOR, "hold", { id: memberId, label: put.before.username }, {
        reason: "underage_reports",
        details: {
          reporters: hold.reporters,
          goodStanding: hold.goodStanding,
          reportIds: hold.reportIds.join(","),
        },
      }, now),
    );
    enqueueIn(kv, op, holdMail(memberId, "placed", origin));
    if ((await op.commit()).ok) return hold;
  }
  return null;
}

/**
 * Adds the lifting of the member's hold and its audit entry (and the member's mail) to a commit:
 * Lift hold in the admin queue, and an appeal's lift, do it this way. 404 for an unknown member,
 * 409 when they are not on hold.
 */
export async function addLiftHold(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  actor: Actor,
  userId: string,
  origin: string,
  now = Date.now(),
  details: Record<string, string> = {},
): Promise<UserRecord> {
  const put = await putUserIn(kv, op, userId, (u) => ({ ...u, hold: null }), now);
  if (!put) throw new AdminError(said("admin.userNotFound"), 404);
  const hold = activeHold(put.before);
  if (!hold) throw new AdminError(said("admin.holdNotHeld"), 409);
  op.delete(keys.hold(Date.parse(hold.at), userId));
  appendAudit(
    op,
    auditEntry(actor, "hold_lifted", { id: userId, label: put.before.username }, {
      reason: hold.reason,
      details: { heldAt: hold.at, ...details },
    }, now),
  );
  enqueueIn(kv, op, holdMail(userId, "lifted", origin));
  return put.after;
}

/** Lifts a member's hold (an administrator's Lift hold). */
export async function liftHold(
  kv: Deno.Kv,
  actor: Actor,
  userId: string,
  origin: string,
  now = Date.now(),
): Promise<UserRecord> {
  return await commitRetrying(kv, (op) => addLiftHold(kv, op, actor, userId, origin, now));
}

/** Adds, to a ban's commit, the end of the hold the ban replaces (its index entry). */
export function endHoldIn(op: Deno.AtomicOperation, before: UserRecord) {
  const hold = activeHold(before);
  if (hold) op.delete(keys.hold(Date.parse(hold.at), before.id));
  return hold;
}

/** The members on hold, longest held first, as the admin queue shows them above the reports. */
export async function listHeld(kv: Deno.Kv, limit = 100): Promise<HeldMember[]> {
  const ids: string[] = [];
  for await (const e of kv.list<string>({ prefix: keys.holdsPrefix() }, { limit })) {
    ids.push(e.value);
  }
  const users = await getManyChunked<UserRecord>(kv, ids.map((id) => keys.user(id)));
  const out: HeldMember[] = [];
  for (const { value: u } of users) {
    const hold = u && !u.deletedAt ? activeHold(u) : null;
    if (!u || !hold) continue;
    out.push({
      id: u.id,
      username: u.username,
      heldAt: hold.at,
      reporters: hold.reporters,
      goodStanding: hold.goodStanding,
      reports: hold.reportIds.length,
    });
  }
  return out;
}
