// Session records: one per signed-in device, revocable at once (logout, reset, deletion, ban).
import { keys } from "./keys.ts";
import { getManyChunked } from "./db.ts";
import { liveUser } from "./users.ts";
import type { UserRecord } from "../lib/shared/auth/types.ts";
import { CLOCK_SKEW_TOLERANCE_MS } from "../lib/shared/realtime/clock.ts";

export const SESSION_TTL_MS = 30 * 24 * 3600_000;

/**
 * One signed-in device. Records made before the devices list have only the first four fields:
 * every reader takes the others as absent (no browser named, last seen at sign-in, no place).
 */
export interface SessionRecord {
  sid: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
  /** The browser's User-Agent at sign-in, cut to USER_AGENT_MAX characters. */
  userAgent?: string;
  /** When a request last came with this session (written at most once per LAST_SEEN_EVERY_MS). */
  lastSeenAt?: number;
  /** The city the private geocoder named from this device's own position, when it shared one. */
  place?: { city: string; country: string };
}

/** The most of a User-Agent a session keeps (enough for any browser's own). */
export const USER_AGENT_MAX = 256;

/** A session's last-seen time is written at most once in this long, so a request rarely writes. */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** When a session was last seen: its last recorded request, else its sign-in. */
export function lastSeenOf(session: SessionRecord): number {
  return session.lastSeenAt ?? session.createdAt;
}

/** Whether a request at `now` should write the session's last-seen time (the throttle rule). */
export function lastSeenDue(session: SessionRecord, now: number): boolean {
  return now - lastSeenOf(session) >= LAST_SEEN_EVERY_MS;
}

export async function createSession(
  kv: Deno.Kv,
  userId: string,
  userAgent?: string,
): Promise<SessionRecord> {
  const now = Date.now();
  const record: SessionRecord = {
    sid: crypto.randomUUID(),
    userId,
    createdAt: now,
    expiresAt: now + SESSION_TTL_MS,
    ...(userAgent ? { userAgent: userAgent.slice(0, USER_AGENT_MAX) } : {}),
  };
  await kv.atomic()
    .set(keys.session(record.sid), record, { expireIn: SESSION_TTL_MS + CLOCK_SKEW_TOLERANCE_MS })
    .set(keys.userSession(userId, record.sid), true, {
      expireIn: SESSION_TTL_MS + CLOCK_SKEW_TOLERANCE_MS,
    })
    .commit();
  return record;
}

export async function getSession(kv: Deno.Kv, sid: string): Promise<SessionRecord | null> {
  return liveSession(await kv.get<SessionRecord>(keys.session(sid)));
}

/**
 * The session a read of keys.session holds, or null (none, or expired). Its expiry is the
 * creating instance's clock: another instance allows the clock tolerance.
 */
function liveSession(entry: Deno.KvEntryMaybe<SessionRecord>): SessionRecord | null {
  return entry.value && entry.value.expiresAt + CLOCK_SKEW_TOLERANCE_MS > Date.now()
    ? entry.value
    : null;
}

/**
 * A session and a member (as getSession and getUser give them, either null), read in one snapshot
 * and round trip: what a request's session cookie names, read on every request.
 */
export async function getSessionAndUser(
  kv: Deno.Kv,
  sid: string,
  userId: string,
): Promise<{ session: SessionRecord | null; user: UserRecord | null }> {
  const [session, user] = await kv.getMany<[SessionRecord, UserRecord]>([
    keys.session(sid),
    keys.user(userId),
  ]);
  return { session: liveSession(session), user: liveUser(user) };
}

/**
 * Changes a live session's record with `change`, unless it ended meanwhile (the commit checks the
 * entry read, so an ended session is never written back). False when nothing was written.
 */
async function updateSession(
  kv: Deno.Kv,
  sid: string,
  change: (s: SessionRecord) => SessionRecord | null,
): Promise<boolean> {
  const entry = await kv.get<SessionRecord>(keys.session(sid));
  const session = liveSession(entry);
  if (!session) return false;
  const next = change(session);
  if (!next) return false;
  const expireIn = session.expiresAt + CLOCK_SKEW_TOLERANCE_MS - Date.now();
  if (expireIn <= 0) return false;
  const res = await kv.atomic().check(entry).set(keys.session(sid), next, { expireIn }).commit();
  return res.ok;
}

/** Records a request of the session at `now`, when the throttle rule says it is due. */
export function touchSession(kv: Deno.Kv, sid: string, now = Date.now()): Promise<boolean> {
  return updateSession(kv, sid, (s) => lastSeenDue(s, now) ? { ...s, lastSeenAt: now } : null);
}

/** Keeps the place the device's own position was named as on its session. */
export function setSessionPlace(
  kv: Deno.Kv,
  sid: string,
  place: { city: string; country: string },
): Promise<boolean> {
  return updateSession(
    kv,
    sid,
    (s) => ({ ...s, place: { city: place.city, country: place.country } }),
  );
}

/** A member's live sessions, newest sign-in first (read ten at a time). */
export async function listUserSessions(kv: Deno.Kv, userId: string): Promise<SessionRecord[]> {
  const sids: string[] = [];
  for await (const e of kv.list({ prefix: keys.userSessionsPrefix(userId) })) {
    sids.push(String(e.key[2]));
  }
  const read = await getManyChunked<SessionRecord>(kv, sids.map((sid) => keys.session(sid)));
  return read.map(liveSession)
    .filter((s): s is SessionRecord => s !== null && s.userId === userId)
    .sort((a, b) => b.createdAt - a.createdAt);
}

/**
 * Ends one session of a member: only one of theirs (any other id, theirs or nobody's, ends nothing
 * and returns false). Its sockets close on every instance, as with any session end.
 */
export async function endUserSession(kv: Deno.Kv, userId: string, sid: string): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const entry = await kv.get<SessionRecord>(keys.session(sid));
    if (!entry.value || entry.value.userId !== userId) return false;
    const op = kv.atomic().check(entry).delete(keys.session(sid))
      .delete(keys.userSession(userId, sid));
    if ((await noteEnd(op, sid, userId).commit()).ok) return true;
  }
  return false;
}

/** A session that ended: the sockets it opened are closed on every instance. */
export interface SessionEnd {
  sid: string;
  userId: string;
  at: number;
}

/** How long a session end stays listed: far longer than any instance takes to look. */
export const SESSION_END_TTL_MS = 60_000;

/** Lists the session's end in the same commit that deletes it (see endsSince). */
function noteEnd(op: Deno.AtomicOperation, sid: string, userId: string, now = Date.now()) {
  const end: SessionEnd = { sid, userId, at: now };
  return op
    .set(keys.sessionEnd(now, crypto.randomUUID()), end, { expireIn: SESSION_END_TTL_MS })
    .sum(keys.sessionEndsSignal(), 1n);
}

export async function deleteSession(kv: Deno.Kv, sid: string) {
  const entry = await kv.get<SessionRecord>(keys.session(sid));
  const op = kv.atomic().delete(keys.session(sid));
  if (entry.value) {
    noteEnd(op.delete(keys.userSession(entry.value.userId, sid)), sid, entry.value.userId);
  }
  await op.commit();
}

/** For each session id, whether its session is alive (read ten at a time). */
export async function sessionsAlive(kv: Deno.Kv, sids: string[]): Promise<boolean[]> {
  const now = Date.now();
  const read = await getManyChunked<SessionRecord>(kv, sids.map((sid) => keys.session(sid)));
  return read.map((e) => !!e.value && e.value.expiresAt > now);
}

/** Ends every session of a member, except `keep` when given. Returns how many ended. */
export async function deleteUserSessions(kv: Deno.Kv, userId: string, keep?: string) {
  let n = 0;
  for await (const e of kv.list({ prefix: keys.userSessionsPrefix(userId) })) {
    const sid = String(e.key[2]);
    if (sid === keep) continue;
    await noteEnd(kv.atomic().delete(keys.session(sid)).delete(e.key), sid, userId).commit();
    n++;
  }
  return n;
}

/**
 * The session ends listed since `since` (ms; a little clock skew between instances is covered
 * by looking back further than asked).
 */
export async function endsSince(kv: Deno.Kv, since: number): Promise<SessionEnd[]> {
  const out: SessionEnd[] = [];
  const iter = kv.list<SessionEnd>({
    start: keys.sessionEnd(since, ""),
    end: [...keys.sessionEndsPrefix(), Number.MAX_SAFE_INTEGER],
  });
  for await (const e of iter) out.push(e.value);
  return out;
}

/** Changes with every session end: an instance watches it to close sockets at once. */
export function watchSessionEnds(kv: Deno.Kv) {
  return kv.watch([keys.sessionEndsSignal()]);
}

/**
 * The secret that signs session cookies when SESSION_SECRET is not set: made once by whichever
 * instance comes first (the commit only succeeds while the key is still free) and read by all.
 */
export async function sharedSessionSecret(kv: Deno.Kv, make: () => string): Promise<string> {
  const key = keys.meta("session_secret");
  const existing = await kv.get<string>(key);
  if (existing.value) return existing.value;
  await kv.atomic().check({ key, versionstamp: null }).set(key, make()).commit();
  return (await kv.get<string>(key)).value!;
}
