// The installable app: the web app manifest, the service worker's script and the offline page
// it stores. None of them depends on who asks: they are mounted before the session is read, so
// no response here carries or reads a member's cookie.
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "./context.tsx";
import { WEB_APP_MANIFEST } from "../server/pwa/manifest.ts";
import { OFFLINE_PATH, offlineDocument, serviceWorkerScript } from "../server/pwa/shell.tsx";
import { SHORT_CACHE } from "../server/http/static.ts";

/** The worker's script and the offline page are checked on every use (a new build replaces them). */
export const REVALIDATE = "no-cache";

export function pwaRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const manifest = JSON.stringify(WEB_APP_MANIFEST);
  let script: Promise<string> | null = null;

  app.get("/manifest.webmanifest", (c) =>
    c.body(manifest, 200, {
      "content-type": "application/manifest+json; charset=utf-8",
      "cache-control": SHORT_CACHE,
    }));

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

  app.get(OFFLINE_PATH, (c) =>
    c.body(offlineDocument(deps.assets), 200, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": REVALIDATE,
    }));

  return app;
}
