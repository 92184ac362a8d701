// Account API, mounted at /api: register, sign-in, sign-out, verification mail, password reset
// and change, profile, avatar upload and account deletion. Failures are AccountErrors and
// validation refusals, answered by app.onError.
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppContext, AppDeps, AppEnv } from "../context.tsx";
import {
  type AccountDeps,
  authenticate,
  changePassword,
  forgotPassword,
  profilePatchSchema,
  register,
  registrationSchema,
  resendVerification,
  resetPassword,
  updateProfile,
} from "../../lib/auth/accounts.ts";
import { AVATAR_MAX_BYTES, AVATAR_TEXT, saveAvatar } from "../../lib/auth/avatar.ts";
import { AUTH_TEXT } from "../../lib/auth/rules.ts";
import { toPublicUser, type UserRecord } from "../../lib/auth/types.ts";
import { publicToken } from "../../lib/auth/session.ts";
import { deleteAccount } from "../../lib/auth/deletion.ts";
import { findUserByIdentifier } from "../../kv/users.ts";
import { deleteSession } from "../../kv/sessions.ts";
import { AppError } from "../../lib/http/errors.ts";
import { requireUser } from "../../lib/http/auth.ts";
import { validate } from "../../lib/http/validate.ts";
import { countAttempt, RATE_RULES } from "../../lib/http/rate_limit.ts";
import { clientIp } from "../../lib/http/request.ts";
import { setFlash } from "../../lib/http/flash.ts";

const loginSchema = z.object({
  identifier: z.string().max(254).default(""),
  password: z.string().max(200).default(""),
});
const legacyLoginSchema = z.object({
  username: z.string().max(254).default(""),
  password: z.string().max(200).default(""),
});
const emailSchema = z.object({ email: z.string().max(254).default("") });
const resetSchema = z.object({
  token: z.string().max(200).default(""),
  newPassword: z.string().max(200).default(""),
});
const passwordSchema = z.object({
  currentPassword: z.string().max(200).default(""),
  newPassword: z.string().max(200).default(""),
});
const avatarForm = z.object({ avatar: z.instanceof(File) });

/** The 401 texts of the account API (the others say "User not authenticated"). */
const GUEST_TEXT = {
  currentUser: "Not authenticated",
  resend: "Please sign in to verify your email.",
} as const;

/** A multipart form with one picture of at most 60 KB, plus room for the form's own lines. */
export const AVATAR_BODY_MAX = AVATAR_MAX_BYTES + 4 * 1024;

export function accountApi(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { kv, config, sessions } = deps;
  const accountDeps = (_c: Context): AccountDeps => ({
    kv,
    email: deps.email,
    origin: config.origin,
  });
  const limits = config.rateLimits;

  const signedIn = async (c: AppContext, user: UserRecord) => {
    const session = await sessions.start(c, user.id);
    return toPublicUser(user, publicToken(session));
  };

  app.post("/register", validate("json", registrationSchema), async (c) => {
    const input = c.req.valid("json");
    await countAttempt(kv, limits, [{ rule: RATE_RULES.registerIp, subject: clientIp(c) }]);
    const { user, codes } = await register(accountDeps(c), input);
    const body = await signedIn(c, user);
    const inviteLink = `${config.origin}/auth?invite=${codes[0]}`;
    return c.json({ ...body, invitationCodes: codes, inviteLink }, 201);
  });

  const login = async (c: AppContext, identifier: string, password: string) => {
    if (!identifier.trim() || !password) throw new AppError(400, AUTH_TEXT.loginMissing);
    // The per-account limit counts the account, whether named by username or email; an
    // identifier naming no account is counted by itself (nothing tells the two apart).
    const account = limits ? await findUserByIdentifier(kv, identifier) : null;
    await countAttempt(kv, limits, [
      { rule: RATE_RULES.loginIp, subject: clientIp(c) },
      { rule: RATE_RULES.loginAccount, subject: account?.id ?? identifier.trim().toLowerCase() },
    ]);
    const user = await authenticate(accountDeps(c), identifier, password);
    // The page reloads after signing in; the toast comes with the next page.
    setFlash(c, { kind: "success", title: AUTH_TEXT.loggedIn, description: "Welcome back!" });
    return c.json(await signedIn(c, user));
  };

  app.post("/simple-login", validate("json", loginSchema), (c) => {
    const { identifier, password } = c.req.valid("json");
    return login(c, identifier, password);
  });

  app.post("/login", validate("json", legacyLoginSchema), (c) => {
    const { username, password } = c.req.valid("json");
    return login(c, username, password);
  });

  for (const path of ["/user/profile", "/simple-user"]) {
    app.get(path, requireUser(GUEST_TEXT.currentUser), (c) => {
      return c.json(toPublicUser(c.var.userRecord, publicToken(c.var.session)));
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
      setFlash(c, { kind: "success", title: AUTH_TEXT.loggedOut });
      return c.redirect("/", 303);
    }
    return c.json({ ok: true, message: AUTH_TEXT.loggedOut });
  };
  app.post("/logout", logout);
  app.post("/simple-logout", logout);

  app.post("/forgot-password", validate("json", emailSchema), async (c) => {
    const { email } = c.req.valid("json");
    await countAttempt(kv, limits, [
      { rule: RATE_RULES.forgotIp, subject: clientIp(c) },
      { rule: RATE_RULES.forgotAccount, subject: email.trim() },
    ]);
    await forgotPassword(accountDeps(c), email);
    return c.json({
      ok: true,
      message: "If an account exists for that email, we have sent a link to reset your password.",
    });
  });

  app.post("/reset-password", validate("json", resetSchema), async (c) => {
    const { token, newPassword } = c.req.valid("json");
    await resetPassword(accountDeps(c), token, newPassword);
    sessions.clear(c);
    return c.json({ ok: true, message: AUTH_TEXT.passwordUpdated });
  });

  app.post("/resend-verification", requireUser(GUEST_TEXT.resend), async (c) => {
    const user = c.var.user;
    await countAttempt(kv, limits, [
      { rule: RATE_RULES.resendIp, subject: clientIp(c) },
      { rule: RATE_RULES.resendAccount, subject: user.id },
    ]);
    await resendVerification(accountDeps(c), user.id);
    return c.json({ ok: true, message: "Verification email sent" });
  });

  app.patch(
    "/user/profile",
    requireUser(),
    validate("json", profilePatchSchema),
    async (c) => {
      const user = await updateProfile(accountDeps(c), c.var.user.id, c.req.valid("json"));
      return c.json(toPublicUser(user, publicToken(c.var.session)));
    },
  );

  app.post("/user/password", requireUser(), validate("json", passwordSchema), async (c) => {
    const { currentPassword, newPassword } = c.req.valid("json");
    const { user, session } = c.var;
    await changePassword(accountDeps(c), user.id, session.sid, currentPassword, newPassword);
    return c.json({ ok: true, message: AUTH_TEXT.passwordUpdated });
  });

  app.post(
    "/user/avatar",
    requireUser(),
    validate("form", avatarForm, {
      fallback: AVATAR_TEXT.notImage,
      maxBytes: AVATAR_BODY_MAX,
      tooLarge: AVATAR_TEXT.tooLarge,
    }),
    async (c) => {
      const avatarUrl = await saveAvatar(kv, c.var.user.id, c.req.valid("form").avatar);
      return c.json({ avatarUrl });
    },
  );

  app.delete("/delete-account", requireUser(), async (c) => {
    await deleteAccount(kv, c.var.user.id);
    sessions.clear(c);
    setFlash(c, {
      kind: "success",
      title: "Account deleted",
      description: "You have been signed out. Your personal data is deleted within 30 days.",
    });
    return c.json({ ok: true, message: "Your account has been deleted." });
  });

  return app;
}
