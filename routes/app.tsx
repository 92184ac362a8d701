// Builds the Hono app: middleware, then one sub-app per area.
import { Hono } from "hono";
import { join } from "node:path";
import type { AppDeps, AppEnv } from "./context.ts";
import { page } from "./context.ts";
import { securityHeaders } from "../lib/http/security.ts";
import { IMMUTABLE, serveDir, SHORT_CACHE } from "../lib/http/static.ts";
import { flashMiddleware } from "../lib/http/flash.ts";
import { BUILD_DIR, ROOT } from "../lib/build/assets.ts";
import { healthApi } from "./api/health.ts";
import { publicPages } from "./pages/public.tsx";
import { FallbackScreen } from "./pages/public.tsx";
import { legalPages } from "./pages/legal.tsx";
import { subscriptionPages } from "./pages/subscriptions.tsx";
import { authPages } from "./pages/auth.tsx";
import { memberPages, PROTECTED_PATHS } from "./pages/member.tsx";
import { WelcomeScreen } from "../components/WelcomeScreen.tsx";

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.use("*", securityHeaders(deps.config.production));
  app.get("/build/*", serveDir("/build/", BUILD_DIR, IMMUTABLE));
  app.get("/static/*", serveDir("/static/", join(ROOT, "static"), SHORT_CACHE));
  app.route("/", healthApi(deps));

  app.use("*", async (c, next) => {
    c.set("user", null);
    await next();
  });
  app.use("*", flashMiddleware());

  // Protected pages: guests are sent to /auth before any page code runs.
  for (const path of PROTECTED_PATHS) {
    app.get(path, async (c, next) => {
      if (!c.get("user")) return c.redirect("/auth", 303);
      await next();
    });
  }

  app.get("/", (c, next) => {
    if (c.get("user")) return next();
    return page(c, deps, { title: "Welcome", body: <WelcomeScreen /> });
  });

  app.route("/", publicPages(deps));
  app.route("/", legalPages(deps));
  app.route("/", subscriptionPages(deps));
  app.route("/", authPages(deps));
  app.route("/", memberPages(deps));

  app.notFound((c) => {
    if (c.req.path.startsWith("/api/")) return c.json({ error: "Not found" }, 404);
    return page(c, deps, {
      title: "Page not found",
      status: 404,
      body: <FallbackScreen path={c.req.path} notFound />,
    });
  });

  app.onError((err, c) => {
    console.error(`${c.req.method} ${c.req.path} failed:`, err);
    if (c.req.path.startsWith("/api/")) {
      return c.json({ error: "Something went wrong. Please try again." }, 500);
    }
    return c.text("Something went wrong. Please try again.", 500);
  });

  return app;
}
