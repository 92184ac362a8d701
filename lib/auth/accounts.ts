// Account operations: registration, sign-in, email verification, password reset and change,
// profile edits. Plain functions over kv/ and the email sender; their failures are AccountErrors
// (a status and the member's text), which the HTTP layer answers with.
import { z } from "zod";
import type { EmailSender } from "../email/mod.ts";
import { passwordResetEmail, verificationEmail } from "../email/templates.ts";
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "./password.ts";
import { AUTH_TEXT, EMAIL_PATTERN, USERNAME_PATTERN, validateRegistration } from "./rules.ts";
import { LANGUAGES, newUserRecord, type UserRecord } from "./types.ts";
import { normalizeInvitationCode } from "./invitation_code.ts";
import { MIN_PASSWORD_LENGTH } from "../constants.ts";
import { PROFILE_TEXT } from "../profile.ts";
import {
  createUserWithInvitation,
  findUserByEmail,
  findUserByIdentifier,
  getUser,
  updateUser,
} from "../../kv/users.ts";
import { consumeEmailToken, issueEmailToken } from "../../kv/email_tokens.ts";
import { deleteUserSessions } from "../../kv/sessions.ts";
import { deleteAvatar } from "../../kv/avatars.ts";
import { AppError } from "../http/errors.ts";
import { rememberTypedLocation } from "../geo/private_location.ts";

export class AccountError extends AppError {
  constructor(message: string, status: 400 | 401 | 403 | 404 | 409 | 413 = 400) {
    super(status, message);
    this.name = "AccountError";
  }
}

export const ACCOUNT_TEXT = {
  usernameTaken: "Username is already taken",
  emailTaken: "Email is already registered",
  invalidInvitation: "Invalid or already used invitation code",
  badCredentials: "Invalid username/email or password",
  wrongCurrentPassword: "Current password is incorrect",
  alreadyVerified: "Your email is already verified",
  locationRequired: PROFILE_TEXT.locationRequired,
  notLoggedIn: "User not authenticated",
  verifyLinkInvalid: "This verification link is invalid or has expired.",
  forgotAnswer:
    "If an account exists for that email, we have sent a link to reset your password. It works once and for one hour.",
} as const;

export interface AccountDeps {
  kv: Deno.Kv;
  email: EmailSender;
  /** Origin for links in emails, e.g. https://glimpse.example */
  origin: string;
}

const text = (max: number) => z.string().max(max);

export const registrationSchema = z.object({
  username: text(100).default(""),
  password: text(200).default(""),
  email: text(254).default(""),
  invitationCode: text(64).default(""),
  ageConfirmed: z.boolean().default(false),
});

export async function register(
  deps: AccountDeps,
  input: z.infer<typeof registrationSchema>,
): Promise<{ user: UserRecord; codes: string[] }> {
  const username = input.username.trim().toLowerCase();
  const email = input.email.trim();
  const invitationCode = normalizeInvitationCode(input.invitationCode);
  const problem = validateRegistration({ ...input, username, email, invitationCode });
  if (problem) throw new AccountError(problem);

  const user = newUserRecord({
    username,
    email,
    passwordHash: await hashPassword(input.password),
    invitationCode,
  });
  const result = await createUserWithInvitation(deps.kv, user, invitationCode);
  if (!result.ok) {
    throw new AccountError(
      result.reason === "username_taken"
        ? ACCOUNT_TEXT.usernameTaken
        : result.reason === "email_taken"
        ? ACCOUNT_TEXT.emailTaken
        : ACCOUNT_TEXT.invalidInvitation,
      result.reason === "invalid_invitation" ? 400 : 409,
    );
  }
  await sendVerification(deps, result.user);
  return { user: result.user, codes: result.codes };
}

export async function sendVerification(deps: AccountDeps, user: UserRecord) {
  const token = await issueEmailToken(deps.kv, user.id, "verify", user.email);
  const link = `${deps.origin}/verify-email?token=${token}`;
  await deps.email.send(verificationEmail(user.email, user.username, link));
}

/** Checks a password sign-in. The answer never tells whether the account exists. */
export async function authenticate(
  deps: AccountDeps,
  identifier: string,
  password: string,
): Promise<UserRecord> {
  const user = await findUserByIdentifier(deps.kv, identifier);
  const ok = user
    ? await verifyPassword(password, user.passwordHash)
    : await verifyAgainstDummy(password);
  if (!user || !ok) throw new AccountError(ACCOUNT_TEXT.badCredentials, 401);
  if (needsRehash(user.passwordHash)) {
    const passwordHash = await hashPassword(password);
    await updateUser(deps.kv, user.id, (u) => ({ ...u, passwordHash }));
  }
  return user;
}

export async function verifyEmail(deps: AccountDeps, token: string): Promise<UserRecord> {
  const record = await consumeEmailToken(deps.kv, token, "verify");
  if (!record) throw new AccountError(ACCOUNT_TEXT.verifyLinkInvalid);
  const result = await updateUser(deps.kv, record.userId, (u) =>
    // A link sent to an address the member has since changed verifies nothing.
    u.email.toLowerCase() === record.email.toLowerCase() ? { ...u, emailVerified: true } : u);
  if (!result.ok || !result.user.emailVerified) {
    throw new AccountError(ACCOUNT_TEXT.verifyLinkInvalid);
  }
  return result.user;
}

export async function resendVerification(deps: AccountDeps, userId: string) {
  const user = await getUser(deps.kv, userId);
  if (!user) throw new AccountError(ACCOUNT_TEXT.notLoggedIn, 401);
  if (user.emailVerified) throw new AccountError(ACCOUNT_TEXT.alreadyVerified);
  await sendVerification(deps, user);
}

/** Mails a reset link when the address belongs to a member; answers alike either way. */
export async function forgotPassword(deps: AccountDeps, email: string) {
  const clean = email.trim();
  if (!clean) throw new AccountError(AUTH_TEXT.emailRequired);
  if (!EMAIL_PATTERN.test(clean)) throw new AccountError(AUTH_TEXT.invalidEmail);
  const user = await findUserByEmail(deps.kv, clean);
  if (!user) return;
  const token = await issueEmailToken(deps.kv, user.id, "reset", user.email);
  const link = `${deps.origin}/auth?reset=${token}`;
  await deps.email.send(passwordResetEmail(user.email, user.username, link));
}

export async function resetPassword(deps: AccountDeps, token: string, newPassword: string) {
  if (newPassword.length < MIN_PASSWORD_LENGTH) throw new AccountError(AUTH_TEXT.shortPassword);
  const record = await consumeEmailToken(deps.kv, token, "reset");
  if (!record) throw new AccountError(AUTH_TEXT.resetFailed);
  const passwordHash = await hashPassword(newPassword);
  const result = await updateUser(deps.kv, record.userId, (u) => ({ ...u, passwordHash }));
  if (!result.ok) throw new AccountError(AUTH_TEXT.resetFailed);
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
  if (!user) throw new AccountError(ACCOUNT_TEXT.notLoggedIn, 401);
  if (newPassword.length < MIN_PASSWORD_LENGTH) throw new AccountError(AUTH_TEXT.shortPassword);
  if (!(await verifyPassword(currentPassword, user.passwordHash))) {
    throw new AccountError(ACCOUNT_TEXT.wrongCurrentPassword);
  }
  const passwordHash = await hashPassword(newPassword);
  const result = await updateUser(deps.kv, userId, (u) => ({ ...u, passwordHash }));
  if (!result.ok) throw new AccountError(ACCOUNT_TEXT.notLoggedIn, 401);
  // Other devices are signed out; this one stays signed in.
  await deleteUserSessions(deps.kv, userId, sessionId);
}

const LOCATION_PATTERN = /^[^,]*[^,\s][^,]*,\s*[^,]*[^,\s][^,]*$/;

export const profilePatchSchema = z.object({
  username: z.string().max(100).optional(),
  email: z.string().max(254).optional(),
  displayName: z.string().max(50, "Display name must be at most 50 characters").optional(),
  bio: z.string().max(300, "Bio must be at most 300 characters").optional(),
  location: z.string().max(120).optional(),
  language: z.enum(LANGUAGES, { error: "Unsupported language" }).optional(),
  faceBlurEnabled: z.boolean().optional(),
  hideExactLocation: z.boolean().optional(),
  notificationsEnabled: z.boolean().optional(),
  avatarUrl: z.string().nullable().optional(),
}).strict();

export type ProfilePatch = z.infer<typeof profilePatchSchema>;

export async function updateProfile(
  deps: AccountDeps,
  userId: string,
  patch: ProfilePatch,
): Promise<UserRecord> {
  const current = await getUser(deps.kv, userId);
  if (!current) throw new AccountError(ACCOUNT_TEXT.notLoggedIn, 401);
  const next: Partial<UserRecord> = {};
  if (patch.username !== undefined) {
    const username = patch.username.trim().toLowerCase();
    if (!USERNAME_PATTERN.test(username)) throw new AccountError(AUTH_TEXT.badUsername);
    next.username = username;
  }
  if (patch.email !== undefined) {
    const email = patch.email.trim();
    if (!EMAIL_PATTERN.test(email)) throw new AccountError(AUTH_TEXT.invalidEmail);
    next.email = email;
  }
  if (patch.location !== undefined) {
    const location = patch.location.trim();
    if (!LOCATION_PATTERN.test(location)) throw new AccountError(ACCOUNT_TEXT.locationRequired);
    next.location = location.split(",").map((p) => p.trim()).join(", ");
  }
  if (
    patch.avatarUrl !== undefined && patch.avatarUrl !== null &&
    patch.avatarUrl !== current.avatarUrl
  ) {
    throw new AccountError("Please upload your picture with the avatar button.");
  }
  for (const k of ["displayName", "bio"] as const) {
    if (patch[k] !== undefined) next[k] = patch[k]!.trim();
  }
  for (const k of ["faceBlurEnabled", "hideExactLocation", "notificationsEnabled"] as const) {
    if (patch[k] !== undefined) next[k] = patch[k];
  }
  if (patch.language !== undefined) next.language = patch.language;
  if (patch.avatarUrl === null) next.avatarUrl = null;

  const emailChanged = next.email !== undefined &&
    next.email.toLowerCase() !== current.email.toLowerCase();
  const result = await updateUser(deps.kv, userId, (u) => ({
    ...u,
    ...next,
    emailVerified: emailChanged ? false : u.emailVerified,
  }));
  if (!result.ok) {
    if (result.reason === "username_taken") throw new AccountError(ACCOUNT_TEXT.usernameTaken, 409);
    if (result.reason === "email_taken") throw new AccountError(ACCOUNT_TEXT.emailTaken, 409);
    throw new AccountError(ACCOUNT_TEXT.notLoggedIn, 401);
  }
  if (patch.avatarUrl === null) await deleteAvatar(deps.kv, userId);
  if (result.user.location !== current.location) {
    await rememberTypedLocation(deps.kv, userId, result.user.location);
  }
  if (emailChanged) await sendVerification(deps, result.user);
  return result.user;
}
