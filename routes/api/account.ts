// Account API, mounted at /api: register, sign-in, sign-out, verification mail, password reset
// and change, profile, avatar upload and account deletion. Failures are AccountErrors and
// validation refusals, turned into responses by app.onError.
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { type AppContext, type AppDeps, type AppEnv, membersOnly } from "../context.tsx";
import {
  ACCOUNT_FIELD,
  type AccountDeps,
  AccountError,
  authenticate,
  BannedError,
  changePassword,
  forgotPassword,
  profilePatchSchema,
  register,
  registrationSchema,
  resendVerification,
  resetPassword,
  updateProfile,
} from "../../lib/server/auth/accounts.ts";
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE, saveAvatar } from "../../lib/server/auth/avatar.ts";
import { HashBusyError, hashGate } from "../../lib/server/auth/password.ts";
import { normalizeEmail, PASSWORD_MAX_LENGTH, validateLogin } from "../../lib/shared/auth/rules.ts";
import { toPublicUser, type UserRecord } from "../../lib/shared/auth/types.ts";
import { publicToken } from "../../lib/server/auth/session.ts";
import { deleteAccount } from "../../lib/server/auth/deletion.ts";
import { findUserByIdentifier } from "../../kv/users.ts";
import { deleteSession } from "../../kv/sessions.ts";
import { AppError } from "../../lib/server/http/errors.ts";
import { requireUser } from "../../lib/server/http/auth.ts";
import { validate } from "../../lib/server/http/validate.ts";
import { sayIn } from "../../lib/server/i18n/catalogs.ts";
import { localeOf } from "../../lib/server/http/locale.ts";
import { carried, type Said, said } from "../../lib/shared/i18n/said.ts";
import {
  countAttempt,
  RATE_RULES,
  rateLimit,
  startLogin,
} from "../../lib/server/http/rate_limit.ts";
import { setFlash } from "../../lib/server/http/flash.ts";
import { banAppealState, issueAppealPass } from "../../lib/server/moderation/appeals.ts";
import { setAppealCookie } from "./appeal.ts";

const loginSchema = z.object({
  identifier: z.string().max(254).default(""),
  password: ACCOUNT_FIELD.newPassword().default(""),
});
const legacyLoginSchema = z.object({
  username: z.string().max(254).default(""),
  password: ACCOUNT_FIELD.newPassword().default(""),
});
const emailSchema = z.object({ email: z.string().max(254).default("") });
const resetSchema = z.object({
  token: z.string().max(200).default(""),
  newPassword: ACCOUNT_FIELD.newPassword().default(""),
});
const passwordSchema = z.object({
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH, carried(said("auth.wrongCurrentPassword")))
    .default(""),
  newPassword: ACCOUNT_FIELD.newPassword().default(""),
});
const avatarForm = z.object({ avatar: z.instanceof(File) });

/** A multipart form with one picture of at most 60 KB, plus room for the form's own lines. */
export const AVATAR_BODY_MAX = AVATAR_MAX_BYTES + 4 * 1024;

/**
 * The account API: what guests and members alike may call, then the members' routes (most
 * refuse a guest with "User not authenticated"; reading one's own record and asking for the
 * verification mail again have refusal texts of their own).
 */
export function accountApi(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const members = membersOnly();
  const currentUser = membersOnly(requireUser(said("auth.notAuthenticated")));
  const resend = membersOnly(requireUser(said("auth.signInToVerify")));
  /** A message of a success answer, in the request's language. */
  const text = (c: Context, message: Said) => sayIn(localeOf(c), message);
  const { kv, config, sessions, clientIp } = deps;
  const accountDeps: AccountDeps = { kv, origin: config.origin };
  const limits = config.rateLimits;
  // Limits per address (and per signed-in member) count before the body is read.
  const limitIp = (rule: (typeof RATE_RULES)[keyof typeof RATE_RULES]) =>
    rateLimit(kv, limits, (c) => [{ rule, subject: clientIp(c) }]);
  const limitMember = (
    ipRule: (typeof RATE_RULES)[keyof typeof RATE_RULES],
    memberRule: (typeof RATE_RULES)[keyof typeof RATE_RULES],
  ) =>
    rateLimit(kv, limits, (c) => [
      { rule: ipRule, subject: clientIp(c) },
      { rule: memberRule, subject: c.var.user?.id ?? "" },
    ]);

  // The requests that hash are admitted by the hash gate before anything else (their body, the
  // rate-limit counters): past its places, 503 at once, so a flood of them costs little more than
  // the responses. A sign-in gives its place back once its password is checked (before the wait a
  // failed one may get).
  const admissions = new WeakMap<Request, () => void>();
  const hashRoom: MiddlewareHandler = async (c, next) => {
    const leave = hashGate.admit();
    admissions.set(c.req.raw, leave);
    try {
      await next();
    } finally {
      leave();
    }
  };

  const signedIn = async (c: AppContext, user: UserRecord) => {
    const session = await sessions.start(c, user.id);
    return toPublicUser(user, publicToken(session));
  };

  app.post(
    "/register",
    hashRoom,
    limitIp(RATE_RULES.registerIp),
    validate("json", registrationSchema),
    async (c) => {
      const input = c.req.valid("json");
      // A new account and an address that already has one get the same response, with no session:
      // the mailed link (verification, or the holder's notice) is what tells them apart. The new
      // profile speaks the request's language unless the registration names one.
      await register(accountDeps, input, c.var.locale);
      return c.json({ status: "check_inbox", email: normalizeEmail(input.email) }, 202);
    },
  );

  const login = async (c: AppContext, identifier: string, password: string) => {
    const problem = validateLogin({ identifier, password });
    if (problem) throw new AppError(400, problem);
    // The per-account limits count the account, whether named by username or email; an
    // identifier naming no account is counted by itself (nothing tells the two apart).
    const account = limits ? await findUserByIdentifier(kv, identifier) : null;
    const subject = account?.id ?? identifier.trim().toLowerCase();
    const attempt = await startLogin(kv, limits, subject, clientIp(c));
    const checked = () => admissions.get(c.req.raw)?.();
    const user = await authenticate(accountDeps, identifier, password).catch(async (err) => {
      checked();
      if (err instanceof AccountError && err.status === 401) await attempt.failed();
      if (err instanceof HashBusyError) await attempt.unchecked();
      // The one proof a banned member can give: their pass to appeal this ban, and nothing else.
      // The refusal says whether they may still send it, so the page can offer it at once.
      if (err instanceof BannedError) {
        setAppealCookie(c, await issueAppealPass(kv, err.userId, err.ban), config.production);
        err.extra = { appeal: await banAppealState(kv, err.userId, err.ban) };
      }
      throw err;
    });
    checked();
    await attempt.succeeded(user.id);
    // The page reloads after signing in; the toast comes with the next page.
    setFlash(c, {
      kind: "success",
      title: said("auth.loggedIn"),
      description: said("auth.welcomeBack"),
    });
    return c.json(await signedIn(c, user));
  };

  app.post(
    "/simple-login",
    hashRoom,
    limitIp(RATE_RULES.loginIp),
    validate("json", loginSchema),
    (c) => {
      const { identifier, password } = c.req.valid("json");
      return login(c, identifier, password);
    },
  );

  app.post(
    "/login",
    hashRoom,
    limitIp(RATE_RULES.loginIp),
    validate("json", legacyLoginSchema),
    (c) => {
      const { username, password } = c.req.valid("json");
      return login(c, username, password);
    },
  );

  for (const path of ["/user/profile", "/simple-user"]) {
    currentUser.get(path, (c) => {
      return c.json(toPublicUser(c.get("userRecord"), publicToken(c.get("session"))));
    });
  }

  // Signing out works for anyone (a guest's call just clears the cookie). A page's logout form
  // gets a redirect home with a toast; a script gets JSON.
  const logout = async (c: AppContext) => {
    const session = c.get("session");
    if (session) await deleteSession(kv, session.sid);
    sessions.clear(c);
    const type = c.req.header("content-type") ?? "";
    if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/")) {
      setFlash(c, { kind: "success", title: said("auth.loggedOut") });
      return c.redirect("/", 303);
    }
    return c.json({ ok: true, message: text(c, said("auth.loggedOut")) });
  };
  app.post("/logout", logout);
  app.post("/simple-logout", logout);

  app.post(
    "/forgot-password",
    limitIp(RATE_RULES.forgotIp),
    validate("json", emailSchema),
    async (c) => {
      const { email } = c.req.valid("json");
      await countAttempt(kv, limits, [{ rule: RATE_RULES.forgotAccount, subject: email.trim() }]);
      await forgotPassword(accountDeps, email);
      return c.json({ ok: true, message: text(c, said("auth.forgotAccepted")) });
    },
  );

  app.post(
    "/reset-password",
    hashRoom,
    limitIp(RATE_RULES.resetIp),
    validate("json", resetSchema),
    async (c) => {
      const { token, newPassword } = c.req.valid("json");
      await resetPassword(accountDeps, token, newPassword);
      sessions.clear(c);
      return c.json({ ok: true, message: text(c, said("auth.passwordUpdated")) });
    },
  );

  resend.post(
    "/resend-verification",
    limitMember(RATE_RULES.resendIp, RATE_RULES.resendAccount),
    async (c) => {
      await resendVerification(accountDeps, c.var.user.id);
      return c.json({ ok: true, message: text(c, said("auth.verifySent")) });
    },
  );

  members.patch(
    "/user/profile",
    limitIp(RATE_RULES.profileIp),
    validate("json", profilePatchSchema),
    async (c) => {
      const ip = clientIp(c), member = c.var.user.id;
      const { user, message } = await updateProfile(accountDeps, member, c.req.valid("json"), {
        usernameChange: () =>
          countAttempt(kv, limits, [
            { rule: RATE_RULES.usernameIp, subject: ip },
            { rule: RATE_RULES.usernameAccount, subject: member },
          ]),
        passwordCheck: () =>
          countAttempt(kv, limits, [
            { rule: RATE_RULES.passwordIp, subject: ip },
            { rule: RATE_RULES.passwordAccount, subject: member },
          ]),
        emailChangeMail: () =>
          countAttempt(kv, limits, [{ rule: RATE_RULES.emailChangeAccount, subject: member }]),
      });
      const body = toPublicUser(user, publicToken(c.var.session));
      return c.json(message ? { ...body, message: text(c, message) } : body);
    },
  );

  // The current password is checked at most passwordAccount times per member and passwordIp
  // times per address, counted before the body is read (and so before the hash).
  members.post(
    "/user/password",
    hashRoom,
    limitMember(RATE_RULES.passwordIp, RATE_RULES.passwordAccount),
    validate("json", passwordSchema),
    async (c) => {
      const { currentPassword, newPassword } = c.req.valid("json");
      const { user, session } = c.var;
      await changePassword(accountDeps, user.id, session.sid, currentPassword, newPassword);
      return c.json({ ok: true, message: text(c, said("auth.passwordUpdated")) });
    },
  );

  members.post(
    "/user/avatar",
    validate("form", avatarForm, {
      fallback: said("profile.notImage"),
      maxBytes: AVATAR_BODY_MAX,
      tooLarge: AVATAR_TOO_LARGE,
    }),
    async (c) => {
      const avatarUrl = await saveAvatar(kv, c.var.user.id, c.req.valid("form").avatar);
      return c.json({ avatarUrl });
    },
  );

  members.delete("/delete-account", async (c) => {
    await deleteAccount(kv, c.var.user.id);
    sessions.clear(c);
    setFlash(c, {
      kind: "success",
      title: said("auth.accountDeleted"),
      description: said("auth.accountDeletedText"),
    });
    return c.json({ ok: true, message: text(c, said("auth.accountDeletedMessage")) });
  });

  return [app, currentUser, resend, members];
}
