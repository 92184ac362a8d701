// What an administrator's second factor stores: the authenticator app's secret with the last
// time step a code was accepted for (so a code is accepted once), a secret being set up (until it
// is confirmed with a first code, or expires), the recovery codes as SHA-256 hashes (each marked
// when used), and a pass per session in which the administrator gave a factor (it expires when
// the administrator must give one again).
import { keys } from "./keys.ts";

/** A confirmed authenticator app (RFC 6238 TOTP, SHA-1, 6 digits, 30 s). */
export interface TotpRecord {
  /** The shared secret, base32. */
  secret: string;
  /** ISO time it was confirmed. */
  createdAt: string;
  /** The last 30-second step a code was accepted for; a code of this step or earlier is refused. */
  lastStep: number;
}

/** A secret shown on the set-up page, not yet confirmed by a code. */
export interface PendingTotp {
  secret: string;
  createdAt: string;
}

export interface RecoveryCodes {
  createdAt: string;
  /** SHA-256 (hex) of each code as typed without dashes, and when it was used (else null). */
  codes: { hash: string; usedAt: string | null }[];
}

/** A session in which the administrator gave a second factor. */
export interface FactorPass {
  userId: string;
  /** When (ms) the factor was given. */
  at: number;
  /** How: a code from the app, a recovery code, or a passkey (at sign-in or on the page). */
  method: "totp" | "recovery" | "passkey";
}

/** How long a secret being set up waits for its first code. */
export const PENDING_TOTP_MS = 15 * 60_000;

export async function readTotp(kv: Deno.Kv, userId: string) {
  return await kv.get<TotpRecord>(keys.adminTotp(userId));
}

export async function readPendingTotp(kv: Deno.Kv, userId: string) {
  return await kv.get<PendingTotp>(keys.adminTotpPending(userId));
}

export async function readRecoveryCodes(kv: Deno.Kv, userId: string) {
  return await kv.get<RecoveryCodes>(keys.adminRecoveryCodes(userId));
}

export async function readFactorPass(kv: Deno.Kv, sid: string): Promise<FactorPass | null> {
  return (await kv.get<FactorPass>(keys.adminFactorSession(sid))).value;
}

/** Stores a secret to set up (replacing an earlier unconfirmed one); it expires unconfirmed. */
export async function storePendingTotp(kv: Deno.Kv, userId: string, secret: string) {
  const value: PendingTotp = { secret, createdAt: new Date().toISOString() };
  await kv.set(keys.adminTotpPending(userId), value, { expireIn: PENDING_TOTP_MS });
}

/** Adds the session's pass to a commit; it expires after `ttlMs`. */
export function setFactorPass(
  op: Deno.AtomicOperation,
  sid: string,
  pass: FactorPass,
  ttlMs: number,
) {
  return op.set(keys.adminFactorSession(sid), pass, { expireIn: ttlMs });
}

/** Adds the removal of every second-factor record of an administrator to a commit. */
export function deleteFactors(op: Deno.AtomicOperation, userId: string) {
  return op.delete(keys.adminTotp(userId)).delete(keys.adminTotpPending(userId))
    .delete(keys.adminRecoveryCodes(userId));
}
