// Account API (SPEC section 7, Account): register, sign-in, sign-out, verification, password
// reset and change, profile, avatar, deletion, and the administrator's invitations.
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext, AppDeps, AppEnv } from "../context.tsx";
import {
  type AccountDeps,
  AccountError,
  authenticate,
  changePassword,
  forgotPassword,
  profilePatchSchema,
  register,
  registrationSchema,
  resendVerification,
  resetPassword,
  updateProfile,
  verifyEmail,
} from "../../lib/auth/accounts.ts";
import { AUTH_TEXT } from "../../lib/auth/rules.ts";
import { toPublicUser, type UserRecord } from "../../lib/auth/types.ts";
import { publicToken } from "../../lib/auth/session.ts";
import { deleteAccount } from "../../lib/auth/deletion.ts";
import { createInvitations, findUserByIdentifier, updateUser } from "../../kv/users.ts";
import { deleteSession } from "../../kv/sessions.ts";
import { keys } from "../../kv/keys.ts";
import {
  BodyError,
  clientIp,
  jsonError,
  origin,
  RATE_RULES,
  rateLimited,
  readJson,
} from "../../lib/http/helpers.ts";
import { setFlash } from "../../lib/http/flash.ts";
import { PROFILE_TEXT, splitLocation } from "../../lib/profile.ts";
import { getPrivateLocation, setPrivateLocation } from "../../kv/filters.ts";
import { continentOf, countryCodeByName } from "../../lib/geo/geocoder.ts";

export const AVATAR_MAX_BYTES = 60 * 1024;
const AVATAR_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);
export const AVATAR_TEXT = {
  notImage: PROFILE_TEXT.notImage,
  tooLarge: "Please choose a smaller picture (at most 60 KB after resizing).",
};

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

export function accountApi(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { kv, config, sessions } = deps;
  const accountDeps = (c: AppContext): AccountDeps => ({
    kv,
    email: deps.email,
    origin: origin(c, config.publicUrl),
  });
  const limits = config.rateLimits;

  const signedIn = async (c: AppContext, user: UserRecord) => {
    const session = await sessions.start(c, user.id);
    return toPublicUser(user, publicToken(session));
  };

  const fail = (c: AppContext, err: unknown) => {
    if (err instanceof AccountError) return jsonError(c, err.message, err.status);
    if (err instanceof BodyError) return jsonError(c, err.message, 400);
    throw err;
  };

  app.post("/api/register", async (c) => {
    try {
      const input = await readJson(c, registrationSchema);
      const limited = await rateLimited(c, kv, limits, [
        { rule: RATE_RULES.registerIp, subject: clientIp(c) },
      ]);
      if (limited) return limited;
      const { user, codes } = await register(accountDeps(c), input);
      const body = await signedIn(c, user);
      const inviteLink = `${origin(c, config.publicUrl)}/auth?invite=${codes[0]}`;
      return c.json({ ...body, invitationCodes: codes, inviteLink }, 201);
    } catch (err) {
      return fail(c, err);
    }
  });

  const login = async (c: AppContext, identifier: string, password: string) => {
    if (!identifier.trim() || !password) return jsonError(c, AUTH_TEXT.loginMissing, 400);
    // The per-account limit counts the account, whether named by username or email; an
    // identifier naming no account is counted by itself (nothing tells the two apart).
    const account = limits ? await findUserByIdentifier(kv, identifier) : null;
    const limited = await rateLimited(c, kv, limits, [
      { rule: RATE_RULES.loginIp, subject: clientIp(c) },
      { rule: RATE_RULES.loginAccount, subject: account?.id ?? identifier.trim().toLowerCase() },
    ]);
    if (limited) return limited;
    const user = await authenticate(accountDeps(c), identifier, password);
    // The page reloads after signing in; the toast comes with the next page.
    setFlash(c, { kind: "success", title: AUTH_TEXT.loggedIn, description: "Welcome back!" });
    return c.json(await signedIn(c, user));
  };

  app.post("/api/simple-login", async (c) => {
    try {
      const { identifier, password } = await readJson(c, loginSchema);
      return await login(c, identifier, password);
    } catch (err) {
      return fail(c, err);
    }
  });

  app.post("/api/login", async (c) => {
    try {
      const { username, password } = await readJson(c, legacyLoginSchema);
      return await login(c, username, password);
    } catch (err) {
      return fail(c, err);
    }
  });

  const currentUser = (c: AppContext) => {
    const user = c.get("user");
    const session = c.get("session");
    if (!user || !session) return jsonError(c, "Not authenticated", 401);
    const record = c.get("userRecord")!;
    return c.json(toPublicUser(record, publicToken(session)));
  };
  app.get("/api/user/profile", currentUser);
  app.get("/api/simple-user", currentUser);

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
  app.post("/api/logout", logout);
  app.post("/api/simple-logout", logout);

  app.post("/api/forgot-password", async (c) => {
    try {
      const { email } = await readJson(c, emailSchema);
      const limited = await rateLimited(c, kv, limits, [
        { rule: RATE_RULES.forgotIp, subject: clientIp(c) },
        { rule: RATE_RULES.forgotAccount, subject: email.trim() },
      ]);
      if (limited) return limited;
      await forgotPassword(accountDeps(c), email);
      return c.json({
        ok: true,
        message: "If an account exists for that email, we have sent a link to reset your password.",
      });
    } catch (err) {
      return fail(c, err);
    }
  });

  app.post("/api/reset-password", async (c) => {
    try {
      const { token, newPassword } = await readJson(c, resetSchema);
      await resetPassword(accountDeps(c), token, newPassword);
      sessions.clear(c);
      return c.json({ ok: true, message: AUTH_TEXT.passwordUpdated });
    } catch (err) {
      return fail(c, err);
    }
  });

  app.post("/api/resend-verification", async (c) => {
    const user = c.get("user");
    if (!user) return jsonError(c, "Please sign in to verify your email.", 401);
    try {
      const limited = await rateLimited(c, kv, limits, [
        { rule: RATE_RULES.resendIp, subject: clientIp(c) },
        { rule: RATE_RULES.resendAccount, subject: user.id },
      ]);
      if (limited) return limited;
      await resendVerification(accountDeps(c), user.id);
      return c.json({ ok: true, message: "Verification email sent" });
    } catch (err) {
      return fail(c, err);
    }
  });

  app.get("/verify-email", async (c) => {
    try {
      const user = await verifyEmail(accountDeps(c), c.req.query("token") ?? "");
      setFlash(c, {
        kind: "success",
        title: "Email verified",
        description: `Thank you, ${user.username}: every Glimpse feature is open to you.`,
      });
    } catch (err) {
      if (!(err instanceof AccountError)) throw err;
      setFlash(c, { kind: "failure", title: "Verification failed", description: err.message });
    }
    return c.redirect("/", 303);
  });

  // Everything below needs a signed-in member.
  const member = (c: AppContext) => {
    const user = c.get("user");
    const session = c.get("session");
    return user && session ? { user, session } : null;
  };

  app.patch("/api/user/profile", async (c) => {
    const who = member(c);
    if (!who) return jsonError(c, "User not authenticated", 401);
    try {
      const patch = await readJson(c, profilePatchSchema);
      const before = c.get("userRecord")!.location;
      const user = await updateProfile(accountDeps(c), who.user.id, patch);
      if (patch.avatarUrl === null) await kv.delete(keys.avatar(who.user.id));
      if (user.location !== before) await rememberTypedLocation(kv, user.id, user.location);
      return c.json(toPublicUser(user, publicToken(who.session)));
    } catch (err) {
      return fail(c, err);
    }
  });

  app.post("/api/user/password", async (c) => {
    const who = member(c);
    if (!who) return jsonError(c, "User not authenticated", 401);
    try {
      const { currentPassword, newPassword } = await readJson(c, passwordSchema);
      await changePassword(
        accountDeps(c),
        who.user.id,
        who.session.sid,
        currentPassword,
        newPassword,
      );
      return c.json({ ok: true, message: AUTH_TEXT.passwordUpdated });
    } catch (err) {
      return fail(c, err);
    }
  });

  app.post("/api/user/avatar", async (c) => {
    const who = member(c);
    if (!who) return jsonError(c, "User not authenticated", 401);
    let file: File | null = null;
    try {
      const form = await c.req.formData();
      const value = form.get("avatar");
      file = value instanceof File ? value : null;
    } catch {
      return jsonError(c, AVATAR_TEXT.notImage, 400);
    }
    if (!file || !AVATAR_TYPES.has(file.type)) return jsonError(c, AVATAR_TEXT.notImage, 400);
    if (file.size > AVATAR_MAX_BYTES) return jsonError(c, AVATAR_TEXT.tooLarge, 413);
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (!looksLikeImage(bytes, file.type)) return jsonError(c, AVATAR_TEXT.notImage, 400);
    const version = Date.now().toString(36);
    const avatarUrl = `/avatars/${who.user.id}?v=${version}`;
    await kv.set(keys.avatar(who.user.id), { type: file.type, bytes, version });
    const result = await updateUser(kv, who.user.id, (u) => ({ ...u, avatarUrl }));
    if (!result.ok) return jsonError(c, "User not authenticated", 401);
    return c.json({ avatarUrl });
  });

  app.get("/avatars/:id", async (c) => {
    const entry = await kv.get<{ type: string; bytes: Uint8Array }>(keys.avatar(c.req.param("id")));
    if (!entry.value) return c.notFound();
    return new Response(entry.value.bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        "content-type": entry.value.type,
        "cache-control": "private, max-age=86400",
      },
    });
  });

  app.delete("/api/delete-account", async (c) => {
    const who = member(c);
    if (!who) return jsonError(c, "User not authenticated", 401);
    await deleteAccount(kv, who.user.id);
    sessions.clear(c);
    setFlash(c, {
      kind: "success",
      title: "Account deleted",
      description: "You have been signed out. Your personal data is deleted within 30 days.",
    });
    return c.json({ ok: true, message: "Your account has been deleted." });
  });

  app.post("/api/admin/invitations", async (c) => {
    const user = c.get("user");
    if (!user) return jsonError(c, "User not authenticated", 401);
    if (user.role !== "admin") return jsonError(c, "Only administrators can do this.", 403);
    const [code] = await createInvitations(kv, null, 1);
    return c.json({ code }, 201);
  });

  return app;
}

/** Checks the file's magic bytes agree with its declared image type. */
function looksLikeImage(b: Uint8Array, type: string): boolean {
  const starts = (...sig: number[]) => sig.every((v, i) => b[i] === v);
  switch (type) {
    case "image/png":
      return starts(0x89, 0x50, 0x4e, 0x47);
    case "image/jpeg":
      return starts(0xff, 0xd8, 0xff);
    case "image/gif":
      return starts(0x47, 0x49, 0x46, 0x38);
    case "image/webp":
      return starts(0x52, 0x49, 0x46, 0x46) && b[8] === 0x57 && b[9] === 0x45;
    default:
      return false;
  }
}

/**
 * A location typed on the profile: its country and continent count for matching; the ~2 km cell
 * for 'nearby' is kept only when the typed place is still the one the device located.
 */
async function rememberTypedLocation(kv: Deno.Kv, userId: string, location: string) {
  const { city, country } = splitLocation(location);
  const previous = await getPrivateLocation(kv, userId);
  const same = previous && previous.city === city && previous.country === country;
  const countryCode = countryCodeByName(country);
  await setPrivateLocation(kv, userId, {
    city,
    country,
    countryCode,
    continent: countryCode ? continentOf(countryCode) : null,
    cell: same ? previous.cell : null,
    updatedAt: new Date().toISOString(),
  });
}
