// An administrator's second factor: the texts the server answers with (English; the catalogs
// translate them at the boundary), the shapes of a code and the limits.

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

export const SECOND_FACTOR_TEXT = {
  setupRequired: "Set up a second factor before using the admin pages.",
  verifyRequired: "Enter your second factor to continue.",
  badFormat: "Enter the 6-digit code from your authenticator app, or a recovery code.",
  wrongCode: "That code is not right. Enter the current code from your authenticator app.",
  reusedCode:
    "This code has already been used. Wait for the next code from your authenticator app.",
  wrongRecoveryCode: "That recovery code is not right.",
  usedRecoveryCode: "This recovery code has already been used. Each recovery code works once.",
  alreadySetUp: "An authenticator app is already set up. Remove it before setting up another.",
  setupExpired: "The set-up has expired. Start again to get a new secret.",
  noFactor: "No second factor is set up.",
  noApp: "No authenticator app is set up. Use your passkey.",
  noPasskey: "You have no passkey. Add one on your profile, or enter a code.",
  notYourPasskey: "This passkey is not one of yours. Use a passkey you added to your own account.",
} as const;

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
