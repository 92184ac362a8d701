// Password hashes run through one gate per process (lib/server/auth/password.ts hashGate): as many at once
// as cores, a short queue, and beyond it 503 'The server is busy. Please try again in a few
// seconds.' with Retry-After. With the gate held full, sign-in, registration, password change,
// email change and password reset are each refused that way and store nothing (the reset link
// stays good); once it empties they work. A flood of concurrent wrong sign-ins gets 503s past the
// queue and 401s for the rest, never more hashes at once than the gate's permits.
import { english } from "../helpers/english.ts";
import assert from "node:assert/strict";
import { withServer } from "../helpers/server.ts";
import {
  awaitMails,
  Client,
  kvUser,
  linkIn,
  PASSWORD,
  registerMember,
  uniqueName,
} from "../helpers/accounts.ts";
import { kvDump } from "../helpers/kv_dump.ts";
import { createInvitations } from "../../kv/users.ts";
import { HASH_RETRY_AFTER_S, hashGate } from "../../lib/server/auth/password.ts";
import type { Answer } from "../helpers/accounts.ts";

/** Fills the gate (every permit and every place in line) until the returned function is called. */
async function holdGateFull(): Promise<() => Promise<void>> {
  let open!: () => void;
  const gate = new Promise<void>((r) => open = r);
  const { permits, queue } = hashGate;
  const held = Array.from({ length: permits + queue }, () => hashGate.run(() => gate));
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(hashGate.load, { running: permits, waiting: queue, admitted: 0 });
  return async () => {
    open();
    await Promise.all(held);
  };
}

function assertBusy(res: Answer, what: string) {
  assert.equal(res.status, 503, `${what}: ${res.text}`);
  assert.equal(res.headers.get("retry-after"), String(HASH_RETRY_AFTER_S), what);
  assert.equal(res.json?.message, english("auth.serverBusy"), what);
}

Deno.test("hash gate: held full, every password route returns 503 with Retry-After and stores nothing", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    assert.equal(
      (await new Client(server).post("/api/forgot-password", { email: m.email })).status,
      200,
    );
    const [mail] = await awaitMails(server.kv, m.email, 1, "/auth?reset=");
    const token = new URL(linkIn(mail, "/auth?reset="), server.url).searchParams.get("reset")!;
    const [code] = await createInvitations(server.kv, null, 1);
    const newcomer = {
      username: uniqueName(),
      email: `${uniqueName()}@example.test`,
      password: PASSWORD,
      invitationCode: code,
      ageConfirmed: true,
    };
    const guest = new Client(server);
    const attempts: [string, () => Promise<Answer>][] = [
      [
        "sign-in",
        () => guest.post("/api/simple-login", { identifier: m.email, password: PASSWORD }),
      ],
      ["registration", () => guest.post("/api/register", newcomer)],
      ["email change", () =>
        m.client.patch("/api/user/profile", {
          email: `${uniqueName()}@example.test`,
          currentPassword: PASSWORD,
        })],
      ["password change", () =>
        m.client.post("/api/user/password", {
          currentPassword: PASSWORD,
          newPassword: "another-pass-2",
        })],
      [
        "password reset",
        () => guest.post("/api/reset-password", { token, newPassword: "reset-pass-3" }),
      ],
    ];

    const before = await kvDump(server.kv);
    const release = await holdGateFull();
    try {
      for (const [what, attempt] of attempts) assertBusy(await attempt(), what);
      // The rest of the server responds as usual.
      assert.equal((await fetch(server.url + "/healthz").then((r) => r.text())).length > 0, true);
      assert.deepEqual(await kvDump(server.kv), before, "nothing stored changed");
      assert.equal(guest.session, undefined, "no session was given");
    } finally {
      await release();
    }

    // Once the gate empties, each works: the reset link was not used up.
    const responses = [];
    for (const [what, attempt] of attempts) responses.push([what, (await attempt()).status]);
    assert.deepEqual(responses, [
      ["sign-in", 200],
      ["registration", 202],
      ["email change", 200],
      ["password change", 200],
      ["password reset", 200],
    ]);
    assert.equal(hashGate.load.running, 0);
    assert.ok((await kvUser(server.kv, m.id))?.passwordHash);
  });
});

Deno.test("hash gate: a flood of wrong sign-ins gets 503s past the queue and 401s for the rest", async () => {
  const { permits, queue } = hashGate;
  await withServer(async (server) => {
    const m = await registerMember(server);
    // A small gate, so that 40 concurrent sign-ins surely overflow it.
    hashGate.permits = 1;
    hashGate.queue = 3;
    let most = 0;
    const watch = setInterval(() => most = Math.max(most, hashGate.load.running), 1);
    try {
      const responses = await Promise.all(
        Array.from(
          { length: 40 },
          () =>
            new Client(server).post("/api/simple-login", {
              identifier: m.email,
              password: "wrong!",
            }),
        ),
      );
      const busy = responses.filter((a) => a.status === 503);
      assert.ok(busy.length > 0, "the queue overflowed");
      for (const a of busy) assertBusy(a, "flooded sign-in");
      assert.deepEqual(
        responses.filter((a) => a.status !== 503).map((a) => a.status),
        Array(40 - busy.length).fill(401),
      );
      assert.equal(most, 1, "never more hashes at once than permits");
    } finally {
      clearInterval(watch);
      hashGate.permits = permits;
      hashGate.queue = queue;
    }
  }, { PASSWORD_ITERATIONS: "600000" }); // hashes that take real time, as in production
});
