// Appeals, both sides. A banned member, who has no session (a ban ends every session and refuses
// sign-in), proves who they are by signing in with their password: the refusal that tells them of
// the ban also hands them an appeal pass, good for that ban only, for half an hour, and for
// nothing but reading and sending their appeal. An administrator answers an appeal once: uphold
// (the ban stays) or lift (the ban ends through the same commit-builder as an unban, so an
// unban's audit entry and effects come with it). The answer, its audit entry and the member's
// mail land in one commit checked against the appeal, so of two answers at once one wins.
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
  APPEAL_TEXT,
  type AppealDecision,
  appealLength,
  type AppealState,
} from "../../shared/moderation/appeals.ts";
import { AppError } from "../http/errors.ts";
import { type Actor, auditEntry, auditId, commitRetrying } from "../admin/audit.ts";
import { addUnban } from "../admin/bans.ts";
import { appealAnsweredMail } from "../auth/account_mail.ts";

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
  if (!token || token.length > 100) throw new AppError(401, APPEAL_TEXT.noPass);
  const hash = await tokenHash(token);
  const pass = await getAppealPass(kv, hash);
  if (!pass || pass.expiresAt <= now) throw new AppError(401, APPEAL_TEXT.noPass);
  const user = await getUser(kv, pass.userId);
  const ban = user && !user.deletedAt ? activeBan(user, now) : null;
  if (!user || !ban || ban.at !== pass.banAt) {
    // The ban it was for has ended (or another replaced it): the pass is good for nothing now.
    await deleteAppealPass(kv, hash);
    throw new AppError(403, APPEAL_TEXT.notBanned);
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

/** The same for the holder of a pass. */
export async function appealState(
  kv: Deno.Kv,
  token: string | undefined,
  now = Date.now(),
): Promise<AppealState> {
  const { pass, ban } = await passOf(kv, token, now);
  return await banAppealState(kv, pass.userId, ban);
}

/** Checks an appeal's text: the trimmed text, or a 400 with the reason. */
export function checkAppealText(text: string): string {
  const clean = text.trim();
  if (!clean) throw new AppError(400, APPEAL_TEXT.textRequired);
  if (appealLength(clean) > APPEAL_MAX) throw new AppError(400, APPEAL_TEXT.textTooLong);
  return clean;
}

/** Stores the member's one appeal of the ban in force, with its audit entry. */
export async function sendAppeal(
  kv: Deno.Kv,
  token: string | undefined,
  text: string,
  now = Date.now(),
): Promise<Appeal> {
  // Who is asking comes first: without a good pass, nothing about the text is answered.
  const { pass, user, ban } = await passOf(kv, token, now);
  const clean = checkAppealText(text);
  const appeal: Appeal = {
    id: auditId(now),
    userId: user.id,
    username: user.username,
    subject: { kind: "ban", at: ban.at, reason: ban.reason, until: ban.until },
    text: clean,
    sentAt: new Date(now).toISOString(),
    status: "pending",
  };
  const member: Actor = { id: user.id, username: user.username };
  const op = addAppeal(kv.atomic(), appeal);
  appendAudit(
    op,
    auditEntry(member, "appeal_sent", { id: user.id, label: "" }, {
      details: { appealId: appeal.id, bannedAt: ban.at },
    }, now),
  );
  if (!(await op.commit()).ok) {
    const sent = await appealOfSubject(kv, pass.userId, "ban", pass.banAt);
    throw new AppError(409, sent ? APPEAL_TEXT.alreadySent : APPEAL_TEXT.tryAgain);
  }
  return appeal;
}

/** The admin list: pending appeals first (oldest first), then the latest answered. */
export async function listAdminAppeals(
  kv: Deno.Kv,
  limit = 100,
  now = Date.now(),
): Promise<AdminAppealList> {
  const { pending, answered } = await listAppeals(kv, limit);
  const withBan = async (a: Appeal): Promise<AdminAppeal> => {
    const user = await getUser(kv, a.userId);
    const ban = user && !user.deletedAt ? activeBan(user, now) : null;
    return { ...a, banInForce: ban?.at === a.subject.at };
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
    if (!first.value) throw new AppError(404, APPEAL_TEXT.appealNotFound);
    const user = await getUser(kv, first.value.userId);
    const entry = await getAppealEntry(kv, id);
    if (!entry.value) throw new AppError(404, APPEAL_TEXT.appealNotFound);
    const appeal = entry.value;
    if (appeal.status !== "pending") throw new AppError(409, APPEAL_TEXT.alreadyAnswered);
    const ban = user && !user.deletedAt ? activeBan(user, now) : null;
    const inForce = ban?.at === appeal.subject.at;
    if (ban && !inForce) throw new AppError(409, APPEAL_TEXT.banReplaced);
    if (decision === "uphold" && !inForce) throw new AppError(409, APPEAL_TEXT.banEnded);
    if (decision === "lift" && inForce) {
      await addUnban(kv, op, actor, appeal.userId, now, { appealId: appeal.id }).catch(
        async (err) => {
          // The member's record changed between the two reads: when another answer got in
          // first, this one is refused as the answer that came second.
          const again = await getAppealEntry(kv, id);
          if (again.versionstamp !== entry.versionstamp) {
            throw new AppError(409, APPEAL_TEXT.alreadyAnswered);
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
          details: { appealId: appeal.id, bannedAt: appeal.subject.at },
        },
        now,
      ),
    );
    enqueueIn(kv, op, appealAnsweredMail(appeal.userId, status, origin));
    return answered;
  });
}

export type { AppealPass };
