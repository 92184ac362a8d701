// Builds the Hono app: the middleware every request passes, then one sub-app per area mounted
// under its prefix, then the one place where errors become responses. The route map, the guards and
// the error mapping are described in docs/http.md.
import { said } from "../lib/shared/i18n/said.ts";
import { setHashIterations } from "../lib/server/auth/password.ts";
import { languageRoutes } from "./lang.ts";
import { localeMiddleware, localeOf } from "../lib/server/http/locale.ts";
import { sayIn } from "../lib/server/i18n/catalogs.ts";
import type { Locale } from "../lib/shared/i18n/locales.ts";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { join } from "node:path";
import type { AppBase, AppContext, AppDeps, AppEnv } from "./context.tsx";
import { mount, page } from "./context.tsx";
import { securityHeadersFinisher } from "../lib/server/http/security.ts";
import { localRedirectsFinisher } from "../lib/server/http/redirect.ts";
import { requestShapeCheck } from "../lib/server/http/request_shape.ts";
import { noStoreFinisher } from "../lib/server/http/no_store.ts";
import { finishing } from "../lib/server/http/response.ts";
import { compression } from "../lib/server/http/compress.ts";
import { IMMUTABLE, serveDir, SHORT_CACHE } from "../lib/server/http/static.ts";
import { flashKey, flashMiddleware } from "../lib/server/http/flash.ts";
import { sessionMiddleware } from "../lib/server/http/auth.ts";
import { stripeWebhookApi, WEBHOOK_BODY_MAX } from "./api/stripe.ts";
import { sameOrigin } from "../lib/server/http/same_origin.ts";
import { bodyLimitsCheck } from "../lib/server/http/body_limit.ts";
import {
  addressKeyOf,
  checking,
  clientIpBehind,
  ownSiteCheck,
} from "../lib/server/http/request.ts";
import { observeRequests, routeOf } from "../lib/server/observe/request_log.ts";
import { HttpMetrics } from "../lib/server/observe/http_metrics.ts";
import { consoleSink, errorFields } from "../lib/shared/log.ts";
import { AppError, STORAGE_RETRY_AFTER_S } from "../lib/server/http/errors.ts";
import { storageRefusal } from "../kv/storage.ts";
import { lastSeenDue, type SessionRecord, touchSession } from "../kv/sessions.ts";
import { BUILD_DIR, ROOT } from "../lib/server/build/assets.ts";
import { PageRenderer } from "../lib/server/render/page.tsx";
import { sessionKey, Sessions } from "../lib/server/auth/session.ts";
import { createEmailSender } from "../lib/server/email/mod.ts";
import { AVATAR_TOO_LARGE } from "../lib/server/auth/avatar.ts";
import { presenceTracker } from "../lib/server/geo/private_location.ts";
import { Hub } from "../lib/server/realtime/hub.ts";
import { AccessDenied } from "../components/admin/AccessDenied.tsx";
import { healthApi } from "./api/health.ts";
import { accountApi, AVATAR_BODY_MAX } from "./api/account.ts";
import { metricsRoute } from "./metrics.ts";
import { pwaRoutes } from "./pwa.tsx";
import { filtersApi } from "./api/filters.ts";
import { devicesApi } from "./api/devices.ts";
import { passkeysApi } from "./api/passkeys.ts";
import { invitationsApi } from "./api/invitations.ts";
import { reportApi } from "./api/report.ts";
import { pushApi } from "./api/push.ts";
import { subscriptionApi } from "./api/subscription.ts";
import { adminApi } from "./api/admin.ts";
import { avatarRoutes } from "./avatars.ts";
import { wsRoute } from "./ws.ts";
import { FallbackScreen, publicPages } from "./pages/public.tsx";
import { legalPages } from "./pages/legal.tsx";
import { subscriptionPages } from "./pages/subscriptions.tsx";
import { APPEAL_BODY_MAX, appealApi } from "./api/appeal.ts";
import { authPages } from "./pages/auth.tsx";
import { adminPages, directAdminPage } from "./pages/admin.tsx";
import { devPages } from "./pages/dev.tsx";
import { memberPages } from "./pages/member.tsx";
import { referralPages } from "./pages/referrals.tsx";

/** The largest request body of any route without a limit of its own (JSON bodies are far less). */
export const REQUEST_BODY_MAX = 64 * 1024;

export async function createApp(base: AppBase) {
  setHashIterations(base.config.passwordIterations);
  const deps: AppDeps = {
    ...base,
    sessions: await Sessions.create(base.kv, base.config),
    email: base.email ?? createEmailSender(base.kv, base.config),
    hub: base.hub ?? new Hub(base.kv, base.config),
    clientIp: addressKeyOf(base.clientIp ?? clientIpBehind(base.config.trustProxy)),
    log: base.log ?? consoleSink,
    httpMetrics: new HttpMetrics(),
    pages: base.pages ?? new PageRenderer(base.assets),
  };
  const app = new Hono<AppEnv>();

  // Last on the way out: compression (brotli or gzip) of what the rest responded.
  app.use("*", compression());
  // Every request gets an id, its figures and (unless off) one JSON log line.
  app.use(
    "*",
    observeRequests({
      metrics: deps.httpMetrics,
      log: deps.log,
      logRequests: deps.config.requestLog,
    }),
  );
  // Three rules for every response on its way out, in one layer (finishing: the last first, as
  // three middleware used in this order would run): no browser or cache keeps an /api response or
  // one to a signed-in member unless its route says (noStore); every Location header names a path
  // on this site (redirect.ts); every response but the socket's carries the security headers, the
  // JSON set on JSON answers, the document set on everything else.
  app.use(
    "*",
    finishing(
      await securityHeadersFinisher(deps.config.production),
      localRedirectsFinisher(),
      noStoreFinisher(),
    ),
  );
  // Three checks before anything reads the request, in one layer (checking: in this order, as
  // three middleware would run): unknown methods, GET/HEAD with a body and over-long addresses are
  // refused (4xx) first; no request body goes past its limit, whatever reads it next (or nothing
  // does); the site's own origins are made known to the origin checks.
  app.use(
    "*",
    checking(
      requestShapeCheck,
      bodyLimitsCheck({
        max: REQUEST_BODY_MAX,
        routes: {
          "POST /api/user/avatar": { max: AVATAR_BODY_MAX, tooLarge: AVATAR_TOO_LARGE },
          "POST /api/stripe/webhook": { max: WEBHOOK_BODY_MAX },
          "POST /api/appeal": { max: APPEAL_BODY_MAX },
        },
      }),
      ownSiteCheck(deps.config),
    ),
  );
  app.get("/build/*", serveDir("/build/", BUILD_DIR, IMMUTABLE, ["manifest.json"], true));
  app.get(
    "/static/*",
    serveDir("/static/", join(ROOT, "static"), SHORT_CACHE, ["build/manifest.json"]),
  );
  app.route("/", healthApi(deps));
  app.route("/", metricsRoute(deps));
  // The web app manifest, the service worker and the offline page: the same for everybody.
  app.route("/", pwaRoutes(deps));
  // Stripe's servers post events: no session, no same-origin check; the signature is the check.
  app.route("/", stripeWebhookApi(deps));

  // A member's request marks them present, and their session seen (a write once in a few minutes);
  // a request with neither due (most) makes no promise for them.
  const presence = presenceTracker(deps.kv);
  const seen = (session: SessionRecord) =>
    lastSeenDue(session, Date.now()) ? touchSession(deps.kv, session.sid) : undefined;
  app.use(
    "*",
    sessionMiddleware(deps.sessions, (userId, session) => {
      const present = presence(userId);
      return present ? present.then(() => seen(session)) : seen(session);
    }),
  );
  // The socket route comes before any middleware that could touch its response's headers.
  app.route("/", wsRoute(deps));
  app.use("*", localeMiddleware());
  app.use("*", sameOrigin());
  // The toast cookie is signed with a key of its own, derived from the session secret.
  const flashSeal = {
    key: flashKey(await sessionKey(deps.kv, deps.config)),
    secure: deps.config.production,
  };
  app.use("*", flashMiddleware(flashSeal));

  // Sub-apps made with membersOnly() are guarded by mount(), once, in front of their routes.
  mount(
    app,
    "/api",
    ...accountApi(deps),
    filtersApi(deps),
    invitationsApi(deps),
    devicesApi(deps),
    ...passkeysApi(deps),
  );
  mount(app, "/api/report", reportApi(deps));
  mount(app, "/api/push", pushApi(deps));
  mount(app, "/api/appeal", appealApi(deps));
  mount(app, "/api/subscription", ...subscriptionApi(deps));
  mount(app, "/api/admin", adminApi(deps));
  mount(app, "/avatars", avatarRoutes(deps));
  mount(app, "/admin", adminPages(deps));
  mount(
    app,
    "/",
    directAdminPage(deps),
    authPages(deps),
    devPages(deps),
    publicPages(deps),
    legalPages(deps),
    subscriptionPages(deps),
    ...memberPages(deps),
    referralPages(deps),
    languageRoutes(deps),
  );

  app.notFound((c) => {
    if (isApi(c)) {
      return c.json(
        { error: sayIn(localeOf(c), said("texts.notFound")) },
        404,
      );
    }
    return page(c, deps, {
      title: said("home.notFoundTitle"),
      status: 404,
      body: <FallbackScreen path={c.req.path} notFound />,
    });
  });

  app.onError((err, c) => {
    if (err instanceof AppError) {
      for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
      if (isApi(c)) {
        const text = errorText(localeOf(c), err);
        return c.json({ ...err.extra, error: text, message: text }, err.status);
      }
      // Pages: a guest is sent to sign in; only the admin pages refuse a signed-in member.
      if (err.status === 401) return c.redirect("/auth", 303);
      if (err.status === 403 && c.var.user) {
        return page(c, deps, {
          title: said("admin.accessDenied"),
          status: 403,
          body: <AccessDenied />,
        });
      }
      return c.text(errorText(localeOf(c), err), err.status);
    }
    if (err instanceof HTTPException) return err.getResponse();
    const requestId = c.get("requestId");
    // The store refused the write (a full disk, a read-only file, a lock past the retries):
    // nothing was saved, the site is not broken, and the member may try again later.
    const refused = storageRefusal(err);
    deps.log({
      level: "error",
      msg: refused ? "storage refused a write" : "request failed",
      requestId,
      method: c.req.method,
      route: routeOf(c),
      ...(refused ? { refusal: refused } : {}),
      ...errorFields(err),
    });
    if (refused) {
      deps.hub.metrics.storageRefused("http", refused);
      c.header("Retry-After", String(STORAGE_RETRY_AFTER_S));
      const text = sayIn(localeOf(c), said("texts.storageRefused"));
      return isApi(c) ? c.json({ error: text, message: text }, 503) : c.text(text, 503);
    }
    if (isApi(c)) {
      const text = sayIn(localeOf(c), said("texts.failed"));
      return c.json({ error: text, message: text }, 500);
    }
    // The reference lets support find the log line (the JSON responses carry it as requestId).
    return c.text(
      sayIn(localeOf(c), said("texts.failedWithReference", { reference: requestId })),
      500,
    );
  });

  return app;
}

/** What an error tells the member, in `locale`. */
function errorText(locale: Locale, err: AppError): string {
  return sayIn(locale, err.said);
}

/** API paths respond with JSON, pages with HTML. */
function isApi(c: AppContext): boolean {
  return c.req.path.startsWith("/api/");
}
