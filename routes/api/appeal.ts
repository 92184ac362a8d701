// Appeal API for a banned or held member, mounted at /api/appeal: GET tells whether they may still
// send their one appeal of the ban (or hold) in force, POST {text} sends it. A banned member has no
// session; the caller is the holder of the appeal pass that a sign-in with their password handed
// them (an HttpOnly cookie sent to these two routes only), which is good for nothing else. A
// member on a safety hold is signed in, and appeals the hold with their session.
import { Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import type { AppContext, AppDeps, AppEnv } from "../context.tsx";
import { validate } from "../../lib/server/http/validate.ts";
import { RATE_RULES, rateLimit } from "../../lib/server/http/rate_limit.ts";
import { appealState, sendAppeal } from "../../lib/server/moderation/appeals.ts";
import { APPEAL_MAX } from "../../lib/shared/moderation/appeals.ts";
import { carried, said } from "../../lib/shared/i18n/said.ts";
import { sayIn } from "../../lib/server/i18n/catalogs.ts";
import { localeOf } from "../../lib/server/http/locale.ts";
import { APPEAL_PASS_TTL_MS } from "../../kv/appeals.ts";

export const APPEAL_COOKIE = "glimpse_appeal";
const APPEAL_PATH = "/api/appeal";
/** The body of an appeal: its text (at most 1,000 characters of up to 4 bytes, JSON-escaped). */
export const APPEAL_BODY_MAX = 16 * 1024;

/** Hands a banned member their appeal pass, for the appeal routes only. */
export function setAppealCookie(c: AppContext, token: string, secure: boolean) {
  setCookie(c, APPEAL_COOKIE, token, {
    path: APPEAL_PATH,
    httpOnly: true,
    sameSite: "Strict",
    secure,
    maxAge: APPEAL_PASS_TTL_MS / 1000,
  });
}

// Longer than any appeal may be (the exact count, in characters, is checked after trimming).
const appealBody = z.object({
  text: z.string({ error: carried(said("auth.appealRequired")) })
    .max(APPEAL_MAX * 4, carried(said("auth.appealTooLong"))),
}).strict();

export function appealApi(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { kv, clientIp } = deps;
  const token = (c: AppContext) => getCookie(c, APPEAL_COOKIE);
  const limited = rateLimit(kv, deps.config.rateLimits, (c) => [
    { rule: RATE_RULES.appealIp, subject: clientIp(c) },
    // Per pass, or per member for one on hold (signed in, no pass).
    { rule: RATE_RULES.appealAccount, subject: token(c)?.slice(0, 16) ?? c.var.user?.id ?? "" },
  ]);

  // A member on a safety hold is signed in: their session names them, no pass is needed.
  app.get("/", limited, async (c) => {
    return c.json(await appealState(kv, token(c), Date.now(), c.var.userRecord));
  });

  app.post(
    "/",
    limited,
    validate("json", appealBody, { fallback: said("auth.appealRequired") }),
    async (c) => {
      const { text } = c.req.valid("json");
      const appeal = await sendAppeal(kv, token(c), text, Date.now(), c.var.userRecord);
      return c.json({
        ok: true,
        sentAt: appeal.sentAt,
        status: appeal.status,
        message: sayIn(localeOf(c), said("auth.appealSentNotice")),
      }, 201);
    },
  );

  return app;
}
