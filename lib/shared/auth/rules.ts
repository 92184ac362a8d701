// Account validation rules, their limits and their messages: the one module both the forms in the
// browser and the API on the server check with, so that a form refuses exactly what the server
// refuses, in the server's words, before anything is sent. A problem is a message named by its key
// (lib/shared/i18n/said.ts): the form shows it in the page's language, the server answers with it in
// the request's. Pure: it imports no server code and is bundled into the islands.
import { MIN_PASSWORD_LENGTH } from "../constants.ts";
import { type Said, said, say, splitName } from "../i18n/said.ts";
import { currentMessages } from "../i18n/messages.ts";

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

/** The rules as a form shows them under each field, before anything is typed. */
export const RULE_HINT = {
  username: said("auth.hintUsername", { min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH }),
  password: said("auth.hintPassword", { min: MIN_PASSWORD_LENGTH }),
  email: said("auth.hintEmail"),
} as const;

/** The problems the rules find, with their limits (also the server's refusals of those fields). */
export const RULE_PROBLEM = {
  badUsername: said("auth.badUsername", { min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH }),
  invalidEmail: said("auth.invalidEmail"),
  shortPassword: said("auth.shortPassword", { min: MIN_PASSWORD_LENGTH }),
  longPassword: said("auth.longPassword", { max: PASSWORD_MAX_LENGTH }),
  longDisplayName: said("auth.longDisplayName", { max: DISPLAY_NAME_MAX_LENGTH }),
  longBio: said("auth.longBio", { max: BIO_MAX_LENGTH }),
  locationRequired: said("auth.locationRequired"),
  longLocation: said("auth.longLocation", { max: LOCATION_MAX_LENGTH }),
} as const;

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
  problem: Said | null;
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
  return { problem: RULE_PROBLEM.badUsername, final };
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
  return { problem: RULE_PROBLEM.invalidEmail, final };
}

/** A new password (registration, reset, change); sign-in checks only that one is given. */
export function checkNewPassword(password: string): FieldCheck {
  if (password.length > PASSWORD_MAX_LENGTH) {
    return { problem: RULE_PROBLEM.longPassword, final: true };
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    return { problem: RULE_PROBLEM.shortPassword, final: false };
  }
  return OK;
}

/** Display name and bio: only their length is ruled. */
export function checkDisplayName(value: string): FieldCheck {
  return charCount(value.trim()) > DISPLAY_NAME_MAX_LENGTH
    ? { problem: RULE_PROBLEM.longDisplayName, final: true }
    : OK;
}

export function checkBio(value: string): FieldCheck {
  return charCount(value.trim()) > BIO_MAX_LENGTH
    ? { problem: RULE_PROBLEM.longBio, final: true }
    : OK;
}

/** 'City, Country' as the profile stores it; refused unless both parts are given. */
export function checkLocation(location: string): FieldCheck {
  const clean = location.trim();
  if (clean.length > LOCATION_MAX_LENGTH) {
    return { problem: RULE_PROBLEM.longLocation, final: true };
  }
  return LOCATION_PATTERN.test(clean)
    ? OK
    : { problem: RULE_PROBLEM.locationRequired, final: false };
}

/** A refused form: its text, and the field it is about (for focus and the text beside it). */
export interface FormProblem<F extends string = string> {
  field: F;
  message: Said;
}

/** Both given, and an identifier with an @ (an email) a plain address. */
export function validateLogin(i: { identifier: string; password: string }): Said | null {
  if (!i.identifier.trim() || !i.password) return said("auth.loginMissing");
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
  if (blank) return { field: blank, message: said("auth.fillAll") };
  const steps: [RegistrationField, Said | null][] = [
    ["email", checkEmail(i.email).problem],
    ["password", checkNewPassword(i.password).problem],
    ["username", checkUsername(i.username).problem],
    ["ageConfirmed", i.ageConfirmed ? null : said("auth.ageRequired")],
  ];
  const found = steps.find(([, message]) => message);
  return found ? { field: found[0], message: found[1]! } : null;
}

export function validateRegistration(i: RegistrationInput): Said | null {
  return checkRegistration(i)?.message ?? null;
}

export function validateForgot(i: { email: string }): Said | null {
  if (!i.email.trim()) return said("auth.emailRequired");
  return checkEmail(i.email).problem;
}

export function validateReset(i: { newPassword: string; confirmPassword: string }): Said | null {
  if (i.newPassword !== i.confirmPassword) return said("auth.passwordsDiffer");
  return checkNewPassword(i.newPassword).problem;
}

/**
 * The field a server's refusal is about, so the form can show it beside that field: the server
 * answers with these messages in the page's language, so its text is compared with each of them
 * as the page says it. Null for a text about the whole form (a ban, a network failure, a rate
 * limit).
 */
export function fieldOfServerText(text: string): string | null {
  const messages = currentMessages();
  const says = (message: Said) => {
    const [ns, key] = splitName(message.name);
    // A page without the auth messages (another island's form) has none of these refusals.
    return messages[ns]?.[key] !== undefined && say(message) === text;
  };
  return FIELD_MESSAGES.find(([message]) => says(message))?.[1] ?? null;
}

/** The server's refusals about one field, and that field. */
const FIELD_MESSAGES: readonly [Said, string][] = [
  [RULE_PROBLEM.badUsername, "username"],
  [said("auth.usernameTaken"), "username"],
  [RULE_PROBLEM.invalidEmail, "email"],
  [said("auth.emailTaken"), "email"],
  [said("auth.emailRequired"), "email"],
  [RULE_PROBLEM.shortPassword, "password"],
  [RULE_PROBLEM.longPassword, "password"],
  [said("auth.invalidInvitation"), "invitationCode"],
  [said("auth.ageRequired"), "ageConfirmed"],
  [said("auth.wrongCurrentPassword"), "currentPassword"],
  [said("auth.currentPasswordRequired"), "currentPassword"],
  [RULE_PROBLEM.longDisplayName, "displayName"],
  [RULE_PROBLEM.longBio, "bio"],
  [RULE_PROBLEM.locationRequired, "location"],
  [RULE_PROBLEM.longLocation, "location"],
];
