// Pages for signed-in members. Guests asking for any PROTECTED_PATHS are redirected to /auth (303)
// by the app before these handlers run.
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context.ts";
import { page } from "../context.ts";

export const PROTECTED_PATHS = [
  "/connecting",
  "/match-end",
  "/profile",
  "/camera",
  "/filters",
  "/hashtags",
  "/map-discovery",
  "/test-chat",
  "/admin",
  "/admin/reports",
  "/admin/users",
  "/viral",
  "/leaderboard",
] as const;

export function memberPages(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // /live-match is not protected (SPEC route table): without a live session it says so.
  app.get("/live-match", (c) =>
    page(c, deps, {
      title: "Live match",
      body: (
        <section class="center-screen" aria-labelledby="live-title">
          <h1 id="live-title">No live session</h1>
          <p class="muted">There is no live POV session on this device right now.</p>
          <a class="button button-primary" href="/">Go to Discover</a>
        </section>
      ),
    }));

  return app;
}
