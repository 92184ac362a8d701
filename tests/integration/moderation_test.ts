// Moderation that bites: a ban signs a member out everywhere at once (sockets on every instance
// close, a live partner hears a neutral end), sign-in responds with the ban and its end, registration
// with their address is refused, a timed ban lifts itself; every admin action is in the audit log;
// the pending queue is ordered by distinct reporters; invitations come in batches; audit entries
// and session statistics go when their time is up.
import assert from "node:assert/strict";
import { closeAll, connectPeer, pairUp, search, withMembers } from "../helpers/realtime_members.ts";
import { assertError, Client } from "../helpers/accounts.ts";
import { kvDump } from "../helpers/kv_dump.ts";
import { sleep } from "../helpers/time.ts";
import { keys } from "../../kv/keys.ts";
import { createSession } from "../../kv/sessions.ts";
import { createInvitations, findUserByUsername, putUserIn } from "../../kv/users.ts";
import { backfillReportIndexes, createReport, listReportPage } from "../../kv/reports.ts";
import { recountPending, REPORTERS_WINDOW_MS } from "../../kv/report_triage.ts";
import { appendAudit, type AuditEntry, listAudit } from "../../kv/audit.ts";
import { addSession, getStats } from "../helpers/legacy_stats.ts";
import { sweepRetention } from "../../lib/server/jobs.ts";
import { banMember } from "../../lib/server/admin/bans.ts";
import { auditEntry } from "../../lib/server/admin/audit.ts";
import type { Report } from "../../lib/server/moderation/reports.ts";
import { rtEnglish } from "../helpers/rt_english.ts";
import { SESSION_COOKIE, Sessions } from "../../lib/server/auth/session.ts";
import { english } from "../helpers/english.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };
const SHARED_PASSWORD = "realtime-shared-password";
const ADMIN = { ADMIN_EMAIL: "chief@example.test", ADMIN_PASSWORD: "admin-pass-12" };
const ENV = { MATCH_DURATION_MS: "30000", SEARCH_TIMEOUT_MS: "3000", ...ADMIN };

async function adminClient(server: { url: string; kv: Deno.Kv }) {
  const chief = new Client(server as never);
  const login = await chief.post("/api/simple-login", {
    identifier: ADMIN.ADMIN_EMAIL,
    password: ADMIN.ADMIN_PASSWORD,
  });
  assert.equal(login.status, 200, login.text);
  return { client: chief, id: login.json.id as string, username: login.json.username as string };
}

async function auditActions(kv: Deno.Kv): Promise<string[]> {
  return (await listAudit(kv, 100)).entries.map((e) => `${e.action}:${e.targetLabel}`);
}

Deno.test(
  "ban: the member is signed out everywhere within 2 s, the partner hears a neutral end, sign-in and registration are refused, unban restores",
  opts,
  async () => {
    await withMembers(ENV, async (server, f) => {
      const chief = await adminClient(server);
      const [am, bm] = await f.many(2);
      const a = await connectPeer(am), b = await connectPeer(bm);
      try {
        await pairUp(a, b);
        const t = performance.now();
        const res = await chief.client.post(`/api/admin/users/${am.id}/ban`, {
          reason: "Showed a weapon on camera",
          days: 7,
        });
        assert.equal(res.status, 200, res.text);
        assert.equal(
          res.json.message,
          english("admin.bannedDescription", { username: am.username }),
        );
        assert.equal(res.json.user.ban.reason, "Showed a weapon on camera");
        const until = Date.parse(res.json.user.ban.until);
        assert.ok(Math.abs(until - (Date.now() + 7 * 86400_000)) < 60_000, "seven days from now");

        const closed = await a.ws.waitClosed(4000);
        const ms = performance.now() - t;
        assert.equal(closed.code, 4401);
        assert.equal(a.ws.messages.at(-1)?.message, rtEnglish("not_authenticated"));
        assert.ok(ms < 2000, `closed in ${ms} ms`);
        // The partner is told the call ended, with nothing that names a ban.
        const ended = await b.ws.next("session_ended", 2000);
        assert.equal(ended.reason, "signed_out");

        // Every session record is gone; the old cookie is a guest's.
        assert.equal((await am.client.get("/api/user/profile")).status, 401);
        let sessions = 0;
        for await (const _ of server.kv.list({ prefix: keys.userSessionsPrefix(am.id) })) {
          sessions++;
        }
        assert.equal(sessions, 0);

        // Sign-in with the right password tells the ban and its end; a wrong one tells nothing.
        const again = new Client(server);
        assertError(
          await again.post("/api/simple-login", {
            identifier: am.username,
            password: "wrong-pw-1",
          }),
          401,
          "Invalid username/email or password",
        );
        const refused = await again.post("/api/simple-login", {
          identifier: am.username,
          password: SHARED_PASSWORD,
        });
        assertError(
          refused,
          403,
          english("admin.signInBannedUntil", {}, { until: res.json.user.ban.until }),
        );
        assert.equal(again.session, undefined, "no session cookie");

        // Registration with the banned member's address stores nothing and uses no invitation,
        // and responds as for any address ("check your inbox"): the ban is told to no one else.
        const [code] = await createInvitations(server.kv, null, 1);
        const registrant = new Client(server);
        const reg = await registrant.post("/api/register", {
          username: "fresh_start",
          email: `${am.username.toUpperCase()}@example.test`,
          password: "another-pass-1",
          invitationCode: code,
          ageConfirmed: true,
        });
        assert.equal(reg.status, 202, reg.text);
        assert.equal(reg.json.status, "check_inbox");
        assert.equal(registrant.session, undefined, "no session cookie");
        assert.equal(await findUserByUsername(server.kv, "fresh_start"), null);
        assert.equal(
          (await server.kv.get<{ usedBy?: string }>(keys.invitation(code))).value?.usedBy,
          undefined,
        );

        // A session that outlived the ban (one made behind its back) is no session.
        const stale = await createSession(server.kv, am.id);
        const token = await (await Sessions.create(server.kv, server.config)).token(stale);
        const ghost = new Client(server);
        ghost.cookies.set(SESSION_COOKIE, token);
        assert.equal((await ghost.get("/api/user/profile")).status, 401);

        // The admin list shows the state.
        const listed = await chief.client.get(`/api/admin/users?q=${am.username}`);
        const row = (Array.isArray(listed.json) ? listed.json : listed.json.users)
          .find((u: { id: string }) => u.id === am.id);
        assert.equal(row.ban.until, res.json.user.ban.until);

        // Unban: sign-in works again; a second unban is refused.
        const lifted = await chief.client.request("DELETE", `/api/admin/users/${am.id}/ban`);
        assert.equal(lifted.status, 200, lifted.text);
        assert.equal(lifted.json.user.ban, null);
        assertError(
          await chief.client.request("DELETE", `/api/admin/users/${am.id}/ban`),
          409,
          english("admin.notBanned"),
        );
        const back = await new Client(server).post("/api/simple-login", {
          identifier: am.username,
          password: SHARED_PASSWORD,
        });
        assert.equal(back.status, 200, back.text);
        assert.deepEqual(await auditActions(server.kv), [
          `unban:${am.username}`,
          `ban:${am.username}`,
        ]);
      } finally {
        closeAll(a, b);
      }
    });
  },
);

Deno.test("ban: a timed ban lifts itself when its end passes", opts, async () => {
  await withMembers(ENV, async (server, f) => {
    const chief = await adminClient(server);
    const [am] = await f.many(1);
    // A one-day ban imposed a day ago less 1.5 s: it ends 1.5 s from now.
    await banMember(
      server.kv,
      chief,
      am.id,
      { reason: "cool off", days: 1 },
      Date.now() - 86400_000 + 1500,
    );
    const signIn = () =>
      new Client(server).post("/api/simple-login", {
        identifier: am.username,
        password: SHARED_PASSWORD,
      });
    assert.equal((await signIn()).status, 403);
    const row = async () => {
      const listed = await chief.client.get(`/api/admin/users?q=${am.username}`);
      return (Array.isArray(listed.json) ? listed.json : listed.json.users)[0];
    };
    assert.ok((await row()).ban, "listed as banned");
    await sleep(1700);
    const back = await signIn();
    assert.equal(back.status, 200, "signed in once the ban ended");
    assert.equal((await row()).ban, null, "listed as not banned");
    // A search works again.
    const [bm] = await f.many(1);
    const cookie = [...back.headers.getSetCookie()].map((c) => c.split(";")[0])
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    const a = await connectPeer({ ...am, cookie }), b = await connectPeer(bm);
    try {
      await pairUp(a, b);
    } finally {
      closeAll(a, b);
    }
  });
});

Deno.test(
  "ban: a banned member is never paired, even with a socket that outlived the ban",
  opts,
  async () => {
    await withMembers(ENV, async (server, f) => {
      const chief = await adminClient(server);
      const [am, bm] = await f.many(2);
      // A's socket opened before the ban; the ban is written behind the sessions' back (no
      // sign-out reaches it): the search itself must refuse them.
      const a = await connectPeer(am), b = await connectPeer(bm);
      try {
        search(b);
        await b.ws.next("searching");
        const op = server.kv.atomic();
        await putUserIn(server.kv, op, am.id, (u) => ({
          ...u,
          ban: { reason: "x", until: null, at: new Date().toISOString(), by: chief.id },
        }));
        assert.ok((await op.commit()).ok);
        search(a);
        const closed = await a.ws.waitClosed(4000);
        assert.equal(closed.code, 4401);
        assert.equal(a.ws.messages.some((m) => m.type === "match_found"), false);
        assert.equal((await b.ws.next("no_match_found", 5000)).code, "no_match");
        assert.equal(b.ws.messages.some((m) => m.type === "match_found"), false);
      } finally {
        closeAll(a, b);
      }
    });
  },
);

Deno.test("ban: bad requests are refused with their text and change nothing", opts, async () => {
  await withMembers(ENV, async (server, f) => {
    const chief = await adminClient(server);
    const [am] = await f.many(1);
    const skip = [
      "rate_limits",
      "login_known_ip",
      "sessions",
      "user_sessions",
      "health",
      "presence",
    ];
    const before = await kvDump(server.kv, skip);
    const cases: [unknown, string][] = [
      [{}, english("admin.banReasonRequired")],
      [{ reason: "   " }, english("admin.banReasonRequired")],
      [{ reason: "x".repeat(501) }, english("admin.banReasonTooLong")],
      [{ reason: "spam", days: 0 }, english("admin.banBadDays")],
      [{ reason: "spam", days: 1.5 }, english("admin.banBadDays")],
      [{ reason: "spam", days: 3651 }, english("admin.banBadDays")],
      [{ reason: "spam", days: "7" }, english("admin.banBadDays")],
      [{ reason: "spam", role: "admin" }, english("admin.banReasonRequired")],
    ];
    for (const [body, text] of cases) {
      assertError(await chief.client.post(`/api/admin/users/${am.id}/ban`, body), 400, text);
    }
    assertError(
      await chief.client.post(`/api/admin/users/${chief.id}/ban`, { reason: "me" }),
      400,
      english("admin.cannotBanSelf"),
    );
    assertError(
      await chief.client.request("DELETE", `/api/admin/users/${chief.id}`),
      400,
      english("admin.cannotDeleteSelf"),
    );
    assertError(
      await chief.client.post(`/api/admin/users/no-such-member/ban`, { reason: "x" }),
      404,
      english("admin.userNotFound"),
    );
    assertError(
      await chief.client.post(`/api/admin/users/${am.id}/ban`, { reason: "x" }, {
        headers: { origin: "https://evil.example" },
      }),
      403,
      "Cross-site requests are not allowed.",
    );
    assert.deepEqual(await kvDump(server.kv, skip), before, "nothing stored changed");
  });
});

Deno.test("admin api: guests 401 and members 403 on the moderation endpoints", opts, async () => {
  await withMembers(ENV, async (server, f) => {
    const [member, victim] = await f.many(2);
    const calls: [string, string, unknown?][] = [
      ["POST", `/api/admin/users/${victim.id}/ban`, { reason: "x" }],
      ["DELETE", `/api/admin/users/${victim.id}/ban`],
      ["GET", "/api/admin/audit"],
      ["POST", "/api/admin/invitations", { count: 5 }],
      ["PUT", "/api/admin/reports/some-id", { status: "reviewed", ban: { reason: "x" } }],
      ["GET", "/api/admin/reports?status=pending&limit=5"],
    ];
    const codesBefore = await kvDump(server.kv, []).then((d) =>
      d.filter((l) => l.startsWith('["invitations"'))
    );
    const guest = new Client(server);
    for (const [method, path, json] of calls) {
      const o = json === undefined ? {} : { json };
      assertError(await guest.request(method, path, o), 401, english("admin.notAuthenticated"));
      assertError(await member.client.request(method, path, o), 403, english("admin.adminsOnly"));
    }
    const victimAfter = (await server.kv.get<{ ban?: unknown }>(keys.user(victim.id))).value;
    assert.equal(victimAfter?.ban, undefined);
    assert.deepEqual(await auditActions(server.kv), []);
    const codesAfter = await kvDump(server.kv, []).then((d) =>
      d.filter((l) => l.startsWith('["invitations"'))
    );
    assert.deepEqual(codesAfter, codesBefore, "no invitation code created");
  });
});

Deno.test(
  "invitations: an administrator creates 1 to 50 codes at once, each usable, audited",
  opts,
  async () => {
    await withMembers(ENV, async (server) => {
      const chief = await adminClient(server);
      const res = await chief.client.post("/api/admin/invitations", { count: 12 });
      assert.equal(res.status, 201, res.text);
      assert.equal(res.json.codes.length, 12);
      assert.equal(new Set(res.json.codes).size, 12);
      for (const code of res.json.codes) {
        const inv =
          (await server.kv.get<{ ownerId: null; usedBy?: string }>(keys.invitation(code))).value;
        assert.ok(inv && inv.ownerId === null && !inv.usedBy, `${code} is stored unused`);
      }
      // Without a body: one code, as before.
      const one = await chief.client.post("/api/admin/invitations");
      assert.equal(one.status, 201, one.text);
      assert.equal(one.json.codes.length, 1);
      assert.equal(one.json.code, one.json.codes[0]);
      for (const count of [0, 51, 2.5, "5", null]) {
        assertError(
          await chief.client.post("/api/admin/invitations", { count }),
          400,
          english("admin.badInvitationCount"),
        );
      }
      const log = (await listAudit(server.kv, 10)).entries;
      assert.deepEqual(log.map((e) => e.details.count), [1, 12]);
      assert.equal(log[1].details.codes, res.json.codes.join(" "));
      // A code works for registration.
      const reg = await new Client(server).post("/api/register", {
        username: "invited_one",
        email: "invited@example.test",
        password: "another-pass-1",
        invitationCode: res.json.codes[3],
        ageConfirmed: true,
      });
      assert.equal(reg.status, 202, reg.text);
    });
  },
);

function reportOf(
  reporterId: string,
  reportedId: string,
  createdAt: number,
  fields: Partial<Report> = {},
): Report {
  return {
    id: crypto.randomUUID(),
    status: "pending",
    createdAt: new Date(createdAt).toISOString(),
    reporterId,
    reporterUsername: `u_${reporterId.slice(0, 6)}`,
    reportedId,
    reportedUsername: `u_${reportedId.slice(0, 6)}`,
    reportReason: "harassment",
    additionalDetails: "",
    partnerPeerId: "peer",
    matchId: crypto.randomUUID(),
    blocked: true,
    ...fields,
  };
}

const BLOCKS = {
  reporter: { reason: "blocked", at: "" },
  reported: { reason: "blocked_by", at: "" },
} as const;

async function file(kv: Deno.Kv, r: Report) {
  const res = await createReport(kv, r, BLOCKS as never, {
    day: r.createdAt.slice(0, 10),
    dailyLimit: 20,
  });
  assert.ok(res.ok);
  return r;
}

Deno.test("triage: pending reports come most distinct reporters first, then oldest; the count ages out", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const now = Date.now();
    const min = 60_000;
    // X is reported by three members (one of them twice), Y by one, long ago Z by two.
    const [x, y, r1, r2, r3] = ["x", "y", "r1", "r2", "r3"].map((s) =>
      `${s}-${crypto.randomUUID()}`
    );
    const yOld = await file(kv, reportOf(r1, y, now - 50 * min));
    const x1 = await file(kv, reportOf(r1, x, now - 40 * min));
    const x2 = await file(kv, reportOf(r2, x, now - 30 * min));
    const x1again = await file(kv, reportOf(r1, x, now - 20 * min));
    const x3 = await file(kv, reportOf(r3, x, now - 10 * min));
    const page = await listReportPage(kv, "pending", { limit: 10 });
    assert.deepEqual(page.reports.map((r) => r.id), [x1.id, x2.id, x1again.id, x3.id, yOld.id]);
    assert.deepEqual(page.reports.map((r) => r.reporters), [3, 3, 3, 3, 1]);

    // Pages follow the same order, each report once.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const p = await listReportPage(kv, "pending", { limit: 2, cursor });
      seen.push(...p.reports.map((r) => r.id));
      cursor = p.nextCursor ?? undefined;
    } while (cursor);
    assert.deepEqual(seen, page.reports.map((r) => r.id));

    // 30 days after r1's and r2's last reports only r3 (10 min younger) still counts... after
    // the recount, X's reports rank with 1 reporter (r3's is not yet 30 days old).
    const later = now - 10 * min + REPORTERS_WINDOW_MS - min;
    assert.equal(await recountPending(kv, later), 2, "both members recounted");
    const after = await listReportPage(kv, "pending", { limit: 10 });
    assert.deepEqual(after.reports.map((r) => r.reporters), [1, 1, 1, 1, 0]);
    assert.deepEqual(after.reports.map((r) => r.id), [x1.id, x2.id, x1again.id, x3.id, yOld.id]);
  } finally {
    kv.close();
  }
});

Deno.test("triage: racing reports about one member count every distinct reporter once", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const x = crypto.randomUUID();
    const reporters = Array.from({ length: 8 }, () => crypto.randomUUID());
    const now = Date.now();
    await Promise.all(reporters.map((r, i) => file(kv, reportOf(r, x, now - i))));
    const page = await listReportPage(kv, "pending", { limit: 20 });
    assert.equal(page.reports.length, 8);
    assert.deepEqual(page.reports.map((r) => r.reporters), Array(8).fill(8));
    const state = (await kv.get<{ count: number; pending: number }>(keys.pendingState(x))).value;
    assert.deepEqual([state?.count, state?.pending], [8, 8]);
    let ranks = 0;
    for await (const _ of kv.list({ prefix: keys.pendingRankPrefix() })) ranks++;
    assert.equal(ranks, 8, "no stale rank entry left behind");
  } finally {
    kv.close();
  }
});

Deno.test(
  "triage: a review can ban the reported member in the same step; both are audited",
  opts,
  async () => {
    await withMembers(ENV, async (server, f) => {
      const chief = await adminClient(server);
      const [xm, r1, r2] = await f.many(3);
      const x = await connectPeer(xm);
      try {
        const now = Date.now();
        const first = await file(
          server.kv,
          reportOf(r1.id, xm.id, now - 2000, { reportedUsername: xm.username }),
        );
        const second = await file(
          server.kv,
          reportOf(r2.id, xm.id, now - 1000, { reportedUsername: xm.username }),
        );
        const pending = await chief.client.get("/api/admin/reports?status=pending");
        assert.deepEqual(pending.json.reports.map((r: { id: string }) => r.id), [
          first.id,
          second.id,
        ]);
        assert.equal(pending.json.reports[0].reporters, 2);

        // Dismissing cannot ban.
        assertError(
          await chief.client.request("PUT", `/api/admin/reports/${first.id}`, {
            json: { status: "dismissed", ban: { reason: "x" } },
          }),
          400,
          english("admin.banNeedsReview"),
        );
        const t = performance.now();
        const res = await chief.client.request("PUT", `/api/admin/reports/${first.id}`, {
          json: { status: "reviewed", ban: { reason: "Repeated harassment" } },
        });
        assert.equal(res.status, 200, res.text);
        assert.equal(res.json.status, "reviewed");
        assert.deepEqual(res.json.reportedBan, { until: null });
        const closed = await x.ws.waitClosed(4000);
        assert.equal(closed.code, 4401);
        assert.ok(performance.now() - t < 2000);
        assertError(
          await new Client(server).post("/api/simple-login", {
            identifier: xm.username,
            password: SHARED_PASSWORD,
          }),
          403,
          english("admin.signInBannedForever"),
        );
        // The other report stays pending, showing the ban.
        const left = await chief.client.get("/api/admin/reports?status=pending");
        assert.deepEqual(left.json.reports.map((r: { id: string }) => r.id), [second.id]);
        assert.deepEqual(left.json.reports[0].reportedBan, { until: null });
        // Search by the reported member's username finds both.
        const found = await chief.client.get(`/api/admin/reports?status=all&q=@${xm.username}`);
        assert.deepEqual(found.json.reports.map((r: { id: string }) => r.id), [
          second.id,
          first.id,
        ]);

        const log = (await listAudit(server.kv, 10)).entries;
        assert.deepEqual(log.map((e) => e.action).sort(), ["ban", "review_report"]);
        assert.equal(log.find((e) => e.action === "ban")?.details.reportId, first.id);
        assert.ok(log.every((e) => e.actorUsername === chief.username));
      } finally {
        closeAll(x);
      }
    });
  },
);

Deno.test(
  "audit: every admin action is logged, newest first, a page at a time, each once",
  opts,
  async () => {
    await withMembers(ENV, async (server, f) => {
      const chief = await adminClient(server);
      const [am, bm] = await f.many(2);
      const report = await file(
        server.kv,
        reportOf(am.id, bm.id, Date.now() - 5000, {
          reportedUsername: bm.username,
        }),
      );
      const report2 = await file(
        server.kv,
        reportOf(bm.id, am.id, Date.now() - 4000, {
          reportedUsername: am.username,
        }),
      );
      const ok = (res: { status: number; text: string }) => assert.ok(res.status < 300, res.text);
      const record = (await server.kv.get<Record<string, unknown>>(keys.user(am.id))).value!;
      await server.kv.set(keys.user(am.id), { ...record, emailVerified: false });
      ok(await chief.client.post(`/api/admin/users/${am.id}/verify-email`));
      ok(await chief.client.post(`/api/admin/users/${am.id}/ban`, { reason: "spam" }));
      ok(await chief.client.request("DELETE", `/api/admin/users/${am.id}/ban`));
      ok(
        await chief.client.request("PUT", `/api/admin/reports/${report.id}`, {
          json: { status: "reviewed" },
        }),
      );
      ok(
        await chief.client.request("PUT", `/api/admin/reports/${report2.id}`, {
          json: { status: "dismissed" },
        }),
      );
      ok(await chief.client.post("/api/admin/invitations", { count: 2 }));
      ok(await chief.client.request("DELETE", `/api/admin/users/${bm.id}`));
      const want = [
        "delete_user",
        "create_invitations",
        "dismiss_report",
        "review_report",
        "unban",
        "ban",
        "verify_email",
      ];
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
        const page = await chief.client.get(`/api/admin/audit?limit=3${q}`);
        assert.equal(page.status, 200, page.text);
        assert.ok(page.json.entries.length <= 3);
        seen.push(...page.json.entries.map((e: AuditEntry) => e.action));
        cursor = page.json.nextCursor;
      } while (cursor);
      assert.deepEqual(seen, want);
      const all = (await listAudit(server.kv, 10)).entries;
      assert.ok(all.every((e) => e.actorId === chief.id && !Number.isNaN(Date.parse(e.at))));
      assert.equal(all.find((e) => e.action === "ban")?.reason, "spam");
      assert.equal(all.find((e) => e.action === "delete_user")?.targetLabel, bm.username);

      assertError(
        await chief.client.get("/api/admin/audit?cursor=%%%"),
        400,
        english("admin.badCursor"),
      );
      assertError(
        await chief.client.get("/api/admin/audit?limit=0"),
        400,
        english("admin.badLimit"),
      );
      assertError(
        await chief.client.get("/api/admin/audit?limit=101"),
        400,
        english("admin.badLimit"),
      );

      // An entry is never overwritten: appending one with a taken key fails the whole commit.
      const taken = all[0];
      const res = await appendAudit(server.kv.atomic(), { ...taken, reason: "edited" }).commit();
      assert.equal(res.ok, false);
      assert.equal((await listAudit(server.kv, 1)).entries[0].reason, taken.reason);
      // A verify of an already verified address logs nothing new.
      ok(await chief.client.post(`/api/admin/users/${am.id}/verify-email`));
      assert.equal((await listAudit(server.kv, 20)).entries.length, want.length);
    });
  },
);

Deno.test("retention: audit entries go after their period, session statistics after theirs", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const actor = { id: "admin-1", username: "chief" };
    const day = 86400_000;
    const now = Date.UTC(2027, 5, 15);
    for (const age of [400, 366, 364, 10]) {
      const e = auditEntry(actor, "ban", { id: "m", label: `age ${age}` }, {}, now - age * day);
      await appendAudit(kv.atomic(), e).commit();
    }
    // Session statistics: months ago 30, 25, 23 and this month.
    const member = "member-1";
    for (const monthsAgo of [30, 25, 23, 0]) {
      const op = kv.atomic();
      addSession(op, member, monthsAgo ? "Poland" : "Japan", now - monthsAgo * 30.5 * day);
      await op.commit();
    }
    assert.equal((await getStats(kv, member)).sessions, 4);

    // The real periods: one year of audit, two years of statistics.
    const swept = await sweepRetention(kv, now);
    assert.deepEqual(swept, { audit: 2, stats: 2 });
    assert.deepEqual(
      (await listAudit(kv, 10)).entries.map((e) => e.targetLabel),
      ["age 10", "age 364"],
    );
    const stats = await getStats(kv, member);
    assert.equal(stats.sessions, 2);
    assert.deepEqual(stats.countries.sort(), ["Japan", "Poland"]);

    // Shortened periods (as a test can): everything older than a day goes.
    const short = await sweepRetention(kv, now, { auditMs: 30 * day, statsMs: day });
    assert.deepEqual(short, { audit: 1, stats: 1 });
    assert.deepEqual((await listAudit(kv, 10)).entries.map((e) => e.targetLabel), ["age 10"]);
    assert.deepEqual(await getStats(kv, member), {
      sessions: 1,
      countries: ["Japan"],
      weeks: (await getStats(kv, member)).weeks,
    });
    assert.deepEqual(await sweepRetention(kv, now), { audit: 0, stats: 0 }, "idempotent");
  } finally {
    kv.close();
  }
});

Deno.test("backfill: reports stored before the triage indexes are indexed once", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const x = crypto.randomUUID();
    const old = [
      reportOf(crypto.randomUUID(), x, Date.now() - 3000),
      reportOf(crypto.randomUUID(), x, Date.now() - 2000),
      reportOf(crypto.randomUUID(), crypto.randomUUID(), Date.now() - 1000, {
        status: "dismissed",
      }),
    ];
    for (const r of old) {
      await kv.set(keys.report(r.id), r);
      await kv.set(["reports_by_status", r.status, r.id], r.id);
    }
    assert.equal(await backfillReportIndexes(kv), 3);
    const pending = await listReportPage(kv, "pending", { limit: 10 });
    assert.deepEqual(pending.reports.map((r) => [r.id, r.reporters]), [
      [old[0].id, 2],
      [old[1].id, 2],
    ]);
    const all = await listReportPage(kv, "all", { limit: 10 });
    assert.deepEqual(all.reports.map((r) => r.id), [old[2].id, old[1].id, old[0].id]);
    let legacy = 0;
    for await (const _ of kv.list({ prefix: ["reports_by_status"] })) legacy++;
    assert.equal(legacy, 0, "the old index is gone");
    assert.equal(await backfillReportIndexes(kv), 0, "once");
  } finally {
    kv.close();
  }
});
