// Account validation rules, their limits and their texts: the one module both the forms in the
// browser and the API on the server check with, so that a form refuses exactly what the server
// refuses, in the server's words, before anything is sent. Pure: it imports no server code and is
// bundled into the islands.
import { MIN_PASSWORD_LENGTH } from "../constants.ts";

export type AuthTab =
  | "login"
  | "register"
  | "forgot-password"
  | "forgot-password-success"
  | "registration-success"
  | "registration-sent"
  | "reset-password"
  | "reset-password-success";

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
/** The longest password accepted anywhere (the hash's input stays bounded). */
export const PASSWORD_MAX_LENGTH = 200;
/** The longest address accepted (the longest a mail system delivers to). */
export const EMAIL_MAX_LENGTH = 254;
export const DISPLAY_NAME_MAX_LENGTH = 50;
export const BIO_MAX_LENGTH = 300;
/** 'City, Country' as stored on the profile. */
export const LOCATION_MAX_LENGTH = 120;

export const AUTH_TEXT = {
  loginMissing: "Please enter both username/email and password",
  fillAll: "Please fill in all fields",
  invalidEmail: "Please enter a valid email address",
  shortPassword: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  longPassword: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  invitationRequired: "Please enter your invitation code",
  ageRequired: "You must be 18 or older and accept the Terms of Service",
  badUsername:
    `Username must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters: lowercase letters, digits or _`,
  emailRequired: "Please enter your email address",
  passwordsDiffer: "New passwords do not match",
  loginFailed: "Login failed",
  loginFailedDefault: "Please check your credentials and try again",
  registrationFailed: "Registration failed",
  registrationFailedDefault: "Please try a different username or email",
  loggedIn: "Logged in successfully",
  registered: "Registration successful!",
  loggedOut: "Logged out",
  loggedOutLocally: "You have been logged out locally",
  passwordUpdated: "Password updated",
  networkError: "Network error. Please check your connection and try again.",
  resetFailed: "This reset link is invalid or has expired. Please request a new one.",
  usernameTaken: "Username is already taken",
  emailTaken: "Email is already registered",
  invalidInvitation: "Invalid or already used invitation code",
  wrongCurrentPassword: "Current password is incorrect",
} as const;

/** The rules as a form shows them under each field, before anything is typed. */
export const RULE_HINT = {
  username: `${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters: lowercase letters, ` +
    "digits or _",
  password: `At least ${MIN_PASSWORD_LENGTH} characters`,
  email: "We send a link to this address to verify it.",
} as const;

/** Texts of the profile form's own fields. */
export const PROFILE_RULE_TEXT = {
  longDisplayName: `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`,
  longBio: `Bio must be at most ${BIO_MAX_LENGTH} characters`,
  locationRequired: "Both country and city are required for location-based matching",
  longLocation: `City and country must be at most ${LOCATION_MAX_LENGTH} characters together`,
} as const;

/** Texts of the account protections: email change, current-password checks. */
export const SECURITY_TEXT = {
  currentPasswordLabel: "Current password",
  currentPasswordHelp: "Changing your email needs your current password.",
  currentPasswordRequired: "Please enter your current password to change your email.",
  emailChangeSent: (email: string) =>
    `We sent a confirmation link to ${email}. Your email changes when you open it.`,
  emailChanged: "Email changed",
  emailChangedDescription: (email: string) => `Your email is now ${email}.`,
  emailChangeFailed: "Email change failed",
  emailChangeLinkInvalid:
    "This confirmation link is invalid or has expired. Please change your email again.",
  emailUnavailable: "This email address is no longer available. Please choose another one.",
} as const;

/** Texts of the verification mail's Resend (the banner's and the live start screen's). */
// In a module of its own, so the live page's bundle takes these texts without the rest.
export { VERIFY_TEXT } from "./verify_text.ts";

/** An atom of a dot-atom local part: letters, digits and RFC 5322's other `atext` characters. */
const EMAIL_ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
/** A domain label: letters, digits and hyphens, neither first nor last, at most 63. */
const EMAIL_LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
/**
 * A plain address: a dot-atom local part, one @, and a domain of at least two labels whose last
 * is not all digits. No display name (`Bob <bob@x.io>`), quoted local part (`"a,b"@x.io`),
 * comment, space or control character.
 */
export const EMAIL_PATTERN = new RegExp(
  `^${EMAIL_ATOM}(?:\\.${EMAIL_ATOM})*@(?:${EMAIL_LABEL}\\.)+(?![0-9]+$)${EMAIL_LABEL}$`,
);
/** The longest local part (before the @) a mail system delivers to. */
export const EMAIL_LOCAL_MAX_LENGTH = 64;
export const USERNAME_PATTERN = /^[a-z0-9_]{3,20}$/;
/** 'City, Country': two non-blank parts around one comma. */
export const LOCATION_PATTERN = /^[^,]*[^,\s][^,]*,\s*[^,]*[^,\s][^,]*$/;

/**
 * One field's verdict: the problem (null when the value is accepted) and whether typing more
 * could still fix it (a username one letter short can grow; one of 44 characters cannot). A form
 * shows a problem at once when it is final, and otherwise once the member leaves the field.
 */
export interface FieldCheck {
  problem: string | null;
  final: boolean;
}

const OK: FieldCheck = { problem: null, final: false };

/** The length a member counts: characters as shown, not UTF-16 units. */
export function charCount(value: string): number {
  return [...value].length;
}

/** A username is stored trimmed and lower-cased: "Ana_99 " is "ana_99". */
export function normalizeUsername(raw: string): string {
  return raw.trim().toLowerCase();
}

export function checkUsername(raw: string): FieldCheck {
  const name = normalizeUsername(raw);
  if (USERNAME_PATTERN.test(name)) return OK;
  const final = charCount(name) > USERNAME_MAX_LENGTH || /[^a-z0-9_]/.test(name);
  return { problem: AUTH_TEXT.badUsername, final };
}

/**
 * An address as it is stored and looked up: trimmed, its domain lower-cased (mail systems ignore
 * the domain's case; the local part is kept as typed).
 */
export function normalizeEmail(raw: string): string {
  const email = raw.trim();
  const at = email.lastIndexOf("@");
  return at < 0 ? email : email.slice(0, at + 1) + email.slice(at + 1).toLowerCase();
}

/** Characters no address may hold anywhere, so typing more cannot fix one. */
const NEVER_IN_EMAIL = /[^A-Za-z0-9!#$%&'*+/=?^_`{|}~.@-]/;

export function checkEmail(raw: string): FieldCheck {
  const email = raw.trim();
  const local = email.slice(0, email.lastIndexOf("@"));
  if (
    email.length <= EMAIL_MAX_LENGTH && local.length <= EMAIL_LOCAL_MAX_LENGTH &&
    EMAIL_PATTERN.test(email)
  ) return OK;
  const final = email.length > EMAIL_MAX_LENGTH || local.length > EMAIL_LOCAL_MAX_LENGTH ||
    NEVER_IN_EMAIL.test(email) || email.split("@").length > 2;
  return { problem: AUTH_TEXT.invalidEmail, final };
}

/** A new password (registration, reset, change); sign-in checks only that one is given. */
export function checkNewPassword(password: string): FieldCheck {
  if (password.length > PASSWORD_MAX_LENGTH) {
    return { problem: AUTH_TEXT.longPassword, final: true };
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    return { problem: AUTH_TEXT.shortPassword, final: false };
  }
  return OK;
}

/** Display name and bio: only their length is ruled. */
export function checkDisplayName(value: string): FieldCheck {
  return charCount(value.trim()) > DISPLAY_NAME_MAX_LENGTH
    ? { problem: PROFILE_RULE_TEXT.longDisplayName, final: true }
    : OK;
}

export function checkBio(value: string): FieldCheck {
  return charCount(value.trim()) > BIO_MAX_LENGTH
    ? { problem: PROFILE_RULE_TEXT.longBio, final: true }
    : OK;
}

/** 'City, Country' as the profile stores it; refused unless both parts are given. */
export function checkLocation(location: string): FieldCheck {
  const clean = location.trim();
  if (clean.length > LOCATION_MAX_LENGTH) {
    return { problem: PROFILE_RULE_TEXT.longLocation, final: true };
  }
  return LOCATION_PATTERN.test(clean)
    ? OK
    : { problem: PROFILE_RULE_TEXT.locationRequired, final: false };
}

/** A refused form: its text, and the field it is about (for focus and the text beside it). */
export interface FormProblem<F extends string = string> {
  field: F;
  message: string;
}

/** Both given, and an identifier with an @ (an email) a plain address. */
export function validateLogin(i: { identifier: string; password: string }): string | null {
  if (!i.identifier.trim() || !i.password) return AUTH_TEXT.loginMissing;
  return i.identifier.includes("@") ? checkEmail(i.identifier).problem : null;
}

export type RegistrationField =
  | "username"
  | "email"
  | "password"
  | "invitationCode"
  | "ageConfirmed";

export interface RegistrationInput {
  username: string;
  email: string;
  password: string;
  invitationCode: string;
  ageConfirmed: boolean;
}

/**
 * The first problem of a registration, in the order the server checks: every field given, then
 * the email, the password, the username and the age confirmation.
 */
export function checkRegistration(i: RegistrationInput): FormProblem<RegistrationField> | null {
  const blank = (["username", "email", "password", "invitationCode"] as const).find((f) =>
    f === "password" ? !i.password : !i[f].trim()
  );
  if (blank) return { field: blank, message: AUTH_TEXT.fillAll };
  const steps: [RegistrationField, string | null][] = [
    ["email", checkEmail(i.email).problem],
    ["password", checkNewPassword(i.password).problem],
    ["username", checkUsername(i.username).problem],
    ["ageConfirmed", i.ageConfirmed ? null : AUTH_TEXT.ageRequired],
  ];
  const found = steps.find(([, message]) => message);
  return found ? { field: found[0], message: found[1]! } : null;
}

export function validateRegistration(i: RegistrationInput): string | null {
  return checkRegistration(i)?.message ?? null;
}

export function validateForgot(i: { email: string }): string | null {
  if (!i.email.trim()) return AUTH_TEXT.emailRequired;
  return checkEmail(i.email).problem;
}

export function validateReset(i: { newPassword: string; confirmPassword: string }): string | null {
  if (i.newPassword !== i.confirmPassword) return AUTH_TEXT.passwordsDiffer;
  return checkNewPassword(i.newPassword).problem;
}

/**
 * The field a server's refusal is about, so the form can show it beside that field: the texts
 * are this module's, so the server's response names the field by its text. Null for a text about
 * the whole form (a ban, a network failure, a rate limit).
 */
export function fieldOfServerText(text: string): string | null {
  return SERVER_TEXT_FIELDS.get(text) ?? null;
}

const SERVER_TEXT_FIELDS = new Map<string, string>([
  [AUTH_TEXT.badUsername, "username"],
  [AUTH_TEXT.usernameTaken, "username"],
  [AUTH_TEXT.invalidEmail, "email"],
  [AUTH_TEXT.emailTaken, "email"],
  [AUTH_TEXT.emailRequired, "email"],
  [AUTH_TEXT.shortPassword, "password"],
  [AUTH_TEXT.longPassword, "password"],
  [AUTH_TEXT.invalidInvitation, "invitationCode"],
  [AUTH_TEXT.ageRequired, "ageConfirmed"],
  [AUTH_TEXT.wrongCurrentPassword, "currentPassword"],
  [SECURITY_TEXT.currentPasswordRequired, "currentPassword"],
  [PROFILE_RULE_TEXT.longDisplayName, "displayName"],
  [PROFILE_RULE_TEXT.longBio, "bio"],
  [PROFILE_RULE_TEXT.locationRequired, "location"],
  [PROFILE_RULE_TEXT.longLocation, "location"],
]);
