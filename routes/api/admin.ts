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
import {
  ADMIN_CURSOR_MAX,
  ADMIN_PAGE_MAX,
  ADMIN_PAGE_SIZE,
  ADMIN_QUERY_MAX,
  ADMIN_TEXT,
} from "../../lib/admin/shared.ts";
import {
  adminDeleteUser,
  AdminError,
  adminVerifyEmail,
  toAdminUser,
} from "../../lib/admin/users.ts";
import { listAdminUsers } from "../../lib/admin/user_list.ts";
import { listAdminReports, setReportStatus } from "../../lib/admin/reports.ts";
import { systemStatus } from "../../lib/admin/system.ts";
import { FLASH_COOKIE } from "../../lib/http/flash.ts";
import { createInvitations, getUser, updateUser } from "../../kv/users.ts";
import { deleteUserSessions } from "../../kv/sessions.ts";
import {
  activeBan,
  BAN_MAX_DAYS,
  BAN_REASON_MAX,
  BAN_TEXT,
  newBan,
} from "../../lib/moderation/bans.ts";
import type { UserRecord } from "../../lib/auth/types.ts";

const queryText = z.string({ error: ADMIN_TEXT.badQuery }).max(ADMIN_QUERY_MAX, ADMIN_TEXT.badQuery)
  .default("");
const usersQuery = z.object({
  q: queryText,
  cursor: z.string({ error: ADMIN_TEXT.badCursor }).max(ADMIN_CURSOR_MAX, ADMIN_TEXT.badCursor)
    .optional(),
  limit: z.string({ error: ADMIN_TEXT.badLimit }).regex(/^\d{1,3}$/, ADMIN_TEXT.badLimit)
    .transform(Number).pipe(
      z.number().min(1, ADMIN_TEXT.badLimit).max(ADMIN_PAGE_MAX, ADMIN_TEXT.badLimit),
    ).default(ADMIN_PAGE_SIZE),
});
const banBody = z.object({
  reason: z.string({ error: BAN_TEXT.reasonRequired }).trim()
    .min(1, BAN_TEXT.reasonRequired).max(BAN_REASON_MAX, BAN_TEXT.reasonTooLong),
  days: z.number({ error: BAN_TEXT.badDays }).int(BAN_TEXT.badDays)
    .min(1, BAN_TEXT.badDays).max(BAN_MAX_DAYS, BAN_TEXT.badDays).optional(),
});
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

  // A page of members: newest first, or a search by exact or starting username or email.
  for (const path of ["/users", "/direct-users"]) {
    app.get(path, validate("query", usersQuery), async (c) => {
      return c.json(await listAdminUsers(kv, c.req.valid("query")));
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

  // A ban signs the member out everywhere at once (their sockets close with the sessions).
  app.post("/users/:id/ban", userId, validate("json", banBody), async (c) => {
    const { id } = c.req.valid("param");
    const { reason, days } = c.req.valid("json");
    if (id === c.var.user.id) throw new AdminError(BAN_TEXT.cannotBanSelf, 400);
    const user = await changeMember(
      id,
      (u) => ({ ...u, ban: newBan(reason, days, c.var.user.id) }),
    );
    await deleteUserSessions(kv, id);
    return c.json({ ok: true, user, message: BAN_TEXT.bannedDescription(user.username) });
  });

  app.delete("/users/:id/ban", userId, async (c) => {
    const { id } = c.req.valid("param");
    const member = await getUser(kv, id);
    if (!member) throw new AdminError(ADMIN_TEXT.userNotFound, 404);
    if (!activeBan(member)) throw new AdminError(BAN_TEXT.notBanned, 409);
    const user = await changeMember(id, (u) => ({ ...u, ban: null }));
    return c.json({ ok: true, user, message: BAN_TEXT.unbannedDescription(user.username) });
  });

  /** Saves a change to a member, answering 404 for one who is not there. */
  async function changeMember(id: string, change: (u: UserRecord) => UserRecord) {
    const result = await updateUser(kv, id, change);
    if (result.ok) return toAdminUser(result.user);
    if (result.reason === "not_found") throw new AdminError(ADMIN_TEXT.userNotFound, 404);
    throw new AdminError(ADMIN_TEXT.changedMeanwhile, 409);
  }

  // Measured anew on every request: the Refresh Status button asks again.
  app.get("/system", async (c) => {
    c.header("cache-control", "no-store");
    return c.json(
      await systemStatus(kv, {
        env: deps.config.env,
        email: deps.email,
        hub: deps.hub,
        assets: deps.assets,
      }),
    );
  });

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
