// Appeals, both sides. A banned member, who has no session (a ban ends every session and refuses
// sign-in), proves who they are by signing in with their password: the refusal that tells them of
// the ban also hands them an appeal pass, good for that ban only, for half an hour, and for
// nothing but reading and sending their appeal. An administrator answers an appeal once: uphold
// (the ban stays) or lift (the ban ends through the same commit-builder as an unban, so an
// unban's audit entry and effects come with it). The answer, its audit entry and the member's
// mail land in one commit checked against the appeal, so of two answers at once one wins.
// A member on a safety hold keeps their session: they appeal the hold from their profile, signed
// in, once per hold; a lift ends the hold through the same commit-builder as Lift hold.
import {
  addAppeal,
  APPEAL_PASS_TTL_MS,
  appealOfSubject,
  type AppealPass,
  deleteAppealPass,
  getAppealEntry,
  getAppealPass,
  listAppeals,
  putAnswer,
  putAppealPass,
} from "../../../kv/appeals.ts";
import { appendAudit } from "../../../kv/audit.ts";
import { enqueueIn } from "../../../kv/queue.ts";
import { getUser } from "../../../kv/users.ts";
import { activeBan, type Ban } from "../../shared/moderation/bans.ts";
import {
  type AdminAppeal,
  type AdminAppealList,
  type Appeal,
  APPEAL_MAX,
  type AppealDecision,
  appealLength,
  type AppealState,
  type AppealSubject,
} from "../../shared/moderation/appeals.ts";
import { AppError } from "../http/errors.ts";
import { said } from "../../shared/i18n/said.ts";
import { type Actor, auditEntry, auditId, commitRetrying } from "../admin/audit.ts";
import { addUnban } from "../admin/bans.ts";
import { appealAnsweredMail, holdMail } from "../auth/account_mail.ts";
import { activeHold } from "../../shared/moderation/holds.ts";
import type { UserRecord } from "../../shared/auth/types.ts";
import { addLiftHold } from "./holds.ts";

/** The member's ban or hold that an appeal of `kind` is about, if one is in force now. */
function inForceOf(user: UserRecord | null, kind: AppealSubject["kind"], now: number) {
  if (!user || user.deletedAt) return null;
  return kind === "ban" ? activeBan(user, now) : activeHold(user);
}

/** A signed-in member on a hold (and not banned): the one whose appeal is about the hold. */
function heldMember(record: UserRecord | null | undefined, now: number) {
  const hold = record && !record.deletedAt && !activeBan(record, now) ? activeHold(record) : null;
  return hold ? { user: record!, hold } : null;
}

async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A new pass for a member who just signed in with the right password and is banned. */
export async function issueAppealPass(kv: Deno.Kv, userId: string, ban: Ban): Promise<string> {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const token = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
  await putAppealPass(kv, await tokenHash(token), {
    userId,
    banAt: ban.at,
    expiresAt: Date.now() + APPEAL_PASS_TTL_MS,
  });
  return token;
}

/** The pass a token names, if it is still good: unexpired and for the ban in force now. */
async function passOf(kv: Deno.Kv, token: string | undefined, now: number) {
  if (!token || token.length > 100) throw new AppError(401, said("auth.appealNoPass"));
  const hash = await tokenHash(token);
  const pass = await getAppealPass(kv, hash);
  if (!pass || pass.expiresAt <= now) throw new AppError(401, said("auth.appealNoPass"));
  const user = await getUser(kv, pass.userId);
  const ban = user && !user.deletedAt ? activeBan(user, now) : null;
  if (!user || !ban || ban.at !== pass.banAt) {
    // The ban it was for has ended (or another replaced it): the pass is good for nothing now.
    await deleteAppealPass(kv, hash);
    throw new AppError(403, said("auth.appealNotBanned"));
  }
  return { pass, user, ban };
}

/** What the member may know of `ban`: the limit, and their appeal of it if they sent one. */
export async function banAppealState(kv: Deno.Kv, userId: string, ban: Ban): Promise<AppealState> {
  const sent = await appealOfSubject(kv, userId, "ban", ban.at);
  return {
    maxLength: APPEAL_MAX,
    sent: sent ? { sentAt: sent.sentAt, status: sent.status } : null,
  };
}

/** The same for a member on hold (signed in), or else for the holder of a pass. */
export async function appealState(
  kv: Deno.Kv,
  token: string | undefined,
  now = Date.now(),
  record?: UserRecord | null,
): Promise<AppealState> {
  const held = heldMember(record, now);
  if (held) {
    const sent = await appealOfSubject(kv, held.user.id, "hold", held.hold.at);
    return {
      maxLength: APPEAL_MAX,
      sent: sent ? { sentAt: sent.sentAt, status: sent.status } : null,
      kind: "hold",
    };
  }
  const { pass, ban } = await passOf(kv, token, now);
  return await banAppealState(kv, pass.userId, ban);
}

/** Checks an appeal's text: the trimmed text, or a 400 with the reason. */
export function checkAppealText(text: string): string {
  const clean = text.trim();
  if (!clean) throw new AppError(400, said("auth.appealRequired"));
  if (appealLength(clean) > APPEAL_MAX) throw new AppError(400, said("auth.appealTooLong"));
  return clean;
}

/** Who appeals what: a member on hold (signed in) their hold, else a pass's holder their ban. */
async function appellant(
  kv: Deno.Kv,
  token: string | undefined,
  now: number,
  record?: UserRecord | null,
): Promise<{ user: UserRecord; subject: AppealSubject }> {
  const held = heldMember(record, now);
  if (held) {
    const { user, hold } = held;
    return { user, subject: { kind: "hold", at: hold.at, reason: hold.reason, until: null } };
  }
  const { user, ban } = await passOf(kv, token, now);
  return { user, subject: { kind: "ban", at: ban.at, reason: ban.reason, until: ban.until } };
}

/** Stores the member's one appeal of the ban (or hold) in force, with its audit entry. */
export async function sendAppeal(
  kv: Deno.Kv,
  token: string | undefined,
  text: string,
  now = Date.now(),
  record?: UserRecord | null,
): Promise<Appeal> {
  // Who is asking comes first: without a good pass (or a hold), nothing about the text is answered.
  const { user, subject } = await appellant(kv, token, now, record);
  const clean = checkAppealText(text);
  const appeal: Appeal = {
    id: auditId(now),
    userId: user.id,
    username: user.username,
    subject,
    text: clean,
    sentAt: new Date(now).toISOString(),
    status: "pending",
  };
  const member: Actor = { id: user.id, username: user.username };
  const op = addAppeal(kv.atomic(), appeal);
  appendAudit(
    op,
    auditEntry(member, "appeal_sent", { id: user.id, label: "" }, {
      details: { appealId: appeal.id, ...subjectTime(subject) },
    }, now),
  );
  if (!(await op.commit()).ok) {
    const sent = await appealOfSubject(kv, user.id, subject.kind, subject.at);
    const already = subject.kind === "hold"
      ? said("auth.appealAlreadySentHold")
      : said("auth.appealAlreadySent");
    throw new AppError(409, sent ? already : said("auth.appealFailed"));
  }
  return appeal;
}

/** The audit's note of what an appeal is about: the ban's time, or the hold's. */
const subjectTime = (subject: AppealSubject): Record<string, string> =>
  subject.kind === "hold" ? { heldAt: subject.at } : { bannedAt: subject.at };

/** The admin list: pending appeals first (oldest first), then the latest answered. */
export async function listAdminAppeals(
  kv: Deno.Kv,
  limit = 100,
  now = Date.now(),
): Promise<AdminAppealList> {
  const { pending, answered } = await listAppeals(kv, limit);
  const withBan = async (a: Appeal): Promise<AdminAppeal> => {
    const current = inForceOf(await getUser(kv, a.userId), a.subject.kind, now);
    return { ...a, banInForce: current?.at === a.subject.at };
  };
  return {
    pending: await Promise.all(pending.map(withBan)),
    answered: answered.map((a) => ({ ...a, banInForce: false })),
  };
}

/**
 * Answers a pending appeal. Uphold needs its ban still in force; lift ends it (or records the
 * lift when it has ended meanwhile), but never a newer ban that replaced it. The member is mailed
 * the decision in their language, by the queue, once the commit lands.
 */
export async function answerAppeal(
  kv: Deno.Kv,
  actor: Actor,
  id: string,
  decision: AppealDecision,
  origin: string,
  now = Date.now(),
): Promise<Appeal> {
  return await commitRetrying(kv, async (op) => {
    // The member is read before the appeal: an answer changes both in one commit, so a member
    // read after another answer landed comes with an appeal read as answered.
    const first = await getAppealEntry(kv, id);
    if (!first.value) throw new AppError(404, said("admin.appealNotFound"));
    const user = await getUser(kv, first.value.userId);
    const entry = await getAppealEntry(kv, id);
    if (!entry.value) throw new AppError(404, said("admin.appealNotFound"));
    const appeal = entry.value;
    if (appeal.status !== "pending") throw new AppError(409, said("admin.appealAlreadyAnswered"));
    const hold = appeal.subject.kind === "hold";
    const current = inForceOf(user, appeal.subject.kind, now);
    const inForce = current?.at === appeal.subject.at;
    if (current && !inForce) {
      throw new AppError(
        409,
        hold ? said("admin.appealHoldReplaced") : said("admin.appealBanReplaced"),
      );
    }
    if (decision === "uphold" && !inForce) {
      throw new AppError(409, hold ? said("admin.appealHoldEnded") : said("admin.appealBanEnded"));
    }
    if (decision === "lift" && inForce) {
      const details = { appealId: appeal.id };
      await (hold
        ? addLiftHold(kv, op, actor, appeal.userId, origin, now, details)
        : addUnban(kv, op, actor, appeal.userId, now, details)).catch(
          async (err) => {
            // The member's record changed between the two reads: when another answer got in
            // first, this one is refused as the answer that came second.
            const again = await getAppealEntry(kv, id);
            if (again.versionstamp !== entry.versionstamp) {
              throw new AppError(409, said("admin.appealAlreadyAnswered"));
            }
            throw err;
          },
        );
    }
    const status = decision === "lift" ? "lifted" : "upheld";
    const answered: Appeal = {
      ...appeal,
      status,
      answeredAt: new Date(now).toISOString(),
      answeredBy: actor.id,
      answeredByUsername: actor.username,
    };
    putAnswer(op, entry, answered);
    appendAudit(
      op,
      auditEntry(
        actor,
        decision === "lift" ? "appeal_lifted" : "appeal_upheld",
        { id: appeal.userId, label: appeal.username },
        {
          reason: appeal.subject.reason,
          details: { appealId: appeal.id, ...subjectTime(appeal.subject) },
        },
        now,
      ),
    );
    // A hold's lift mails through its own builder (when it was still in force).
    if (!hold) enqueueIn(kv, op, appealAnsweredMail(appeal.userId, status, origin));
    else if (status === "upheld" || !inForce) {
      enqueueIn(kv, op, holdMail(appeal.userId, status, origin));
    }
    return answered;
  });
}

export type { AppealPass };
