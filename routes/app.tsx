// Builds the Hono app: middleware, then one sub-app per area.
import { Hono } from "hono";
import { join } from "node:path";
import type { AppBase, AppDeps, AppEnv } from "./context.tsx";
import { page } from "./context.tsx";
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
import { accountApi } from "./api/account.ts";
import { filtersApi, presenceMiddleware } from "./api/filters.ts";
import { Sessions } from "../lib/auth/session.ts";
import { toSessionUser } from "../lib/auth/types.ts";
import { createEmailSender } from "../lib/email/mod.ts";
import { bootstrapAdmin } from "../lib/auth/admin.ts";
import { devPages } from "./pages/dev.tsx";
import { wsRoute } from "./ws.ts";
import { reportApi } from "./api/report.ts";
import { adminApi } from "./api/admin.ts";
import { adminPages } from "./pages/admin.tsx";
import { subscriptionApi } from "./api/subscription.ts";
import { Hub } from "../lib/realtime/hub.ts";

export async function createApp(base: AppBase) {
  const deps: AppDeps = {
    ...base,
    sessions: await Sessions.create(base.kv, base.config),
    email: base.email ?? createEmailSender(base.kv, base.config),
    hub: base.hub ?? new Hub(base.kv, base.config),
  };
  await bootstrapAdmin(deps.kv, deps.config);
  const app = new Hono<AppEnv>();
  const presence = presenceMiddleware(deps.kv);

  app.use("*", securityHeaders(deps.config.production));
  app.get("/build/*", serveDir("/build/", BUILD_DIR, IMMUTABLE, new Set(["manifest.json"])));
  app.get("/static/*", serveDir("/static/", join(ROOT, "static"), SHORT_CACHE));
  app.route("/", healthApi(deps));

  app.use("*", async (c, next) => {
    const found = await deps.sessions.fromRequest(c);
    c.set("session", found?.session ?? null);
    c.set("userRecord", found?.user ?? null);
    c.set("user", found ? toSessionUser(found.user) : null);
    if (found) await presence(found.user.id).catch(() => {});
    await next();
  });
  // The socket route comes before any middleware that could touch its response's headers.
  app.route("/", wsRoute(deps));
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

  app.route("/", accountApi(deps));
  app.route("/", filtersApi(deps));
  app.route("/", reportApi(deps));
  app.route("/", subscriptionApi(deps));
  app.route("/", devPages(deps));
  app.route("/", publicPages(deps));
  app.route("/", legalPages(deps));
  app.route("/", subscriptionPages(deps));
  app.route("/", authPages(deps));
  app.route("/", adminApi(deps));
  app.route("/", adminPages(deps));
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
