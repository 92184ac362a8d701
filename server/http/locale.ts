// The request's language: the signed-in member's profile language, else the language switcher's
// cookie, else the best match for Accept-Language (base-language fallback), else English. Set as
// `locale` for the routes; every response after it says which language it is in and that it
// varies with Accept-Language and Cookie.
import { createMiddleware } from "hono/factory";
import { getCookie } from "hono/cookie";
import { chooseLocale, type Locale, LOCALE_COOKIE } from "../../shared/i18n/locales.ts";
import type { SessionVariables } from "./auth.ts";

export interface LocaleVariables {
  locale: Locale;
}

export function localeMiddleware() {
  return createMiddleware<{ Variables: SessionVariables & LocaleVariables }>(async (c, next) => {
    const locale = chooseLocale({
      profile: c.var.userRecord?.language,
      cookie: getCookie(c, LOCALE_COOKIE),
      acceptLanguage: c.req.header("accept-language"),
    });
    c.set("locale", locale);
    await next();
    if (!c.res.headers.has("content-language")) c.res.headers.set("content-language", locale);
    const vary = c.res.headers.get("vary");
    const wanted = ["Accept-Language", "Cookie"].filter((v) =>
      !(vary ?? "").toLowerCase().split(/\s*,\s*/).includes(v.toLowerCase())
    );
    if (wanted.length) c.res.headers.set("vary", [vary, ...wanted].filter(Boolean).join(", "));
  });
}
