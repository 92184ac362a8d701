// The HTTP layer's guards against a real server, as a misbehaving client meets them: a guest on
// a members' API gets 401 and a member on an admin API 403; an oversized body is refused with 413
// before it is read; a body that is not JSON is refused; another site's page cannot change
// anything with a member's cookie; and every page the app guards is one a guest is sent to /auth
// from. In every refusal nothing stored changes.
import assert from "node:assert/strict";
import { type TestServer, withServer } from "../helpers/server.ts";
import { assertError, Client, kvUser, registerMember, TINY_PNG } from "../helpers/accounts.ts";
import { openKv } from "../../kv/db.ts";
import { testConfig } from "../../lib/server/config.ts";
import { ensureBuilt } from "../../lib/server/build/assets.ts";
import { createApp } from "../../routes/app.tsx";
import { MEMBER_ONLY_PAGES } from "../helpers/site.ts";
import { kvDump } from "../helpers/kv_dump.ts";
import { guestRedirectedPages } from "../../lib/server/build/page_weight.ts";
import { english } from "../helpers/english.ts";

const NOT_AUTHENTICATED = "User not authenticated";
const INVALID_BODY = "Invalid request body";
const TOO_LARGE = "The request is too large.";
const CROSS_SITE = "Cross-site requests are not allowed.";
const AVATAR_TOO_LARGE = "Please choose a smaller picture (at most 60 KB after resizing).";

async function unchanged(server: TestServer, label: string, fn: () => Promise<void>) {
  const before = await kvDump(server.kv);
  await fn();
  assert.deepEqual(await kvDump(server.kv), before, `${label}: nothing stored changed`);
}

Deno.test("guards: a guest gets 401 on every members' API; a member 403 on the admin API", async () => {
  await withServer(async (server) => {
    const guest = new Client(server);
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/filters"],
      ["POST", "/api/filters", { hashtags: ["yoga"] }],
      ["POST", "/api/location", { latitude: 52.2, longitude: 21 }],
      ["GET", "/api/regions"],
      ["PATCH", "/api/user/profile", { bio: "hello" }],
      ["POST", "/api/user/password", { currentPassword: "x", newPassword: "yyyyyyyy" }],
      ["DELETE", "/api/delete-account"],
      ["POST", "/api/report", { reportReason: "other", additionalDetails: "x" }],
      ["GET", "/api/subscription/session-limit"],
      ["POST", "/api/subscription/create-checkout", { tier: "plus" }],
    ];
    await unchanged(server, "guest calls", async () => {
      for (const [method, path, json] of calls) {
        const res = await guest.request(method, path, json === undefined ? {} : { json });
        assertError(res, 401, NOT_AUTHENTICATED);
      }
      assertError(await guest.get("/api/simple-user"), 401, "Not authenticated");
      assertError(
        await guest.post("/api/resend-verification"),
        401,
        "Please sign in to verify your email.",
      );
    });

    // The rights are the stored record's: a member is refused whatever the request claims.
    const member = await registerMember(server);
    await unchanged(server, "member on the admin API", async () => {
      for (const [method, path] of [["POST", "/api/admin/invitations"], ["GET", "/api/admin/x"]]) {
        assertError(
          await member.client.request(method, path, { headers: { "x-role": "admin" } }),
          403,
          english("admin.adminsOnly"),
        );
      }
    });
  });
});

Deno.test("guards: an administrator creates an invitation code a new member can use", async () => {
  await withServer(async (server) => {
    const admin = new Client(server);
    const login = await admin.post("/api/simple-login", {
      identifier: "boss@example.test",
      password: "admin-pass-1",
    });
    assert.equal(login.status, 200, login.text);
    const res = await admin.post("/api/admin/invitations");
    assert.equal(res.status, 201, res.text);
    assert.match(res.json.code, /^[A-Z2-9]{10}$/);
    await registerMember(server, { invitationCode: res.json.code });
  }, { ADMIN_EMAIL: "boss@example.test", ADMIN_PASSWORD: "admin-pass-1" });
});

Deno.test("body limit: an oversized body is refused with 413 before it is read", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const huge = { hashtags: ["yoga"], location: "x".repeat(40 * 1024) };
    await unchanged(server, "oversized filters", async () => {
      assertError(await m.client.post("/api/filters", huge), 413, TOO_LARGE);
    });

    // Without a Content-Length (a streamed body) the limit still holds.
    const chunks = [new TextEncoder().encode('{"bio": "'), new Uint8Array(40 * 1024).fill(97)];
    await unchanged(server, "streamed profile", async () => {
      const res = await m.client.request("PATCH", "/api/user/profile", {
        body: ReadableStream.from(chunks),
        headers: { "content-type": "application/json" },
      });
      assertError(res, 413, TOO_LARGE);
    });

    // A picture far over the limit gets the avatar's own text, and no picture is kept.
    const form = new FormData();
    const big = new Uint8Array(300 * 1024);
    big.set(TINY_PNG);
    form.append("avatar", new Blob([big], { type: "image/png" }), "big.png");
    await unchanged(server, "oversized avatar", async () => {
      const res = await m.client.request("POST", "/api/user/avatar", { body: form });
      assertError(res, 413, AVATAR_TOO_LARGE);
    });
    assert.equal((await kvUser(server.kv, m.id))?.avatarUrl, null);
  });
});

Deno.test("validation: a body that is not declared JSON is refused, nothing stored", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const json = JSON.stringify({ hashtags: ["yoga"] });
    await unchanged(server, "text/plain filters", async () => {
      for (const type of ["text/plain", "application/x-www-form-urlencoded", ""]) {
        const res = await m.client.request("POST", "/api/filters", {
          body: json,
          headers: type ? { "content-type": type } : {},
        });
        assertError(res, 400, INVALID_BODY);
      }
    });
    assert.equal((await m.client.post("/api/filters", { hashtags: ["yoga"] })).status, 200);
  });
});

Deno.test("same origin: another site's page cannot change anything with a member's cookie", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const evil = { origin: "https://evil.example" };
    await unchanged(server, "cross-site requests", async () => {
      const calls: [string, string, { json?: unknown; body?: BodyInit }][] = [
        ["POST", "/api/filters", { json: { hashtags: ["evil"] } }],
        ["PATCH", "/api/user/profile", { json: { bio: "pwned" } }],
        ["DELETE", "/api/delete-account", {}],
        ["POST", "/api/logout", { body: new URLSearchParams() }],
        ["POST", "/api/simple-login", { json: { identifier: m.username, password: m.password } }],
      ];
      for (const [method, path, opts] of calls) {
        assertError(
          await m.client.request(method, path, { ...opts, headers: evil }),
          403,
          CROSS_SITE,
        );
      }
      // A browser that sends only Sec-Fetch-Site is judged by it.
      const site = await m.client.request("POST", "/api/filters", {
        json: { hashtags: ["evil"] },
        headers: { "sec-fetch-site": "cross-site" },
      });
      assertError(site, 403, CROSS_SITE);
    });
    assert.equal((await m.client.get("/api/simple-user")).status, 200, "still signed in");

    // The site's own pages may, and reading is allowed from anywhere the cookie goes.
    const own = await m.client.request("POST", "/api/filters", {
      json: { hashtags: ["travel"] },
      headers: { origin: server.url, "sec-fetch-site": "same-origin" },
    });
    assert.equal(own.status, 200, own.text);
    assert.equal((await m.client.get("/api/filters", { headers: evil })).status, 200);
  });
});

Deno.test("guards: the pages a guest is sent to /auth from are exactly MEMBER_ONLY_PAGES", async () => {
  const kv = await openKv(":memory:");
  try {
    const app = await createApp({ config: testConfig(), kv, assets: await ensureBuilt() });
    const redirected = await guestRedirectedPages(app);
    assert.deepEqual(redirected.sort(), [...MEMBER_ONLY_PAGES].sort());
  } finally {
    kv.close();
  }
});
