// The admin API and pages on a real server: rights are checked on
// the server by the account's role (guest 401, member 403 on every endpoint, nothing changes);
// members listed without password hashes and searched; delete (the account can no longer sign in)
// and verify on both sets of paths; reports by status, search, the pending → reviewed/dismissed
// transitions with their index, 409 on a second change, 400 on a bad status; the System facts;
// and who sees which admin page.
import assert from "node:assert/strict";
import { startServer, type TestServer } from "../helpers/server.ts";
import {
  assertError,
  Client,
  kvUser,
  registerMember,
  signIn,
  usernameOwner,
} from "../helpers/accounts.ts";
import { keys } from "../../kv/keys.ts";
import { seedReport } from "../helpers/reports.ts";
import type { Report } from "../../lib/server/moderation/reports.ts";
import { english } from "../helpers/english.ts";

const ADMIN = { ADMIN_EMAIL: "chief@example.test", ADMIN_PASSWORD: "admin-pass-1" };

/** Writes a report and its status index the way lib/server/moderation/reports.ts does. */
/** Every [status, id] pair in the status index (the "all" scope left out). */
async function statusIndex(kv: Deno.Kv): Promise<string[]> {
  const out: string[] = [];
  for await (const e of kv.list({ prefix: ["reports_by_time"] })) {
    if (e.key[1] !== "all") out.push(`${String(e.key[1])}:${String(e.key[3])}`);
  }
  return out.sort();
}

/** The report ids in the triage queue, in its order. */
async function pendingQueue(kv: Deno.Kv): Promise<string[]> {
  const out: string[] = [];
  for await (const e of kv.list({ prefix: ["pending_rank"] })) out.push(String(e.key[3]));
  return out;
}

async function storedReport(kv: Deno.Kv, id: string) {
  return (await kv.get<Report & { reviewedAt?: string; reviewedBy?: string }>(keys.report(id)))
    .value;
}

async function withServer(fn: (s: TestServer, admin: Client) => Promise<void>) {
  const server = await startServer(ADMIN);
  try {
    const admin = await signIn(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    await fn(server, admin);
  } finally {
    await server.close();
  }
}

Deno.test("admin api: guests get 401 and members 403 on every admin endpoint; nothing changes", async () => {
  await withServer(async (server, admin) => {
    const member = await registerMember(server);
    const victim = await registerMember(server, { verified: false });
    const report = await seedReport(server.kv);
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/users"],
      ["GET", "/api/admin/users?q=a"],
      ["GET", "/api/admin/users?limit=2"],
      ["GET", "/api/admin/users?cursor=not-a-cursor"],
      ["DELETE", `/api/admin/users/${victim.id}`],
      ["POST", `/api/admin/users/${victim.id}/verify-email`],
      ["POST", `/api/admin/users/${victim.id}/ban`, { reason: "spam", days: 7 }],
      ["DELETE", `/api/admin/users/${victim.id}/ban`],
      ["GET", "/api/admin/reports"],
      ["GET", "/api/admin/reports?status=all"],
      ["PUT", `/api/admin/reports/${report.id}`, { status: "reviewed" }],
      ["GET", "/api/admin/direct-users"],
      ["GET", "/api/admin/direct-users?limit=1&q=m"],
      ["DELETE", `/api/admin/direct-delete-user/${victim.id}`],
      ["POST", `/api/admin/direct-verify-email/${victim.id}`],
      ["GET", "/api/admin/system"],
    ];
    const guest = new Client(server);
    for (const [method, path, json] of calls) {
      const opts = json === undefined ? {} : { json };
      assertError(await guest.request(method, path, opts), 401, english("admin.notAuthenticated"));
      assertError(
        await member.client.request(method, path, opts),
        403,
        english("admin.adminsOnly"),
      );
    }
    const after = await kvUser(server.kv, victim.id);
    assert.ok(after && !after.deletedAt, "the victim still exists");
    assert.equal(after.emailVerified, false, "the victim is still unverified");
    assert.equal(after.ban ?? null, null, "the victim is not banned");
    assert.equal((await storedReport(server.kv, report.id))?.status, "pending");
    assert.deepEqual(await statusIndex(server.kv), [`pending:${report.id}`]);

    // The same calls work for the administrator (the member is not blocked by a typo in a path).
    assert.equal((await admin.get("/api/admin/users")).status, 200);
    assert.equal((await admin.get("/api/admin/users?limit=2")).status, 200);
    assert.equal((await admin.get("/api/admin/direct-users?limit=1&q=m")).status, 200);
    assert.equal((await admin.get("/api/admin/system")).status, 200);
    const ban = await admin.post(`/api/admin/users/${victim.id}/ban`, { reason: "spam", days: 7 });
    assert.equal(ban.status, 200, ban.text);
    assert.equal((await admin.delete(`/api/admin/users/${victim.id}/ban`)).status, 200);
  });
});

Deno.test("admin api: members are listed without password hashes and searched by how names begin", async () => {
  await withServer(async (server, admin) => {
    const alice = await registerMember(server, {
      username: "alice_w",
      email: "Alice.Wonder@Example.test",
      verified: false,
    });
    const bob = await registerMember(server, { username: "bob_b", email: "builder@example.test" });

    const all = await admin.get("/api/admin/users");
    assert.equal(all.status, 200);
    assert.deepEqual(Object.keys(all.json).sort(), ["nextCursor", "total", "users"]);
    assert.equal(all.json.total, 3);
    assert.equal(all.json.nextCursor, null, "one page holds them all");
    const users = all.json.users;
    assert.equal(users.length, 3, "admin, alice and bob");
    assert.deepEqual(
      users.map((u: { id: string }) => u.id).slice(0, 2),
      [bob.id, alice.id],
      "newest first",
    );
    for (const u of users) {
      assert.deepEqual(Object.keys(u).sort(), [
        "ban",
        "createdAt",
        "email",
        "emailVerified",
        "faceBlurEnabled",
        "heldAt",
        "id",
        "location",
        "role",
        "username",
      ]);
    }
    assert.ok(!all.text.includes("passwordHash") && !all.text.includes("pbkdf2"));
    const a = users.find((u: { id: string }) => u.id === alice.id);
    assert.equal(a.role, "member");
    assert.equal(a.emailVerified, false);
    assert.equal(a.faceBlurEnabled, true);
    assert.equal(a.ban, null);
    assert.equal(users.find((u: { role: string }) => u.role === "admin").email, ADMIN.ADMIN_EMAIL);

    const ids = async (q: string) =>
      ((await admin.get(`/api/admin/users?q=${encodeURIComponent(q)}`)).json.users as {
        id: string;
      }[]).map((u) => u.id).sort();
    assert.deepEqual(await ids("ALICE"), [alice.id], "how the username begins, any case");
    assert.deepEqual(await ids("alice.WONDER@example.test"), [alice.id], "exact email, any case");
    assert.deepEqual(await ids("build"), [bob.id], "how the email begins");
    assert.deepEqual(await ids("wonder@EX"), [], "no search inside a name");
    assert.deepEqual(await ids("_"), []);
    assert.deepEqual(await ids("nobody-here"), []);
    assert.equal((await ids("")).length, 3);

    assertError(
      await admin.get(`/api/admin/users?q=${"x".repeat(201)}`),
      400,
      english("admin.badQuery"),
    );
    // The direct path lists the same members.
    const direct = await admin.get("/api/admin/direct-users");
    assert.equal(direct.status, 200);
    assert.deepEqual(direct.json, all.json);
  });
});

Deno.test("admin api: delete ends the account (it can no longer sign in); not oneself", async () => {
  await withServer(async (server, admin) => {
    const first = await registerMember(server);
    const second = await registerMember(server);

    const res = await admin.delete(`/api/admin/users/${first.id}`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.ok, true);
    assert.ok((await kvUser(server.kv, first.id))?.deletedAt, "marked deleted");
    assert.equal(await usernameOwner(server.kv, first.username), null, "username freed");
    // Signed out at once, and the password no longer opens the account.
    assertError(await first.client.get("/api/simple-user"), 401, "Not authenticated");
    const login = await new Client(server).post("/api/simple-login", {
      identifier: first.username,
      password: first.password,
    });
    assert.equal(login.status, 401, login.text);
    const listed = (await admin.get("/api/admin/users")).json;
    assert.ok(!listed.users.some((u: { id: string }) => u.id === first.id), "no longer listed");
    assert.equal(listed.total, 2, "admin and the second member");
    // Twice, or an unknown id: 404.
    assertError(
      await admin.delete(`/api/admin/users/${first.id}`),
      404,
      english("admin.userNotFound"),
    );
    assertError(
      await admin.delete("/api/admin/users/no-such-id"),
      404,
      english("admin.userNotFound"),
    );

    // An administrator cannot delete themselves, on either path.
    const me = (await admin.get("/api/simple-user")).json;
    assertError(
      await admin.delete(`/api/admin/users/${me.id}`),
      400,
      english("admin.cannotDeleteSelf"),
    );
    assertError(
      await admin.delete(`/api/admin/direct-delete-user/${me.id}`),
      400,
      english("admin.cannotDeleteSelf"),
    );
    assert.equal((await admin.get("/api/simple-user")).status, 200, "still signed in");

    // The direct path deletes too.
    const direct = await admin.delete(`/api/admin/direct-delete-user/${second.id}`);
    assert.equal(direct.status, 200, direct.text);
    assert.ok((await kvUser(server.kv, second.id))?.deletedAt);
    assert.equal(
      (await new Client(server).post("/api/simple-login", {
        identifier: second.email,
        password: second.password,
      })).status,
      401,
    );
  });
});

Deno.test("admin api: verify marks the email verified, on both paths", async () => {
  await withServer(async (server, admin) => {
    const first = await registerMember(server, { verified: false });
    const second = await registerMember(server, { verified: false });
    assert.equal((await first.client.get("/api/simple-user")).json.emailVerified, false);

    const res = await admin.post(`/api/admin/users/${first.id}/verify-email`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.user.emailVerified, true);
    assert.equal((await kvUser(server.kv, first.id))?.emailVerified, true);
    // The member's own session sees it at once.
    assert.equal((await first.client.get("/api/simple-user")).json.emailVerified, true);
    // Again: still fine (idempotent).
    assert.equal((await admin.post(`/api/admin/users/${first.id}/verify-email`)).status, 200);

    const direct = await admin.post(`/api/admin/direct-verify-email/${second.id}`);
    assert.equal(direct.status, 200, direct.text);
    assert.equal((await kvUser(server.kv, second.id))?.emailVerified, true);

    assertError(
      await admin.post("/api/admin/users/no-such-id/verify-email"),
      404,
      english("admin.userNotFound"),
    );
    await admin.delete(`/api/admin/users/${second.id}`);
    assertError(
      await admin.post(`/api/admin/direct-verify-email/${second.id}`),
      404,
      english("admin.userNotFound"),
    );
  });
});

Deno.test("admin api: reports by status and search, newest first; pending changes once", async () => {
  await withServer(async (server, admin) => {
    const kv = server.kv;
    const t = (min: number) => new Date(Date.UTC(2026, 0, 5, 10, min)).toISOString();
    const old = await seedReport(kv, {
      createdAt: t(0),
      reporterUsername: "Zed",
      reportedUsername: "troll_one",
      reportReason: "harassment",
      additionalDetails: "Kept shouting at me",
    });
    const mid = await seedReport(kv, {
      createdAt: t(10),
      reporterUsername: "yara",
      reportedUsername: undefined,
      reportReason: "other",
      additionalDetails: "Showed a FAKE ID card",
      blocked: false,
    });
    const fresh = await seedReport(kv, {
      createdAt: t(20),
      reporterUsername: "xavi",
      reportedUsername: "Troll_Two",
      reportReason: "minor",
    });
    const done = await seedReport(kv, { createdAt: t(30), status: "dismissed" });

    const list = async (query: string) => {
      const res = await admin.get(`/api/admin/reports${query}`);
      assert.equal(res.status, 200, res.text);
      return (res.json.reports as { id: string }[]).map((r) => r.id);
    };
    assert.deepEqual(
      await list(""),
      [done.id, fresh.id, mid.id, old.id],
      "every report by default, newest first",
    );
    // Pending in triage order: none of these members is known, so oldest first.
    assert.deepEqual(await list("?status=pending"), [old.id, mid.id, fresh.id]);
    assert.deepEqual(await list("?status=dismissed"), [done.id]);
    assert.deepEqual(await list("?status=reviewed"), []);
    assert.deepEqual(await list("?status=all"), [done.id, fresh.id, mid.id, old.id]);

    // A search names a member by username; no member by that name has no reports.
    assert.deepEqual(await list("?status=all&q=nobody_here"), []);

    // The fields a member's record lists.
    const all = (await admin.get("/api/admin/reports?status=all")).json.reports;
    const shown = all.find((r: { id: string }) => r.id === mid.id);
    assert.equal(shown.reporterUsername, "yara");
    assert.equal(shown.reportedUsername, null);
    assert.equal(shown.reportReason, "other");
    assert.equal(shown.additionalDetails, "Showed a FAKE ID card");
    assert.equal(shown.blocked, false);
    assert.equal(shown.status, "pending");
    assert.equal(shown.createdAt, t(10));

    // Bad input: 400, nothing changes.
    const indexBefore = await statusIndex(kv);
    assertError(await admin.get("/api/admin/reports?status=open"), 400, english("admin.badFilter"));
    for (const body of [{ status: "pending" }, { status: "closed" }, {}, { status: 1 }]) {
      assertError(
        await admin.request("PUT", `/api/admin/reports/${old.id}`, { json: body }),
        400,
        english("admin.badStatus"),
      );
    }
    const raw = await admin.request("PUT", `/api/admin/reports/${old.id}`, {
      body: "not json",
      headers: { "content-type": "application/json" },
    });
    assert.equal(raw.status, 400);
    assert.equal((await storedReport(kv, old.id))?.status, "pending");
    assert.deepEqual(await statusIndex(kv), indexBefore);
    assertError(
      await admin.request("PUT", "/api/admin/reports/no-such-report", {
        json: { status: "reviewed" },
      }),
      404,
      english("admin.reportNotFound"),
    );

    // pending → reviewed, with the index moved in the same commit.
    const reviewed = await admin.request("PUT", `/api/admin/reports/${old.id}`, {
      json: { status: "reviewed" },
    });
    assert.equal(reviewed.status, 200, reviewed.text);
    assert.equal(reviewed.json.status, "reviewed");
    const stored = await storedReport(kv, old.id);
    assert.equal(stored?.status, "reviewed");
    assert.ok(stored?.reviewedAt && stored.reviewedBy, "who and when are kept");
    // pending → dismissed.
    const dismissed = await admin.request("PUT", `/api/admin/reports/${mid.id}`, {
      json: { status: "dismissed" },
    });
    assert.equal(dismissed.status, 200, dismissed.text);
    assert.deepEqual(
      await statusIndex(kv),
      [
        `dismissed:${done.id}`,
        `dismissed:${mid.id}`,
        `pending:${fresh.id}`,
        `reviewed:${old.id}`,
      ].sort(),
    );
    assert.deepEqual(await list("?status=pending"), [fresh.id]);
    assert.deepEqual(await list("?status=reviewed"), [old.id]);
    assert.deepEqual(await list("?status=dismissed"), [done.id, mid.id]);
    assert.deepEqual(await pendingQueue(kv), [fresh.id], "the triage queue lost them too");

    // No other transitions: a second change returns 409 and changes nothing.
    const indexAfter = await statusIndex(kv);
    for (
      const [id, status] of [[old.id, "dismissed"], [old.id, "reviewed"], [mid.id, "reviewed"]]
    ) {
      assertError(
        await admin.request("PUT", `/api/admin/reports/${id}`, { json: { status } }),
        409,
        english("admin.reportNotPending"),
      );
    }
    assert.equal((await storedReport(kv, old.id))?.status, "reviewed");
    assert.equal((await storedReport(kv, mid.id))?.status, "dismissed");
    assert.deepEqual(await statusIndex(kv), indexAfter);

    // Racing reviews of one pending report: exactly one wins.
    const racers = await Promise.all(
      ["reviewed", "dismissed", "reviewed", "dismissed"].map((status) =>
        admin.request("PUT", `/api/admin/reports/${fresh.id}`, { json: { status } })
      ),
    );
    assert.deepEqual(racers.map((r) => r.status).sort(), [200, 409, 409, 409]);
    const final = (await storedReport(kv, fresh.id))?.status;
    assert.ok(final === "reviewed" || final === "dismissed");
    assert.ok((await statusIndex(kv)).includes(`${final}:${fresh.id}`));
    assert.ok(!(await statusIndex(kv)).includes(`pending:${fresh.id}`));
    assert.deepEqual(await pendingQueue(kv), []);
  });
});

Deno.test("admin api: the System facts come from this instance, measured on every request", async () => {
  await withServer(async (server, admin) => {
    const res = await admin.get("/api/admin/system");
    assert.equal(res.status, 200, res.text);
    assert.equal(res.headers.get("cache-control"), "no-store");
    const s = res.json;
    assert.equal(s.environment, "Test");
    assert.equal(s.database, "Connected");
    assert.equal(typeof s.databaseMs, "number");
    assert.ok(s.databaseMs >= 0 && s.databaseMs < 5_000, `round trip ${s.databaseMs} ms`);
    assert.match(s.emailProvider, /^Outbox/);
    assert.match(s.websocketServer, /^Running/);
    assert.equal(s.instance, server.hub.instanceId.slice(0, 8));
    assert.equal(s.socketsOpen, server.hub.metrics.socketsOpen);
    assert.equal(s.membersWaiting, 0);
    assert.equal(s.liveMatches, 0);
    assert.match(s.build.id, /^[0-9a-f]{12}$/);
    assert.ok(Date.parse(s.build.builtAt) <= Date.now());
    assert.equal(s.runtime, `Deno ${Deno.version.deno}`);
    assert.ok(Date.parse(s.startedAt) <= Date.now());
    assert.ok(s.uptimeMs >= 0);

    // Asked again: measured again.
    await new Promise((r) => setTimeout(r, 20));
    const again = (await admin.get("/api/admin/system")).json;
    assert.ok(Date.parse(again.checkedAt) > Date.parse(s.checkedAt), "checked anew");
    assert.ok(again.uptimeMs > s.uptimeMs, "uptime grows");
    assert.equal(again.startedAt, s.startedAt, "the same instance start");
    assert.equal(again.build.id, s.build.id, "the same build");
  });
});

Deno.test("admin pages: guests go to /auth, members see Access Denied (403), admins the pages", async () => {
  await withServer(async (server, admin) => {
    const member = await registerMember(server);
    const guest = new Client(server);
    for (const path of ["/admin", "/admin/users", "/admin/reports"]) {
      const g = await guest.get(path);
      assert.equal(g.status, 303, path);
      assert.equal(g.headers.get("location"), "/auth");

      const m = await member.client.get(path);
      assert.equal(m.status, 403, path);
      assert.ok(m.text.includes(english("admin.accessDenied")));
      assert.ok(m.text.includes(english("admin.noPermission")));
      assert.ok(m.text.includes(english("admin.onlyAdmins")));
      assert.ok(!m.text.includes(ADMIN.ADMIN_EMAIL), "no other member's data leaks");
      assert.ok(!/data-island="Admin/.test(m.text), "no admin island for a member");
    }
    const users = await admin.get("/admin");
    assert.equal(users.status, 200);
    assert.ok(users.text.includes(english("admin.usersTitle")));
    assert.ok(users.text.includes(member.email), "the table is rendered by the server");
    assert.ok(!users.text.includes("passwordHash"));
    assert.equal((await admin.get("/admin/users")).status, 200);
    const reports = await admin.get("/admin/reports");
    assert.equal(reports.status, 200);
    assert.ok(reports.text.includes("Admin Dashboard: Reports"));

    // /direct-admin is public: the login for guests and members, the dashboard for admins.
    const direct = await guest.get("/direct-admin");
    assert.equal(direct.status, 200);
    assert.ok(direct.text.includes(english("admin.loginTitle")));
    assert.ok(
      (await member.client.get("/direct-admin")).text.includes(english("admin.loginTitle")),
    );
    const mine = await admin.get("/direct-admin");
    assert.ok(mine.text.includes(english("admin.dashboardDescription")));
    // (The island's messages, embedded as JSON, hold the login's texts too: the page's own HTML.)
    const shown = mine.text.replace(/<script[\s\S]*?<\/script>/g, "");
    assert.ok(!shown.includes(english("admin.loginDescription")));
  });
});
