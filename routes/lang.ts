// POST /lang: the language switcher's choice. Remembered in a cookie (set only here, for a year)
// and, for a signed-in member, as their profile language (which outranks the cookie); then back
// to the page the switcher was on. A form post from the site's own pages (the same-origin check
// runs before it), counted per address.
import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import { z } from "zod";
import type { AppDeps, AppEnv } from "./context.tsx";
import { isLocale, LOCALE_COOKIE } from "../lib/shared/i18n/locales.ts";
import { RATE_RULES, rateLimit } from "../lib/server/http/rate_limit.ts";
import { validate } from "../lib/server/http/validate.ts";
import { updateProfile } from "../lib/server/auth/accounts.ts";
import { sayIn } from "../lib/server/i18n/catalogs.ts";
import { carried, said } from "../lib/shared/i18n/said.ts";

/** The refusal of a language the switcher does not offer. */
const UNKNOWN = said("common.languageUnknown");

const YEAR_S = 365 * 24 * 3600;

const choiceSchema = z.object({
  lang: z.string().max(16).refine(isLocale, carried(UNKNOWN)),
  next: z.string().max(2048).optional(),
});

/** Only a path of this site: "/x?y" stays, "//evil" or "https://…" becomes "/". */
function localPath(next: string | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return "/";
  return next;
}

export function languageRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.post(
    "/lang",
    rateLimit(deps.kv, deps.config.rateLimits, (c) => [
      { rule: RATE_RULES.languageIp, subject: deps.clientIp(c) },
    ]),
    validate("form", choiceSchema, { fallback: UNKNOWN }),
    async (c) => {
      const { lang, next } = c.req.valid("form");
      if (!isLocale(lang)) return c.text(sayIn(c.var.locale, UNKNOWN), 400);
      setCookie(c, LOCALE_COOKIE, lang, {
        path: "/",
        maxAge: YEAR_S,
        sameSite: "Lax",
        httpOnly: true,
        secure: deps.config.production,
      });
      const user = c.var.user;
      if (user) {
        await updateProfile({ kv: deps.kv, origin: deps.config.origin }, user.id, {
          language: lang,
        });
      }
      return c.redirect(localPath(next), 303);
    },
  );
  return app;
}
