// What every route gets: the app's dependencies and, per request, the signed-in member.
import type { Context } from "hono";
import type { Config } from "../lib/config.ts";
import type { Manifest } from "../lib/build/assets.ts";
import type { SessionUser, UserRecord } from "../lib/auth/types.ts";
import type { Sessions } from "../lib/auth/session.ts";
import type { EmailSender } from "../lib/email/mod.ts";
import type { SessionRecord } from "../kv/sessions.ts";
import type { Hub } from "../lib/realtime/hub.ts";
import { type PageOptions, pageResponse } from "../lib/render/page.tsx";
import { Island } from "../lib/render/island.tsx";
import type { Flash } from "../components/Layout.tsx";

export interface AppDeps {
  config: Config;
  kv: Deno.Kv;
  assets: Manifest;
  sessions: Sessions;
  email: EmailSender;
  hub: Hub;
}

/** What main or a test gives createApp; the rest of AppDeps is made from it. */
export type AppBase = Pick<AppDeps, "config" | "kv" | "assets"> & {
  email?: EmailSender;
  /** Given by main and tests, which start and stop it; else made here and started lazily. */
  hub?: Hub;
};

export type AppEnv = {
  Variables: {
    user: SessionUser | null;
    userRecord: UserRecord | null;
    session: SessionRecord | null;
    flash: Flash | null;
  };
};

export type AppContext = Context<AppEnv>;

/** Renders a page inside the shell for the current request's path and member. */
export function page(
  c: AppContext,
  deps: AppDeps,
  options: Omit<PageOptions, "path" | "user"> & { path?: string },
): Response {
  const user = c.get("user");
  const path = options.path ?? c.req.path;
  // The verification banner shows on every page but /auth while the member is unverified.
  const banner = user && !user.emailVerified && path !== "/auth"
    ? <Island name="VerificationBanner" props={{ email: user.email }} />
    : undefined;
  return pageResponse(deps.assets, {
    path,
    user,
    flash: c.get("flash"),
    banner,
    ...options,
  });
}
