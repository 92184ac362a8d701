// No browser or cache on the way keeps a response that can carry a member's data: every /api response
// (a member's profile, filters, the admin's lists with emails, refusals too) and every response to a
// signed-in member says `Cache-Control: no-store`, unless its route chose its own policy.
import assert from "node:assert/strict";
import { withServer } from "../helpers/server.ts";
import { Client, registerMember, signIn, TINY_PNG } from "../helpers/accounts.ts";

const ADMIN = { ADMIN_EMAIL: "chief@example.test", ADMIN_PASSWORD: "admin-pass-1" };

Deno.test("cache: member and admin API responses are no-store; static files keep their policy", async () => {
  await withServer(async (server) => {
    const member = await registerMember(server);
    const admin = await signIn(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const guest = new Client(server);

    const checks: [string, Client, string][] = [
      ["member", member.client, "/api/user/profile"],
      ["member", member.client, "/api/simple-user"],
      ["member", member.client, "/api/filters"],
      ["member", member.client, "/api/invitations"],
      ["member", member.client, "/api/subscription/session-limit"],
      ["member", member.client, "/api/subscription/tiers"],
      ["member", member.client, "/api/admin/users"],
      ["member", member.client, "/api/nothing-here"],
      ["admin", admin, "/api/admin/users"],
      ["admin", admin, `/api/admin/users?q=${encodeURIComponent(member.email)}`],
      ["admin", admin, "/api/admin/reports"],
      ["admin", admin, "/api/admin/audit"],
      ["admin", admin, "/api/admin/system"],
      ["guest", guest, "/api/user/profile"],
      ["guest", guest, "/api/admin/users"],
      ["guest", guest, "/api/subscription/tiers"],
      ["member", member.client, "/"],
      ["member", member.client, "/profile"],
      ["member", member.client, "/a-page-that-is-not-here"],
    ];
    for (const [who, client, path] of checks) {
      const res = await client.get(path);
      assert.ok(res.status < 500, `${who} ${path}: ${res.status}`);
      assert.equal(res.headers.get("cache-control"), "no-store", `${who} GET ${path}`);
    }
    // The admin's list holds the member's email: it is what must not be kept.
    const listed = await admin.get(`/api/admin/users?q=${encodeURIComponent(member.email)}`);
    assert.ok(listed.text.includes(member.email));

    // Writes and their refusals too.
    const saved = await member.client.post("/api/filters", { ageRange: [20, 40] });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(
      saved.headers.get("cache-control"),
      "no-store",
      `POST /api/filters ${saved.status}`,
    );
    const bad = await member.client.post("/api/filters", "not json", {
      headers: { "content-type": "text/plain" },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.headers.get("cache-control"), "no-store");
    const form = new FormData();
    form.append("avatar", new File([TINY_PNG], "a.png", { type: "image/png" }));
    const upload = await member.client.request("POST", "/api/user/avatar", { body: form });
    assert.equal(upload.headers.get("cache-control"), "no-store", `avatar ${upload.status}`);
    const guestRefused = await guest.post("/api/filters", { ageRange: [20, 40] });
    assert.equal(guestRefused.status, 401);
    assert.equal(guestRefused.headers.get("cache-control"), "no-store");

    // Routes with a policy of their own keep it, signed in or not.
    const css = await member.client.get("/static/css/app.css");
    assert.equal(css.headers.get("cache-control"), "public, max-age=3600");
    const manifest = await member.client.get("/manifest.webmanifest");
    assert.match(manifest.headers.get("cache-control") ?? "", /^public/);
    assert.equal(upload.status, 200, upload.text);
    const picture = await member.client.get(upload.json.avatarUrl);
    assert.equal(picture.status, 200);
    assert.equal(picture.headers.get("cache-control"), "private, max-age=86400");
  }, ADMIN);
});
