// Abuse limits with RATE_LIMITS=on: login, register, forgot-password and
// resend-verification are limited per IP and per account; over the limit: 429 with Retry-After and
// a message starting 'Too many attempts'.
import assert from "node:assert/strict";
import { startServer, type TestServer } from "../helpers/server.ts";
import { sleep } from "../helpers/time.ts";
import { createInvitations } from "../../kv/users.ts";
import {
  allUsers,
  type Answer,
  assertError,
  Client,
  mailsTo,
  PASSWORD,
  registerMember,
} from "../helpers/accounts.ts";

const BAD_CREDENTIALS = "Invalid username/email or password";

/** The shortest window of the limits tested; the longer ones are whole multiples of it. */
const WINDOW_MS = 15 * 60_000;
/** A test counts its attempts within a few seconds: it starts this far from a window's end. */
const EDGE_MS = 30_000;

async function withLimits(fn: (s: TestServer) => Promise<void>) {
  // The limits count in fixed windows: a test whose attempts straddled a window's end would see
  // its count start again. Begin in a window with time to spare.
  const left = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (left < EDGE_MS) await sleep(left + 100);
  const server = await startServer({ RATE_LIMITS: "on" });
  try {
    await fn(server);
  } finally {
    await server.close();
  }
}

function assertLimited(a: Answer, maxSeconds: number) {
  assert.equal(a.status, 429, a.text);
  const retry = Number(a.headers.get("retry-after"));
  assert.ok(Number.isInteger(retry) && retry >= 1 && retry <= maxSeconds, `Retry-After ${retry}`);
  assert.match(a.json.message, /^Too many attempts/);
  assert.equal(a.json.error, a.json.message);
}

const wrongLogin = (server: TestServer, identifier: string) =>
  new Client(server).post("/api/simple-login", { identifier, password: "wrong-password" });

Deno.test("rate limit: the 11th wrong login for one account answers 429", async () => {
  await withLimits(async (server) => {
    const m = await registerMember(server);
    const bystander = await registerMember(server);
    for (let i = 1; i <= 10; i++) {
      assertError(await wrongLogin(server, m.username), 401, BAD_CREDENTIALS);
    }
    assertLimited(await wrongLogin(server, m.username), 15 * 60);
    // Case does not make a new account.
    assertLimited(await wrongLogin(server, m.username.toUpperCase()), 15 * 60);
    // Over the limit even the right password waits.
    const right = await new Client(server).post("/api/simple-login", {
      identifier: m.username,
      password: PASSWORD,
    });
    assertLimited(right, 15 * 60);
    // /api/login shares the limit.
    assertLimited(
      await new Client(server).post("/api/login", { username: m.username, password: PASSWORD }),
      15 * 60,
    );
    // Another account from the same address is not locked out.
    const other = await new Client(server).post("/api/simple-login", {
      identifier: bystander.username,
      password: PASSWORD,
    });
    assert.equal(other.status, 200, other.text);
  });
});

Deno.test("rate limit: an unknown account is limited alike (no account discovery)", async () => {
  await withLimits(async (server) => {
    for (let i = 1; i <= 10; i++) {
      assertError(await wrongLogin(server, "ghost"), 401, BAD_CREDENTIALS);
    }
    assertLimited(await wrongLogin(server, "ghost"), 15 * 60);
  });
});

Deno.test("rate limit: the per-account login limit counts username and email together", async () => {
  await withLimits(async (server) => {
    const m = await registerMember(server);
    for (let i = 1; i <= 10; i++) {
      // Alternating the two names of one account must not double the attempts allowed.
      const identifier = i % 2 ? m.username : m.email;
      assertError(await wrongLogin(server, identifier), 401, BAD_CREDENTIALS);
    }
    assertLimited(await wrongLogin(server, m.email), 15 * 60);
    assertLimited(await wrongLogin(server, m.username), 15 * 60);
  });
});

Deno.test("rate limit: the 31st login from one address answers 429", async () => {
  await withLimits(async (server) => {
    for (let i = 1; i <= 30; i++) {
      assertError(await wrongLogin(server, `nobody${i}`), 401, BAD_CREDENTIALS);
    }
    assertLimited(await wrongLogin(server, "nobody31"), 15 * 60);
  });
});

Deno.test("rate limit: the 11th registration from one address answers 429 and stores nothing", async () => {
  await withLimits(async (server) => {
    for (let i = 1; i <= 10; i++) {
      const res = await new Client(server).post("/api/register", { username: `x${i}` });
      assertError(res, 400, "Please fill in all fields");
    }
    const [code] = await createInvitations(server.kv, null, 1);
    const res = await new Client(server).post("/api/register", {
      username: "late_comer",
      email: "late@example.test",
      password: PASSWORD,
      invitationCode: code,
      ageConfirmed: true,
    });
    assertLimited(res, 3600);
    assert.deepEqual(await allUsers(server.kv), []);
  });
});

Deno.test("rate limit: forgot-password allows 3 mails per address per hour", async () => {
  await withLimits(async (server) => {
    const m = await registerMember(server);
    for (let i = 1; i <= 3; i++) {
      const res = await new Client(server).post("/api/forgot-password", { email: m.email });
      assert.equal(res.status, 200, res.text);
    }
    assertLimited(
      await new Client(server).post("/api/forgot-password", { email: m.email.toUpperCase() }),
      3600,
    );
    const resets = (await mailsTo(server.kv, m.email)).filter((x) => x.text.includes("reset="));
    assert.equal(resets.length, 3);
    // Another address is still served.
    const other = await new Client(server).post("/api/forgot-password", {
      email: "someone@example.test",
    });
    assert.equal(other.status, 200);
  });
});

Deno.test("rate limit: resend-verification allows 3 mails per account per hour", async () => {
  await withLimits(async (server) => {
    const m = await registerMember(server);
    for (let i = 1; i <= 3; i++) {
      const res = await m.client.post("/api/resend-verification");
      assert.equal(res.status, 200, res.text);
    }
    assertLimited(await m.client.post("/api/resend-verification"), 3600);
    assert.equal((await mailsTo(server.kv, m.email)).length, 4, "registration + 3 resends");
  });
});
