// The request's language: the signed-in member's profile language, else the language switcher's
// cookie, else the best match for Accept-Language (base-language fallback), else English. Set as
// `locale` for the routes; every response after it says which language it is in and that it
// varies with Accept-Language and Cookie.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { getCookie } from "hono/cookie";
import {
  chooseLocale,
  type Locale,
  LOCALE_COOKIE,
  matchAcceptLanguage,
} from "../../shared/i18n/locales.ts";
import { memoByString } from "../../shared/memo.ts";
import type { SessionVariables } from "./auth.ts";

export interface LocaleVariables {
  locale: Locale;
}

/**
 * The language `c` gets: what the middleware set, else the rule applied to the request (for a
 * response made before the middleware ran or on a route it does not cover, e.g. the socket's
 * handshake; a member's profile counts once the session is read).
 */
export function localeOf(c: Context): Locale {
  // (c.get reads one variable; c.var copies them all into a new object.)
  const vars = c as Context<{ Variables: Partial<LocaleVariables & SessionVariables> }>;
  const set = vars.get("locale");
  if (set) return set;
  // (Getters: the cookies and Accept-Language are parsed only when the sources before them say
  // nothing, as for a member with a profile language.)
  return chooseLocale({
    profile: vars.get("userRecord")?.language,
    get cookie() {
      return getCookie(c, LOCALE_COOKIE);
    },
    get acceptLanguage() {
      return c.req.header("accept-language");
    },
  }, matchRemembered);
}

/**
 * matchAcceptLanguage, its answer worked out once per distinct value (here, not in lib/shared/: the
 * browser bundles the rule and has no use for the memo).
 */
const remembered = memoByString(matchAcceptLanguage);
const matchRemembered = (header: string | null | undefined) => header ? remembered(header) : null;

export function localeMiddleware() {
  return createMiddleware<{ Variables: SessionVariables & LocaleVariables }>(async (c, next) => {
    const locale = localeOf(c);
    c.set("locale", locale);
    await next();
    if (!c.res.headers.has("content-language")) c.res.headers.set("content-language", locale);
    const vary = c.res.headers.get("vary");
    if (vary === null) return c.res.headers.set("vary", "Accept-Language, Cookie");
    const wanted = ["Accept-Language", "Cookie"].filter((v) =>
      !vary.toLowerCase().split(/\s*,\s*/).includes(v.toLowerCase())
    );
    if (wanted.length) c.res.headers.set("vary", [vary, ...wanted].filter(Boolean).join(", "));
  });
}
