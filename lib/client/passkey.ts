// The browser's half of passkeys: the server's WebAuthn options (JSON, binary fields base64url)
// handed to navigator.credentials, and the credential it makes or picks sent back as JSON.
import { postJson } from "./api.ts";

type Json = Record<string, unknown>;

const toBuf = (s: string) =>
  Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)).buffer;

const toB64 = (b: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(b))).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");

const withIds = (list: unknown) =>
  ((list as Json[] | undefined) ?? []).map((c) => ({ ...c, id: toBuf(c.id as string) }));

/** Whether this browser can make and use passkeys at all. */
export const passkeysSupported = () => typeof PublicKeyCredential === "function";

/** Whether the browser offers passkeys among a field's autofill suggestions (conditional UI). */
export async function conditionalSupported(): Promise<boolean> {
  return passkeysSupported() &&
    await PublicKeyCredential.isConditionalMediationAvailable?.().catch(() => false) === true;
}

/** A credential as the server reads it (the WebAuthn JSON form). */
function credentialJson(cred: PublicKeyCredential): Json {
  const r = cred.response as AuthenticatorAttestationResponse & AuthenticatorAssertionResponse;
  const response: Json = { clientDataJSON: toB64(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = toB64(r.attestationObject);
    response.transports = r.getTransports?.() ?? [];
  } else {
    response.authenticatorData = toB64(r.authenticatorData);
    response.signature = toB64(r.signature);
    if (r.userHandle) response.userHandle = toB64(r.userHandle);
  }
  return {
    id: cred.id,
    rawId: toB64(cred.rawId),
    type: cred.type,
    response,
    clientExtensionResults: {},
  };
}

/** Makes a passkey for the signed-in member and adds it to their account (the server's answer). */
export async function addPasskey<T>(): Promise<T> {
  const o = await postJson<Json>("/api/passkeys/options");
  const user = o.user as Json;
  const publicKey = {
    ...o,
    challenge: toBuf(o.challenge as string),
    user: { ...user, id: toBuf(user.id as string) },
    excludeCredentials: withIds(o.excludeCredentials),
  } as unknown as PublicKeyCredentialCreationOptions;
  const cred = await navigator.credentials.create({ publicKey }) as PublicKeyCredential;
  return postJson<T>("/api/passkeys", { response: credentialJson(cred) });
}

/** The server's options for a passkey sign-in (a fresh challenge). */
export const signInOptions = () => postJson<Json>("/api/passkeys/signin/options");

/**
 * Signs in with a passkey the member picks for the options `o`: in the browser's own dialog, or
 * (`conditional`) among the username field's autofill suggestions, until `signal` aborts. The
 * signed-in member; or the answer of `to` (an administrator's second factor).
 */
export async function signInWithPasskey<T>(
  o: Json,
  conditional: boolean,
  signal?: AbortSignal,
  to = "/api/passkeys/signin",
): Promise<T> {
  const publicKey = {
    ...o,
    challenge: toBuf(o.challenge as string),
    allowCredentials: withIds(o.allowCredentials),
  } as unknown as PublicKeyCredentialRequestOptions;
  const cred = await navigator.credentials.get({
    publicKey,
    signal,
    ...(conditional ? { mediation: "conditional" as CredentialMediationRequirement } : {}),
  }) as PublicKeyCredential;
  return postJson<T>(to, { response: credentialJson(cred) });
}
