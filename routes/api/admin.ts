// Admin API, mounted at /api/admin. Every call is checked on the server by requireAdmin: 401 for
// guests, 403 for signed-in members whose stored record's role is not 'admin' (whatever the
// browser believes). The direct-* paths are the direct admin page's names for the same
// operations. Every change is written with its audit entry, and counted against the
// administrator's rate limit. requireSecondFactor then asks for the administrator's second factor.
import { Hono } from "hono";
import { deleteCookie } from "hono/cookie";
import { z } from "zod";
import type { AppDeps, MemberAppEnv } from "../context.tsx";
import { requireAdmin } from "../../lib/server/http/auth.ts";
import { requireSecondFactor } from "../../lib/server/http/second_factor_gate.ts";
import { secondFactorApi } from "./second_factor.ts";
import { validate } from "../../lib/server/http/validate.ts";
import { RATE_RULES, rateLimit, readLimit } from "../../lib/server/http/rate_limit.ts";
import {
  ADMIN_CURSOR_MAX,
  ADMIN_PAGE_MAX,
  ADMIN_PAGE_SIZE,
  ADMIN_QUERY_MAX,
  INVITATIONS_MAX,
} from "../../lib/shared/admin.ts";
import { listAdminUsers } from "../../lib/server/admin/user_list.ts";
import { adminDeleteUser, adminVerifyEmail } from "../../lib/server/admin/actions.ts";
import { banMember, unbanMember } from "../../lib/server/admin/bans.ts";
import { listAdminReports, setReportStatus } from "../../lib/server/admin/reports.ts";
import { auditPage } from "../../lib/server/admin/audit.ts";
import { createAdminInvitations } from "../../lib/server/admin/invitations.ts";
import { systemStatus } from "../../lib/server/admin/system.ts";
import { toAdminUser } from "../../lib/server/admin/users.ts";
import { liftHold } from "../../lib/server/moderation/holds.ts";
import { answerAppeal, listAdminAppeals } from "../../lib/server/moderation/appeals.ts";
import { FLASH_COOKIE } from "../../lib/server/http/flash.ts";
import { BAN_MAX_DAYS, BAN_REASON_MAX } from "../../lib/shared/moderation/bans.ts";
import { carried, type Said, said } from "../../lib/shared/i18n/said.ts";
import { sayIn } from "../../lib/server/i18n/catalogs.ts";
import { localeOf } from "../../lib/server/http/locale.ts";

// The schemas' own texts (messages carried in the strings zod keeps).
const badQuery = carried(said("admin.badQuery"));
const badCursor = carried(said("admin.badCursor"));
const badLimit = carried(said("admin.badLimit"));
const reasonRequired = carried(said("admin.banReasonRequired"));
const badDays = carried(said("admin.banBadDays"));
const badInvitationCount = carried(said("admin.badInvitationCount"));

const queryText = z.string({ error: badQuery }).max(ADMIN_QUERY_MAX, badQuery).default("");
const cursor = z.string({ error: badCursor }).max(ADMIN_CURSOR_MAX, badCursor).optional();
const limit = (fallback: number) =>
  z.coerce.number({ error: badLimit }).int(badLimit)
    .min(1, badLimit).max(ADMIN_PAGE_MAX, badLimit).default(fallback);
const usersQuery = z.object({
  q: queryText,
  cursor,
  limit: z.string({ error: badLimit }).regex(/^\d{1,3}$/, badLimit)
    .transform(Number).pipe(z.number().min(1, badLimit).max(ADMIN_PAGE_MAX, badLimit))
    .default(ADMIN_PAGE_SIZE),
});
const reportsQuery = z.object({
  q: queryText,
  status: z.enum(["pending", "reviewed", "dismissed", "all"], {
    error: carried(said("admin.badFilter")),
  }).default("all"),
  cursor,
  limit: limit(20),
});
const auditQuery = z.object({ cursor, limit: limit(50) });
const idParam = z.object({ id: z.string().min(1).max(100).regex(/^[\w-]+$/) });
const banBody = z.object({
  reason: z.string({ error: reasonRequired }).trim()
    .min(1, reasonRequired).max(BAN_REASON_MAX, carried(said("admin.banReasonTooLong"))),
  days: z.number({ error: badDays }).int(badDays).min(1, badDays).max(BAN_MAX_DAYS, badDays)
    .optional(),
}).strict();
const statusBody = z.object({
  status: z.enum(["reviewed", "dismissed"], { error: carried(said("admin.badStatus")) }),
  /** Review and ban the reported member in one step. */
  ban: banBody.optional(),
}).strict().refine(
  (b) => !b.ban || b.status === "reviewed",
  carried(said("admin.banNeedsReview")),
);
const invitationsBody = z.object({
  count: z.number({ error: badInvitationCount }).int(badInvitationCount)
    .min(1, badInvitationCount).max(INVITATIONS_MAX, badInvitationCount).default(1),
}).strict();

const answerBody = z.object({
  decision: z.enum(["uphold", "lift"], { error: carried(said("admin.appealBadDecision")) }),
}).strict();

/** An id in the path that cannot name anything gets the same response as an unknown one. */
const notFound = (fallback: Said) => validate("param", idParam, { fallback, status: 404 });
const userId = notFound(said("admin.userNotFound"));
const appealId = notFound(said("admin.appealNotFound"));
const reportId = notFound(said("admin.reportNotFound"));

export function adminApi(deps: AppDeps) {
  const app = new Hono<MemberAppEnv>();
  const { kv } = deps;
  const limited = (rule: (typeof RATE_RULES)[keyof typeof RATE_RULES]) =>
    rateLimit(kv, deps.config.rateLimits, (c) => [{ rule, subject: c.var.user?.id ?? "" }]);
  const write = limited(RATE_RULES.adminWrite);
  // The lists are heavy reads: each administrator reads them at most READ_RULE times a window.
  const reads = readLimit(kv, deps.config.rateLimits);

  // The direct admin page signs in without a reload, so the sign-in's one-shot 'Logged in
  // successfully' toast would show on some later page (even after a refused non-admin): it is
  // dropped before the rights are checked.
  app.use("/direct-users", async (c, next) => {
    deleteCookie(c, FLASH_COOKIE, { path: "/" });
    await next();
  });
  app.use("*", requireAdmin());
  // An administrator acts only with a second factor given in this session (or, outside
  // production, none set up); /second-factor is where one is set up or given.
  app.use("*", requireSecondFactor(deps, "api"));
  app.route("/second-factor", secondFactorApi(deps));

  // A page of members: newest first, or a search by exact or starting username or email.
  for (const path of ["/users", "/direct-users"]) {
    app.get(path, reads, validate("query", usersQuery), async (c) => {
      return c.json(await listAdminUsers(kv, c.req.valid("query")));
    });
  }

  for (const path of ["/users/:id", "/direct-delete-user/:id"]) {
    app.delete(path, write, userId, async (c) => {
      const { id } = c.req.valid("param");
      await adminDeleteUser(kv, c.var.user, id);
      return c.json({
        ok: true,
        id,
        message: sayIn(localeOf(c), said("admin.userDeletedDescription")),
      });
    });
  }

  for (const path of ["/users/:id/verify-email", "/direct-verify-email/:id"]) {
    app.post(path, write, userId, async (c) => {
      const user = await adminVerifyEmail(kv, c.var.user, c.req.valid("param").id);
      return c.json({
        ok: true,
        user,
        message: sayIn(localeOf(c), said("admin.emailVerifiedDescription")),
      });
    });
  }

  app.post(
    "/users/:id/ban",
    write,
    userId,
    validate("json", banBody, { fallback: said("admin.banReasonRequired") }),
    async (c) => {
      const user = await banMember(kv, c.var.user, c.req.valid("param").id, c.req.valid("json"));
      const message = said("admin.bannedDescription", { username: user.username });
      return c.json({ ok: true, user, message: sayIn(localeOf(c), message) });
    },
  );

  app.delete("/users/:id/ban", write, userId, async (c) => {
    const user = await unbanMember(kv, c.var.user, c.req.valid("param").id);
    const message = said("admin.unbannedDescription", { username: user.username });
    return c.json({ ok: true, user, message: sayIn(localeOf(c), message) });
  });

  // Lift a safety hold (the admin queue's Lift hold); Ban ends a hold too.
  app.delete("/users/:id/hold", write, userId, async (c) => {
    const user = toAdminUser(
      await liftHold(kv, c.var.user, c.req.valid("param").id, deps.config.origin),
    );
    const message = said("admin.holdLiftedDescription", { username: user.username });
    return c.json({ ok: true, user, message: sayIn(localeOf(c), message) });
  });

  // Measured anew on every request: the Refresh Status button asks again.
  app.get("/system", async (c) => {
    c.header("cache-control", "no-store");
    return c.json(
      await systemStatus(kv, {
        env: deps.config.env,
        email: deps.email,
        hub: deps.hub,
        assets: deps.assets,
      }, localeOf(c)),
    );
  });

  app.get("/reports", reads, validate("query", reportsQuery), async (c) => {
    const { q, status, cursor, limit } = c.req.valid("query");
    return c.json(await listAdminReports(kv, status, { query: q, cursor, limit }));
  });

  app.put(
    "/reports/:id",
    write,
    reportId,
    validate("json", statusBody, { fallback: said("admin.badStatus") }),
    async (c) => {
      const { status, ban } = c.req.valid("json");
      const report = await setReportStatus(kv, c.var.user, c.req.valid("param").id, status, ban);
      return c.json(report);
    },
  );

  // Appeals of bans and holds: pending first (oldest first), then the latest answered.
  app.get("/appeals", reads, async (c) => c.json(await listAdminAppeals(kv)));

  app.post(
    "/appeals/:id",
    write,
    appealId,
    validate("json", answerBody, { fallback: said("admin.appealBadDecision") }),
    async (c) => {
      const { decision } = c.req.valid("json");
      const appeal = await answerAppeal(
        kv,
        c.var.user,
        c.req.valid("param").id,
        decision,
        deps.config.origin,
      );
      const vars = { username: appeal.username };
      const hold = appeal.subject.kind === "hold";
      const message = decision === "lift"
        ? said(hold ? "admin.appealLiftedHoldDescription" : "admin.appealLiftedDescription", vars)
        : said(hold ? "admin.appealUpheldHoldDescription" : "admin.appealUpheldDescription", vars);
      return c.json({ ok: true, appeal, message: sayIn(localeOf(c), message) });
    },
  );

  app.get("/audit", reads, validate("query", auditQuery), async (c) => {
    const { cursor, limit } = c.req.valid("query");
    return c.json(await auditPage(kv, limit, cursor));
  });

  // Unused invitation codes owned by nobody, for the operator to hand out.
  app.post(
    "/invitations",
    limited(RATE_RULES.adminInvitations),
    validate("json", invitationsBody, {
      fallback: said("admin.badInvitationCount"),
      when: (c) => c.req.header("content-length") !== "0" && !!c.req.header("content-type"),
    }),
    async (c) => {
      const body = (c.req.valid("json") as z.infer<typeof invitationsBody> | undefined) ??
        { count: 1 };
      const codes = await createAdminInvitations(kv, c.var.user, body.count);
      return c.json({ code: codes[0], codes }, 201);
    },
  );

  return app;
}
