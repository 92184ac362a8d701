// A passkey as an administrator's second factor. An administrator's passkeys are among their
// factors (`adminFactors`); the session's pass (method "passkey") comes from
// - a passkey sign-in whose authenticator verified the person (a PIN, a fingerprint): possession
//   and the person in one gesture, so two factors, and the session starts with its pass;
// - "Use a passkey" on /admin/second-factor: an assertion limited to the administrator's own
//   credentials, its challenge single-use and good for five minutes (kv/passkeys.ts), the
//   signature counter checked as at sign-in (lib/server/auth/passkeys.ts).
// Adding a passkey (a set-up) and removing one are written with their audit entry in the commit
// that adds or removes it; a change needs the factor given in this session when the
// administrator already has one (`requireGivenFactor`).
import { generateAuthenticationOptions } from "@simplewebauthn/server";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { appendAudit } from "../../../kv/audit.ts";
import { getPasskey, listPasskeys, saveChallenge } from "../../../kv/passkeys.ts";
import { setFactorPass } from "../../../kv/second_factor.ts";
import { type Actor, auditEntry } from "../admin/audit.ts";
import { AppError } from "../http/errors.ts";
import { checkAssertion, type PasskeyDeps, take } from "./passkeys.ts";
import { commitOrConflict, self } from "./second_factor.ts";
import { SECOND_FACTOR_TTL_MS } from "../../shared/second_factor.ts";
import { said } from "../../shared/i18n/said.ts";

const rpId = (origin: string) => new URL(origin).hostname;

/** Adds the session's pass (method "passkey") and its audit entry to a commit. */
function passOf(
  op: Deno.AtomicOperation,
  actor: Actor,
  sid: string,
  details: Record<string, string>,
  now: number,
) {
  setFactorPass(op, sid, { userId: actor.id, at: now, method: "passkey" }, SECOND_FACTOR_TTL_MS);
  appendAudit(
    op,
    auditEntry(actor, "second_factor_used", self(actor), {
      details: { method: "passkey", ...details },
    }, now),
  );
}

/** The options for giving the factor with a passkey: only the administrator's own are allowed. */
export async function factorPasskeyOptions(deps: PasskeyDeps, userId: string) {
  const held = await listPasskeys(deps.kv, userId);
  if (!held.length) throw new AppError(409, said("admin.sfNoPasskey"));
  const options = await generateAuthenticationOptions({
    rpID: rpId(deps.origin),
    allowCredentials: held.map((p) => ({ id: p.id, transports: p.transports as never })),
    userVerification: "preferred",
  });
  await saveChallenge(deps.kv, options.challenge, "factor", userId);
  return options;
}

/**
 * Gives the factor for this session with a passkey's assertion: the challenge must be one handed
 * out to this administrator for this (taken, so it works once), the credential one of theirs.
 * Refusals: 400 with the passkey texts; nothing but the taken challenge changes.
 */
export async function givePasskeyFactor(
  deps: PasskeyDeps,
  actor: Actor,
  sid: string,
  response: AuthenticationResponseJSON,
  now = Date.now(),
) {
  const challenge = await take(deps.kv, response.response.clientDataJSON, "factor", actor.id);
  const passkey = await getPasskey(deps.kv, actor.id, response.id);
  if (!passkey) throw new AppError(400, said("admin.sfNotYourPasskey"));
  await checkAssertion(deps, actor.id, passkey, response, challenge);
  const op = deps.kv.atomic();
  passOf(op, actor, sid, { name: passkey.name }, now);
  await commitOrConflict(op);
  return { method: "passkey" as const };
}

/**
 * After a passkey sign-in: an administrator whose authenticator verified them gets the session's
 * pass at once (audited as a use of the factor). Anyone else: nothing.
 */
export async function passFromSignIn(
  kv: Deno.Kv,
  user: Actor & { role: string },
  sid: string,
  signIn: { userVerified: boolean; passkeyName: string },
  now = Date.now(),
) {
  if (user.role !== "admin" || !signIn.userVerified) return;
  const op = kv.atomic();
  passOf(op, user, sid, { name: signIn.passkeyName, via: "sign-in" }, now);
  await commitOrConflict(op);
}

/**
 * What an administrator's new passkey adds to the commit that stores it: the audit entry of a
 * set-up and, for their first factor, the session's pass (as a confirmed app gives it).
 */
export function passkeyAdded(actor: Actor, sid: string, firstFactor: boolean, name: string) {
  return (op: Deno.AtomicOperation) => {
    const now = Date.now();
    const details = { factor: "passkey", name };
    appendAudit(op, auditEntry(actor, "second_factor_added", self(actor), { details }, now));
    if (firstFactor) {
      setFactorPass(
        op,
        sid,
        { userId: actor.id, at: now, method: "passkey" },
        SECOND_FACTOR_TTL_MS,
      );
    }
  };
}

/** What an administrator's passkey removal adds to its commit: the audit entry. */
export function passkeyRemoved(actor: Actor, name: string) {
  return (op: Deno.AtomicOperation) => {
    const details = { factor: "passkey", name };
    appendAudit(op, auditEntry(actor, "second_factor_removed", self(actor), { details }));
  };
}
