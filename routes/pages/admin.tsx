// Admin pages. Mounted at /admin, behind requireAdmin: / and /users ('User Management', the first
// page of members rendered here, the rest loaded on demand), /reports ('Admin Dashboard:
// Reports'), /appeals (banned members' appeals), /invitations and /audit (the audit log), and
// /second-factor (set up or give the administrator's second factor, which every other admin page
// asks for first). A guest is sent to /auth; a signed-in member who is not
// an administrator gets the 'Access Denied' page with status 403 (see routes/app.tsx). The role
// is read from the member's stored record on every request. /direct-admin is public: it has its
// own login.
import { Hono } from "hono";
import type { AppDeps, AppEnv, MemberAppEnv } from "../context.tsx";
import { page } from "../context.tsx";
import { Island } from "../../lib/server/render/island.tsx";
import { said } from "../../lib/shared/i18n/said.ts";
import { listAdminUsers } from "../../lib/server/admin/user_list.ts";
import { listAdminReports } from "../../lib/server/admin/reports.ts";
import { auditPage } from "../../lib/server/admin/audit.ts";
import { listAdminAppeals } from "../../lib/server/moderation/appeals.ts";
import { requireAdmin } from "../../lib/server/http/auth.ts";
import { readLimit } from "../../lib/server/http/rate_limit.ts";
import { AdminPage } from "../../components/admin/AdminPage.tsx";
import { requireSecondFactor, secondFactorPage } from "../../lib/server/http/second_factor_gate.ts";
import { factorNeed, factorSummary } from "../../lib/server/auth/second_factor.ts";
import { SECOND_FACTOR_PAGE } from "../../lib/shared/second_factor.ts";

/** The first page the server renders; the islands load the rest on demand. */
const REPORTS_PAGE = 20;
const AUDIT_PAGE = 50;

export function adminPages(deps: AppDeps) {
  const app = new Hono<MemberAppEnv>();
  app.use("*", requireAdmin());
  // Every admin page but /second-factor sends an administrator who must set up or give their
  // second factor there first (lib/server/http/second_factor_gate.ts).
  app.use("*", requireSecondFactor(deps, "page"));
  // The lists are heavy reads: each administrator reads them at most READ_RULE times a window.
  const reads = readLimit(deps.kv, deps.config.rateLimits);

  for (const path of ["/", "/users"]) {
    app.get(path, reads, async (c) => {
      const initial = await listAdminUsers(deps.kv);
      return page(c, deps, {
        title: said("admin.usersTitle"),
        body: (
          <AdminPage title="usersTitle" current="users">
            <Island name="AdminUsers" props={{ initial, meId: c.var.user.id }} />
          </AdminPage>
        ),
      });
    });
  }

  app.get("/reports", reads, async (c) => {
    const initial = await listAdminReports(deps.kv, "pending", { limit: REPORTS_PAGE });
    return page(c, deps, {
      title: said("admin.reportsTitle"),
      body: (
        <AdminPage title="reportsTitle" current="reports">
          <Island name="AdminReports" props={{ initial }} />
        </AdminPage>
      ),
    });
  });

  app.get("/appeals", reads, async (c) => {
    const initial = await listAdminAppeals(deps.kv);
    return page(c, deps, {
      title: said("admin.appealsTitle"),
      body: (
        <AdminPage title="appealsTitle" current="appeals">
          <Island name="AdminAppeals" props={{ initial }} />
        </AdminPage>
      ),
    });
  });

  app.get("/audit", reads, async (c) => {
    const initial = await auditPage(deps.kv, AUDIT_PAGE);
    return page(c, deps, {
      title: said("admin.auditTitle"),
      body: (
        <AdminPage title="auditTitle" current="audit">
          <Island name="AdminAudit" props={{ initial }} />
        </AdminPage>
      ),
    });
  });

  app.get("/invitations", (c) => {
    return page(c, deps, {
      title: said("admin.invitationsTitle"),
      body: (
        <AdminPage title="invitationsTitle" current="invitations">
          <Island name="AdminInvitations" props={{}} />
        </AdminPage>
      ),
    });
  });

  // Set up the second factor, give it for this session, or (given) renew or remove it.
  app.get("/second-factor", async (c) => {
    const { user, session } = c.var;
    const [summary, need] = await Promise.all([
      factorSummary(deps.kv, user.id),
      factorNeed(deps.kv, deps.config, user.id, session),
    ]);
    return page(c, deps, {
      title: said("admin.secondFactorTitle"),
      body: (
        <div class="admin-page">
          <Island
            name="AdminSecondFactor"
            props={{
              ...summary,
              need,
              required: deps.config.adminSecondFactor,
              next: adminReturnPath(c.req.query("next")),
            }}
          />
        </div>
      ),
    });
  });

  return app;
}

/** Where the second-factor page goes on: an admin page named by `next`, else /admin. */
export function adminReturnPath(next: string | undefined): string {
  return next && /^\/(admin(\/[a-z-]+)?|direct-admin)$/.test(next) && next !== SECOND_FACTOR_PAGE
    ? next
    : "/admin";
}

/**
 * /direct-admin: the login for guests and members, the dashboard for an administrator (with the
 * first page of members).
 */
export function directAdminPage(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get("/direct-admin", readLimit(deps.kv, deps.config.rateLimits), async (c) => {
    const user = c.var.user;
    const admin = user?.role === "admin";
    // The same rule as every admin page: a second factor set up and given in this session.
    const need = admin && await factorNeed(deps.kv, deps.config, user.id, c.var.session!);
    if (need) return c.redirect(secondFactorPage("/direct-admin"), 303);
    const initial = admin ? await listAdminUsers(deps.kv) : null;
    return page(c, deps, {
      title: said("admin.pageTitle"),
      body: (
        <div class="admin-page">
          <Island
            name="DirectAdmin"
            props={admin ? { loggedIn: true, meId: user.id, initial } : { loggedIn: false }}
          />
        </div>
      ),
    });
  });

  return app;
}
