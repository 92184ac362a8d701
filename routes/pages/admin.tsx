// Admin pages (SPEC section 2): /admin and /admin/users ('User Management'), /admin/reports
// ('Admin Dashboard: Reports') and the public /direct-admin with its own login. Guests asking for
// /admin* were already sent to /auth (PROTECTED_PATHS); a signed-in member who is not an
// administrator gets 'Access Denied' with status 403. The role is read from the account on the
// server for every request.
import { Hono } from "hono";
import type { AppContext, AppDeps, AppEnv } from "../context.tsx";
import { page } from "../context.tsx";
import { Island } from "../../lib/render/island.tsx";
import { ADMIN_TEXT } from "../../lib/admin/shared.ts";
import { listAdminUsers } from "../../lib/admin/users.ts";
import { listAdminReports } from "../../lib/admin/reports.ts";
import { AccessDenied } from "../../components/admin/AccessDenied.tsx";
import { AdminNav } from "../../components/admin/AdminNav.tsx";

export function adminPages(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  /** The 'Access Denied' page for anyone but an administrator, else null. */
  const denied = (c: AppContext) => {
    const user = c.get("user");
    if (user?.role === "admin") return null;
    if (!user) return c.redirect("/auth", 303);
    return page(c, deps, {
      title: ADMIN_TEXT.accessDenied,
      status: 403,
      body: <AccessDenied />,
    });
  };

  const usersPage = async (c: AppContext) => {
    const refused = denied(c);
    if (refused) return refused;
    const users = await listAdminUsers(deps.kv);
    return page(c, deps, {
      title: ADMIN_TEXT.usersTitle,
      body: (
        <div class="admin-page">
          <h1 class="page-title">{ADMIN_TEXT.usersTitle}</h1>
          <AdminNav current="users" />
          <Island name="AdminUsers" props={{ users, meId: c.get("user")!.id }} />
        </div>
      ),
    });
  };
  app.get("/admin", usersPage);
  app.get("/admin/users", usersPage);

  app.get("/admin/reports", async (c) => {
    const refused = denied(c);
    if (refused) return refused;
    const initial = await listAdminReports(deps.kv, "pending");
    return page(c, deps, {
      title: ADMIN_TEXT.reportsTitle,
      body: (
        <div class="admin-page">
          <h1 class="page-title">{ADMIN_TEXT.reportsTitle}</h1>
          <AdminNav current="reports" />
          <Island name="AdminReports" props={{ initial }} />
        </div>
      ),
    });
  });

  // Public: the page has its own login. An administrator already signed in sees the dashboard.
  app.get("/direct-admin", (c) => {
    const user = c.get("user");
    const admin = user?.role === "admin";
    return page(c, deps, {
      title: "Admin",
      body: (
        <div class="admin-page">
          <Island
            name="DirectAdmin"
            props={admin ? { loggedIn: true, meId: user.id } : { loggedIn: false }}
          />
        </div>
      ),
    });
  });

  return app;
}
