// Passkeys as /profile shows them, and the texts the passkey API answers with (English, the
// server's language of record; the profile and auth catalogs hold each under its own key).

/** A passkey as its member sees it. */
export interface PasskeyView {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** What the passkey list answers: the passkeys and whether the member has a password. */
export interface PasskeysAnswer {
  passkeys: PasskeyView[];
  hasPassword: boolean;
  emailVerified: boolean;
}

/** A member keeps at most this many passkeys. */
export const PASSKEYS_MAX = 10;
export const PASSKEY_NAME_MAX = 40;

export const PASSKEY_TEXT = {
  added: "Passkey added",
  renamed: "Passkey renamed",
  removed: "Passkey removed",
  removedLastFactor:
    "Passkey removed. You have no second factor now: the admin pages will ask you to set one up.",
  passwordRemoved: "Password removed. Sign in with your passkey from now on.",
  challengeInvalid: "This passkey request has expired or was already used. Please try again.",
  notVerified: "This passkey could not be verified. Please try again.",
  wrongSite:
    "This passkey answer was made for another site. Open Glimpse at its own address and try again.",
  unknownPasskey: "This passkey is not registered for any Glimpse account.",
  alreadyAdded: "This passkey is already added to your account.",
  tooMany: `You can keep at most ${PASSKEYS_MAX} passkeys. Remove one to add another.`,
  notFound: "That passkey is not on your account.",
  badName: `Please give the passkey a name of 1 to ${PASSKEY_NAME_MAX} characters.`,
  lastPasskey:
    "You have no password, so this passkey is your only way to sign in. Set a password first (Forgot password? on the sign-in page).",
  needsPasskey: "Add a passkey before you remove your password.",
  needsVerifiedEmail:
    "Verify your email address before you remove your password: it is how you get back in.",
  noPassword: "Your account has no password.",
} as const;
