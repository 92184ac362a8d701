// What every route gets: the app's dependencies and, per request, the signed-in member.
import type { Context } from "hono";
import type { Config } from "../lib/config.ts";
import type { Manifest } from "../lib/build/assets.ts";
import type { SessionUser } from "../lib/auth/types.ts";
import { type PageOptions, pageResponse } from "../lib/render/page.tsx";
import type { Flash } from "../components/Layout.tsx";

export interface AppDeps {
  config: Config;
  kv: Deno.Kv;
  assets: Manifest;
}

export type AppEnv = {
  Variables: {
    user: SessionUser | null;
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
  return pageResponse(deps.assets, {
    path: options.path ?? c.req.path,
    user: c.get("user"),
    flash: c.get("flash"),
    ...options,
  });
}
