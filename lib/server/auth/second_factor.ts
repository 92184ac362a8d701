// An administrator's second factor: which factors an administrator has, whether this session may
// act (the gate), and setting up, giving, renewing and removing a factor. Today the one kind of
// factor is an authenticator app (RFC 6238 TOTP through otpauth), with ten one-time recovery
// codes; another kind (a passkey) joins by adding its records to `adminFactors` and its check to
// `checkCode`'s callers; the gate reads only `adminFactors` and the session's pass.
//
// Rules: a code is accepted for the current 30-second step or one either side, and only for a
// step after the last one accepted (so a code works once); a recovery code works once; a refused
// code stores nothing; every set-up, use, renewal and removal is written with its audit entry in
// one commit.
import * as OTPAuth from "otpauth";
import type { Config } from "../config.ts";
import type { SessionRecord } from "../../../kv/sessions.ts";
import { appendAudit } from "../../../kv/audit.ts";
import { listPasskeys } from "../../../kv/passkeys.ts";
import { keys } from "../../../kv/keys.ts";
import {
  deleteFactors,
  PENDING_TOTP_MS,
  readFactorPass,
  readPendingTotp,
  readRecoveryCodes,
  readTotp,
  type RecoveryCodes,
  setFactorPass,
  storePendingTotp,
  type TotpRecord,
} from "../../../kv/second_factor.ts";
import { type Actor, auditEntry } from "../admin/audit.ts";
import { AppError } from "../http/errors.ts";
import {
  codeKind,
  type FactorNeed,
  normalizeCode,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_TTL_MS,
} from "../../shared/second_factor.ts";
import { said } from "../../shared/i18n/said.ts";

/** One second factor of an administrator, as the gate and the set-up page list them. */
export interface AdminFactor {
  kind: "totp" | "passkey";
  /** ISO time it was set up. */
  createdAt: string;
  /** A passkey's name (as on /profile). */
  name?: string;
}

/** What the set-up page shows about an administrator's factors. */
export interface FactorSummary {
  factors: AdminFactor[];
  /** Unused recovery codes left. */
  recoveryCodesLeft: number;
}

const ISSUER = "Glimpse";

/** Every second factor the administrator has set up: the authenticator app, then each passkey. */
export async function adminFactors(kv: Deno.Kv, userId: string): Promise<AdminFactor[]> {
  const [totp, passkeys] = await Promise.all([readTotp(kv, userId), listPasskeys(kv, userId)]);
  const factors: AdminFactor[] = totp.value
    ? [{ kind: "totp", createdAt: totp.value.createdAt }]
    : [];
  for (const p of passkeys) {
    factors.push({ kind: "passkey", createdAt: new Date(p.createdAt).toISOString(), name: p.name });
  }
  return factors;
}

/**
 * Refuses (403 'Enter your second factor to continue.', `secondFactor: "verify"`) a change to an
 * administrator's factors from a session that has not given the factor they already have: else a
 * stolen password could add a factor of its own, or remove theirs.
 */
export async function requireGivenFactor(
  kv: Deno.Kv,
  config: Pick<Config, "adminSecondFactor">,
  userId: string,
  session: Pick<SessionRecord, "sid">,
) {
  if ((await factorNeed(kv, config, userId, session)) !== "verify") return;
  const error = new AppError(403, said("admin.sfVerifyRequired"));
  error.extra = { secondFactor: "verify" };
  throw error;
}

export async function factorSummary(kv: Deno.Kv, userId: string): Promise<FactorSummary> {
  const [factors, codes] = await Promise.all([
    adminFactors(kv, userId),
    readRecoveryCodes(kv, userId),
  ]);
  const recoveryCodesLeft = codes.value?.codes.filter((c) => !c.usedAt).length ?? 0;
  return { factors, recoveryCodesLeft };
}

/**
 * Whether this administrator's session may act: null when it may; "setup" when they have no
 * factor and the rule requires one (ADMIN_SECOND_FACTOR, always in production); "verify" when
 * they have one and have not given it in this session within SECOND_FACTOR_TTL_MS. An
 * administrator with a factor is asked for it whether or not the rule is on.
 */
export async function factorNeed(
  kv: Deno.Kv,
  config: Pick<Config, "adminSecondFactor">,
  userId: string,
  session: Pick<SessionRecord, "sid">,
  now = Date.now(),
): Promise<FactorNeed | null> {
  const factors = await adminFactors(kv, userId);
  if (factors.length === 0) return config.adminSecondFactor ? "setup" : null;
  const pass = await readFactorPass(kv, session.sid);
  const fresh = pass && pass.userId === userId && now - pass.at < SECOND_FACTOR_TTL_MS;
  return fresh ? null : "verify";
}

/** A new secret to set up (replacing an unconfirmed one): its base32 text and otpauth:// URI. */
export async function startTotp(kv: Deno.Kv, user: { id: string; email: string }) {
  if ((await readTotp(kv, user.id)).value) throw new AppError(409, said("admin.sfAlreadySetUp"));
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await storePendingTotp(kv, user.id, secret);
  return { secret, uri: totpOf(secret, user.email).toString(), expiresInMs: PENDING_TOTP_MS };
}

function totpOf(secret: string, label = "") {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** The 30-second step `code` belongs to (the current one or one either side), else null. */
function acceptedStep(secret: string, code: string, now: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : OTPAuth.TOTP.counter({ timestamp: now }) + delta;
}

/**
 * Confirms the secret being set up with a first code: the authenticator app becomes the
 * administrator's factor, ten recovery codes are made (returned once, stored hashed), and this
 * session counts as having given the factor.
 */
export async function confirmTotp(
  kv: Deno.Kv,
  actor: Actor,
  sid: string,
  input: string,
  now = Date.now(),
): Promise<string[]> {
  const code = normalizeCode(input);
  if (codeKind(code) !== "totp") throw new AppError(400, said("admin.sfBadFormat"));
  const [pending, existing] = await Promise.all([
    readPendingTotp(kv, actor.id),
    readTotp(kv, actor.id),
  ]);
  if (existing.value) throw new AppError(409, said("admin.sfAlreadySetUp"));
  if (!pending.value) throw new AppError(409, said("admin.sfSetupExpired"));
  const step = acceptedStep(pending.value.secret, code, now);
  if (step === null) throw new AppError(400, said("admin.sfWrongCode"));
  const record: TotpRecord = {
    secret: pending.value.secret,
    createdAt: new Date(now).toISOString(),
    lastStep: step,
  };
  const { plain, stored } = await newRecoveryCodes(now);
  const op = kv.atomic().check(pending, existing)
    .set(keys.adminTotp(actor.id), record)
    .delete(keys.adminTotpPending(actor.id))
    .set(keys.adminRecoveryCodes(actor.id), stored);
  setFactorPass(op, sid, { userId: actor.id, at: now, method: "totp" }, SECOND_FACTOR_TTL_MS);
  appendAudit(op, auditEntry(actor, "second_factor_added", self(actor), { details: TOTP }, now));
  await commitOrConflict(op);
  return plain;
}

const TOTP = { factor: "totp" } as const;
export const self = (actor: Actor) => ({ id: actor.id, label: actor.username });

/** A code that was right: what it changes, added to the caller's commit. */
interface AcceptedCode {
  method: "totp" | "recovery";
  /** Unused recovery codes left after this one. */
  recoveryCodesLeft: number;
  /** Makes the commit fail if the record the code was checked against changed meanwhile. */
  check(op: Deno.AtomicOperation): Deno.AtomicOperation;
  /** `check`, and the step or the recovery code marked used. */
  apply(op: Deno.AtomicOperation): Deno.AtomicOperation;
}

/**
 * Checks a typed code (an authenticator code or a recovery code) against the administrator's
 * factors; throws the refusal's 4xx. Nothing is stored until the caller commits `apply` (or
 * `check`, when the commit replaces or deletes the record itself).
 */
export async function checkCode(
  kv: Deno.Kv,
  userId: string,
  input: string,
  now = Date.now(),
): Promise<AcceptedCode> {
  const code = normalizeCode(input);
  const kind = codeKind(code);
  if (!kind) throw new AppError(400, said("admin.sfBadFormat"));
  const [totp, codes] = await Promise.all([readTotp(kv, userId), readRecoveryCodes(kv, userId)]);
  if (!totp.value) {
    const passkeys = (await listPasskeys(kv, userId)).length > 0;
    throw new AppError(409, passkeys ? said("admin.sfNoApp") : said("admin.sfNoFactor"));
  }
  const left = codes.value?.codes.filter((c) => !c.usedAt).length ?? 0;
  if (kind === "totp") {
    const step = acceptedStep(totp.value.secret, code, now);
    if (step === null) throw new AppError(400, said("admin.sfWrongCode"));
    if (step <= totp.value.lastStep) throw new AppError(400, said("admin.sfReusedCode"));
    const next: TotpRecord = { ...totp.value, lastStep: step };
    return {
      method: "totp",
      recoveryCodesLeft: left,
      check: (op) => op.check(totp),
      apply: (op) => op.check(totp).set(keys.adminTotp(userId), next),
    };
  }
  const hash = await sha256(code);
  const found = codes.value?.codes.find((c) => c.hash === hash);
  if (!codes.value || !found) throw new AppError(400, said("admin.sfWrongRecoveryCode"));
  if (found.usedAt) throw new AppError(400, said("admin.sfUsedRecoveryCode"));
  const usedAt = new Date(now).toISOString();
  const next: RecoveryCodes = {
    ...codes.value,
    codes: codes.value.codes.map((c) => c === found ? { ...c, usedAt } : c),
  };
  return {
    method: "recovery",
    recoveryCodesLeft: left - 1,
    check: (op) => op.check(codes),
    apply: (op) => op.check(codes).set(keys.adminRecoveryCodes(userId), next),
  };
}

/** Gives the second factor for this session: the admin pages answer for SECOND_FACTOR_TTL_MS. */
export async function giveFactor(
  kv: Deno.Kv,
  actor: Actor,
  sid: string,
  input: string,
  now = Date.now(),
) {
  const accepted = await checkCode(kv, actor.id, input, now);
  const op = accepted.apply(kv.atomic());
  setFactorPass(
    op,
    sid,
    { userId: actor.id, at: now, method: accepted.method },
    SECOND_FACTOR_TTL_MS,
  );
  const details = { method: accepted.method, recoveryCodesLeft: accepted.recoveryCodesLeft };
  appendAudit(op, auditEntry(actor, "second_factor_used", self(actor), { details }, now));
  await commitOrConflict(op);
  return { method: accepted.method, recoveryCodesLeft: accepted.recoveryCodesLeft };
}

/** New recovery codes for a current code: the old ones stop working. Returns the new ones once. */
export async function renewRecoveryCodes(
  kv: Deno.Kv,
  actor: Actor,
  input: string,
  now = Date.now(),
): Promise<string[]> {
  const accepted = await checkCode(kv, actor.id, input, now);
  const { plain, stored } = await newRecoveryCodes(now);
  // A recovery code typed here is one of those being replaced: only the new set is written.
  const op = accepted.method === "totp" ? accepted.apply(kv.atomic()) : accepted.check(kv.atomic());
  op.set(keys.adminRecoveryCodes(actor.id), stored);
  appendAudit(op, auditEntry(actor, "recovery_codes_renewed", self(actor), {}, now));
  await commitOrConflict(op);
  return plain;
}

/**
 * Removes the authenticator app and the recovery codes for a current code. Where the rule
 * requires a factor, the administrator is sent to set one up again before any admin page answers.
 */
export async function removeTotp(kv: Deno.Kv, actor: Actor, input: string, now = Date.now()) {
  const accepted = await checkCode(kv, actor.id, input, now);
  const op = deleteFactors(accepted.check(kv.atomic()), actor.id);
  appendAudit(op, auditEntry(actor, "second_factor_removed", self(actor), { details: TOTP }, now));
  await commitOrConflict(op);
}

export async function commitOrConflict(op: Deno.AtomicOperation) {
  if (!(await op.commit()).ok) throw new AppError(409, said("admin.changedMeanwhile"));
}

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** RECOVERY_CODE_COUNT random codes (80 bits each), shown as xxxx-xxxx-xxxx-xxxx, and their hashes. */
async function newRecoveryCodes(now: number) {
  const plain: string[] = [];
  const stored: RecoveryCodes = { createdAt: new Date(now).toISOString(), codes: [] };
  for (let i = 0; i < RECOVERY_CODE_COUNT; i++) {
    const letters = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => BASE32[b & 31]);
    const code = letters.join("");
    plain.push(code.match(/.{4}/g)!.join("-"));
    stored.codes.push({ hash: await sha256(code), usedAt: null });
  }
  return { plain, stored };
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
