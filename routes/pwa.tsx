// The installable app: the web app manifest, the service worker's script and the offline page
// it stores. None of them depends on who asks: they are mounted before the session is read, so
// no response here carries or reads a member's session. The manifest and the offline page are in
// the request's language (the switcher's cookie, else Accept-Language; the offline page also
// takes `?lang=`, which the worker uses to keep it in the language of the member's pages), and
// say that they vary with Accept-Language and Cookie.
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "./context.tsx";
import { webAppManifest } from "../lib/server/pwa/manifest.ts";
import { OFFLINE_PATH, offlineDocument, serviceWorkerScript } from "../lib/server/pwa/shell.tsx";
import { SHORT_CACHE } from "../lib/server/http/static.ts";
import { localeMiddleware } from "../lib/server/http/locale.ts";
import { isLocale, type Locale } from "../lib/shared/i18n/locales.ts";

/** The worker's script and the offline page are checked on every use (a new build replaces them). */
export const REVALIDATE = "no-cache";

export function pwaRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const manifests = new Map<Locale, string>();
  let script: Promise<string> | null = null;

  // The pages link ?lang=<their language> (browsers fetch the manifest without cookies, so a
  // member's profile language would not reach it otherwise).
  app.get("/manifest.webmanifest", localeMiddleware(), (c) => {
    const asked = c.req.query("lang");
    const locale = isLocale(asked) ? asked : c.var.locale;
    let manifest = manifests.get(locale);
    if (!manifest) manifests.set(locale, manifest = JSON.stringify(webAppManifest(locale)));
    return c.body(manifest, 200, {
      "content-type": "application/manifest+json; charset=utf-8",
      "cache-control": SHORT_CACHE,
    });
  });

  app.get("/sw.js", async (c) => {
    script ??= serviceWorkerScript(deps.assets).catch((err) => {
      script = null;
      throw err;
    });
    return c.body(await script, 200, {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": REVALIDATE,
    });
  });

  app.get(OFFLINE_PATH, localeMiddleware(), (c) => {
    const asked = c.req.query("lang");
    const locale = isLocale(asked) ? asked : c.var.locale;
    return c.body(offlineDocument(deps.assets, locale), 200, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": REVALIDATE,
      "content-language": locale,
    });
  });

  return app;
}
