// Ban and unban through the admin API on a real server: a ban (timed or permanent) is stored on
// the member, ends their sessions at once, shows in the member list and refuses their sign-in;
// unban lifts it, and a second unban is 409. Bad reasons and days, banning oneself and unknown
// members are refused with their texts and change nothing.
import assert from "node:assert/strict";
import { startServer, type TestServer } from "../helpers/server.ts";
import { assertError, Client, kvUser, registerMember, signIn } from "../helpers/accounts.ts";
import { kvDump } from "../helpers/kv_dump.ts";
import { BAN_MAX_DAYS, BAN_REASON_MAX } from "../../lib/shared/moderation/bans.ts";
import { english } from "../helpers/english.ts";

const ADMIN = { ADMIN_EMAIL: "bans@example.test", ADMIN_PASSWORD: "admin-pass-1" };

async function withAdmin(fn: (s: TestServer, admin: Client) => Promise<void>) {
  const server = await startServer(ADMIN);
  try {
    await fn(server, await signIn(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD));
  } finally {
    await server.close();
  }
}

Deno.test("admin bans: ban for days, signed out at once, listed; unban; again is 409", async () => {
  await withAdmin(async (server, admin) => {
    const member = await registerMember(server);
    assert.equal((await member.client.get("/api/simple-user")).status, 200);

    const before = Date.now();
    const res = await admin.post(`/api/admin/users/${member.id}/ban`, {
      reason: "  Spam links  ",
      days: 7,
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.ok, true);
    assert.equal(
      res.json.message,
      english("admin.bannedDescription", { username: member.username }),
    );
    const ban = res.json.user.ban;
    assert.equal(ban.reason, "Spam links", "the reason is trimmed");
    const until = Date.parse(ban.until);
    assert.ok(
      until >= before + 7 * 86400_000 && until <= Date.now() + 7 * 86400_000,
      "seven days from now",
    );
    const stored = await kvUser(server.kv, member.id);
    assert.equal(stored?.ban?.reason, "Spam links");
    assert.ok(stored?.ban?.by, "who banned is kept");

    // Signed out at once, and the password gets the ban as its response.
    assert.equal((await member.client.get("/api/simple-user")).status, 401);
    const login = await new Client(server).post("/api/simple-login", {
      identifier: member.email,
      password: member.password,
    });
    assert.equal(login.status, 403, login.text);
    assert.equal(
      login.json.error,
      english("admin.signInBannedUntil", {}, { until: stored!.ban!.until! }),
    );

    // The lists show it.
    const listed = (await admin.get(`/api/admin/users?q=${member.username}`)).json.users[0];
    assert.deepEqual(listed.ban, { reason: ban.reason, until: ban.until, at: ban.at });

    // Unban: the member signs in again.
    const lifted = await admin.delete(`/api/admin/users/${member.id}/ban`);
    assert.equal(lifted.status, 200, lifted.text);
    assert.equal(lifted.json.user.ban, null);
    assert.equal(
      lifted.json.message,
      english("admin.unbannedDescription", { username: member.username }),
    );
    assert.equal((await kvUser(server.kv, member.id))?.ban, null);
    await signIn(server, member.email, member.password);

    const dump = await kvDump(server.kv);
    assertError(
      await admin.delete(`/api/admin/users/${member.id}/ban`),
      409,
      english("admin.notBanned"),
    );
    assert.deepEqual(await kvDump(server.kv), dump, "nothing changed");
  });
});

Deno.test("admin bans: without days the ban is permanent; banning again replaces it", async () => {
  await withAdmin(async (server, admin) => {
    const member = await registerMember(server);
    const first = await admin.post(`/api/admin/users/${member.id}/ban`, { reason: "Abuse" });
    assert.equal(first.status, 200, first.text);
    assert.equal(first.json.user.ban.until, null);
    const login = await new Client(server).post("/api/simple-login", {
      identifier: member.username,
      password: member.password,
    });
    assert.equal(login.status, 403);
    assert.equal(login.json.error, english("admin.signInBannedForever"));

    const second = await admin.post(`/api/admin/users/${member.id}/ban`, {
      reason: "Shortened on appeal",
      days: 1,
    });
    assert.equal(second.status, 200, second.text);
    assert.equal(second.json.user.ban.reason, "Shortened on appeal");
    assert.ok(second.json.user.ban.until);
  });
});

Deno.test("admin bans: bad reasons and days, oneself and unknown members are refused; nothing changes", async () => {
  await withAdmin(async (server, admin) => {
    const member = await registerMember(server);
    const me = (await admin.get("/api/simple-user")).json;
    const path = `/api/admin/users/${member.id}/ban`;
    const dump = await kvDump(server.kv);

    const refusals: [unknown, string][] = [
      [{}, english("admin.banReasonRequired")],
      [{ reason: "" }, english("admin.banReasonRequired")],
      [{ reason: "   " }, english("admin.banReasonRequired")],
      [{ reason: 5 }, english("admin.banReasonRequired")],
      [{ reason: "x".repeat(BAN_REASON_MAX + 1) }, english("admin.banReasonTooLong")],
      [{ reason: "ok", days: 0 }, english("admin.banBadDays")],
      [{ reason: "ok", days: -3 }, english("admin.banBadDays")],
      [{ reason: "ok", days: 1.5 }, english("admin.banBadDays")],
      [{ reason: "ok", days: BAN_MAX_DAYS + 1 }, english("admin.banBadDays")],
      [{ reason: "ok", days: "7" }, english("admin.banBadDays")],
      [{ reason: "ok", days: null }, english("admin.banBadDays")],
    ];
    for (const [body, text] of refusals) {
      assertError(await admin.post(path, body), 400, text);
    }
    assert.equal((await admin.post(path, { reason: "x".repeat(BAN_REASON_MAX) })).status, 200);
    assert.equal((await admin.delete(path)).status, 200);
    const after = await kvDump(server.kv);

    assertError(
      await admin.post(`/api/admin/users/${me.id}/ban`, { reason: "me" }),
      400,
      english("admin.cannotBanSelf"),
    );
    assertError(
      await admin.post("/api/admin/users/no-such-member/ban", { reason: "who" }),
      404,
      english("admin.userNotFound"),
    );
    assertError(
      await admin.delete("/api/admin/users/no-such-member/ban"),
      404,
      english("admin.userNotFound"),
    );
    assertError(
      await admin.post("/api/admin/users/bad%20id/ban", { reason: "who" }),
      404,
      english("admin.userNotFound"),
    );
    // Another site's page cannot ban.
    const foreign = await admin.request("POST", path, {
      json: { reason: "csrf" },
      headers: { origin: "https://evil.example" },
    });
    assert.equal(foreign.status, 403);
    assert.deepEqual(await kvDump(server.kv), after, "the refusals changed nothing");
    assert.ok(dump.length > 0);
    assert.equal((await admin.get("/api/simple-user")).status, 200, "the admin is untouched");

    // A deleted member cannot be banned.
    await admin.delete(`/api/admin/users/${member.id}`);
    assertError(await admin.post(path, { reason: "late" }), 404, english("admin.userNotFound"));
  });
});
