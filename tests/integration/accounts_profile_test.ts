// Profile edits, password change, avatar upload and account deletion over HTTP: the stored
// record, the responses and their texts.
import assert from "node:assert/strict";
import { withServer } from "../helpers/server.ts";
import { purgeSweep } from "../../lib/server/auth/deletion.ts";
import {
  allUsers,
  assertError,
  awaitMails,
  Client,
  emailOwner,
  kvInvitation,
  kvUser,
  linkIn,
  mailsTo,
  PASSWORD,
  queueMessagesTaken,
  registerMember,
  SESSION_COOKIE,
  sessionCount,
  signIn,
  TINY_PNG,
  usernameOwner,
} from "../helpers/accounts.ts";

const LOCATION_REQUIRED = "Both country and city are required for location-based matching";
const NOT_AUTHENTICATED = "User not authenticated";
const NOT_IMAGE = "Please select an image file.";
const SHORT_PASSWORD = "Password must be at least 6 characters long";
const WRONG_CURRENT = "Current password is incorrect";
const BAD_CREDENTIALS = "Invalid username/email or password";

function avatarForm(bytes: Uint8Array, type: string, name = "avatar.png", field = "avatar") {
  const form = new FormData();
  form.append(field, new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return form;
}

Deno.test("profile: PATCH changes display name, bio, language and the privacy switches", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    // The three privacy switches start on.
    const before = await m.client.get("/api/user/profile");
    assert.equal(before.json.faceBlurEnabled, true);
    assert.equal(before.json.hideExactLocation, true);
    assert.equal(before.json.notificationsEnabled, true);
    assert.equal(before.json.language, "en");

    const res = await m.client.patch("/api/user/profile", {
      displayName: "  Ada L.  ",
      bio: "Likes trains.",
      language: "de",
      faceBlurEnabled: false,
      hideExactLocation: false,
      notificationsEnabled: false,
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.displayName, "Ada L.");
    assert.equal(res.json.bio, "Likes trains.");
    assert.equal(res.json.language, "de");
    assert.equal(res.json.faceBlurEnabled, false);
    assert.equal(res.json.hideExactLocation, false);
    assert.equal(res.json.notificationsEnabled, false);
    assert.ok(!("passwordHash" in res.json));

    const stored = await kvUser(server.kv, m.id);
    assert.equal(stored?.displayName, "Ada L.");
    assert.equal(stored?.bio, "Likes trains.");
    assert.equal(stored?.language, "de");
    assert.equal(stored?.faceBlurEnabled, false);
    assert.equal(stored?.hideExactLocation, false);
    assert.equal(stored?.notificationsEnabled, false);
    const after = await m.client.get("/api/user/profile");
    assert.equal(after.json.displayName, "Ada L.");
    assert.equal(after.json.notificationsEnabled, false);

    // A partial PATCH leaves the other fields alone.
    const one = await m.client.patch("/api/user/profile", { faceBlurEnabled: true });
    assert.equal(one.status, 200);
    const again = await kvUser(server.kv, m.id);
    assert.equal(again?.faceBlurEnabled, true);
    assert.equal(again?.bio, "Likes trains.");
    assert.equal(again?.hideExactLocation, false);
  });
});

Deno.test("profile: the safety shield setting is on by default, stored, and read as on for older records", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const before = await m.client.get("/api/user/profile");
    assert.equal(before.json.safetyShieldEnabled, true);
    assert.equal((await kvUser(server.kv, m.id))?.safetyShieldEnabled, true);

    const off = await m.client.patch("/api/user/profile", { safetyShieldEnabled: false });
    assert.equal(off.status, 200, off.text);
    assert.equal(off.json.safetyShieldEnabled, false);
    assert.equal((await kvUser(server.kv, m.id))?.safetyShieldEnabled, false);
    assert.equal((await m.client.get("/api/user/profile")).json.safetyShieldEnabled, false);
    // The other privacy switches are untouched.
    assert.equal((await kvUser(server.kv, m.id))?.faceBlurEnabled, true);

    // A member who joined before the setting existed has no field: the shield is on for them.
    const entry = await server.kv.get<Record<string, unknown>>(["users", m.id]);
    const { safetyShieldEnabled: _, ...older } = entry.value!;
    await server.kv.set(entry.key, older);
    assert.equal((await m.client.get("/api/user/profile")).json.safetyShieldEnabled, true);
    // The live page's island gets the same response.
    const page = await m.client.get("/live-match");
    assert.match(page.text, /&quot;safetyShieldEnabled&quot;:true|"safetyShieldEnabled":true/);
  });
});

Deno.test("profile: location needs both city and country", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const ok = await m.client.patch("/api/user/profile", { location: "Warsaw, Poland" });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.json.location, "Warsaw, Poland");
    assert.equal((await kvUser(server.kv, m.id))?.location, "Warsaw, Poland");

    for (const bad of ["Warsaw", "Warsaw,", ", Poland", " , ", ""]) {
      const res = await m.client.patch("/api/user/profile", { location: bad, bio: "changed" });
      assertError(res, 400, LOCATION_REQUIRED);
      const stored = await kvUser(server.kv, m.id);
      assert.equal(stored?.location, "Warsaw, Poland", `after '${bad}'`);
      assert.equal(stored?.bio, "", `a refused PATCH changes nothing (after '${bad}')`);
    }
  });
});

Deno.test("profile: refusals (401, unknown field, bad values) change nothing", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const snapshot = await kvUser(server.kv, m.id);

    const guest = await new Client(server).patch("/api/user/profile", { displayName: "X" });
    assertError(guest, 401, NOT_AUTHENTICATED);

    const unknown = await m.client.patch("/api/user/profile", { displayName: "X", role: "admin" });
    assertError(unknown, 400, "Invalid request body");
    const extra = await m.client.patch("/api/user/profile", { displayName: "X", foo: 1 });
    assertError(extra, 400, "Invalid request body");

    for (
      const payload of [
        { language: "xx" },
        { username: "no!" },
        { email: "nope" },
        { safetyShieldEnabled: "off" },
        { safetyShieldEnabled: null },
      ]
    ) {
      const res = await m.client.patch("/api/user/profile", { ...payload, displayName: "X" });
      assert.equal(res.status, 400, JSON.stringify(payload));
      assert.equal(typeof res.json.error, "string");
    }
    assert.deepEqual(await kvUser(server.kv, m.id), snapshot);
  });
});

Deno.test("profile: username change frees the old name; a taken name returns 409", async () => {
  await withServer(async (server) => {
    const taken = await registerMember(server, { username: "taken_one" });
    const m = await registerMember(server, { username: "old_name" });

    const clash = await m.client.patch("/api/user/profile", { username: "Taken_One" });
    assertError(clash, 409, "Username is already taken");
    assert.equal((await kvUser(server.kv, m.id))?.username, "old_name");
    assert.equal(await usernameOwner(server.kv, "taken_one"), taken.id);
    assert.equal(await usernameOwner(server.kv, "old_name"), m.id);

    const ok = await m.client.patch("/api/user/profile", { username: "New_Name" });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.json.username, "new_name");
    assert.equal(await usernameOwner(server.kv, "new_name"), m.id);
    assert.equal(await usernameOwner(server.kv, "old_name"), null);
    await signIn(server, "new_name", PASSWORD);
  });
});

Deno.test("profile: re-saving the own email in another case keeps it verified and mails nothing", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server, { email: "first@example.test", verified: false });
    const [mail] = await awaitMails(server.kv, "first@example.test");
    assert.equal((await new Client(server).get(linkIn(mail, "/verify-email?token="))).status, 303);
    assert.equal((await kvUser(server.kv, m.id))?.emailVerified, true);

    // No current password needed: the address stays the member's.
    const same = await m.client.patch("/api/user/profile", { email: "First@EXAMPLE.test" });
    assert.equal(same.status, 200, same.text);
    assert.equal(same.json.email, "First@example.test", "the domain lower-cased");
    assert.equal(same.json.message, undefined);
    assert.equal((await kvUser(server.kv, m.id))?.emailVerified, true);
    assert.equal(await emailOwner(server.kv, "first@example.test"), m.id);
    assert.equal(await queueMessagesTaken(server.kv), 1, "only the registration's mail");
  });
});

Deno.test("password change: checks, then ends the other sessions and keeps this one", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const other = await signIn(server, m.username, PASSWORD);
    const hashBefore = (await kvUser(server.kv, m.id))?.passwordHash;

    const guest = await new Client(server).post("/api/user/password", {
      currentPassword: PASSWORD,
      newPassword: "whatever-1",
    });
    assertError(guest, 401, NOT_AUTHENTICATED);

    const wrong = await m.client.post("/api/user/password", {
      currentPassword: "not-my-password",
      newPassword: "whatever-1",
    });
    assertError(wrong, 400, WRONG_CURRENT);

    const short = await m.client.post("/api/user/password", {
      currentPassword: PASSWORD,
      newPassword: "12345",
    });
    assertError(short, 400, SHORT_PASSWORD);

    assert.equal((await kvUser(server.kv, m.id))?.passwordHash, hashBefore, "unchanged");
    assert.equal((await other.get("/api/simple-user")).status, 200, "no one signed out yet");

    const NEW = "changed-pass-9";
    const ok = await m.client.post("/api/user/password", {
      currentPassword: PASSWORD,
      newPassword: NEW,
    });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.json.message, "Password updated");
    assert.equal((await m.client.get("/api/simple-user")).status, 200, "this session stays");
    assert.equal((await other.get("/api/simple-user")).status, 401, "the other one ends");
    assert.equal(await sessionCount(server.kv, m.id), 1);

    assertError(
      await new Client(server).post("/api/simple-login", {
        identifier: m.username,
        password: PASSWORD,
      }),
      401,
      BAD_CREDENTIALS,
    );
    await signIn(server, m.username, NEW);
  });
});

Deno.test("avatar: a real PNG is stored and served; other files are refused", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);

    const guest = await new Client(server).request("POST", "/api/user/avatar", {
      body: avatarForm(TINY_PNG, "image/png"),
    });
    assertError(guest, 401, NOT_AUTHENTICATED);

    const refused: [string, FormData][] = [
      ["text file", avatarForm(new TextEncoder().encode("hello"), "text/plain", "a.txt")],
      ["text declared PNG", avatarForm(new TextEncoder().encode("not a png"), "image/png")],
      ["SVG", avatarForm(new TextEncoder().encode("<svg onload=alert(1)/>"), "image/svg+xml")],
      ["wrong field name", avatarForm(TINY_PNG, "image/png", "a.png", "picture")],
      ["empty form", new FormData()],
    ];
    for (const [name, form] of refused) {
      const res = await m.client.request("POST", "/api/user/avatar", { body: form });
      try {
        assertError(res, 400, NOT_IMAGE);
      } catch (err) {
        throw new Error(`${name}: ${(err as Error).message}`);
      }
    }
    const notMultipart = await m.client.post("/api/user/avatar", { avatar: "x" });
    assertError(notMultipart, 400, NOT_IMAGE);
    assert.equal((await server.kv.get(["avatars", m.id])).value, null, "nothing stored");
    assert.equal((await kvUser(server.kv, m.id))?.avatarUrl, null);

    const ok = await m.client.request("POST", "/api/user/avatar", {
      body: avatarForm(TINY_PNG, "image/png"),
    });
    assert.equal(ok.status, 200, ok.text);
    const url: string = ok.json.avatarUrl;
    assert.match(url, new RegExp(`^/avatars/${m.id}\\?v=\\w+$`));
    assert.equal((await kvUser(server.kv, m.id))?.avatarUrl, url);
    assert.equal((await m.client.get("/api/user/profile")).json.avatarUrl, url);

    const img = await new Client(server).get(url);
    assert.equal(img.status, 200);
    assert.equal(img.headers.get("content-type"), "image/png");
    assert.deepEqual(img.bytes, TINY_PNG);

    // Over 60 KB: 413, and the stored picture stays.
    const big = new Uint8Array(61 * 1024);
    big.set(TINY_PNG);
    const tooBig = await m.client.request("POST", "/api/user/avatar", {
      body: avatarForm(big, "image/png"),
    });
    assertError(tooBig, 413, "Please choose a smaller picture (at most 60 KB after resizing).");
    assert.equal((await kvUser(server.kv, m.id))?.avatarUrl, url);
    assert.deepEqual((await new Client(server).get(url)).bytes, TINY_PNG);
  });
});

Deno.test("deletion: sessions end, sign-in fails, name and email are free; purge removes data", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server, { username: "leaver", email: "leaver@example.test" });
    const other = await signIn(server, "leaver", PASSWORD);
    const replay = m.client.clone();
    const up = await m.client.request("POST", "/api/user/avatar", {
      body: avatarForm(TINY_PNG, "image/png"),
    });
    assert.equal(up.status, 200);

    assertError(await new Client(server).delete("/api/delete-account"), 401, NOT_AUTHENTICATED);

    const res = await m.client.delete("/api/delete-account");
    assert.equal(res.status, 200, res.text);
    assert.equal(m.client.session, undefined, "cookie cleared");
    assert.ok(res.setCookies.some((l) => l.startsWith(`${SESSION_COOKIE}=`)));

    // Every session ended at once.
    assert.equal((await replay.get("/api/simple-user")).status, 401);
    assert.equal((await other.get("/api/simple-user")).status, 401);
    assert.equal(await sessionCount(server.kv, m.id), 0);
    // Deleting twice is not possible (no session any more).
    assertError(await replay.delete("/api/delete-account"), 401, NOT_AUTHENTICATED);

    // Sign-in fails like for an unknown account.
    for (const identifier of ["leaver", "leaver@example.test"]) {
      const login = await new Client(server).post("/api/simple-login", {
        identifier,
        password: PASSWORD,
      });
      assertError(login, 401, BAD_CREDENTIALS);
    }
    // No password reset mail for a deleted account.
    await new Client(server).post("/api/forgot-password", { email: "leaver@example.test" });
    // Once the queue has handled it (and whatever came before: the sign-in's new-browser mail,
    // which carries a reset link of its own when it went out before the deletion).
    await queueMessagesTaken(server.kv);
    assert.equal(
      (await mailsTo(server.kv, "leaver@example.test")).filter((x) =>
        x.subject === "Reset your Glimpse password"
      ).length,
      0,
    );

    // Someone else can take the username and the email.
    const heir = await registerMember(server, { username: "Leaver", email: "LEAVER@example.test" });
    assert.notEqual(heir.id, m.id);
    assert.equal(await usernameOwner(server.kv, "leaver"), heir.id);
    assert.equal(await emailOwner(server.kv, "leaver@example.test"), heir.id);

    // Nothing is purged before its time…
    assert.equal(await purgeSweep(server.kv, Date.now()), 0);
    assert.ok(await kvUser(server.kv, m.id), "record kept during the grace period");
    // The picture is not served a moment longer: it goes with the deletion itself.
    assert.equal((await server.kv.get(["avatars", m.id])).value, null);

    // …and everything personal is gone after it.
    assert.ok((await purgeSweep(server.kv, Date.now() + 8 * 24 * 3600_000)) >= 1);
    assert.equal(await kvUser(server.kv, m.id), null);
    assert.equal((await server.kv.get(["avatars", m.id])).value, null);
    for (const code of m.codes) assert.equal(await kvInvitation(server.kv, code), null, code);
    assert.ok(!(await allUsers(server.kv)).some((u) => u.id === m.id));

    // The heir is untouched by the purge.
    assert.equal(await usernameOwner(server.kv, "leaver"), heir.id);
    assert.equal(await emailOwner(server.kv, "leaver@example.test"), heir.id);
    assert.equal((await heir.client.get("/api/simple-user")).json.id, heir.id);
    await signIn(server, "leaver@example.test", PASSWORD);
  });
});
