// Admin API (SPEC section 7, Admin). Every call is checked ON THE SERVER: 401 for guests, 403 for
// signed-in members whose record's role is not 'admin' (the SPEC's client-side email check is
// not trusted). The direct-* paths are the SPEC's second set of paths for the same operations.
import { Hono } from "hono";
import { deleteCookie } from "hono/cookie";
import { z } from "zod";
import type { AppContext, AppDeps, AppEnv } from "../context.tsx";
import type { SessionUser } from "../../lib/auth/types.ts";
import { BodyError, jsonError, readJson } from "../../lib/http/helpers.ts";
import { ADMIN_QUERY_MAX, ADMIN_TEXT, type ReportFilter } from "../../lib/admin/shared.ts";
import {
  adminDeleteUser,
  AdminError,
  adminVerifyEmail,
  listAdminUsers,
} from "../../lib/admin/users.ts";
import { listAdminReports, setReportStatus } from "../../lib/admin/reports.ts";
import { systemStatus } from "../../lib/admin/system.ts";
import { FLASH_COOKIE } from "../../lib/http/flash.ts";

const queryText = z.string().max(ADMIN_QUERY_MAX, ADMIN_TEXT.badQuery).default("");
const usersQuery = z.object({ q: queryText });
const reportsQuery = z.object({
  q: queryText,
  status: z.enum(["pending", "reviewed", "dismissed", "all"], { error: ADMIN_TEXT.badFilter })
    .default("all"),
});
const idParam = z.string().min(1).max(100).regex(/^[\w-]+$/);
const statusBody = z.object({
  status: z.enum(["reviewed", "dismissed"], { error: ADMIN_TEXT.badStatus }),
});

type AdminHandler = (c: AppContext, admin: SessionUser) => Promise<Response> | Response;

/** Runs the handler only for a signed-in administrator; maps domain and input errors to 4xx. */
function adminOnly(handler: AdminHandler) {
  return async (c: AppContext) => {
    const user = c.get("user");
    if (!user) return jsonError(c, ADMIN_TEXT.notAuthenticated, 401);
    if (user.role !== "admin") return jsonError(c, ADMIN_TEXT.adminsOnly, 403);
    try {
      return await handler(c, user);
    } catch (err) {
      if (err instanceof AdminError) return jsonError(c, err.message, err.status);
      if (err instanceof BodyError) return jsonError(c, err.message, 400);
      throw err;
    }
  };
}

function parseQuery<S extends z.ZodType>(c: AppContext, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw new BodyError(parsed.error.issues[0]?.message ?? "Invalid query");
  return parsed.data;
}

function userId(c: AppContext): string {
  const parsed = idParam.safeParse(c.req.param("id"));
  if (!parsed.success) throw new AdminError(ADMIN_TEXT.userNotFound, 404);
  return parsed.data;
}

export function adminApi(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { kv } = deps;

  const listUsers = adminOnly(async (c) => {
    const { q } = parseQuery(c, usersQuery);
    return c.json(await listAdminUsers(kv, q));
  });
  const deleteUser = adminOnly(async (c, admin) => {
    const id = userId(c);
    await adminDeleteUser(kv, admin.id, id);
    return c.json({ ok: true, id, message: ADMIN_TEXT.userDeletedDescription });
  });
  const verifyEmail = adminOnly(async (c) => {
    const user = await adminVerifyEmail(kv, userId(c));
    return c.json({ ok: true, user, message: ADMIN_TEXT.emailVerifiedDescription });
  });

  // The first admin page.
  app.get("/api/admin/users", listUsers);
  app.delete("/api/admin/users/:id", deleteUser);
  app.post("/api/admin/users/:id/verify-email", verifyEmail);

  // The direct admin page: the same operations under the SPEC's second set of paths.
  app.get("/api/admin/direct-users", (c) => {
    // The direct admin page signs in without a reload, so the sign-in's one-shot 'Logged in
    // successfully' toast would show on some later page (even after a refused non-admin): drop it.
    deleteCookie(c, FLASH_COOKIE, { path: "/" });
    return listUsers(c);
  });
  app.delete("/api/admin/direct-delete-user/:id", deleteUser);
  app.post("/api/admin/direct-verify-email/:id", verifyEmail);

  app.get(
    "/api/admin/system",
    adminOnly(async (c) =>
      c.json(
        await systemStatus(kv, deps.config.env, deps.email, deps.hub.metrics.socketsOpen),
      )
    ),
  );

  app.get(
    "/api/admin/reports",
    adminOnly(async (c) => {
      const { q, status } = parseQuery(c, reportsQuery);
      return c.json(await listAdminReports(kv, status as ReportFilter, q));
    }),
  );

  app.put(
    "/api/admin/reports/:id",
    adminOnly(async (c, admin) => {
      const id = idParam.safeParse(c.req.param("id"));
      if (!id.success) return jsonError(c, ADMIN_TEXT.reportNotFound, 404);
      const { status } = await readJson(c, statusBody);
      return c.json(await setReportStatus(kv, id.data, status, admin.id));
    }),
  );

  return app;
}
