// Passkeys through the API with a software authenticator (tests/helpers/soft_authenticator.ts):
// a passkey sign-in is a sign-in like the password's (session, devices list, the new-browser mail;
// a ban refused with its text and the pass to appeal; a deleted account's passkey knows no one); a
// cloned authenticator (its counter behind) is refused; rename and remove; the password is removed
// only with a passkey and a verified email, the last passkey then stays, and the reset link sets a
// password again. Each refusal stores nothing.
import { english } from "../helpers/english.ts";
import assert from "node:assert/strict";
import { withServer } from "../helpers/server.ts";
import {
  assertError,
  awaitMails,
  Client,
  kvUser,
  type Member,
  registerMember,
  sessionCount,
} from "../helpers/accounts.ts";
import { kvDump } from "../helpers/kv_dump.ts";
import { SoftAuthenticator } from "../helpers/soft_authenticator.ts";
import { updateUser } from "../../kv/users.ts";
import {
  addPasskey as addPasskeyRecord,
  listPasskeys,
  type PasskeyRecord,
  removePasskey,
  removePassword,
} from "../../kv/passkeys.ts";
import { keys } from "../../kv/keys.ts";
import type { UserRecord } from "../../lib/shared/auth/types.ts";
import type { TestServer } from "../helpers/server.ts";

const NEW_SIGN_IN = "A new sign-in to your Glimpse account";
const SKIP = ["presence", "rate_limits", "passkey_challenges"];

async function addPasskey(server: TestServer, member: Member, key: SoftAuthenticator) {
  const options = await member.client.post("/api/passkeys/options");
  assert.equal(options.status, 200, options.text);
  const res = await member.client.post("/api/passkeys", {
    response: await key.register(options.json, server.url),
  });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.json.message, english("profile.pkAdded"));
  return res;
}

async function passkeySignIn(
  server: TestServer,
  key: SoftAuthenticator,
  client = new Client(server),
) {
  const options = await client.post("/api/passkeys/signin/options");
  assert.equal(options.status, 200, options.text);
  const res = await client.post("/api/passkeys/signin", {
    response: await key.signIn(options.json, server.url),
  });
  return { client, res };
}

/** `act` is refused with `status` and `text`, and leaves the store as it was. */
async function refusedQuietly(
  server: TestServer,
  act: () => ReturnType<Client["post"]>,
  status: number,
  text: string,
) {
  const before = await kvDump(server.kv, SKIP);
  assertError(await act(), status, text);
  assert.deepEqual(await kvDump(server.kv, SKIP), before);
}

Deno.test("passkeys: a sign-in like the password's: session, device, new-browser mail, bans", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const key = await SoftAuthenticator.create();
    const added = await addPasskey(server, m, key);
    assert.equal(added.json.passkeys.length, 1);
    assert.equal(added.json.passkeys[0].lastUsedAt, null);

    // From a browser the account never used: signed in, listed, and the member is mailed.
    const { client, res } = await passkeySignIn(server, key);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.id, m.id);
    assert.ok(client.session, "the session cookie is set");
    assert.equal(await sessionCount(server.kv, m.id), 2);
    const [mail] = await awaitMails(server.kv, m.email, 1, "Set a new password");
    assert.equal(mail.subject, NEW_SIGN_IN);
    const [stored] = await listPasskeys(server.kv, m.id);
    assert.ok(stored.lastUsedAt);
    assert.equal(stored.counter, 2, "the counter of the latest use is kept");

    // A copy of the authenticator, its counter behind: refused, nothing signed in.
    key.counter = 0;
    const copy = await passkeySignIn(server, key);
    assertError(copy.res, 400, english("profile.pkNotVerified"));
    assert.equal(copy.client.session, undefined);
    key.counter = 2;

    // Banned: the ban's text and the pass to appeal, no session.
    await updateUser(server.kv, m.id, (u) => ({
      ...u,
      ban: { reason: "Spam", until: null, at: new Date().toISOString(), by: "admin" },
    }));
    const banned = await passkeySignIn(server, key);
    assertError(banned.res, 403, english("admin.signInBannedForever"));
    assert.ok(banned.res.json.appeal, "the refusal says whether the member may appeal");
    assert.equal(banned.client.session, undefined);
    await updateUser(server.kv, m.id, (u) => ({ ...u, ban: null }));

    // Deleted: the passkey names no one any more.
    assert.equal((await m.client.delete("/api/delete-account")).status, 200);
    assert.equal((await listPasskeys(server.kv, m.id)).length, 0);
    const gone = await passkeySignIn(server, key);
    assertError(gone.res, 401, english("profile.pkUnknown"));
  });
});

Deno.test("passkeys: an unverified member signs in as with their password", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server, { verified: false });
    const key = await SoftAuthenticator.create();
    await addPasskey(server, m, key);
    const { res } = await passkeySignIn(server, key);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.emailVerified, false);
    // Without a verified email the password stays.
    await refusedQuietly(
      server,
      () => m.client.post("/api/user/remove-password"),
      409,
      english("profile.pkNeedsVerifiedEmail"),
    );
  });
});

Deno.test("passkeys: rename, remove; the password goes only with a passkey kept, and comes back by reset", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    await refusedQuietly(
      server,
      () => m.client.post("/api/user/remove-password"),
      409,
      english("profile.pkNeedsPasskey"),
    );
    const key = await SoftAuthenticator.create();
    const other = await SoftAuthenticator.create();
    await addPasskey(server, m, key);
    await addPasskey(server, m, other);
    const path = `/api/passkeys/${key.credentialId}`;

    const renamed = await m.client.patch(path, { name: "  Phone  " });
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal(renamed.json.passkeys[0].name, "Phone");
    assertError(
      await m.client.patch(path, { name: "" }),
      400,
      english("profile.pkBadName", { max: 40 }),
    );
    assertError(
      await m.client.patch(path, { name: "x".repeat(41) }),
      400,
      english("profile.pkBadName", { max: 40 }),
    );
    assertError(
      await m.client.patch("/api/passkeys/nope", { name: "A" }),
      404,
      english("profile.pkNotFound"),
    );

    // Another member cannot see or touch it.
    const stranger = await registerMember(server);
    assertError(await stranger.client.delete(path), 404, english("profile.pkNotFound"));
    assert.deepEqual((await stranger.client.get("/api/passkeys")).json.passkeys, []);

    const removed = await m.client.post("/api/user/remove-password");
    assert.equal(removed.status, 200, removed.text);
    assert.equal(removed.json.hasPassword, false);
    assert.equal((await kvUser(server.kv, m.id))!.passwordHash, "");
    const login = await new Client(server).post("/api/simple-login", {
      identifier: m.username,
      password: m.password,
    });
    assert.equal(login.status, 401);

    // One of two passkeys may go; the last stays.
    // In the member's language.
    await updateUser(server.kv, m.id, (u) => ({ ...u, language: "es" }));
    const gone = await m.client.delete(`/api/passkeys/${other.credentialId}`);
    assert.equal(gone.status, 200, gone.text);
    assert.equal(gone.json.message, "Llave de acceso quitada");
    await updateUser(server.kv, m.id, (u) => ({ ...u, language: "en" }));
    await refusedQuietly(
      server,
      () => m.client.delete(path),
      409,
      english("profile.pkLastPasskey"),
    );
    assert.equal((await passkeySignIn(server, key)).res.status, 200);

    // The reset link sets a password again.
    assert.equal(
      (await new Client(server).post("/api/forgot-password", { email: m.email })).status,
      200,
    );
    const [mail] = await awaitMails(server.kv, m.email, 1, "/auth?reset=");
    const token = new URL(mail.text.match(/https?:\/\/\S+reset=\S+/)![0]).searchParams.get("reset");
    const reset = await new Client(server).post("/api/reset-password", {
      token,
      newPassword: "new-secret-9",
    });
    assert.equal(reset.status, 200, reset.text);
    assert.equal((await m.client.get("/api/passkeys")).status, 401, "a new password signs out");
    const back = await new Client(server).post("/api/simple-login", {
      identifier: m.username,
      password: "new-secret-9",
    });
    assert.equal(back.status, 200, back.text);
    assert.equal(back.json.id, m.id);
  });
});

Deno.test("passkeys: racing removals never leave a member without a password or a passkey", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const userId = "racer";
    const user = { id: userId, passwordHash: "", emailVerified: true } as unknown as UserRecord;
    await kv.set(keys.user(userId), user);
    const record = (id: string): PasskeyRecord => ({
      id,
      publicKey: "",
      counter: 0,
      transports: [],
      name: id,
      createdAt: Date.now(),
      lastUsedAt: null,
    });
    for (const id of ["a", "b"]) await addPasskeyRecord(kv, userId, record(id));
    // Both of two passkeys at once: one goes, the other is the last.
    const both = await Promise.all([
      removePasskey(kv, userId, "a"),
      removePasskey(kv, userId, "b"),
    ]);
    assert.deepEqual(both.sort(), ["last", "removed"]);
    assert.equal((await listPasskeys(kv, userId)).length, 1);

    // The password and the last passkey at once: one of the two stays.
    await kv.set(keys.user(userId), { ...user, passwordHash: "pbkdf2$1$x$y" });
    const [kept] = await listPasskeys(kv, userId);
    const [pw, pk] = await Promise.all([
      removePassword(kv, userId),
      removePasskey(kv, userId, kept.id),
    ]);
    const stored = (await kv.get<UserRecord>(keys.user(userId))).value!;
    const left = await listPasskeys(kv, userId);
    assert.ok(stored.passwordHash || left.length, `both went: ${pw}, ${pk}`);
  } finally {
    kv.close();
  }
});
