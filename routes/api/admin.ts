// Admin API, mounted at /api/admin. Every call is checked on the server by requireAdmin: 401 for
// guests, 403 for signed-in members whose stored record's role is not 'admin' (whatever the
// browser believes). The direct-* paths are the direct admin page's names for the same
// operations.
import { Hono } from "hono";
import { deleteCookie } from "hono/cookie";
import { z } from "zod";
import type { AppDeps, MemberAppEnv } from "../context.tsx";
import { requireAdmin } from "../../lib/http/auth.ts";
import { validate } from "../../lib/http/validate.ts";
import { ADMIN_QUERY_MAX, ADMIN_TEXT } from "../../lib/admin/shared.ts";
import { adminDeleteUser, adminVerifyEmail, listAdminUsers } from "../../lib/admin/users.ts";
import { listAdminReports, setReportStatus } from "../../lib/admin/reports.ts";
import { systemStatus } from "../../lib/admin/system.ts";
import { FLASH_COOKIE } from "../../lib/http/flash.ts";
import { createInvitations } from "../../kv/users.ts";

const queryText = z.string({ error: ADMIN_TEXT.badQuery }).max(ADMIN_QUERY_MAX, ADMIN_TEXT.badQuery)
  .default("");
const usersQuery = z.object({ q: queryText });
const reportsQuery = z.object({
  q: queryText,
  status: z.enum(["pending", "reviewed", "dismissed", "all"], { error: ADMIN_TEXT.badFilter })
    .default("all"),
});
const idParam = z.object({ id: z.string().min(1).max(100).regex(/^[\w-]+$/) });
const statusBody = z.object({
  status: z.enum(["reviewed", "dismissed"], { error: ADMIN_TEXT.badStatus }),
});

/** An id in the path that cannot name anything answers like an unknown one. */
const userId = validate("param", idParam, { fallback: ADMIN_TEXT.userNotFound, status: 404 });
const reportId = validate("param", idParam, { fallback: ADMIN_TEXT.reportNotFound, status: 404 });

export function adminApi(deps: AppDeps) {
  const app = new Hono<MemberAppEnv>();
  const { kv } = deps;

  // The direct admin page signs in without a reload, so the sign-in's one-shot 'Logged in
  // successfully' toast would show on some later page (even after a refused non-admin): it is
  // dropped before the rights are checked.
  app.use("/direct-users", async (c, next) => {
    deleteCookie(c, FLASH_COOKIE, { path: "/" });
    await next();
  });
  app.use("*", requireAdmin());

  for (const path of ["/users", "/direct-users"]) {
    app.get(path, validate("query", usersQuery), async (c) => {
      return c.json(await listAdminUsers(kv, c.req.valid("query").q));
    });
  }

  for (const path of ["/users/:id", "/direct-delete-user/:id"]) {
    app.delete(path, userId, async (c) => {
      const { id } = c.req.valid("param");
      await adminDeleteUser(kv, c.var.user.id, id);
      return c.json({ ok: true, id, message: ADMIN_TEXT.userDeletedDescription });
    });
  }

  for (const path of ["/users/:id/verify-email", "/direct-verify-email/:id"]) {
    app.post(path, userId, async (c) => {
      const user = await adminVerifyEmail(kv, c.req.valid("param").id);
      return c.json({ ok: true, user, message: ADMIN_TEXT.emailVerifiedDescription });
    });
  }

  app.get(
    "/system",
    async (c) =>
      c.json(await systemStatus(kv, deps.config.env, deps.email, deps.hub.metrics.socketsOpen)),
  );

  app.get("/reports", validate("query", reportsQuery), async (c) => {
    const { q, status } = c.req.valid("query");
    return c.json(await listAdminReports(kv, status, q));
  });

  app.put("/reports/:id", reportId, validate("json", statusBody), async (c) => {
    const { status } = c.req.valid("json");
    return c.json(await setReportStatus(kv, c.req.valid("param").id, status, c.var.user.id));
  });

  // A new invitation code owned by nobody, for the operator to hand out.
  app.post("/invitations", async (c) => {
    const [code] = await createInvitations(kv, null, 1);
    return c.json({ code }, 201);
  });

  return app;
}
