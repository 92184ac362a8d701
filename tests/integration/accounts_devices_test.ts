// "Your devices" over HTTP: the list of a member's signed-in sessions, signing out one or all the
// others (at once: the other device's next request is a guest's), the refusals (someone else's
// session, a malformed id, a foreign origin, a guest), records from before the list, the
// last-seen throttle, the device's own place, and the mail a sign-in from a new browser sends.
import assert from "node:assert/strict";
import { withServer } from "../helpers/server.ts";
import {
  assertError,
  awaitMails,
  Client,
  cookieLine,
  linkIn,
  mailsTo,
  PASSWORD,
  queueMessagesTaken,
  registerMember,
  SESSION_COOKIE,
  sessionCount,
} from "../helpers/accounts.ts";
import { createSession, LAST_SEEN_EVERY_MS, type SessionRecord } from "../../kv/sessions.ts";
import { Sessions } from "../../lib/server/auth/session.ts";
import { DEVICE_COOKIE } from "../../lib/server/auth/devices.ts";
import { closeAll, connectPeer, withMembers } from "../helpers/realtime_members.ts";

const FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0";
const SAFARI_IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WARSAW = { latitude: 52.2297, longitude: 21.0122 };
const NOT_SIGNED_IN = "That device is not signed in.";
const BAD_ID = "That is not a device id.";
const IS_CURRENT = "This is the device you are using. To sign it out, use Logout.";
const NEW_SIGN_IN = "A new sign-in to your Glimpse account";

/** Signs the member in from a new browser (a fresh cookie jar) with this User-Agent. */
async function signInAs(server: { url: string; kv: Deno.Kv }, username: string, ua: string) {
  const client = new Client(server);
  const res = await client.post("/api/simple-login", { identifier: username, password: PASSWORD }, {
    headers: { "user-agent": ua },
  });
  assert.equal(res.status, 200, res.text);
  return client;
}

/** The session id a client's cookie names (the devices list's id of that device). */
async function sidOf(client: Client) {
  const list = await client.get("/api/devices");
  assert.equal(list.status, 200, list.text);
  return list.json.devices.find((d: { current: boolean }) => d.current).id as string;
}

Deno.test("devices: the list names each browser, marks this one, and signs out one at once", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const phone = await signInAs(server, m.username, FIREFOX_ANDROID);
    const list = await m.client.get("/api/devices");
    assert.equal(list.status, 200, list.text);
    const devices = list.json.devices;
    assert.equal(devices.length, 2);
    assert.equal(devices[0].current, true, "this device comes first");
    assert.equal(devices[1].current, false);
    assert.equal(devices[1].browser, "Firefox");
    assert.equal(devices[1].system, "Android");
    assert.equal(devices[1].city, null, "no place until the device shares its own");
    assert.ok(Math.abs(devices[1].lastSeenAt - Date.now()) < 60_000);
    // Only what the list shows: no User-Agent, no user id, no token.
    assert.deepEqual(Object.keys(devices[1]).sort(), [
      "browser",
      "city",
      "current",
      "id",
      "lastSeenAt",
      "signedInAt",
      "system",
    ]);

    // The page gives its island the same list.
    const page = await m.client.get("/profile");
    assert.equal(page.status, 200);
    assert.match(
      page.text,
      /&quot;browser&quot;:&quot;Firefox&quot;,&quot;system&quot;:&quot;Android&quot;/,
    );
    // The phone was new to the account: its mail goes out (before the test ends).
    await awaitMails(server.kv, m.email, 1, "Firefox on Android");

    const phoneSid = devices[1].id;
    const end = await m.client.delete(`/api/devices/${phoneSid}`);
    assert.equal(end.status, 200, end.text);
    assert.equal(end.json.devices.length, 1);
    assert.equal(end.json.devices[0].current, true);
    // The phone's very next request is a guest's.
    assertError(await phone.get("/api/simple-user"), 401, "Not authenticated");
    assert.equal(await sessionCount(server.kv, m.id), 1);
    // Again: it is no longer signed in.
    assertError(await m.client.delete(`/api/devices/${phoneSid}`), 404, NOT_SIGNED_IN);
    // This device is signed out with Logout, not from the list.
    const own = await sidOf(m.client);
    assertError(await m.client.delete(`/api/devices/${own}`), 400, IS_CURRENT);
    assert.equal((await m.client.get("/api/simple-user")).status, 200);
  });
});

Deno.test("devices: sign out all others keeps only this device", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const others = [
      await signInAs(server, m.username, FIREFOX_ANDROID),
      await signInAs(server, m.username, SAFARI_IOS),
      await signInAs(server, m.username, "curl/8.5.0"),
    ];
    const labels = (await m.client.get("/api/devices")).json.devices
      .map((d: { browser: string | null; system: string | null }) => `${d.browser}/${d.system}`);
    assert.deepEqual(labels.slice(1).sort(), ["Firefox/Android", "Safari/iOS", "null/null"]);
    const res = await others[1].post("/api/devices/sign-out-others");
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.ended, 3);
    assert.equal(res.json.devices.length, 1);
    assert.equal(res.json.devices[0].browser, "Safari");
    for (const c of [m.client, others[0], others[2]]) {
      assertError(await c.get("/api/simple-user"), 401, "Not authenticated");
    }
    assert.equal((await others[1].get("/api/simple-user")).status, 200);
    // Nothing else to sign out: still fine, nothing ends.
    const again = await others[1].post("/api/devices/sign-out-others");
    assert.equal(again.json.ended, 0);
  });
});

Deno.test("devices: a member never lists or ends another member's session", async () => {
  await withServer(async (server) => {
    const alice = await registerMember(server);
    const bob = await registerMember(server);
    const bobPhone = await signInAs(server, bob.username, FIREFOX_ANDROID);
    const bobSids = [await sidOf(bob.client), await sidOf(bobPhone)];
    const aliceList = (await alice.client.get("/api/devices")).json.devices;
    assert.equal(aliceList.length, 1);
    assert.ok(aliceList.every((d: { id: string }) => !bobSids.includes(d.id)));
    for (const sid of bobSids) {
      // Refused exactly as a session that does not exist is: nothing tells them apart.
      assertError(await alice.client.delete(`/api/devices/${sid}`), 404, NOT_SIGNED_IN);
    }
    assertError(
      await alice.client.delete("/api/devices/00000000-0000-4000-8000-000000000000"),
      404,
      NOT_SIGNED_IN,
    );
    assert.equal(await sessionCount(server.kv, bob.id), 2);
    assert.equal((await bobPhone.get("/api/simple-user")).status, 200);
    assert.equal((await bob.client.get("/api/simple-user")).status, 200);
    // Alice's "all others" ends only Alice's.
    const others = await alice.client.post("/api/devices/sign-out-others");
    assert.equal(others.json.ended, 0);
    assert.equal(await sessionCount(server.kv, bob.id), 2);

    // Malformed ids: a clear 400, nothing ends.
    for (
      const id of ["x", "1234", `${bobSids[0]}x`, bobSids[0].toUpperCase(), "%00", "a".repeat(300)]
    ) {
      assertError(await alice.client.delete(`/api/devices/${id}`), 400, BAD_ID);
    }
    // A guest, and a page of another site, get nothing.
    const guest = new Client(server);
    assertError(await guest.get("/api/devices"), 401, "User not authenticated");
    assertError(await guest.delete(`/api/devices/${bobSids[1]}`), 401, "User not authenticated");
    assertError(await guest.post("/api/devices/sign-out-others"), 401, "User not authenticated");
    const foreign = await bob.client.request("DELETE", `/api/devices/${bobSids[1]}`, {
      headers: { origin: "https://evil.example" },
    });
    assert.equal(foreign.status, 403, foreign.text);
    const foreignAll = await bob.client.request("POST", "/api/devices/sign-out-others", {
      headers: { origin: "https://evil.example" },
    });
    assert.equal(foreignAll.status, 403, foreignAll.text);
    // An oversized body is refused before anything is read.
    const big = await bob.client.request("POST", "/api/devices/sign-out-others", {
      body: "x".repeat(200 * 1024),
      headers: { "content-type": "application/json" },
    });
    assert.equal(big.status, 413, big.text);
    assert.equal(await sessionCount(server.kv, bob.id), 2);
    assert.equal((await bobPhone.get("/api/simple-user")).status, 200);
  });
});

Deno.test("devices: a record from before the list works and is listed with what it has", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    // As every session made before: sid, userId, createdAt and expiresAt only.
    const old = await createSession(server.kv, m.id);
    assert.deepEqual(Object.keys(old).sort(), ["createdAt", "expiresAt", "sid", "userId"]);
    const tokens = await Sessions.create(server.kv, server.config);
    const oldDevice = new Client(server);
    oldDevice.cookies.set(SESSION_COOKIE, await tokens.token(old));
    assert.equal((await oldDevice.get("/api/simple-user")).status, 200);
    const listed = (await m.client.get("/api/devices")).json.devices
      .find((d: { id: string }) => d.id === old.sid);
    assert.deepEqual(
      { ...listed },
      {
        id: old.sid,
        browser: null,
        system: null,
        city: null,
        signedInAt: old.createdAt,
        lastSeenAt: old.createdAt,
        current: false,
      },
    );
    const own = await oldDevice.get("/api/devices");
    assert.equal(own.status, 200);
    assert.equal(own.json.devices[0].id, old.sid);
    assert.equal((await m.client.delete(`/api/devices/${old.sid}`)).status, 200);
    assertError(await oldDevice.get("/api/simple-user"), 401, "Not authenticated");
  });
});

Deno.test("devices: last seen is written at most once in a few minutes; the place is the device's own", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const phone = await signInAs(server, m.username, FIREFOX_ANDROID);
    const sid = await sidOf(phone);
    const read = async () => (await server.kv.get<SessionRecord>(["sessions", sid])).value!;
    const before = await server.kv.get<SessionRecord>(["sessions", sid]);
    for (let i = 0; i < 5; i++) await phone.get("/api/simple-user");
    const after = await server.kv.get<SessionRecord>(["sessions", sid]);
    assert.equal(after.versionstamp, before.versionstamp, "requests within the step write nothing");
    assert.equal(after.value!.lastSeenAt, undefined);
    // Signed in longer ago than the step: the next request writes its time, once.
    const earlier = Date.now() - LAST_SEEN_EVERY_MS - 60_000;
    await server.kv.set(["sessions", sid], { ...after.value!, createdAt: earlier });
    const t0 = Date.now();
    await phone.get("/api/simple-user");
    const seen = await read();
    assert.ok(seen.lastSeenAt! >= t0, "written");
    const stamp = (await server.kv.get(["sessions", sid])).versionstamp;
    await phone.get("/api/simple-user");
    assert.equal((await server.kv.get(["sessions", sid])).versionstamp, stamp, "and not again");

    // The phone shares its position: its row shows the city; the other device's shows none.
    assert.equal((await phone.post("/api/location", WARSAW)).status, 200);
    const devices = (await m.client.get("/api/devices")).json.devices;
    assert.equal(devices.find((d: { id: string }) => d.id === sid).city, "Warsaw");
    assert.equal(devices.find((d: { current: boolean }) => d.current).city, null);
    // The coordinates are not kept with the session.
    assert.deepEqual((await read()).place, { city: "Warsaw", country: "Poland" });
  });
});

Deno.test("devices: a sign-in from a new browser is mailed once; the same browser again is not", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    // The registration's own first sign-in is the account's first browser: no mail.
    assert.equal(
      (await mailsTo(server.kv, m.email)).filter((x) => x.subject === NEW_SIGN_IN).length,
      0,
    );
    const phone = new Client(server);
    const login = () =>
      phone.post("/api/simple-login", { identifier: m.username, password: PASSWORD }, {
        headers: { "user-agent": FIREFOX_ANDROID },
      });
    const first = await login();
    assert.equal(first.status, 200);
    const cookie = cookieLine(first, DEVICE_COOKIE);
    assert.ok(cookie, "the browser gets a device cookie");
    assert.match(cookie, /HttpOnly/i);
    assert.match(cookie, /SameSite=Lax/i);
    assert.match(cookie, /Max-Age=34560000/);
    const [mail] = await awaitMails(server.kv, m.email, 1, "Firefox on Android");
    assert.equal(mail.subject, NEW_SIGN_IN);
    assert.match(mail.text, /Firefox on Android, on .+ \d{1,2}:\d{2}.* UTC\./);
    assert.match(mail.text, /If it was not you, set a new password now/);
    const link = linkIn(mail, "/auth?reset=");
    assert.match(link, /^\/auth\?reset=[\w-]+$/);

    // The same browser signs out and in again, twice: no more mail.
    const taken = await queueMessagesTaken(server.kv);
    await phone.post("/api/simple-logout");
    assert.equal((await login()).status, 200);
    assert.equal((await login()).status, 200);
    assert.equal(await queueMessagesTaken(server.kv), taken, "nothing queued for a known browser");
    assert.equal(
      (await mailsTo(server.kv, m.email)).filter((x) => x.subject === NEW_SIGN_IN).length,
      1,
    );

    // Another new browser (even with the same User-Agent): one more mail.
    const tablet = new Client(server);
    await tablet.post("/api/simple-login", { identifier: m.username, password: PASSWORD }, {
      headers: { "user-agent": FIREFOX_ANDROID },
    });
    await awaitMails(server.kv, m.email, 2, "Firefox on Android");

    // The mail's link is the reset flow's: a new password signs every device out.
    const reset = await new Client(server).post("/api/reset-password", {
      token: new URLSearchParams(link.split("?")[1]).get("reset"),
      newPassword: "another-pass-2",
    });
    assert.equal(reset.status, 200, reset.text);
    assert.equal(await sessionCount(server.kv, m.id), 0);
  });
});

Deno.test("devices: the new-browser mail is in the member's language, and off with notifications", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    assert.equal((await m.client.patch("/api/user/profile", { language: "de" })).status, 200);
    await signInAs(server, m.username, SAFARI_IOS);
    const [mail] = await awaitMails(server.kv, m.email, 1, "Safari auf iOS");
    assert.equal(mail.subject, "Eine neue Anmeldung bei deinem Glimpse-Konto");
    assert.match(mail.text, /UTC/);

    assert.equal(
      (await m.client.patch("/api/user/profile", { notificationsEnabled: false })).status,
      200,
    );
    const before = (await mailsTo(server.kv, m.email)).length;
    const taken = await queueMessagesTaken(server.kv);
    await signInAs(server, m.username, FIREFOX_ANDROID);
    // The message is queued and taken; the listener sends nothing.
    assert.equal(await queueMessagesTaken(server.kv), taken + 1);
    assert.equal((await mailsTo(server.kv, m.email)).length, before);
  });
});

Deno.test("devices: a verification link opened in a new browser lists it without a mail", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server, { verified: false });
    const [verify] = await awaitMails(server.kv, m.email, 1, "/verify-email?token=");
    const taken = await queueMessagesTaken(server.kv);
    const phone = new Client(server);
    const open = await phone.get(linkIn(verify, "/verify-email?token="), {
      headers: { "user-agent": SAFARI_IOS },
    });
    assert.equal(open.status, 303);
    assert.ok(phone.session, "the link signed the browser in");
    assert.ok(phone.cookies.get(DEVICE_COOKIE), "and gave it a device cookie");
    const devices = (await phone.get("/api/devices")).json.devices;
    assert.equal(devices.length, 2);
    assert.equal(devices[0].browser, "Safari");
    // That browser is now the account's: signing in with the password there mails nothing either.
    await phone.post("/api/simple-logout");
    const login = await phone.post("/api/simple-login", {
      identifier: m.username,
      password: PASSWORD,
    });
    assert.equal(login.status, 200);
    assert.equal(await queueMessagesTaken(server.kv), taken, "no new-browser mail");
  });
});

Deno.test(
  "devices: signing out another device closes its open socket at once; this one's stays",
  { sanitizeResources: false, sanitizeOps: false },
  async () => {
    await withMembers({}, async (server, f) => {
      const [am] = await f.many(1);
      // The member's phone has a socket open; the desk, signed in apart, signs the phone out.
      const phone = await connectPeer(am);
      const phoneSid = (await am.client.get("/api/devices")).json.devices[0].id;
      const desk = new Client({ url: am.url, kv: server.kv });
      const here = await connectPeer({ ...am, cookie: await signInCookie(desk, am.username) });
      try {
        const t = performance.now();
        const res = await desk.delete(`/api/devices/${phoneSid}`);
        assert.equal(res.status, 200, res.text);
        const closed = await phone.ws.waitClosed(4000);
        assert.equal(closed.code, 4401, "closed as signed out");
        assert.ok(performance.now() - t < 2000, "within 2 s");
        here.ws.send({ type: "ping" });
        await here.ws.next("pong");
        assert.equal(here.ws.closed, null);
      } finally {
        closeAll(phone, here);
      }
    });
  },
);

/** Signs the member in on `client` (the realtime factory's shared password); its Cookie header. */
async function signInCookie(client: Client, username: string) {
  const login = await client.post("/api/simple-login", {
    identifier: username,
    password: "realtime-shared-password",
  });
  assert.equal(login.status, 200, login.text);
  return `${SESSION_COOKIE}=${client.session}`;
}
