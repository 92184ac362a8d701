// An administrator's second factor, mounted at /api/admin/second-factor behind requireAdmin (and
// let through by the second-factor gate: this is where a factor is set up or given). Every call
// that checks a code counts against the administrator's second-factor limit; a refused code
// stores nothing.
import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, MemberAppEnv } from "../context.tsx";
import { validate } from "../../lib/server/http/validate.ts";
import { RATE_RULES, rateLimit } from "../../lib/server/http/rate_limit.ts";
import {
  confirmTotp,
  factorNeed,
  factorSummary,
  giveFactor,
  removeTotp,
  renewRecoveryCodes,
  requireGivenFactor,
  startTotp,
} from "../../lib/server/auth/second_factor.ts";
import { factorPasskeyOptions, givePasskeyFactor } from "../../lib/server/auth/admin_passkeys.ts";
import { signInBody as passkeyBody } from "./passkeys.ts";
import type { Context } from "hono";
import { FACTOR_CODE_MAX } from "../../lib/shared/second_factor.ts";
import { carried, said } from "../../lib/shared/i18n/said.ts";

/** The refusal of anything but a code of the right shape. */
const BAD_FORMAT = said("admin.sfBadFormat");

const codeBody = z.object({
  code: z.string({ error: carried(BAD_FORMAT) }).max(FACTOR_CODE_MAX, carried(BAD_FORMAT)),
}).strict();

export function secondFactorApi(deps: AppDeps) {
  const app = new Hono<MemberAppEnv>();
  const { kv } = deps;
  const pk = { kv, origin: deps.config.origin };
  const limited = (rule: (typeof RATE_RULES)[keyof typeof RATE_RULES]) =>
    rateLimit(kv, deps.config.rateLimits, (c) => [{ rule, subject: c.var.user?.id ?? "" }]);
  const attempts = limited(RATE_RULES.secondFactor);
  const code = validate("json", codeBody, { fallback: BAD_FORMAT });

  // The administrator's factors, and what (if anything) this session must do first.
  app.get("/", async (c) => {
    const { user, session } = c.var;
    return c.json({
      ...(await factorSummary(kv, user.id)),
      need: await factorNeed(kv, deps.config, user.id, session),
    });
  });

  // A new secret to add to an authenticator app; nothing counts until a first code confirms it.
  // With a passkey already their factor, a session adds the app only having given it.
  const given = async (c: Context<MemberAppEnv>) =>
    await requireGivenFactor(kv, deps.config, c.var.user.id, c.var.session);

  app.post("/totp/start", limited(RATE_RULES.adminWrite), async (c) => {
    await given(c);
    return c.json(await startTotp(kv, c.var.user), 201);
  });

  app.post("/totp/confirm", attempts, code, async (c) => {
    await given(c);
    const { user, session } = c.var;
    const recoveryCodes = await confirmTotp(kv, user, session.sid, c.req.valid("json").code);
    return c.json({ ok: true, recoveryCodes }, 201);
  });

  app.post("/verify", attempts, code, async (c) => {
    const { user, session } = c.var;
    return c.json({
      ok: true,
      ...await giveFactor(kv, user, session.sid, c.req.valid("json").code),
    });
  });

  // "Use a passkey": a challenge for the administrator's own passkeys, then its answer.
  app.post("/passkey/options", limited(RATE_RULES.adminWrite), async (c) => {
    return c.json(await factorPasskeyOptions(pk, c.var.user.id));
  });

  app.post("/passkey", attempts, validate("json", passkeyBody), async (c) => {
    const { user, session } = c.var;
    const response = c.req.valid("json").response as never;
    return c.json({ ok: true, ...await givePasskeyFactor(pk, user, session.sid, response) });
  });

  app.post("/recovery-codes", attempts, code, async (c) => {
    const recoveryCodes = await renewRecoveryCodes(kv, c.var.user, c.req.valid("json").code);
    return c.json({ ok: true, recoveryCodes }, 201);
  });

  app.post("/totp/remove", attempts, code, async (c) => {
    await removeTotp(kv, c.var.user, c.req.valid("json").code);
    return c.json({ ok: true });
  });

  return app;
}
