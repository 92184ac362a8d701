// Sign-in, sign-out, email verification and password reset over HTTP: each response's status and
// the exact text a member sees.
import assert from "node:assert/strict";
import { withServer } from "../helpers/server.ts";
import {
  assertError,
  awaitMails,
  awaitQueueTaken,
  Client,
  cookieLine,
  flashOf,
  kvUser,
  linkIn,
  mailsTo,
  PASSWORD,
  queueMessagesTaken,
  registerMember,
  SESSION_COOKIE,
  sessionCount,
  signIn,
  withoutRequestId,
} from "../helpers/accounts.ts";
import { listOutbox } from "../../lib/server/email/mod.ts";

const BAD_CREDENTIALS = "Invalid username/email or password";
const LOGIN_MISSING = "Please enter both username/email and password";
const EMAIL_REQUIRED = "Please enter your email address";
const BAD_EMAIL = "Please enter a valid email address";
const SHORT_PASSWORD = "Password must be at least 6 characters long";
const RESET_FAILED = "This reset link is invalid or has expired. Please request a new one.";

Deno.test("sign-in: by username or email, any case, on both endpoints", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server, { username: "carol", email: "Carol@Example.test" });
    const tries: [string, unknown][] = [
      ["/api/simple-login", { identifier: "carol", password: PASSWORD }],
      ["/api/simple-login", { identifier: "CaRoL", password: PASSWORD }],
      ["/api/simple-login", { identifier: " carol@example.TEST ", password: PASSWORD }],
      ["/api/login", { username: "Carol", password: PASSWORD }],
      ["/api/login", { username: "carol@example.test", password: PASSWORD }],
    ];
    for (const [path, payload] of tries) {
      const client = new Client(server);
      const res = await client.post(path, payload);
      assert.equal(res.status, 200, `${path} ${JSON.stringify(payload)}: ${res.text}`);
      assert.equal(res.json.id, m.id);
      assert.equal(res.json.username, "carol");
      assert.equal(res.json.isAuthenticated, true);
      assert.ok(!("passwordHash" in res.json));
      assert.ok(cookieLine(res, SESSION_COOKIE), "session cookie set");
      const me = await client.get("/api/simple-user");
      assert.equal(me.status, 200);
      assert.equal(me.json.id, m.id);
    }
    // One session per sign-in, plus the one from registration.
    assert.equal(await sessionCount(server.kv, m.id), tries.length + 1);
  });
});

Deno.test("sign-in: wrong password and unknown account get exactly alike responses (401)", async () => {
  await withServer(async (server) => {
    await registerMember(server, { username: "dave", email: "dave@example.test" });
    const responses = [
      await new Client(server).post("/api/simple-login", {
        identifier: "dave",
        password: "nope!!",
      }),
      await new Client(server).post("/api/simple-login", {
        identifier: "dave@example.test",
        password: "nope!!",
      }),
      await new Client(server).post("/api/simple-login", {
        identifier: "nobody",
        password: "nope!!",
      }),
      await new Client(server).post("/api/simple-login", {
        identifier: "nobody@example.test",
        password: PASSWORD,
      }),
      await new Client(server).post("/api/login", { username: "dave", password: "nope!!" }),
      await new Client(server).post("/api/login", { username: "nobody", password: "nope!!" }),
    ];
    for (const a of responses) {
      assertError(a, 401, BAD_CREDENTIALS);
      assert.equal(
        withoutRequestId(a.text),
        withoutRequestId(responses[0].text),
        "identical bodies",
      );
      assert.equal(cookieLine(a, SESSION_COOKIE), undefined);
    }
  });
});

Deno.test("sign-in: empty fields return 400 with the product's text", async () => {
  await withServer(async (server) => {
    const cases: [string, unknown][] = [
      ["/api/simple-login", { identifier: "", password: PASSWORD }],
      ["/api/simple-login", { identifier: "   ", password: PASSWORD }],
      ["/api/simple-login", { identifier: "someone", password: "" }],
      ["/api/simple-login", {}],
      ["/api/login", { username: "", password: "" }],
      ["/api/login", { password: PASSWORD }],
    ];
    for (const [path, payload] of cases) {
      const res = await new Client(server).post(path, payload);
      assertError(res, 400, LOGIN_MISSING);
    }
    const bad = await new Client(server).request("POST", "/api/simple-login", {
      body: "{oops",
      headers: { "content-type": "application/json" },
    });
    assertError(bad, 400, "Invalid request body");
  });
});

Deno.test("session: /api/simple-user and /api/user/profile need the cookie", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    for (const path of ["/api/simple-user", "/api/user/profile"]) {
      const withCookie = await m.client.get(path);
      assert.equal(withCookie.status, 200, path);
      assert.equal(withCookie.json.id, m.id);
      assert.equal(withCookie.json.username, m.username);
      assert.equal(withCookie.json.email, m.email);
      assert.ok(!("passwordHash" in withCookie.json));

      const guest = await new Client(server).get(path);
      assert.equal(guest.status, 401, path);
      assert.equal(guest.json.error, "Not authenticated");

      // A forged or altered cookie is no cookie.
      const forged = new Client(server);
      const token = m.client.session!;
      forged.cookies.set(SESSION_COOKIE, token.slice(0, -2) + (token.endsWith("A") ? "BB" : "AA"));
      assert.equal((await forged.get(path)).status, 401, path);
    }
  });
});

for (const path of ["/api/logout", "/api/simple-logout"]) {
  Deno.test(`sign-out: POST ${path} ends this session only; a replayed cookie is dead`, async () => {
    await withServer(async (server) => {
      const m = await registerMember(server);
      const other = await signIn(server, m.username, PASSWORD);
      const replay = m.client.clone();
      assert.equal(await sessionCount(server.kv, m.id), 2);

      const res = await m.client.post(path);
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.json, { ok: true, message: "Logged out" });
      assert.equal(m.client.session, undefined, "the cookie is cleared");
      assert.equal((await m.client.get("/api/simple-user")).status, 401);
      assert.equal((await replay.get("/api/simple-user")).status, 401, "replayed cookie");
      assert.equal((await replay.get("/api/user/profile")).status, 401, "replayed cookie");
      assert.equal(await sessionCount(server.kv, m.id), 1);

      // The other device stays signed in.
      assert.equal((await other.get("/api/simple-user")).status, 200);
      // Signing out without a session is harmless.
      assert.equal((await new Client(server).post(path)).status, 200);
    });
  });
}

Deno.test("sign-out: a form-encoded POST /api/logout returns 303 to /", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const replay = m.client.clone();
    const res = await m.client.request("POST", "/api/logout", {
      body: new URLSearchParams({}),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get("location"), "/");
    assert.equal(flashOf(res)?.title, "Logged out");
    assert.equal((await replay.get("/api/simple-user")).status, 401);
    assert.equal(await sessionCount(server.kv, m.id), 0);
  });
});

Deno.test("verification: the emailed link verifies once; a reuse does no harm", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server, { verified: false });
    const [mail] = await awaitMails(server.kv, m.email);
    const link = linkIn(mail, "/verify-email?token=");
    assert.equal((await kvUser(server.kv, m.id))?.emailVerified, false);

    const first = await new Client(server).get(link); // works without being signed in
    assert.equal(first.status, 303);
    assert.equal(first.headers.get("location"), "/");
    assert.equal(flashOf(first)?.kind, "success");
    assert.equal((await kvUser(server.kv, m.id))?.emailVerified, true);
    assert.equal((await m.client.get("/api/simple-user")).json.emailVerified, true);

    const second = await new Client(server).get(link);
    assert.equal(second.status, 303);
    assert.equal(second.headers.get("location"), "/");
    assert.equal(flashOf(second)?.kind, "failure");
    assert.equal((await kvUser(server.kv, m.id))?.emailVerified, true, "still verified");

    for (const bad of ["/verify-email", "/verify-email?token=", "/verify-email?token=abc"]) {
      const res = await new Client(server).get(bad);
      assert.equal(res.status, 303, bad);
      assert.equal(flashOf(res)?.kind, "failure", bad);
    }
  });
});

Deno.test("verification: POST /api/resend-verification mails a new working link", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server, { verified: false });
    await awaitMails(server.kv, m.email);

    const guest = await new Client(server).post("/api/resend-verification", { email: m.email });
    assert.equal(guest.status, 401);

    const res = await m.client.post("/api/resend-verification", { email: m.email });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.message, "Verification email sent");
    const mails = await awaitMails(server.kv, m.email, 2);
    assert.equal(await queueMessagesTaken(server.kv), 2, "a guest sends nothing");
    assert.equal(mails.length, 2);
    const links = mails.map((x) => linkIn(x, "/verify-email?token="));
    assert.notEqual(links[0], links[1], "a fresh token");

    const newest = mails.toSorted((a, b) => b.id.localeCompare(a.id))[0];
    const open = await new Client(server).get(linkIn(newest, "/verify-email?token="));
    assert.equal(open.status, 303);
    assert.equal((await kvUser(server.kv, m.id))?.emailVerified, true);

    const verified = await m.client.post("/api/resend-verification", { email: m.email });
    assertError(verified, 400, "Your email is already verified");
    assert.equal(await queueMessagesTaken(server.kv), 2, "nothing more sent");
    assert.equal((await mailsTo(server.kv, m.email)).length, 2, "nothing more sent");
  });
});

Deno.test("forgot password: same response for known and unknown email; mail only to the known", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server, { email: "erin@example.test" });
    const known = await new Client(server).post("/api/forgot-password", {
      email: "ERIN@example.test",
    });
    const unknown = await new Client(server).post("/api/forgot-password", {
      email: "nobody@example.test",
    });
    assert.equal(known.status, 200, known.text);
    assert.equal(unknown.status, known.status);
    assert.equal(unknown.text, known.text, "identical bodies");

    // The registration's verification mail and both requests' messages were handled.
    await awaitMails(server.kv, m.email, 1, "/auth?reset=");
    await awaitQueueTaken(server.kv, 3);
    const resetMails = (await listOutbox(server.kv)).filter((x) => x.text.includes("/auth?reset="));
    assert.equal(resetMails.length, 1);
    assert.equal(resetMails[0].to, m.email);
    assert.equal((await mailsTo(server.kv, "nobody@example.test")).length, 0);

    assertError(
      await new Client(server).post("/api/forgot-password", { email: "" }),
      400,
      EMAIL_REQUIRED,
    );
    assertError(await new Client(server).post("/api/forgot-password", {}), 400, EMAIL_REQUIRED);
    assertError(
      await new Client(server).post("/api/forgot-password", { email: "   " }),
      400,
      EMAIL_REQUIRED,
    );
    assertError(
      await new Client(server).post("/api/forgot-password", { email: "not-an-email" }),
      400,
      BAD_EMAIL,
    );
    assert.equal(await queueMessagesTaken(server.kv), 3, "refused requests queue nothing");
    assert.equal(
      (await listOutbox(server.kv)).filter((x) => x.text.includes("/auth?reset=")).length,
      1,
      "refused requests send nothing",
    );
  });
});

Deno.test("reset password: sets the new password, ends every session, works once", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const otherDevice = await signIn(server, m.email, PASSWORD);
    const hashBefore = (await kvUser(server.kv, m.id))?.passwordHash;

    assert.equal(
      (await new Client(server).post("/api/forgot-password", { email: m.email })).status,
      200,
    );
    const [mail] = await awaitMails(server.kv, m.email, 1, "/auth?reset=");
    const token = new URL(linkIn(mail, "/auth?reset="), server.url).searchParams.get("reset")!;
    assert.match(token, /^[\w-]{20,}$/);

    // A short password is refused and the link stays good.
    const short = await new Client(server).post("/api/reset-password", {
      token,
      newPassword: "12345",
    });
    assertError(short, 400, SHORT_PASSWORD);
    assert.equal((await kvUser(server.kv, m.id))?.passwordHash, hashBefore);
    assert.equal((await m.client.get("/api/simple-user")).status, 200, "nothing signed out yet");

    const NEW = "brand-new-pass";
    const ok = await new Client(server).post("/api/reset-password", { token, newPassword: NEW });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.json.message, "Password updated");

    // Every earlier session is over.
    assert.equal((await m.client.get("/api/simple-user")).status, 401);
    assert.equal((await otherDevice.get("/api/simple-user")).status, 401);
    assert.equal(await sessionCount(server.kv, m.id), 0);

    // The new password works, the old one no longer does.
    assertError(
      await new Client(server).post("/api/simple-login", {
        identifier: m.username,
        password: PASSWORD,
      }),
      401,
      BAD_CREDENTIALS,
    );
    await signIn(server, m.username, NEW);

    // The link works once.
    const again = await new Client(server).post("/api/reset-password", {
      token,
      newPassword: "third-password",
    });
    assertError(again, 400, RESET_FAILED);
    await signIn(server, m.email, NEW);

    // Made-up tokens do nothing.
    for (const bad of ["", "abc", "A".repeat(43)]) {
      const res = await new Client(server).post("/api/reset-password", {
        token: bad,
        newPassword: "whatever-1",
      });
      assertError(res, 400, RESET_FAILED);
    }
  });
});

Deno.test("reset password: a verification token is no reset token (and vice versa)", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server, { verified: false });
    const [verifyMail] = await awaitMails(server.kv, m.email);
    const verifyToken = new URL(linkIn(verifyMail, "/verify-email"), server.url).searchParams
      .get("token")!;
    const res = await new Client(server).post("/api/reset-password", {
      token: verifyToken,
      newPassword: "hijacked-1",
    });
    assertError(res, 400, RESET_FAILED);
    // …and the verification link still verifies.
    assert.equal((await new Client(server).get(`/verify-email?token=${verifyToken}`)).status, 303);
    assert.equal((await kvUser(server.kv, m.id))?.emailVerified, true);

    await new Client(server).post("/api/forgot-password", { email: m.email });
    const [resetMail] = await awaitMails(server.kv, m.email, 1, "reset=");
    const resetToken = new URL(linkIn(resetMail, "/auth?reset="), server.url).searchParams
      .get("reset")!;
    const verify = await new Client(server).get(`/verify-email?token=${resetToken}`);
    assert.equal(flashOf(verify)?.kind, "failure");
    // The reset token was not used up by that attempt.
    const ok = await new Client(server).post("/api/reset-password", {
      token: resetToken,
      newPassword: "fine-new-pass",
    });
    assert.equal(ok.status, 200, ok.text);
  });
});
