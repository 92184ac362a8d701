// A member's passkeys (WebAuthn credentials), one entry each under the member, and the challenges
// the server hands out for adding one or signing in: each is taken by exactly one commit (used
// once) and is good for five minutes.
import { keys } from "./keys.ts";
import { bumpSearchVersion } from "./search_version.ts";
import type { UserRecord } from "../lib/shared/auth/types.ts";

export interface PasskeyRecord {
  /** The credential id, base64url. */
  id: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter at its latest use (0 for one that keeps none). */
  counter: number;
  transports: string[];
  /** The member's name for it. */
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export const CHALLENGE_TTL_MS = 5 * 60_000;

export interface ChallengeRecord {
  /** Adding a passkey, signing in, or an administrator giving their second factor ("factor"). */
  purpose: "register" | "signin" | "factor";
  /** The member adding a passkey, or the administrator giving their factor (else null). */
  userId: string | null;
  expiresAt: number;
}

export async function saveChallenge(
  kv: Deno.Kv,
  challenge: string,
  purpose: ChallengeRecord["purpose"],
  userId: string | null,
  now = Date.now(),
) {
  const record: ChallengeRecord = { purpose, userId, expiresAt: now + CHALLENGE_TTL_MS };
  await kv.set(keys.passkeyChallenge(challenge), record, { expireIn: CHALLENGE_TTL_MS });
}

/**
 * Takes a challenge: deleted by the one commit that finds it, so a second use finds nothing. Null
 * when it is unknown, used, expired or handed out for another purpose (or member).
 */
export async function takeChallenge(
  kv: Deno.Kv,
  challenge: string,
  purpose: ChallengeRecord["purpose"],
  userId: string | null,
  now = Date.now(),
): Promise<ChallengeRecord | null> {
  const key = keys.passkeyChallenge(challenge);
  const entry = await kv.get<ChallengeRecord>(key);
  if (!entry.value) return null;
  if (!(await kv.atomic().check(entry).delete(key).commit()).ok) return null;
  const record = entry.value;
  if (record.expiresAt <= now || record.purpose !== purpose) return null;
  return record.userId === userId ? record : null;
}

export async function listPasskeys(kv: Deno.Kv, userId: string): Promise<PasskeyRecord[]> {
  const out: PasskeyRecord[] = [];
  for await (const e of kv.list<PasskeyRecord>({ prefix: keys.passkeysPrefix(userId) })) {
    out.push(e.value);
  }
  return out.sort((a, b) => a.createdAt - b.createdAt);
}

export async function getPasskey(kv: Deno.Kv, userId: string, id: string) {
  return (await kv.get<PasskeyRecord>(keys.passkey(userId, id))).value;
}

/**
 * Stores a new passkey unless the member already has one by that id: false then. `also` adds to
 * the same commit (an administrator's audit entry and session pass).
 */
export async function addPasskey(
  kv: Deno.Kv,
  userId: string,
  record: PasskeyRecord,
  also?: (op: Deno.AtomicOperation) => void,
) {
  const key = keys.passkey(userId, record.id);
  const op = kv.atomic().check({ key, versionstamp: null }).set(key, record);
  also?.(op);
  const res = await op.commit();
  return res.ok;
}

/** Changes a passkey (its name, its use); false when it is gone. */
export async function updatePasskey(
  kv: Deno.Kv,
  userId: string,
  id: string,
  change: (p: PasskeyRecord) => PasskeyRecord,
): Promise<PasskeyRecord | null> {
  const key = keys.passkey(userId, id);
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await kv.get<PasskeyRecord>(key);
    if (!entry.value) return null;
    const next = change(entry.value);
    if ((await kv.atomic().check(entry).set(key, next).commit()).ok) return next;
  }
  throw new Error(`updating passkey ${id}: it kept changing`);
}

export type RemoveResult = "removed" | "missing" | "last";

/**
 * Removes a passkey, but never the last way in: a member without a password keeps one passkey.
 * `also` adds to the same commit (an administrator's audit entry).
 * The commit checks the member's record (a password removed meanwhile) and, for a member without
 * a password, their other passkeys (one removed meanwhile).
 */
export async function removePasskey(
  kv: Deno.Kv,
  userId: string,
  id: string,
  also?: (op: Deno.AtomicOperation) => void,
): Promise<RemoveResult> {
  const key = keys.passkey(userId, id);
  for (let attempt = 0; attempt < 5; attempt++) {
    const [entry, user] = await kv.getMany<[PasskeyRecord, UserRecord]>([key, keys.user(userId)]);
    if (!entry.value || !user.value) return "missing";
    const others: Deno.KvEntry<PasskeyRecord>[] = [];
    if (!user.value.passwordHash) {
      for await (const e of kv.list<PasskeyRecord>({ prefix: keys.passkeysPrefix(userId) })) {
        if (e.value.id !== id) others.push(e);
      }
      if (!others.length) return "last";
    }
    const op = kv.atomic().check(entry, user, ...others).delete(key);
    also?.(op);
    if ((await op.commit()).ok) return "removed";
  }
  throw new Error(`removing passkey ${id}: the member's record kept changing`);
}

export type PasswordRemoval = "removed" | "no_passkey" | "unverified" | "no_password" | "missing";

/**
 * Removes the member's password when they keep a passkey and a verified email. The commit checks
 * every passkey it counted, so a passkey removed meanwhile is seen.
 */
export async function removePassword(kv: Deno.Kv, userId: string): Promise<PasswordRemoval> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const user = await kv.get<UserRecord>(keys.user(userId));
    if (!user.value || user.value.deletedAt) return "missing";
    if (!user.value.passwordHash) return "no_password";
    if (!user.value.emailVerified) return "unverified";
    const held: Deno.KvEntry<PasskeyRecord>[] = [];
    for await (const e of kv.list<PasskeyRecord>({ prefix: keys.passkeysPrefix(userId) })) {
      held.push(e);
    }
    if (!held.length) return "no_passkey";
    const op = bumpSearchVersion(
      kv.atomic().check(user, ...held).set(keys.user(userId), { ...user.value, passwordHash: "" }),
      userId,
    );
    if ((await op.commit()).ok) return "removed";
  }
  throw new Error(`removing the password of ${userId}: the record kept changing`);
}

/** Forgets every passkey of a member (their account is deleted). */
export async function forgetPasskeys(kv: Deno.Kv, userId: string) {
  for await (const e of kv.list({ prefix: keys.passkeysPrefix(userId) })) await kv.delete(e.key);
}
