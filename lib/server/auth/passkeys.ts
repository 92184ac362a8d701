// Passkeys: adding one to an account and signing in with one (WebAuthn, checked by
// @simplewebauthn/server). The relying party is this site's origin (PUBLIC_URL): its host is the
// RP ID, and a response made for any other origin is refused. Every challenge is taken from KV by
// the request that answers it (kv/passkeys.ts), so it works once and for five minutes; the
// authenticator's signature counter must grow with each use (when it keeps one).
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import {
  addPasskey,
  getPasskey,
  listPasskeys,
  type PasskeyRecord,
  saveChallenge,
  takeChallenge,
  updatePasskey,
} from "../../../kv/passkeys.ts";
import { getUser } from "../../../kv/users.ts";
import { AppError } from "../http/errors.ts";
import { PASSKEYS_MAX, type PasskeyView } from "../../shared/auth/passkeys.ts";
import { said } from "../../shared/i18n/said.ts";
import type { UserRecord } from "../../shared/auth/types.ts";

export interface PasskeyDeps {
  kv: Deno.Kv;
  /** This site's origin (config.origin): the only origin a response may come from. */
  origin: string;
}

const rpId = (origin: string) => new URL(origin).hostname;

const toBytes = (b64url: string) =>
  Uint8Array.from(atob(b64url.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0));

/** The challenge a response answers (from its client data), or null when it names none. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(new TextDecoder().decode(toBytes(clientDataJSON)));
    const challenge = data?.challenge;
    return typeof challenge === "string" && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}

/** The refusal for a response the library could not verify: another site's, or not verified. */
function refusal(err: unknown): AppError {
  const text = err instanceof Error ? err.message : "";
  return new AppError(
    400,
    /origin|RP ID/i.test(text) ? said("profile.pkWrongSite") : said("profile.pkNotVerified"),
  );
}

/** Takes the challenge a response answers, or refuses: unknown, used, expired, another's. */
export async function take(
  kv: Deno.Kv,
  clientDataJSON: string,
  purpose: "register" | "signin" | "factor",
  userId: string | null,
): Promise<string> {
  const challenge = challengeOf(clientDataJSON);
  if (!challenge) throw new AppError(400, said("profile.pkNotVerified"));
  if (!(await takeChallenge(kv, challenge, purpose, userId))) {
    throw new AppError(400, said("profile.pkChallengeInvalid"));
  }
  return challenge;
}

export function toPasskeyView(p: PasskeyRecord): PasskeyView {
  return { id: p.id, name: p.name, createdAt: p.createdAt, lastUsedAt: p.lastUsedAt };
}

/** The options for adding a passkey to the member's account (their passkeys excluded). */
export async function registrationOptions(deps: PasskeyDeps, user: UserRecord) {
  const held = await listPasskeys(deps.kv, user.id);
  if (held.length >= PASSKEYS_MAX) {
    throw new AppError(400, said("profile.pkTooMany", { max: PASSKEYS_MAX }));
  }
  const options = await generateRegistrationOptions({
    rpName: "Glimpse",
    rpID: rpId(deps.origin),
    userName: user.username,
    userID: new TextEncoder().encode(user.id),
    userDisplayName: user.displayName || user.username,
    attestationType: "none",
    excludeCredentials: held.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await saveChallenge(deps.kv, options.challenge, "register", user.id);
  return options;
}

/** Verifies a new passkey's response and stores it under `name` (`also` joins the commit). */
export async function addPasskeyFrom(
  deps: PasskeyDeps,
  userId: string,
  response: RegistrationResponseJSON,
  name: string,
  also?: (op: Deno.AtomicOperation) => void,
): Promise<PasskeyRecord> {
  const expectedChallenge = await take(
    deps.kv,
    response.response.clientDataJSON,
    "register",
    userId,
  );
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge,
    expectedOrigin: deps.origin,
    expectedRPID: rpId(deps.origin),
    requireUserVerification: false,
  }).catch((err) => {
    throw refusal(err);
  });
  if (!result.verified || !result.registrationInfo) {
    throw new AppError(400, said("profile.pkNotVerified"));
  }
  if ((await listPasskeys(deps.kv, userId)).length >= PASSKEYS_MAX) {
    throw new AppError(400, said("profile.pkTooMany", { max: PASSKEYS_MAX }));
  }
  const { credential } = result.registrationInfo;
  const record: PasskeyRecord = {
    id: credential.id,
    publicKey: btoa(String.fromCharCode(...credential.publicKey)).replace(/\+/g, "-")
      .replace(/\//g, "_").replace(/=+$/, ""),
    counter: credential.counter,
    transports: credential.transports ?? [],
    name,
    createdAt: Date.now(),
    lastUsedAt: null,
  };
  if (!(await addPasskey(deps.kv, userId, record, also))) {
    throw new AppError(409, said("profile.pkAlreadyAdded"));
  }
  return record;
}

/** The options for a sign-in with any passkey of this site (the browser offers the member's). */
export async function signInOptions(deps: PasskeyDeps) {
  const options = await generateAuthenticationOptions({
    rpID: rpId(deps.origin),
    userVerification: "preferred",
  });
  await saveChallenge(deps.kv, options.challenge, "signin", null);
  return options;
}

/**
 * The member a sign-in response proves to be: the passkey it names must be theirs (named by the
 * response's user handle), its signature good for this site and the challenge, and its counter
 * past the one stored. The passkey's counter and last use are written. Refuses with 400 (the
 * request) or 401 (no such passkey, or no such member). `userVerified`: the authenticator checked
 * the person too (a PIN, a fingerprint), so the sign-in is two factors in one.
 */
export async function memberOfPasskey(
  deps: PasskeyDeps,
  response: AuthenticationResponseJSON,
): Promise<{ user: UserRecord; userVerified: boolean; passkeyName: string }> {
  const expectedChallenge = await take(deps.kv, response.response.clientDataJSON, "signin", null);
  let userId = "";
  try {
    userId = new TextDecoder("utf-8", { fatal: true }).decode(
      toBytes(response.response.userHandle ?? ""),
    );
  } catch {
    userId = "";
  }
  const passkey = userId ? await getPasskey(deps.kv, userId, response.id) : null;
  const user = passkey ? await getUser(deps.kv, userId) : null;
  if (!passkey || !user) throw new AppError(401, said("profile.pkUnknown"));
  const userVerified = await checkAssertion(deps, userId, passkey, response, expectedChallenge);
  return { user, userVerified, passkeyName: passkey.name };
}

/**
 * Verifies an assertion by `passkey` (of `userId`) for `expectedChallenge` and this site, and
 * writes its counter (which must grow, when the authenticator keeps one) and last use. Whether the
 * authenticator verified the person.
 */
export async function checkAssertion(
  deps: PasskeyDeps,
  userId: string,
  passkey: PasskeyRecord,
  response: AuthenticationResponseJSON,
  expectedChallenge: string,
): Promise<boolean> {
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge,
    expectedOrigin: deps.origin,
    expectedRPID: rpId(deps.origin),
    credential: {
      id: passkey.id,
      publicKey: toBytes(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports as PasskeyRecord["transports"] as never,
    },
    requireUserVerification: false,
  }).catch((err) => {
    throw refusal(err);
  });
  if (!result.verified) throw new AppError(400, said("profile.pkNotVerified"));
  const { newCounter, userVerified } = result.authenticationInfo;
  const done = await updatePasskey(deps.kv, userId, passkey.id, (p) => {
    // Two uses with one counter value: the slower is a copy of the faster's response.
    if ((p.counter > 0 || newCounter > 0) && newCounter <= p.counter) {
      throw new AppError(400, said("profile.pkNotVerified"));
    }
    return { ...p, counter: newCounter, lastUsedAt: Date.now() };
  });
  if (!done) throw new AppError(401, said("profile.pkUnknown"));
  return userVerified;
}
