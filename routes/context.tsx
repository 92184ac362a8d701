// What every route gets: the app's dependencies and, per request, the signed-in member.
import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { Config } from "../lib/server/config.ts";
import type { Manifest } from "../lib/server/build/assets.ts";
import type { Sessions } from "../lib/server/auth/session.ts";
import type { SessionUser, UserRecord } from "../lib/shared/auth/types.ts";
import type { EmailSender } from "../lib/server/email/mod.ts";
import {
  type MemberVariables,
  requireUser,
  type SessionVariables,
} from "../lib/server/http/auth.ts";
import type { Hub } from "../lib/server/realtime/hub.ts";
import type { LogSink } from "../lib/shared/log.ts";
import type { HttpMetrics } from "../lib/server/observe/http_metrics.ts";
import type { PageOptions, PageRenderer } from "../lib/server/render/page.tsx";
import { Island } from "../lib/server/render/island.tsx";
import { HoldBanner } from "../components/HoldBanner.tsx";
import type { Flash } from "../components/Layout.tsx";
import type { LocaleVariables } from "../lib/server/http/locale.ts";
import type { Locale } from "../lib/shared/i18n/locales.ts";

export interface AppDeps {
  config: Config;
  kv: Deno.Kv;
  assets: Manifest;
  sessions: Sessions;
  email: EmailSender;
  hub: Hub;
  /**
   * The caller's address as per-address rate limits count it: an IPv4 address, or an IPv6
   * address's /64 (lib/server/http/request.ts addressKey).
   */
  clientIp: (c: Context) => string;
  /** Where the request log and the error lines go (JSON lines on stdout/stderr by default). */
  log: LogSink;
  /** This instance's HTTP figures, served at /metrics. */
  httpMetrics: HttpMetrics;
  /** Renders the pages of `assets`' build, keeping what does not change per request. */
  pages: PageRenderer;
}

/** What main or a test gives createApp; the rest of AppDeps is made from it. */
export type AppBase = Pick<AppDeps, "config" | "kv" | "assets"> & {
  email?: EmailSender;
  /** The caller's address: tests give one that varies it; else the socket's (or TRUST_PROXY's). */
  clientIp?: (c: Context) => string;
  /** Given by main and tests, which start and stop it; else made here and started lazily. */
  hub?: Hub;
  /** Tests give one that keeps the lines. */
  log?: LogSink;
  /** Tests give one that renders every page from scratch; else one for `assets`' build. */
  pages?: PageRenderer;
};

/** Every request: the session middleware's variables and the flash middleware's toast. */
export type AppEnv = {
  Variables: SessionVariables & LocaleVariables & { flash: Flash | null };
};

/** A sub-app every route of which sits behind requireUser or requireAdmin. */
export type MemberAppEnv = {
  Variables: MemberVariables & LocaleVariables & { flash: Flash | null };
};

export type AppContext = Context<AppEnv>;

/** Sub-apps made by membersOnly, and the guard each was made with. */
const guards = new WeakMap<Hono<MemberAppEnv>, MiddlewareHandler>();

/**
 * A sub-app whose every route is for signed-in members: `guard` (requireUser() unless given, e.g.
 * with a refusal text of its own) runs before each of its routes once `mount` has mounted it.
 */
export function membersOnly(guard: MiddlewareHandler = requireUser()): Hono<MemberAppEnv> {
  const app = new Hono<MemberAppEnv>();
  guards.set(app, guard);
  return app;
}

/**
 * Mounts sub-apps under `prefix`; one made by membersOnly gets its guard in front of each of its
 * routes (method and path), and nowhere else. The member pages share no prefix (their addresses
 * are fixed), and a sub-app mounted at "/" with its own use("*", guard) would guard every path
 * of the site, the welcome page and unknown addresses included; /admin, which has a prefix of its
 * own, uses use("*", requireAdmin()) instead.
 */
export function mount(
  app: Hono<AppEnv>,
  prefix: string,
  ...subs: (Hono<AppEnv> | Hono<MemberAppEnv>)[]
) {
  for (const sub of subs) {
    const guard = guards.get(sub as Hono<MemberAppEnv>);
    if (guard) {
      const done = new Set<string>();
      for (const route of sub.routes) {
        if (route.method === "ALL") continue;
        const path = joinPath(prefix, route.path);
        if (done.has(`${route.method} ${path}`)) continue;
        done.add(`${route.method} ${path}`);
        app.on(route.method, path, guard);
      }
    }
    app.route(prefix, sub as Hono<AppEnv>);
  }
}

/** "/api" + "/filters" → "/api/filters"; "/api/report" + "/" → "/api/report"; "/" + "/x" → "/x". */
function joinPath(prefix: string, path: string): string {
  if (prefix === "/" || prefix === "") return path;
  return path === "/" ? prefix : prefix + path;
}

/** What a page needs of the request: its path, the member (if any) and the pending toast. */
export type PageContext = Pick<Context, "req"> & {
  get(key: "user"): SessionUser | null;
  get(key: "flash"): Flash | null;
  get(key: "locale"): Locale | undefined;
  get(key: "userRecord"): UserRecord | null;
};

/** Renders a page inside the shell for the current request's path and member. */
export function page(
  c: PageContext,
  deps: AppDeps,
  options: Omit<PageOptions, "path" | "user"> & { path?: string },
): Response {
  // (c.get reads one variable; c.var copies them all into a new object.)
  const user = c.get("user");
  const path = options.path ?? c.req.path;
  // The verification banner shows on every page but /auth while the member is unverified.
  // A member on a safety hold is told so on every page but their profile (which says it all).
  const held = user && path !== "/profile" && c.get("userRecord")?.hold;
  const banner = user && !user.emailVerified && path !== "/auth"
    ? <Island name="VerificationBanner" props={{ email: user.email }} />
    : held
    ? <HoldBanner />
    : undefined;
  return deps.pages.response({
    path,
    user,
    flash: c.get("flash"),
    banner,
    locale: c.get("locale"),
    ...options,
  }, { method: c.req.method, acceptEncoding: c.req.header("accept-encoding") });
}
