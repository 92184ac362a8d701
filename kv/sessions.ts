// Session records: one per signed-in device, revocable at once (logout, reset, deletion, ban).
import { keys } from "./keys.ts";

export const SESSION_TTL_MS = 30 * 24 * 3600_000;

export interface SessionRecord {
  sid: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
}

export async function createSession(kv: Deno.Kv, userId: string): Promise<SessionRecord> {
  const now = Date.now();
  const record: SessionRecord = {
    sid: crypto.randomUUID(),
    userId,
    createdAt: now,
    expiresAt: now + SESSION_TTL_MS,
  };
  await kv.atomic()
    .set(keys.session(record.sid), record, { expireIn: SESSION_TTL_MS })
    .set(keys.userSession(userId, record.sid), true, { expireIn: SESSION_TTL_MS })
    .commit();
  return record;
}

export async function getSession(kv: Deno.Kv, sid: string): Promise<SessionRecord | null> {
  const entry = await kv.get<SessionRecord>(keys.session(sid));
  return entry.value && entry.value.expiresAt > Date.now() ? entry.value : null;
}

export async function deleteSession(kv: Deno.Kv, sid: string) {
  const entry = await kv.get<SessionRecord>(keys.session(sid));
  const op = kv.atomic().delete(keys.session(sid));
  if (entry.value) op.delete(keys.userSession(entry.value.userId, sid));
  await op.commit();
}

/** Ends every session of a member, except `keep` when given. Returns how many ended. */
export async function deleteUserSessions(kv: Deno.Kv, userId: string, keep?: string) {
  let n = 0;
  for await (const e of kv.list({ prefix: keys.userSessionsPrefix(userId) })) {
    const sid = String(e.key[2]);
    if (sid === keep) continue;
    await kv.atomic().delete(keys.session(sid)).delete(e.key).commit();
    n++;
  }
  return n;
}
