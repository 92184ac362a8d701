// /auth: login, register, forgot password, success tabs (SPEC section 2, Auth).
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context.tsx";
import { page } from "../context.tsx";
import { Island } from "../../lib/render/island.tsx";
import type { AuthTab } from "../../lib/auth/rules.ts";

const OPEN_TABS = new Set<AuthTab>(["login", "register", "forgot-password"]);

export function authPages(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get("/auth", (c) => {
    const user = c.get("user");
    const invite = (c.req.query("invite") ?? "").trim().slice(0, 64);
    const resetToken = (c.req.query("reset") ?? "").trim().slice(0, 200);
    const asked = c.req.query("tab") as AuthTab | undefined;
    const initialTab: AuthTab = resetToken
      ? "reset-password"
      : asked && OPEN_TABS.has(asked)
      ? asked
      : invite
      ? "register"
      : "login";
    return page(c, deps, {
      title: "Login or Register",
      body: (
        <div class="auth-page">
          <Island
            name="AuthPanel"
            props={{
              initialTab,
              signedIn: Boolean(user) && !resetToken,
              invitationCode: invite,
              resetToken,
            }}
          />
        </div>
      ),
    });
  });

  return app;
}
