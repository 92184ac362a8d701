// An administrator's second factor: the shapes of a code and the limits (the messages the server
// answers with are the admin catalog's sf* keys).

/** How long a given second factor counts in a session; after it the administrator steps up again. */
export const SECOND_FACTOR_TTL_MS = 12 * 60 * 60_000;

/** How many recovery codes a set-up (or a renewal) makes. */
export const RECOVERY_CODE_COUNT = 10;

/** The most characters a typed code may have (spaces and dashes included). */
export const FACTOR_CODE_MAX = 64;

/** Where an administrator sets up or gives their second factor. */
export const SECOND_FACTOR_PAGE = "/admin/second-factor";

/** What the gate asks for: a factor set up first, or one given in this session. */
export type FactorNeed = "setup" | "verify";

/** A typed code without spaces and dashes, lower-case: what is checked and hashed. */
export function normalizeCode(input: string): string {
  return input.replace(/[\s-]+/g, "").toLowerCase();
}

/** A 6-digit authenticator code, a recovery code (16 base32 letters), or neither. */
export function codeKind(normalized: string): "totp" | "recovery" | null {
  if (/^\d{6}$/.test(normalized)) return "totp";
  if (/^[a-z2-7]{16}$/.test(normalized)) return "recovery";
  return null;
}
