// Passkeys, mounted at /api. Anyone: POST /passkeys/signin/options and /passkeys/signin (a
// discoverable credential names its member). Members: GET /passkeys, POST /passkeys/options and
// /passkeys (add one), PATCH and DELETE /passkeys/:id (rename, remove), POST /user/remove-password.
// An administrator's passkeys are their second factor: adding and removing one is audited and
// needs the factor given in the session when they have one; a verified sign-in gives the pass.
import { Hono } from "hono";
import { z } from "zod";
import { type AppDeps, type AppEnv, type MemberAppEnv, membersOnly } from "../context.tsx";
import { validate } from "../../lib/server/http/validate.ts";
import { AppError } from "../../lib/server/http/errors.ts";
import { RATE_RULES, rateLimit, readLimit } from "../../lib/server/http/rate_limit.ts";
import {
  addPasskeyFrom,
  memberOfPasskey,
  registrationOptions,
  signInOptions,
  toPasskeyView,
} from "../../lib/server/auth/passkeys.ts";
import { BannedError } from "../../lib/server/auth/accounts.ts";
import {
  getPasskey,
  listPasskeys,
  removePasskey,
  removePassword,
  updatePasskey,
} from "../../kv/passkeys.ts";
import { adminFactors, requireGivenFactor } from "../../lib/server/auth/second_factor.ts";
import {
  passFromSignIn,
  passkeyAdded,
  passkeyRemoved,
} from "../../lib/server/auth/admin_passkeys.ts";
import { getUser } from "../../kv/users.ts";
import { rememberLoginIp } from "../../kv/rate_limits.ts";
import { PASSKEY_NAME_MAX, type PasskeysAnswer } from "../../lib/shared/auth/passkeys.ts";
import { parseUserAgent } from "../../lib/shared/devices.ts";
import { toPublicUser } from "../../lib/shared/auth/types.ts";
import { publicToken } from "../../lib/server/auth/session.ts";
import { setFlash } from "../../lib/server/http/flash.ts";
import { activeBan } from "../../lib/shared/moderation/bans.ts";
import { banAppealState, issueAppealPass } from "../../lib/server/moderation/appeals.ts";
import { setAppealCookie } from "./appeal.ts";
import { localeOf } from "../../lib/server/http/locale.ts";
import { sayIn } from "../../lib/server/i18n/catalogs.ts";
import { carried, type Said, said } from "../../lib/shared/i18n/said.ts";
import type { Context } from "hono";

/** A success's message in the request's language (refusals are said by app.onError). */
const told = (c: Context, message: Said) => sayIn(localeOf(c), message);

/** The refusal of a passkey's name: empty, or too long. */
const BAD_NAME = carried(said("profile.pkBadName", { max: PASSKEY_NAME_MAX }));

const b64url = z.string().max(4096).regex(/^[A-Za-z0-9_-]*$/);
const credential = <T extends z.ZodRawShape>(response: T) =>
  z.object({
    id: b64url.max(1400),
    rawId: b64url.max(1400),
    type: z.literal("public-key"),
    response: z.object({ clientDataJSON: b64url, ...response }),
    clientExtensionResults: z.looseObject({}).default({}),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  });
const registerBody = z.object({
  response: credential({
    attestationObject: b64url.max(16_000),
    transports: z.array(z.string().max(20)).max(10).optional(),
  }),
});
/** A passkey's assertion (sign-in, or an administrator's second factor). */
export const signInBody = z.object({
  response: credential({
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.max(200).optional(),
  }),
});
const nameBody = z.object({
  name: z.string().trim().min(1, BAD_NAME).max(PASSKEY_NAME_MAX, BAD_NAME),
});
/** A credential id: base64url, as the authenticator made it. */
const idParam = z.object({ id: z.string().min(1).max(1400).regex(/^[A-Za-z0-9_-]+$/) });

/** A new passkey's first name: the browser that added it ("Chrome on Linux"); the member renames. */
function defaultName(userAgent: string | undefined): string {
  const { browser, system } = parseUserAgent(userAgent);
  const name = browser && system ? `${browser} on ${system}` : browser ?? system ?? "Passkey";
  return name.slice(0, PASSKEY_NAME_MAX);
}

export function passkeysApi(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const members = membersOnly();
  const { kv, config, sessions, clientIp } = deps;
  const pk = { kv, origin: config.origin };
  const limits = config.rateLimits;
  const limitIp = rateLimit(
    kv,
    limits,
    (c) => [{ rule: RATE_RULES.loginIp, subject: clientIp(c) }],
  );
  const limitChange = rateLimit(kv, limits, (c) => [
    { rule: RATE_RULES.passkeyIp, subject: clientIp(c) },
    { rule: RATE_RULES.passkeyAccount, subject: c.var.user?.id ?? "" },
  ]);
  const answer = async (userId: string): Promise<PasskeysAnswer> => {
    const user = await getUser(kv, userId);
    return {
      passkeys: (await listPasskeys(kv, userId)).map(toPasskeyView),
      hasPassword: Boolean(user?.passwordHash),
      emailVerified: Boolean(user?.emailVerified),
    };
  };

  const limitOptions = rateLimit(kv, limits, (c) => [
    { rule: RATE_RULES.passkeyOptionsIp, subject: clientIp(c) },
  ]);
  app.post("/passkeys/signin/options", limitOptions, async (c) => c.json(await signInOptions(pk)));

  // A passkey's sign-in ends as a password's does: a banned member is refused with their pass to
  // appeal, anyone else gets a session, the browser listed (and mailed about when new).
  app.post("/passkeys/signin", limitIp, validate("json", signInBody), async (c) => {
    const signIn = await memberOfPasskey(pk, c.req.valid("json").response as never);
    const { user } = signIn;
    const ban = activeBan(user);
    if (ban) {
      const err = new BannedError(user.id, ban);
      setAppealCookie(c, await issueAppealPass(kv, user.id, ban), config.production);
      err.extra = { appeal: await banAppealState(kv, user.id, ban) };
      throw err;
    }
    // The address is the member's own from now on, as after a password sign-in.
    if (limits) await rememberLoginIp(kv, user.id, clientIp(c));
    const session = await sessions.start(c, user.id);
    // An administrator's verified passkey is their second factor too (auth/admin_passkeys.ts).
    await passFromSignIn(kv, user, session.sid, signIn);
    setFlash(c, {
      kind: "success",
      title: said("auth.loggedIn"),
      description: said("auth.welcomeBack"),
    });
    return c.json(toPublicUser(user, publicToken(session)));
  });

  members.get("/passkeys", readLimit(kv, limits), async (c) => c.json(await answer(c.var.user.id)));

  // An administrator's passkeys are second factors: one who has a factor changes them only having
  // given it in this session (lib/server/auth/second_factor.ts requireGivenFactor).
  const adminGuard = async (c: Context<MemberAppEnv>) => {
    if (c.var.userRecord.role !== "admin") return null;
    await requireGivenFactor(kv, config, c.var.user.id, c.var.session);
    return (await adminFactors(kv, c.var.user.id)).length === 0;
  };

  members.post("/passkeys/options", limitChange, async (c) => {
    await adminGuard(c);
    return c.json(await registrationOptions(pk, c.var.userRecord));
  });

  members.post("/passkeys", limitChange, validate("json", registerBody), async (c) => {
    const { response } = c.req.valid("json");
    const name = defaultName(c.req.header("user-agent"));
    const first = await adminGuard(c);
    const { user, session } = c.var;
    const also = first === null ? undefined : passkeyAdded(user, session.sid, first, name);
    await addPasskeyFrom(pk, user.id, response as never, name, also);
    return c.json({ ...(await answer(c.var.user.id)), message: told(c, said("profile.pkAdded")) });
  });

  members.patch(
    "/passkeys/:id",
    limitChange,
    validate("param", idParam, { status: 404, fallback: said("profile.pkNotFound") }),
    validate("json", nameBody),
    async (c) => {
      const { id } = c.req.valid("param");
      const { name } = c.req.valid("json");
      const done = await updatePasskey(kv, c.var.user.id, id, (p) => ({ ...p, name }));
      if (!done) throw new AppError(404, said("profile.pkNotFound"));
      return c.json({
        ...(await answer(c.var.user.id)),
        message: told(c, said("profile.pkRenamed")),
      });
    },
  );

  members.delete(
    "/passkeys/:id",
    limitChange,
    validate("param", idParam, { status: 404, fallback: said("profile.pkNotFound") }),
    async (c) => {
      const { id } = c.req.valid("param");
      const admin = (await adminGuard(c)) !== null;
      const held = admin ? await getPasskey(kv, c.var.user.id, id) : null;
      const also = held ? passkeyRemoved(c.var.user, held.name) : undefined;
      const result = await removePasskey(kv, c.var.user.id, id, also);
      if (result === "missing") throw new AppError(404, said("profile.pkNotFound"));
      if (result === "last") throw new AppError(409, said("profile.pkLastPasskey"));
      // An administrator left without a factor is told what the admin pages will ask.
      const none = admin && (await adminFactors(kv, c.var.user.id)).length === 0;
      const message = none ? said("profile.pkRemovedLastFactor") : said("profile.pkRemoved");
      return c.json({ ...(await answer(c.var.user.id)), message: told(c, message) });
    },
  );

  members.post("/user/remove-password", limitChange, async (c) => {
    const result = await removePassword(kv, c.var.user.id);
    if (result === "no_passkey") throw new AppError(409, said("profile.pkNeedsPasskey"));
    if (result === "unverified") throw new AppError(409, said("profile.pkNeedsVerifiedEmail"));
    if (result === "no_password") throw new AppError(409, said("profile.pkNoPassword"));
    if (result === "missing") throw new AppError(401, said("auth.notLoggedIn"));
    return c.json({
      ...(await answer(c.var.user.id)),
      message: told(c, said("profile.pkPasswordRemoved")),
    });
  });

  return [app, members];
}
