// Appeals: one record per appeal, one claim per subject (a member's ban, named by the time it was
// imposed) so a subject is appealed once, and an index by state and time for the admin list
// (pending by the time sent, oldest first; answered by the time answered, newest first).
// A banned member's pass to send an appeal lives here too: short-lived, by the hash of its token.
import { keys } from "./keys.ts";
import type { Appeal } from "../lib/shared/moderation/appeals.ts";

/** How long a banned member's appeal pass lasts after a sign-in with their password. */
export const APPEAL_PASS_TTL_MS = 30 * 60_000;

export interface AppealPass {
  userId: string;
  /** The ban it was issued for (its time imposed). */
  banAt: string;
  /** When it stops being good (ms), whenever the store removes it. */
  expiresAt: number;
}

const subjectKey = (a: Appeal) => keys.appealOf(a.userId, a.subject.kind, a.subject.at);
const pendingKey = (a: Appeal) => keys.appealsByState("pending", Date.parse(a.sentAt), a.id);
const answeredKey = (a: Appeal) =>
  keys.appealsByState("answered", Date.parse(a.answeredAt ?? a.sentAt), a.id);

/** The appeal a member sent about a subject, if any. */
export async function appealOfSubject(
  kv: Deno.Kv,
  userId: string,
  kind: string,
  at: string,
): Promise<Appeal | null> {
  const id = (await kv.get<string>(keys.appealOf(userId, kind, at))).value;
  return id ? (await kv.get<Appeal>(keys.appeal(id))).value : null;
}

/**
 * Adds a new pending appeal to a commit, which fails if its subject already has one (two sends at
 * once: one lands).
 */
export function addAppeal(op: Deno.AtomicOperation, appeal: Appeal) {
  const claim = subjectKey(appeal);
  return op.check({ key: claim, versionstamp: null })
    .check({ key: keys.appeal(appeal.id), versionstamp: null })
    .set(claim, appeal.id)
    .set(keys.appeal(appeal.id), appeal)
    .set(pendingKey(appeal), appeal.id);
}

export function getAppealEntry(kv: Deno.Kv, id: string) {
  return kv.get<Appeal>(keys.appeal(id));
}

/**
 * Adds the answer of a pending appeal to a commit, checked against the appeal as read (two
 * answers at once: one lands, the other's commit fails).
 */
export function putAnswer(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntry<Appeal>,
  answered: Appeal,
) {
  return op.check(entry)
    .set(keys.appeal(answered.id), answered)
    .delete(pendingKey(entry.value))
    .set(answeredKey(answered), answered.id);
}

async function listState(
  kv: Deno.Kv,
  state: "pending" | "answered",
  limit: number,
): Promise<Appeal[]> {
  const ids: string[] = [];
  const iter = kv.list<string>({ prefix: keys.appealsByStatePrefix(state) }, {
    limit,
    reverse: state === "answered",
  });
  for await (const e of iter) ids.push(e.value);
  const out: Appeal[] = [];
  // getMany reads at most 10 keys at once.
  for (let i = 0; i < ids.length; i += 10) {
    const entries = await kv.getMany<Appeal[]>(ids.slice(i, i + 10).map((id) => keys.appeal(id)));
    for (const e of entries) if (e.value) out.push(e.value);
  }
  return out;
}

/** Pending appeals (oldest first), then the latest answered ones (newest first). */
export async function listAppeals(kv: Deno.Kv, limit: number) {
  return {
    pending: await listState(kv, "pending", limit),
    answered: await listState(kv, "answered", limit),
  };
}

/** Stores a pass for `tokenHash`; it expires on its own. */
export async function putAppealPass(kv: Deno.Kv, tokenHash: string, pass: AppealPass) {
  await kv.set(keys.appealPass(tokenHash), pass, { expireIn: APPEAL_PASS_TTL_MS });
}

export async function getAppealPass(kv: Deno.Kv, tokenHash: string) {
  return (await kv.get<AppealPass>(keys.appealPass(tokenHash))).value;
}

export async function deleteAppealPass(kv: Deno.Kv, tokenHash: string) {
  await kv.delete(keys.appealPass(tokenHash));
}

/** Removes every appeal a member sent (their text is theirs): at the purge of their account. */
export async function purgeAppealsOf(kv: Deno.Kv, userId: string) {
  for await (const claim of kv.list<string>({ prefix: keys.appealOfPrefix(userId) })) {
    const appeal = (await kv.get<Appeal>(keys.appeal(claim.value))).value;
    const op = kv.atomic().delete(claim.key).delete(keys.appeal(claim.value));
    if (appeal) op.delete(pendingKey(appeal)).delete(answeredKey(appeal));
    await op.commit();
  }
}
