// Account operations: registration, sign-in, email verification, password reset and change,
// profile edits and email change. Plain functions over kv/; mail is queued (see account_mail.ts),
// never sent while the request waits. Their failures are AccountErrors (a status and the message
// the member is told), which the HTTP layer responds with.
import { z } from "zod";
import {
  emailChangeMail,
  queueRegistrationAttempt,
  resetMail,
  verifyMail,
} from "./account_mail.ts";
import {
  HashBusyError,
  hashPassword,
  needsRehash,
  verifyAgainstDummy,
  verifyPassword,
} from "./password.ts";
import {
  checkBio,
  checkDisplayName,
  checkEmail,
  checkLocation,
  checkNewPassword,
  checkUsername,
  EMAIL_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  normalizeEmail,
  PASSWORD_MAX_LENGTH,
  RULE_PROBLEM,
  validateRegistration,
} from "../../shared/auth/rules.ts";
import {
  type Language,
  LANGUAGES,
  newUserRecord,
  type UserRecord,
} from "../../shared/auth/types.ts";
import { normalizeInvitationCode } from "../../shared/auth/invitation_code.ts";
import {
  createUserWithInvitation,
  findUserByEmail,
  findUserByIdentifier,
  getUser,
  updateUser,
} from "../../../kv/users.ts";
import { consumeEmailToken } from "../../../kv/email_tokens.ts";
import { enqueue } from "../../../kv/queue.ts";
import { deleteUserSessions } from "../../../kv/sessions.ts";
import { deleteAvatar } from "../../../kv/avatars.ts";
import { AppError } from "../http/errors.ts";
import { activeBan, type Ban } from "../../shared/moderation/bans.ts";
import { signInBanText } from "../../shared/moderation/ban_text.ts";
import { carried, type Said, said } from "../../shared/i18n/said.ts";
import { rememberTypedLocation } from "../geo/private_location.ts";

export class AccountError extends AppError {
  constructor(message: Said, status: 400 | 401 | 403 | 404 | 409 | 413 = 400) {
    super(status, message);
    this.name = "AccountError";
  }
}

/** The sign-in of a banned member with the right password: the refusal, and whose ban it is. */
export class BannedError extends AccountError {
  constructor(readonly userId: string, readonly ban: Ban) {
    super(signInBanText(ban), 403);
    this.name = "BannedError";
  }
}

/** A request whose member is gone (their record deleted meanwhile): no longer signed in. */
const NOT_SIGNED_IN = said("auth.notLoggedIn");

export interface AccountDeps {
  kv: Deno.Kv;
  /** Origin for links in emails, e.g. https://glimpse.example */
  origin: string;
}

/**
 * A text field bounded in size before any rule runs; too long a value is refused with the rule's
 * own message (what the form in the browser says for it), never a generic one.
 */
const bounded = (max: number, message: Said) => z.string().max(max, carried(message));

/** Bounds of the account fields; the rules themselves are rules.ts's check functions. */
export const ACCOUNT_FIELD = {
  username: () => bounded(100, RULE_PROBLEM.badUsername),
  email: () => bounded(EMAIL_MAX_LENGTH + 64, RULE_PROBLEM.invalidEmail),
  newPassword: () => bounded(PASSWORD_MAX_LENGTH, RULE_PROBLEM.longPassword),
} as const;

export const registrationSchema = z.object({
  username: ACCOUNT_FIELD.username().default(""),
  password: ACCOUNT_FIELD.newPassword().default(""),
  email: ACCOUNT_FIELD.email().default(""),
  invitationCode: bounded(64, said("auth.invalidInvitation")).default(""),
  ageConfirmed: z.boolean().default(false),
  /** The profile's language; an unknown one is left out (the request's language is taken). */
  language: z.enum(LANGUAGES).optional().catch(undefined),
});

/**
 * Creates an unverified member and queues the verification mail, or, when the address already has
 * an account, queues its holder a notice and stores nothing (the code stays unused): `null`. The
 * caller responds to both the same way, so the response never tells whether an address has an account.
 * The profile's language is the one the registration names, else `locale` (the request's), else en.
 */
export async function register(
  deps: AccountDeps,
  input: z.infer<typeof registrationSchema>,
  locale?: Language,
): Promise<{ user: UserRecord; codes: string[] } | null> {
  const username = input.username.trim().toLowerCase();
  const email = normalizeEmail(input.email);
  const invitationCode = normalizeInvitationCode(input.invitationCode);
  const problem = validateRegistration({ ...input, username, email, invitationCode });
  if (problem) throw new AccountError(problem);

  const user = newUserRecord({
    username,
    email,
    passwordHash: await hashPassword(input.password),
    invitationCode,
    language: input.language ?? locale ?? "en",
  });
  // The verification mail is queued by the commit that creates the member: the response does not
  // wait for the provider, nor fail with it.
  const result = await createUserWithInvitation(
    deps.kv,
    user,
    invitationCode,
    verifyMail(user.id, user.email, deps.origin),
  );
  if (!result.ok && result.reason === "email_taken") {
    // The address of a banned member cannot come back through a new account, and the response is
    // the same as for any taken address (a ban is told only to whoever has its password).
    const holder = await findUserByEmail(deps.kv, email);
    if (holder && activeBan(holder)) return null;
    // The holder hears of the attempt; nothing else is stored and the code stays unused.
    await queueRegistrationAttempt(deps.kv, email, deps.origin);
    return null;
  }
  if (!result.ok) {
    throw new AccountError(
      result.reason === "username_taken"
        ? said("auth.usernameTaken")
        : said("auth.invalidInvitation"),
      result.reason === "invalid_invitation" ? 400 : 409,
    );
  }
  return { user: result.user, codes: result.codes };
}

/** Checks a password sign-in. The response never tells whether the account exists. */
export async function authenticate(
  deps: AccountDeps,
  identifier: string,
  password: string,
): Promise<UserRecord> {
  const user = await findUserByIdentifier(deps.kv, identifier);
  // An account without a password (it signs in with a passkey) takes as long to refuse.
  const ok = user?.passwordHash
    ? await verifyPassword(password, user.passwordHash)
    : await verifyAgainstDummy(password);
  if (!user || !ok) throw new AccountError(said("auth.badCredentials"), 401);
  // Told only with the right password: the text reveals the ban and its end to no one else.
  const ban = activeBan(user);
  if (ban) throw new BannedError(user.id, ban);
  if (needsRehash(user.passwordHash)) {
    // A busy hash gate leaves the old hash for the next sign-in rather than refuse this one.
    const passwordHash = await hashPassword(password).catch((err) => {
      if (err instanceof HashBusyError) return null;
      throw err;
    });
    if (passwordHash) await updateUser(deps.kv, user.id, (u) => ({ ...u, passwordHash }));
  }
  return user;
}

export async function verifyEmail(deps: AccountDeps, token: string): Promise<UserRecord> {
  const record = await consumeEmailToken(deps.kv, token, "verify");
  if (!record) throw new AccountError(said("auth.verifyLinkInvalid"));
  const result = await updateUser(deps.kv, record.userId, (u) =>
    // A link sent to an address the member has since changed verifies nothing.
    u.email.toLowerCase() === record.email.toLowerCase() ? { ...u, emailVerified: true } : u);
  if (!result.ok || !result.user.emailVerified) {
    throw new AccountError(said("auth.verifyLinkInvalid"));
  }
  return result.user;
}

export async function resendVerification(deps: AccountDeps, userId: string) {
  const user = await getUser(deps.kv, userId);
  if (!user) throw new AccountError(NOT_SIGNED_IN, 401);
  if (user.emailVerified) throw new AccountError(said("auth.alreadyVerified"));
  await enqueue(deps.kv, verifyMail(user.id, user.email, deps.origin));
}

/**
 * Queues a reset mail for any well-formed address; the queue listener looks the address up and
 * mails only a member. The request does the same work whether or not the address has an account.
 */
export async function forgotPassword(deps: AccountDeps, email: string) {
  const clean = normalizeEmail(email);
  if (!clean) throw new AccountError(said("auth.emailRequired"));
  const problem = checkEmail(clean).problem;
  if (problem) throw new AccountError(problem);
  await enqueue(deps.kv, resetMail(clean, deps.origin));
}

export async function resetPassword(deps: AccountDeps, token: string, newPassword: string) {
  const problem = checkNewPassword(newPassword).problem;
  if (problem) throw new AccountError(problem);
  // Hashed before the link is used up: a busy hash gate (503) leaves the link valid.
  const passwordHash = await hashPassword(newPassword);
  const record = await consumeEmailToken(deps.kv, token, "reset");
  if (!record) throw new AccountError(said("auth.resetFailed"));
  const result = await updateUser(deps.kv, record.userId, (u) => ({ ...u, passwordHash }));
  if (!result.ok) throw new AccountError(said("auth.resetFailed"));
  await deleteUserSessions(deps.kv, record.userId);
  return result.user;
}

export async function changePassword(
  deps: AccountDeps,
  userId: string,
  sessionId: string,
  currentPassword: string,
  newPassword: string,
) {
  const user = await getUser(deps.kv, userId);
  if (!user) throw new AccountError(NOT_SIGNED_IN, 401);
  const problem = checkNewPassword(newPassword).problem;
  if (problem) throw new AccountError(problem);
  if (!(await verifyPassword(currentPassword, user.passwordHash))) {
    throw new AccountError(said("auth.wrongCurrentPassword"));
  }
  const passwordHash = await hashPassword(newPassword);
  const result = await updateUser(deps.kv, userId, (u) => ({ ...u, passwordHash }));
  if (!result.ok) throw new AccountError(NOT_SIGNED_IN, 401);
  // Other devices are signed out; this one stays signed in.
  await deleteUserSessions(deps.kv, userId, sessionId);
}

/** A text field ruled by one of rules.ts's checks, refused with that check's message. */
const ruled = (max: number, check: (v: string) => { problem: Said | null }, message: Said) =>
  bounded(max, message).refine((v) => check(v).problem === null, carried(message));

export const profilePatchSchema = z.object({
  username: ACCOUNT_FIELD.username().optional(),
  email: ACCOUNT_FIELD.email().optional(),
  displayName: ruled(1000, checkDisplayName, RULE_PROBLEM.longDisplayName).optional(),
  bio: ruled(4000, checkBio, RULE_PROBLEM.longBio).optional(),
  location: bounded(LOCATION_MAX_LENGTH + 64, RULE_PROBLEM.longLocation).optional(),
  language: z.enum(LANGUAGES, { error: carried(said("auth.unsupportedLanguage")) }).optional(),
  faceBlurEnabled: z.boolean().optional(),
  safetyShieldEnabled: z.boolean().optional(),
  hideIpAddress: z.boolean().optional(),
  hideExactLocation: z.boolean().optional(),
  notificationsEnabled: z.boolean().optional(),
  avatarUrl: z.string().nullable().optional(),
  /** Required with a new email address. */
  currentPassword: bounded(PASSWORD_MAX_LENGTH, said("auth.wrongCurrentPassword")).optional(),
}).strict();

export type ProfilePatch = z.infer<typeof profilePatchSchema>;

/**
 * Counters the profile route keeps (rate limits); each throws when over its limit. Called before
 * the work they guard, and only for the changes a patch really asks for.
 */
export interface ProfileLimits {
  /** Before a new username is tried (the response tells whether it is taken). */
  usernameChange(): Promise<void>;
  /** Before the current password is checked. */
  passwordCheck(): Promise<void>;
  /** Before a confirmation mail is queued (the password was right). */
  emailChangeMail(): Promise<void>;
}

const NO_LIMITS: ProfileLimits = {
  usernameChange: async () => {},
  passwordCheck: async () => {},
  emailChangeMail: async () => {},
};

export interface ProfileUpdate {
  user: UserRecord;
  /** Set when a new email waits for its confirmation link. */
  message?: Said;
}

/**
 * Applies a profile patch. A new email address (other than the current one in another case) is
 * not applied: with the right current password, a confirmation link is queued for the new
 * address, and the address changes when the link is opened. The response is the same whether or
 * not the address already has an account (the queue listener mails that account a notice). A
 * refused patch changes nothing.
 */
export async function updateProfile(
  deps: AccountDeps,
  userId: string,
  patch: ProfilePatch,
  limits: ProfileLimits = NO_LIMITS,
): Promise<ProfileUpdate> {
  const current = await getUser(deps.kv, userId);
  if (!current) throw new AccountError(NOT_SIGNED_IN, 401);
  const next: Partial<UserRecord> = {};
  let newEmail: string | null = null;
  if (patch.username !== undefined) {
    const username = patch.username.trim().toLowerCase();
    const problem = checkUsername(username).problem;
    if (problem) throw new AccountError(problem);
    next.username = username;
  }
  if (patch.email !== undefined) {
    const email = normalizeEmail(patch.email);
    const problem = checkEmail(email).problem;
    if (problem) throw new AccountError(problem);
    if (email.toLowerCase() === current.email.toLowerCase()) next.email = email;
    else newEmail = email;
  }
  if (newEmail && !patch.currentPassword) {
    throw new AccountError(said("auth.currentPasswordRequired"));
  }
  if (patch.location !== undefined) {
    const location = patch.location.trim();
    const problem = checkLocation(location).problem;
    if (problem) throw new AccountError(problem);
    next.location = location.split(",").map((p) => p.trim()).join(", ");
  }
  if (
    patch.avatarUrl !== undefined && patch.avatarUrl !== null &&
    patch.avatarUrl !== current.avatarUrl
  ) {
    throw new AccountError(said("auth.avatarByButton"));
  }
  for (const k of ["displayName", "bio"] as const) {
    if (patch[k] !== undefined) next[k] = patch[k]!.trim();
  }
  for (
    const k of [
      "faceBlurEnabled",
      "safetyShieldEnabled",
      "hideIpAddress",
      "hideExactLocation",
      "notificationsEnabled",
    ] as const
  ) {
    if (patch[k] !== undefined) next[k] = patch[k];
  }
  if (patch.language !== undefined) next.language = patch.language;
  if (patch.avatarUrl === null) next.avatarUrl = null;

  if (next.username !== undefined && next.username !== current.username) {
    await limits.usernameChange();
  }
  if (newEmail) {
    await limits.passwordCheck();
    if (!(await verifyPassword(patch.currentPassword!, current.passwordHash))) {
      throw new AccountError(said("auth.wrongCurrentPassword"));
    }
    await limits.emailChangeMail();
  }

  // The confirmation mail is queued by the commit that saves the rest of the patch.
  const result = await updateUser(
    deps.kv,
    userId,
    (u) => ({ ...u, ...next }),
    newEmail ? emailChangeMail(userId, newEmail, deps.origin) : undefined,
  );
  if (!result.ok) {
    if (result.reason === "username_taken") throw new AccountError(said("auth.usernameTaken"), 409);
    throw new AccountError(NOT_SIGNED_IN, 401);
  }
  if (patch.avatarUrl === null) await deleteAvatar(deps.kv, userId);
  if (result.user.location !== current.location) {
    await rememberTypedLocation(deps.kv, userId, result.user.location);
  }
  return {
    user: result.user,
    message: newEmail ? said("auth.emailChangeSent", { email: newEmail }) : undefined,
  };
}

/**
 * Opens an email-change link: the member's email becomes the link's address, verified. The
 * address must still be free (the unique index decides, in the same commit).
 */
export async function confirmEmailChange(deps: AccountDeps, token: string): Promise<UserRecord> {
  const record = await consumeEmailToken(deps.kv, token, "email_change");
  if (!record) throw new AccountError(said("auth.emailChangeLinkInvalid"));
  const result = await updateUser(deps.kv, record.userId, (u) => ({
    ...u,
    email: record.email,
    emailVerified: true,
  }));
  if (!result.ok) {
    throw new AccountError(
      result.reason === "email_taken"
        ? said("auth.emailUnavailable")
        : said("auth.emailChangeLinkInvalid"),
    );
  }
  return result.user;
}
