// The administrators' second factor on a real server with the production rule on
// (ADMIN_SECOND_FACTOR=required): every admin API route (read from the app's own route list)
// answers 403 'Set up a second factor…' and stores nothing, every admin page and /direct-admin
// sends the administrator to the second-factor page; the set-up confirmed with a first code gives
// ten recovery codes; a new session is asked for the factor; a wrong code, a reused code, a used
// recovery code and a malformed one are refused with their texts and nothing stored; renewing
// and removing need a current code; each set-up, use, renewal and removal is in the audit log;
// without the rule an administrator without a factor goes on, one with a factor is still asked.
import { english } from "../helpers/english.ts";
import assert from "node:assert/strict";
import * as OTPAuth from "otpauth";
import type { TestServer } from "../helpers/server.ts";
import {
  ADMIN,
  FACTOR_API as API,
  REQUIRED,
  signInAgain,
  withAdmin,
} from "../helpers/admin_factor.ts";
import { assertError, type Client, registerMember, signIn } from "../helpers/accounts.ts";
import { kvDump } from "../helpers/kv_dump.ts";
import { openKv } from "../../kv/db.ts";
import { keys } from "../../kv/keys.ts";
import { listAudit } from "../../kv/audit.ts";
import { createApp } from "../../routes/app.tsx";
import type { TotpRecord } from "../../kv/second_factor.ts";
import { SECOND_FACTOR_TTL_MS } from "../../lib/shared/second_factor.ts";
import { factorNeed } from "../../lib/server/auth/second_factor.ts";

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
function totpCode(secret: string, steps = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/** A 6-digit code the app shows for none of the steps the server accepts now. */
function wrongCode(secret: string): string {
  const near = [-1, 0, 1, 2].map((steps) => totpCode(secret, steps));
  for (let n = 0;; n++) {
    const code = String(n).padStart(6, "0");
    if (!near.includes(code)) return code;
  }
}

/** Sets up the authenticator app for `admin`; its secret and recovery codes. */
async function setUp(admin: Client) {
  const started = await admin.post(`${API}/totp/start`);
  assert.equal(started.status, 201, started.text);
  const { secret, uri } = started.json;
  assert.match(uri, /^otpauth:\/\/totp\/Glimpse:chief%40example\.test\?.*secret=/);
  // The code sent is kept: a 30-second step may begin before the test uses it again.
  const firstCode = totpCode(secret);
  const confirmed = await admin.post(`${API}/totp/confirm`, { code: firstCode });
  assert.equal(confirmed.status, 201, confirmed.text);
  return {
    secret: secret as string,
    firstCode,
    recoveryCodes: confirmed.json.recoveryCodes as string[],
  };
}

/** As if the last accepted code were long ago: the current step's code is accepted again. */
async function forgetLastStep(kv: Deno.Kv, userId: string) {
  const entry = await kv.get<TotpRecord>(keys.adminTotp(userId));
  await kv.set(keys.adminTotp(userId), { ...entry.value!, lastStep: 0 });
}

/** Every admin route of the app (method and path), read from an app built like the server's. */
async function adminRoutes(server: TestServer) {
  const kv = await openKv(":memory:");
  try {
    const app = await createApp({ ...server, kv, log: () => {} });
    const seen = new Map<string, { method: string; path: string }>();
    for (const r of app.routes) {
      if (!/^\/(api\/admin|admin)(\/|$)/.test(r.path) || r.path.includes("second-factor")) continue;
      if (!["GET", "POST", "PUT", "PATCH", "DELETE"].includes(r.method)) continue;
      seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
    }
    return [...seen.values()];
  } finally {
    kv.close();
  }
}

/** A path to request for a route: ids filled in (the gate answers before anything is looked up). */
const concrete = (path: string) => path.replace(/:\w+/g, "x1");

async function auditActions(kv: Deno.Kv): Promise<string[]> {
  return (await listAudit(kv, 50)).entries.map((e) => e.action).reverse();
}

Deno.test("second factor: with the rule on, every admin route refuses an administrator without one, and stores nothing", async () => {
  await withAdmin(REQUIRED, async (server, admin) => {
    const routes = await adminRoutes(server);
    const api = routes.filter((r) => r.path.startsWith("/api/"));
    const pages = routes.filter((r) => !r.path.startsWith("/api/"));
    assert.ok(api.length >= 15, `the admin API routes are listed (${api.length})`);
    assert.ok(pages.length >= 5, `the admin pages are listed (${pages.length})`);
    const before = await kvDump(server.kv);
    for (const { method, path } of api) {
      const body = method === "GET" || method === "DELETE" ? undefined : { json: {} };
      const res = await admin.request(method, concrete(path), body);
      assertError(res, 403, english("admin.sfSetupRequired"));
      assert.equal(res.json.secondFactor, "setup", `${method} ${path}`);
    }
    for (const { path } of [...pages, { path: "/direct-admin" }]) {
      const res = await admin.get(concrete(path));
      assert.equal(res.status, 303, `${path}: ${res.status}`);
      assert.equal(
        res.headers.get("location"),
        `/admin/second-factor?next=${encodeURIComponent(concrete(path))}`,
      );
    }
    assert.deepEqual(await kvDump(server.kv), before, "nothing stored");
    const page = await admin.get("/admin/second-factor?next=/admin/reports");
    assert.equal(page.status, 200);
    assert.match(page.text, /AdminSecondFactor/);

    // Set up: the admin pages answer in this session.
    const { recoveryCodes } = await setUp(admin);
    assert.equal(recoveryCodes.length, 10);
    assert.equal(new Set(recoveryCodes).size, 10);
    for (const c of recoveryCodes) assert.match(c, /^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    assert.equal((await admin.get("/api/admin/users")).status, 200);
    assert.equal((await admin.get("/admin/reports")).status, 200);
    assert.equal((await admin.get("/direct-admin")).status, 200);
    // Stored hashed: no recovery code appears in the store.
    const stored = JSON.stringify(
      (await server.kv.get(keys.adminRecoveryCodes(
        (await admin.get("/api/simple-user")).json.id,
      ))).value,
    );
    for (const c of recoveryCodes) assert.ok(!stored.includes(c.replaceAll("-", "")));
    assert.deepEqual(await auditActions(server.kv), ["second_factor_added"]);
  });
});

Deno.test("second factor: a new session gives it; a wrong, reused, malformed or used recovery code is refused and nothing stored", async () => {
  await withAdmin(REQUIRED, async (server, first) => {
    const { secret, firstCode, recoveryCodes } = await setUp(first);
    const admin = await signInAgain(server);
    const asked = await admin.get("/api/admin/users");
    assertError(asked, 403, english("admin.sfVerifyRequired"));
    assert.equal(asked.json.secondFactor, "verify");
    assert.equal(
      (await admin.get("/admin")).headers.get("location"),
      "/admin/second-factor?next=%2Fadmin",
    );

    const before = await kvDump(server.kv);
    const refusals: [string, string][] = [
      [firstCode, english("admin.sfReusedCode")],
      [wrongCode(secret), english("admin.sfWrongCode")],
      ["12345", english("admin.sfBadFormat")],
      ["aaaa-aaaa-aaaa-aaaa", english("admin.sfWrongRecoveryCode")],
      ["x".repeat(65), english("admin.sfBadFormat")],
    ];
    for (const [code, text] of refusals) {
      assertError(await admin.post(`${API}/verify`, { code }), 400, text);
    }
    assertError(await admin.post(`${API}/verify`, {}), 400, english("admin.sfBadFormat"));
    assert.deepEqual(await kvDump(server.kv), before, "a refused code stores nothing");
    assertError(await admin.get("/api/admin/users"), 403, english("admin.sfVerifyRequired"));

    // The next step's code is accepted once; the same code again is refused.
    const next = totpCode(secret, 1);
    const ok = await admin.post(`${API}/verify`, { code: next });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.json.method, "totp");
    assert.equal((await admin.get("/api/admin/users")).status, 200);
    const third = await signInAgain(server);
    assertError(
      await third.post(`${API}/verify`, { code: next }),
      400,
      english("admin.sfReusedCode"),
    );

    // A recovery code (typed in capitals, without dashes) works once.
    const recovery = await third.post(`${API}/verify`, {
      code: recoveryCodes[0].replaceAll("-", "").toUpperCase(),
    });
    assert.equal(recovery.status, 200, recovery.text);
    assert.deepEqual([recovery.json.method, recovery.json.recoveryCodesLeft], ["recovery", 9]);
    const fourth = await signInAgain(server);
    const beforeUsed = await kvDump(server.kv);
    assertError(
      await fourth.post(`${API}/verify`, { code: recoveryCodes[0] }),
      400,
      english("admin.sfUsedRecoveryCode"),
    );
    assert.deepEqual(await kvDump(server.kv), beforeUsed, "a used recovery code stores nothing");
    assert.deepEqual(await auditActions(server.kv), [
      "second_factor_added",
      "second_factor_used",
      "second_factor_used",
    ]);
    const used = (await listAudit(server.kv, 1)).entries[0];
    assert.deepEqual(used.details, { method: "recovery", recoveryCodesLeft: 9 });
  });
});

Deno.test("second factor: renewing recovery codes and removing the app need a current code; removal sends the administrator to set one up again", async () => {
  await withAdmin(REQUIRED, async (server, admin) => {
    const { secret, firstCode, recoveryCodes } = await setUp(admin);
    const me = (await admin.get("/api/simple-user")).json.id as string;
    const before = await kvDump(server.kv);
    assertError(
      await admin.post(`${API}/recovery-codes`, { code: wrongCode(secret) }),
      400,
      english("admin.sfWrongCode"),
    );
    assertError(
      await admin.post(`${API}/totp/remove`, { code: firstCode }),
      400,
      english("admin.sfReusedCode"),
    );
    assertError(await admin.post(`${API}/totp/start`), 409, english("admin.sfAlreadySetUp"));
    assert.deepEqual(await kvDump(server.kv), before);

    const renewed = await admin.post(`${API}/recovery-codes`, { code: totpCode(secret, 1) });
    assert.equal(renewed.status, 201, renewed.text);
    assert.equal(renewed.json.recoveryCodes.length, 10);
    await forgetLastStep(server.kv, me);
    // The old codes stopped working.
    assertError(
      await admin.post(`${API}/verify`, { code: recoveryCodes[1] }),
      400,
      english("admin.sfWrongRecoveryCode"),
    );

    const removed = await admin.post(`${API}/totp/remove`, { code: renewed.json.recoveryCodes[0] });
    assert.equal(removed.status, 200, removed.text);
    assert.equal((await server.kv.get(keys.adminTotp(me))).value, null);
    assert.equal((await server.kv.get(keys.adminRecoveryCodes(me))).value, null);
    assertError(await admin.get("/api/admin/users"), 403, english("admin.sfSetupRequired"));
    assertError(
      await admin.post(`${API}/verify`, { code: totpCode(secret) }),
      409,
      english("admin.sfNoFactor"),
    );
    assert.deepEqual(await auditActions(server.kv), [
      "second_factor_added",
      "recovery_codes_renewed",
      "second_factor_removed",
    ]);
  });
});

Deno.test("second factor: without the rule an administrator without one goes on; one who set one up is asked for it; the pass lasts 12 hours", async () => {
  await withAdmin(ADMIN, async (server, admin) => {
    assert.equal((await admin.get("/api/admin/users")).status, 200);
    assert.equal((await admin.get("/admin")).status, 200);
    const { secret } = await setUp(admin);
    assert.equal((await admin.get("/api/admin/users")).status, 200, "the session that set it up");
    const other = await signIn(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    assertError(await other.get("/api/admin/users"), 403, english("admin.sfVerifyRequired"));
    assert.equal((await other.get("/direct-admin")).status, 303);
    assert.equal((await other.post(`${API}/verify`, { code: totpCode(secret, 1) })).status, 200);
    assert.equal((await other.get("/api/admin/users")).status, 200);

    const me = (await other.get("/api/simple-user")).json.id as string;
    const sessions = [];
    for await (const e of server.kv.list({ prefix: keys.userSessionsPrefix(me) })) {
      sessions.push(String(e.key[2]));
    }
    const passes = [];
    for (const s of sessions) {
      if ((await server.kv.get(keys.adminFactorSession(s))).value) passes.push(s);
    }
    assert.equal(passes.length, 2);
    const config = { adminSecondFactor: false };
    const now = Date.now();
    assert.equal(await factorNeed(server.kv, config, me, { sid: passes[0] }, now), null);
    assert.equal(
      await factorNeed(
        server.kv,
        config,
        me,
        { sid: passes[0] },
        now + SECOND_FACTOR_TTL_MS + 1000,
      ),
      "verify",
    );
  });
});

Deno.test("second factor: its API refuses guests, members, foreign origins, oversized bodies and too many attempts", async () => {
  await withAdmin({ ...REQUIRED, RATE_LIMITS: "on" }, async (server, admin) => {
    const member = await registerMember(server);
    assertError(
      await member.client.post(`${API}/verify`, { code: "123456" }),
      403,
      english("admin.adminsOnly"),
    );
    assertError(await member.client.get(API), 403, english("admin.adminsOnly"));
    const guest = await signIn(server, member.username, member.password);
    await guest.post("/api/logout");
    assertError(await guest.post(`${API}/totp/start`), 401, english("admin.notAuthenticated"));
    const before = await kvDump(server.kv);
    const foreign = await admin.request("POST", `${API}/totp/start`, {
      headers: { origin: "https://evil.example" },
    });
    assertError(foreign, 403, english("texts.crossSite"));
    const big = await admin.post(`${API}/verify`, { code: "1".repeat(100_000) });
    assert.equal(big.status, 413);
    assert.deepEqual(await kvDump(server.kv), before);
    const state = await admin.get(API);
    assert.deepEqual(state.json, { factors: [], recoveryCodesLeft: 0, need: "setup" });

    await admin.post(`${API}/totp/start`);
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (await admin.post(`${API}/totp/confirm`, { code: "00000" })).status;
    }
    assert.equal(last, 429, "the eleventh code in 15 minutes waits");
  });
});
