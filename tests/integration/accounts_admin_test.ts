// The administrator: bootstrap from ADMIN_EMAIL + ADMIN_PASSWORD, sign-in,
// POST /api/admin/invitations for admins only, and a restart that keeps one admin account.
import assert from "node:assert/strict";
import { startServer } from "../helpers/server.ts";
import { bootstrapAdmin } from "../../lib/server/auth/admin.ts";
import { createApp } from "../../routes/app.tsx";
import { ensureBuilt } from "../../lib/server/build/assets.ts";
import {
  allUsers,
  assertError,
  Client,
  kvInvitation,
  kvUser,
  PASSWORD,
  registerMember,
  SESSION_COOKIE,
  signIn,
} from "../helpers/accounts.ts";

const ADMIN = { ADMIN_EMAIL: "Boss@Example.test", ADMIN_PASSWORD: "admin-pass-1" };

Deno.test("admin: bootstrapped account signs in and issues invitation codes", async () => {
  const server = await startServer(ADMIN);
  try {
    const admins = (await allUsers(server.kv)).filter((u) => u.role === "admin");
    assert.equal(admins.length, 1);
    assert.equal(admins[0].email.toLowerCase(), "boss@example.test");
    assert.equal(admins[0].emailVerified, true);
    assert.ok(!admins[0].passwordHash.includes(ADMIN.ADMIN_PASSWORD), "hashed");

    const admin = await signIn(server, "boss@example.test", ADMIN.ADMIN_PASSWORD);
    const me = await admin.get("/api/simple-user");
    assert.equal(me.json.role, "admin");
    // The legacy admin login: POST /api/login {username, password}.
    const legacy = await new Client(server).post("/api/login", {
      username: admins[0].username,
      password: ADMIN.ADMIN_PASSWORD,
    });
    assert.equal(legacy.status, 200, legacy.text);
    assert.equal(legacy.json.role, "admin");

    const issued = await admin.post("/api/admin/invitations");
    assert.equal(issued.status, 201, issued.text);
    const code: string = issued.json.code;
    assert.match(code, /^[A-HJ-NP-Z2-9]{10}$/);
    const inv = await kvInvitation(server.kv, code);
    assert.ok(inv, "stored");
    assert.equal(inv.ownerId, null);
    assert.equal(inv.usedBy, undefined);

    // The code lets someone in; their record has no inviter.
    const member = await registerMember(server, { invitationCode: code });
    assert.equal((await kvUser(server.kv, member.id))?.invitedBy, null);
    assert.equal((await kvInvitation(server.kv, code))?.usedBy, member.id);

    // A member gets 403, a guest 401; neither creates a code.
    const countCodes = async () => {
      let n = 0;
      for await (const _ of server.kv.list({ prefix: ["invitations"] })) n++;
      return n;
    };
    const codesBefore = await countCodes();
    assertError(
      await member.client.post("/api/admin/invitations"),
      403,
      "Only administrators can do this.",
    );
    assertError(
      await new Client(server).post("/api/admin/invitations"),
      401,
      "User not authenticated",
    );
    assert.equal(await countCodes(), codesBefore);

    // A member cannot make themselves admin through the profile.
    const escalate = await member.client.patch("/api/user/profile", { role: "admin" });
    assert.equal(escalate.status, 400);
    assert.equal((await kvUser(server.kv, member.id))?.role, "member");
    assertError(
      await member.client.post("/api/admin/invitations"),
      403,
      "Only administrators can do this.",
    );
  } finally {
    await server.close();
  }
});

Deno.test("admin: a restart keeps a single admin account (and its sessions)", async () => {
  const server = await startServer(ADMIN);
  try {
    const admin = await signIn(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const [before] = (await allUsers(server.kv)).filter((u) => u.role === "admin");

    // A second app on the same KV, as after a restart.
    const app = await createApp({
      config: server.config,
      kv: server.kv,
      assets: await ensureBuilt(),
    });
    await bootstrapAdmin(server.kv, server.config);

    const admins = (await allUsers(server.kv)).filter((u) => u.role === "admin");
    assert.equal(admins.length, 1);
    assert.equal(admins[0].id, before.id);
    assert.equal(admins[0].passwordHash, before.passwordHash, "same password: hash kept");
    assert.equal(
      (await allUsers(server.kv)).filter((u) => u.email.toLowerCase() === "boss@example.test")
        .length,
      1,
    );

    // The restarted app still honours the admin's cookie.
    const res = await app.fetch(
      new Request(`${server.url}/api/simple-user`, {
        headers: { cookie: `${SESSION_COOKIE}=${admin.session}` },
      }),
    );
    assert.equal(res.status, 200);
    assert.equal((await res.json()).role, "admin");

    // A new ADMIN_PASSWORD at start-up updates the same account.
    const NEW = "admin-pass-2";
    await bootstrapAdmin(server.kv, {
      ...server.config,
      admin: { email: "boss@example.test", password: NEW },
    });
    const after = (await allUsers(server.kv)).filter((u) => u.role === "admin");
    assert.equal(after.length, 1);
    assert.equal(after[0].id, before.id);
    await signIn(server, "boss@example.test", NEW);
    assertError(
      await new Client(server).post("/api/simple-login", {
        identifier: "boss@example.test",
        password: ADMIN.ADMIN_PASSWORD,
      }),
      401,
      "Invalid username/email or password",
    );
  } finally {
    await server.close();
  }
});

Deno.test("admin: a member who took the name 'admin' keeps it and stays a member", async () => {
  const server = await startServer();
  try {
    const squatter = await registerMember(server, { username: "admin" });
    await bootstrapAdmin(server.kv, {
      ...server.config,
      admin: { email: "boss@example.test", password: PASSWORD },
    });
    assert.equal((await kvUser(server.kv, squatter.id))?.role, "member");
    const admins = (await allUsers(server.kv)).filter((u) => u.role === "admin");
    assert.equal(admins.length, 1);
    assert.notEqual(admins[0].username, "admin");
    assert.notEqual(admins[0].id, squatter.id);
    const me = await squatter.client.get("/api/simple-user");
    assert.equal(me.json.role, "member");
  } finally {
    await server.close();
  }
});

Deno.test("admin: bootstrap never hands admin rights to sessions opened by someone else", async () => {
  // A member registers (unverified) with the address that ADMIN_EMAIL will name; start-up then
  // "updates that account" to admin with the operator's password. Sessions the member opened with
  // their own password must not come out of that as admin sessions.
  const server = await startServer();
  try {
    const squatter = await registerMember(server, {
      email: "boss@example.test",
      verified: false,
    });
    assert.equal((await kvUser(server.kv, squatter.id))?.emailVerified, false);
    await bootstrapAdmin(server.kv, {
      ...server.config,
      admin: { email: "boss@example.test", password: "operator-secret" },
    });
    const res = await squatter.client.post("/api/admin/invitations");
    assert.notEqual(res.status, 201, "the squatter's old cookie issues invitation codes as admin");
    assert.ok(res.status === 401 || res.status === 403, `${res.status}`);
  } finally {
    await server.close();
  }
});
