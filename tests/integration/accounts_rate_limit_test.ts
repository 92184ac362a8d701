// Abuse limits with RATE_LIMITS=on: login, register, forgot-password, resend-verification,
// password checks and profile changes are limited per IP and per account; over the limit: 429
// with Retry-After and a message starting 'Too many attempts'. Requests name their address with
// TEST_IP_HEADER (the test server's stand-in for the socket's address).
import assert from "node:assert/strict";
import { startServer, TEST_IP_HEADER, type TestServer } from "../helpers/server.ts";
import { sleep } from "../helpers/time.ts";
import { createInvitations } from "../../kv/users.ts";
import { hashGate } from "../../lib/server/auth/password.ts";
import {
  allUsers,
  type Answer,
  assertError,
  awaitMails,
  Client,
  kvUser,
  mailsTo,
  PASSWORD,
  registerMember,
} from "../helpers/accounts.ts";
import { queueSettled } from "../../lib/server/jobs.ts";

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
  // These tests race up to 100 password checks at once: more than the hash gate of a small
  // machine admits (its 503s are tested in accounts_hash_gate_test.ts), so it is widened here.
  const queue = hashGate.queue;
  hashGate.queue = 200;
  const server = await startServer({ RATE_LIMITS: "on" });
  try {
    await fn(server);
  } finally {
    await server.close();
    hashGate.queue = queue;
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

Deno.test("rate limit: the 11th wrong login for one account returns 429", async () => {
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

Deno.test("rate limit: the 31st login from one address returns 429", async () => {
  await withLimits(async (server) => {
    for (let i = 1; i <= 30; i++) {
      assertError(await wrongLogin(server, `nobody${i}`), 401, BAD_CREDENTIALS);
    }
    assertLimited(await wrongLogin(server, "nobody31"), 15 * 60);
  });
});

Deno.test("rate limit: the 11th registration from one address returns 429 and stores nothing", async () => {
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
    const resets = await awaitMails(server.kv, m.email, 3, "reset=");
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
    const m = await registerMember(server, { verified: false });
    for (let i = 1; i <= 3; i++) {
      const res = await m.client.post("/api/resend-verification");
      assert.equal(res.status, 200, res.text);
    }
    assertLimited(await m.client.post("/api/resend-verification"), 3600);
    assert.equal((await awaitMails(server.kv, m.email, 4)).length, 4, "registration + 3 resends");
  });
});

const from = (ip: string) => ({ headers: { [TEST_IP_HEADER]: ip } });
const loginFrom = (server: TestServer, ip: string, identifier: string, password: string) =>
  new Client(server).post("/api/simple-login", { identifier, password }, from(ip));

Deno.test("rate limit: wrong passwords from one address lock out that address, not the owner", async () => {
  await withLimits(async (server) => {
    const m = await registerMember(server);
    for (let i = 1; i <= 10; i++) {
      assertError(
        await loginFrom(server, "203.0.113.9", m.username, "guess"),
        401,
        BAD_CREDENTIALS,
      );
    }
    assertLimited(await loginFrom(server, "203.0.113.9", m.username, "guess"), 15 * 60);
    assertLimited(await loginFrom(server, "203.0.113.9", m.username, PASSWORD), 15 * 60);
    // The owner, elsewhere, signs in; so does anyone after a mistyped password or two.
    const owner = await loginFrom(server, "198.51.100.7", m.email, PASSWORD);
    assert.equal(owner.status, 200, owner.text);
  });
});

Deno.test("rate limit: successful sign-ins do not count against the account", async () => {
  await withLimits(async (server) => {
    const m = await registerMember(server);
    for (let i = 1; i <= 15; i++) {
      const res = await loginFrom(server, "198.51.100.7", m.username, PASSWORD);
      assert.equal(res.status, 200, `sign-in ${i}: ${res.text}`);
    }
    // …while the failures still do.
    for (let i = 1; i <= 10; i++) {
      assertError(
        await loginFrom(server, "198.51.100.7", m.username, "guess"),
        401,
        BAD_CREDENTIALS,
      );
    }
    assertLimited(await loginFrom(server, "198.51.100.7", m.username, "guess"), 15 * 60);
  });
});

Deno.test("race: 30 parallel wrong sign-ins from one address: exactly 10 are checked", async () => {
  await withLimits(async (server) => {
    const m = await registerMember(server);
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => loginFrom(server, "203.0.113.9", m.username, "guess")),
    );
    assert.equal(responses.filter((a) => a.status === 401).length, 10);
    assert.equal(responses.filter((a) => a.status === 429).length, 20);
  });
});

Deno.test("rate limit: a guess spread over many addresses stops at 100 per account; the owner's own address still gets in", async () => {
  await withLimits(async (server) => {
    const m = await registerMember(server);
    // The owner signed in from home before.
    assert.equal((await loginFrom(server, "198.51.100.7", m.username, PASSWORD)).status, 200);
    // Ten addresses, ten guesses each: every one is checked (each address stays within its ten).
    const guesses = await Promise.all(
      Array.from(
        { length: 100 },
        (_, i) => loginFrom(server, `203.0.113.${i % 10}`, m.username, `guess-${i}`),
      ),
    );
    assert.deepEqual([...new Set(guesses.map((g) => g.status))], [401]);
    // The next address is refused, even with the right password…
    assertLimited(await loginFrom(server, "203.0.113.77", m.username, "guess"), 15 * 60);
    assertLimited(await loginFrom(server, "192.0.2.1", m.username, PASSWORD), 15 * 60);
    // …but the owner, from an address they signed in from, is not.
    const home = await loginFrom(server, "198.51.100.7", m.username, PASSWORD);
    assert.equal(home.status, 200, home.text);
  });
});

const PASSWORD_BODY = { currentPassword: "guess", newPassword: "new-password-1" };

Deno.test("race: 30 parallel password-change guesses: exactly 10 checked, then 429", async () => {
  await withLimits(async (server) => {
    const m = await registerMember(server);
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => m.client.post("/api/user/password", PASSWORD_BODY)),
    );
    assert.equal(responses.filter((a) => a.status === 400).length, 10);
    assert.equal(responses.filter((a) => a.status === 429).length, 20);
    // The right password waits too; the stored one is untouched.
    const right = await m.client.post("/api/user/password", {
      currentPassword: PASSWORD,
      newPassword: "new-password-1",
    });
    assertLimited(right, 15 * 60);
    await new Client(server).post("/api/simple-login", {
      identifier: m.username,
      password: PASSWORD,
    })
      .then((a) => assert.equal(a.status, 200, a.text));
  });
});

Deno.test("rate limit: email changes share the current-password limit", async () => {
  await withLimits(async (server) => {
    const m = await registerMember(server);
    for (let i = 1; i <= 5; i++) {
      const res = await m.client.post("/api/user/password", PASSWORD_BODY);
      assertError(res, 400, "Current password is incorrect");
    }
    for (let i = 1; i <= 5; i++) {
      const res = await m.client.patch("/api/user/profile", {
        email: "elsewhere@example.test",
        currentPassword: "guess",
      });
      assertError(res, 400, "Current password is incorrect");
    }
    const eleventh = await m.client.patch("/api/user/profile", {
      email: "elsewhere@example.test",
      currentPassword: PASSWORD,
    });
    assertLimited(eleventh, 15 * 60);
    await queueSettled(server.kv);
    assert.equal((await mailsTo(server.kv, "elsewhere@example.test")).length, 0);
  });
});

Deno.test("rate limit: 10 username changes per member per hour, taken names included", async () => {
  await withLimits(async (server) => {
    const taken = await registerMember(server);
    const m = await registerMember(server);
    for (let i = 1; i <= 10; i++) {
      const res = await m.client.patch("/api/user/profile", {
        username: i % 2 ? taken.username : `try_${i}_${m.username}`.slice(0, 20),
      });
      assert.equal(res.status, i % 2 ? 409 : 200, res.text);
    }
    const before = await kvUser(server.kv, m.id);
    const eleventh = await m.client.patch("/api/user/profile", { username: "one_more_name" });
    assertLimited(eleventh, 3600);
    assert.deepEqual(await kvUser(server.kv, m.id), before);
    // Other edits go on.
    assert.equal((await m.client.patch("/api/user/profile", { bio: "still here" })).status, 200);
  });
});

Deno.test("rate limit: per-address limits count before the body is read", async () => {
  await withLimits(async (server) => {
    const m = await registerMember(server);
    const cases: [string, string, Client, number, number][] = [
      ["POST", "/api/register", new Client(server), 10, 3600],
      ["POST", "/api/simple-login", new Client(server), 30, 15 * 60],
      ["POST", "/api/forgot-password", new Client(server), 10, 3600],
      ["POST", "/api/reset-password", new Client(server), 20, 15 * 60],
      ["POST", "/api/user/password", m.client, 10, 15 * 60],
      ["PATCH", "/api/user/profile", m.client, 60, 15 * 60],
    ];
    for (const [n, [method, path, client, max, window]] of cases.entries()) {
      // Each from an address of its own; the body is not JSON.
      const junk = {
        body: "not json",
        headers: { "content-type": "text/plain", [TEST_IP_HEADER]: `192.0.2.${n}` },
      };
      for (let i = 1; i <= max; i++) {
        const res = await client.request(method, path, junk);
        assertError(res, 400, "Invalid request body");
      }
      assertLimited(await client.request(method, path, junk), window);
    }
  });
});

Deno.test("rate limit: IPv6 addresses count by their /64; a mapped IPv4 address as the IPv4 one", async () => {
  // Behind one trusted proxy, as in production: the address is the entry it appended.
  const left = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (left < EDGE_MS) await sleep(left + 100);
  const server = await startServer({ RATE_LIMITS: "on", TRUST_PROXY: "1" });
  try {
    const registerFrom = (address: string) =>
      new Client(server).post("/api/register", { username: "x" }, {
        headers: { "x-forwarded-for": `6.6.6.6, ${address}` },
      });
    // Ten attempts, each from a fresh address in one /64 (a privacy-extension client)…
    for (let i = 1; i <= 10; i++) {
      assertError(
        await registerFrom(`2001:db8:7:7::${i.toString(16)}`),
        400,
        "Please fill in all fields",
      );
    }
    // …and the eleventh, however written, is over the /64's limit.
    assertLimited(await registerFrom("2001:db8:7:7:abcd:ef01:2345:6789"), 3600);
    assertLimited(await registerFrom("2001:0db8:0007:0007::ff"), 3600);
    // The next /64 is another caller.
    assertError(await registerFrom("2001:db8:7:8::1"), 400, "Please fill in all fields");
    // An IPv4 caller seen through a dual-stack socket shares its count with its IPv4 address.
    for (let i = 1; i <= 10; i++) {
      const address = i % 2 ? "192.0.2.50" : "::ffff:192.0.2.50";
      assertError(await registerFrom(address), 400, "Please fill in all fields");
    }
    assertLimited(await registerFrom("::ffff:c000:232"), 3600);
    assertLimited(await registerFrom("192.0.2.50"), 3600);
    assertError(await registerFrom("192.0.2.51"), 400, "Please fill in all fields");
  } finally {
    await server.close();
  }
});
