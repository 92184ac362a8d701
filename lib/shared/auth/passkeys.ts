// Passkeys as /profile shows them (the passkey API's messages are the profile catalog's pk* keys).

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
