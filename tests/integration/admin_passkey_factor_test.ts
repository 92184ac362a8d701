// A passkey as an administrator's second factor, on a real server with the production rule on
// (ADMIN_SECOND_FACTOR=required), through a software authenticator: an administrator adding a
// passkey sets up their factor (audited, and the session passes); in a new session one with a
// passkey and no app is asked for it (not sent to set-up); "Use a passkey" gives the pass; a
// replayed, expired or sign-in challenge, another member's credential, a cloned authenticator and
// a wrong origin are refused with their texts and nothing stored; a passkey sign-in admits the
// administrator at once; changing the passkeys needs the factor given; removing the last one
// leaves the administrator to set one up again; the new API's guards (origin, size, attempts).
import { english } from "../helpers/english.ts";
import assert from "node:assert/strict";
import type { TestServer } from "../helpers/server.ts";
import { FACTOR_API as API, REQUIRED, signInAgain, withAdmin } from "../helpers/admin_factor.ts";
import { assertError, Client, registerMember } from "../helpers/accounts.ts";
import { kvDump } from "../helpers/kv_dump.ts";
import { SoftAuthenticator } from "../helpers/soft_authenticator.ts";
import { listAudit } from "../../kv/audit.ts";
import { keys } from "../../kv/keys.ts";
import type { ChallengeRecord } from "../../kv/passkeys.ts";

const SKIP = ["presence", "rate_limits", "passkey_challenges"];

async function addPasskey(server: TestServer, client: Client, key: SoftAuthenticator) {
  const options = await client.post("/api/passkeys/options");
  assert.equal(options.status, 200, options.text);
  return await client.post("/api/passkeys", {
    response: await key.register(options.json, server.url),
  });
}

/** "Use a passkey": the options, then `key`'s answer made for `origin`. */
async function usePasskey(
  server: TestServer,
  client: Client,
  key: SoftAuthenticator,
  origin = server.url,
) {
  const options = await client.post(`${API}/passkey/options`);
  assert.equal(options.status, 200, options.text);
  const response = await key.signIn(options.json, origin);
  return { response, res: await client.post(`${API}/passkey`, { response }) };
}

const adminPage = (client: Client) => client.get("/api/admin/users");

async function audit(kv: Deno.Kv) {
  return (await listAudit(kv, 50)).entries.reverse().map((e) => ({
    action: e.action,
    details: e.details,
  }));
}

/** `act` is refused with `status` and `text`, and the store is as it was. */
async function refusedQuietly(
  server: TestServer,
  act: () => Promise<Awaited<ReturnType<Client["post"]>>>,
  status: number,
  text: string,
) {
  const before = await kvDump(server.kv, SKIP);
  assertError(await act(), status, text);
  assert.deepEqual(await kvDump(server.kv, SKIP), before);
}

Deno.test("admin passkey: adding one sets up the factor; a new session is asked for it and gives it with 'Use a passkey'", async () => {
  await withAdmin(REQUIRED, async (server, admin) => {
    assertError(await adminPage(admin), 403, english("admin.sfSetupRequired"));
    const key = await SoftAuthenticator.create();
    const added = await addPasskey(server, admin, key);
    assert.equal(added.status, 200, added.text);
    // The set-up's session passes at once, as after confirming an app.
    assert.equal((await adminPage(admin)).status, 200);
    const state = await admin.get(API);
    assert.equal(state.json.factors.length, 1);
    assert.equal(state.json.factors[0].kind, "passkey");
    assert.equal(state.json.need, null);

    // A new session: asked for the factor (not sent to set one up).
    const other = await signInAgain(server);
    const asked = await adminPage(other);
    assertError(asked, 403, english("admin.sfVerifyRequired"));
    assert.equal(asked.json.secondFactor, "verify");
    assert.equal((await other.get(API)).json.need, "verify");
    // Without the factor, the session cannot add a factor of its own.
    await refusedQuietly(
      server,
      () => other.post("/api/passkeys/options"),
      403,
      english("admin.sfVerifyRequired"),
    );
    await refusedQuietly(
      server,
      () => other.post(`${API}/totp/start`),
      403,
      english("admin.sfVerifyRequired"),
    );
    await refusedQuietly(
      server,
      () => other.delete(`/api/passkeys/${key.credentialId}`),
      403,
      english("admin.sfVerifyRequired"),
    );

    // No app to take a code from.
    await refusedQuietly(
      server,
      () => other.post(`${API}/verify`, { code: "123456" }),
      409,
      english("admin.sfNoApp"),
    );
    const { res } = await usePasskey(server, other, key);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.method, "passkey");
    assert.equal((await adminPage(other)).status, 200);
    // With the factor given, the app may be set up beside the passkey.
    assert.equal((await other.post(`${API}/totp/start`)).status, 201);

    assert.deepEqual(
      (await audit(server.kv)).map((e) => [e.action, e.details.factor ?? e.details.method]),
      [
        ["second_factor_added", "passkey"],
        ["second_factor_used", "passkey"],
      ],
    );
  });
});

Deno.test("admin passkey: a replayed, expired or sign-in challenge, another member's passkey, a cloned key and a wrong origin are refused; nothing stored", async () => {
  await withAdmin(REQUIRED, async (server, admin) => {
    const key = await SoftAuthenticator.create();
    assert.equal((await addPasskey(server, admin, key)).status, 200);
    const other = await signInAgain(server);

    // Replayed: the challenge went with its first use.
    const first = await usePasskey(server, other, key);
    assert.equal(first.res.status, 200, first.res.text);
    const third = await signInAgain(server);
    await refusedQuietly(
      server,
      () => third.post(`${API}/passkey`, { response: first.response }),
      400,
      english("profile.pkChallengeInvalid"),
    );

    // Expired: handed out more than five minutes ago.
    const options = await third.post(`${API}/passkey/options`);
    const challenge = options.json.challenge as string;
    const stored = await server.kv.get<ChallengeRecord>(keys.passkeyChallenge(challenge));
    await server.kv.set(keys.passkeyChallenge(challenge), {
      ...stored.value!,
      expiresAt: Date.now() - 1,
    });
    const late = await key.signIn(options.json, server.url);
    await refusedQuietly(
      server,
      () => third.post(`${API}/passkey`, { response: late }),
      400,
      english("profile.pkChallengeInvalid"),
    );

    // A sign-in's challenge is not a second factor's.
    const signInOptions = await new Client(server).post("/api/passkeys/signin/options");
    const wrongPurpose = await key.signIn(signInOptions.json, server.url);
    await refusedQuietly(
      server,
      () => third.post(`${API}/passkey`, { response: wrongPurpose }),
      400,
      english("profile.pkChallengeInvalid"),
    );

    // Another member's passkey, answering the administrator's challenge.
    const member = await registerMember(server);
    const theirs = await SoftAuthenticator.create();
    assert.equal((await addPasskey(server, member.client, theirs)).status, 200);
    const forOther = await third.post(`${API}/passkey/options`);
    assert.deepEqual(forOther.json.allowCredentials.map((c: { id: string }) => c.id), [
      key.credentialId,
    ]);
    const foreignKey = await theirs.signIn(forOther.json, server.url);
    await refusedQuietly(
      server,
      () => third.post(`${API}/passkey`, { response: foreignKey }),
      400,
      english("admin.sfNotYourPasskey"),
    );

    // A cloned authenticator: its counter behind the stored one.
    key.counter = 0;
    const cloned = await third.post(`${API}/passkey/options`);
    const clonedAnswer = await key.signIn(cloned.json, server.url);
    key.counter = 100;
    await refusedQuietly(
      server,
      () => third.post(`${API}/passkey`, { response: clonedAnswer }),
      400,
      english("profile.pkNotVerified"),
    );

    // Made for another site.
    const elsewhere = await third.post(`${API}/passkey/options`);
    const phished = await key.signIn(elsewhere.json, "https://glimpse.evil.example");
    await refusedQuietly(
      server,
      () => third.post(`${API}/passkey`, { response: phished }),
      400,
      english("profile.pkWrongSite"),
    );

    assertError(await adminPage(third), 403, english("admin.sfVerifyRequired"));
    const used = (await audit(server.kv)).filter((e) => e.action === "second_factor_used");
    assert.equal(used.length, 1, "only the accepted passkey is in the log");
  });
});

Deno.test("admin passkey: a passkey sign-in admits the administrator at once; a member's gives no pass", async () => {
  await withAdmin(REQUIRED, async (server, admin) => {
    const key = await SoftAuthenticator.create();
    assert.equal((await addPasskey(server, admin, key)).status, 200);
    const client = new Client(server);
    const options = await client.post("/api/passkeys/signin/options");
    const res = await client.post("/api/passkeys/signin", {
      response: await key.signIn(options.json, server.url),
    });
    assert.equal(res.status, 200, res.text);
    assert.equal((await adminPage(client)).status, 200);
    assert.equal((await client.get("/admin")).status, 200);
    const entries = await audit(server.kv);
    assert.deepEqual(entries.at(-1), {
      action: "second_factor_used",
      details: { method: "passkey", name: entries.at(-1)!.details.name, via: "sign-in" },
    });

    const member = await registerMember(server);
    const theirs = await SoftAuthenticator.create();
    assert.equal((await addPasskey(server, member.client, theirs)).status, 200);
    const mine = new Client(server);
    const o = await mine.post("/api/passkeys/signin/options");
    const signedIn = await mine.post("/api/passkeys/signin", {
      response: await theirs.signIn(o.json, server.url),
    });
    assert.equal(signedIn.status, 200);
    assert.equal((await audit(server.kv)).length, entries.length, "a member's sign-in is no use");
  });
});

Deno.test("admin passkey: removing the last factor (with it given) is audited and leads back to set-up", async () => {
  await withAdmin(REQUIRED, async (server, admin) => {
    const key = await SoftAuthenticator.create();
    assert.equal((await addPasskey(server, admin, key)).status, 200);
    const removed = await admin.delete(`/api/passkeys/${key.credentialId}`);
    assert.equal(removed.status, 200, removed.text);
    assert.equal(removed.json.message, english("profile.pkRemovedLastFactor"));
    assertError(await adminPage(admin), 403, english("admin.sfSetupRequired"));
    assert.deepEqual((await audit(server.kv)).map((e) => [e.action, e.details.factor]), [
      ["second_factor_added", "passkey"],
      ["second_factor_removed", "passkey"],
    ]);
    // With no passkey, "Use a passkey" has nothing to offer.
    assertError(await admin.post(`${API}/passkey/options`), 409, english("admin.sfNoPasskey"));
  });
});

Deno.test("admin passkey: its API refuses members, foreign origins, oversized bodies and too many attempts", async () => {
  await withAdmin({ ...REQUIRED, RATE_LIMITS: "on" }, async (server, admin) => {
    const member = await registerMember(server);
    assert.equal((await member.client.post(`${API}/passkey/options`)).status, 403);
    assert.equal((await member.client.post(`${API}/passkey`, { response: {} })).status, 403);
    const key = await SoftAuthenticator.create();
    assert.equal((await addPasskey(server, admin, key)).status, 200);
    const before = await kvDump(server.kv, ["presence", "rate_limits"]);
    const foreign = await admin.request("POST", `${API}/passkey/options`, {
      headers: { origin: "https://evil.example" },
    });
    assertError(foreign, 403, english("texts.crossSite"));
    const big = await admin.post(`${API}/passkey`, { response: { id: "a".repeat(200_000) } });
    assert.equal(big.status, 413);
    assert.deepEqual(await kvDump(server.kv, ["presence", "rate_limits"]), before);
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (await admin.post(`${API}/passkey`, { response: { id: "x" } })).status;
    }
    assert.equal(last, 429, "the eleventh attempt in 15 minutes waits");
  });
});
