// Changing the email: the current password is required, the address changes only when the link
// mailed to it is opened, and no response tells whether an address already has an account.
import assert from "node:assert/strict";
import { withServer } from "../helpers/server.ts";
import {
  assertError,
  awaitMails,
  awaitQueueTaken,
  Client,
  emailOwner,
  flashOf,
  kvUser,
  linkIn,
  mailsTo,
  PASSWORD,
  queueMessagesTaken,
  registerMember,
  signIn,
  stableHeaders,
} from "../helpers/accounts.ts";

const PASSWORD_REQUIRED = "Please enter your current password to change your email.";
const WRONG_CURRENT = "Current password is incorrect";
const sent = (email: string) =>
  `We sent a confirmation link to ${email}. Your email changes when you open it.`;

Deno.test("email change: without the right current password nothing changes and nothing is sent", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server, { email: "mine@example.test" });
    await awaitMails(server.kv, m.email);
    const before = await kvUser(server.kv, m.id);

    const missing = await m.client.patch("/api/user/profile", {
      email: "new@example.test",
      displayName: "Changed",
    });
    assertError(missing, 400, PASSWORD_REQUIRED);
    const wrong = await m.client.patch("/api/user/profile", {
      email: "new@example.test",
      displayName: "Changed",
      currentPassword: "not-my-password",
    });
    assertError(wrong, 400, WRONG_CURRENT);

    assert.deepEqual(await kvUser(server.kv, m.id), before, "the display name waits too");
    assert.equal(await emailOwner(server.kv, "new@example.test"), null);
    assert.equal(await queueMessagesTaken(server.kv), 1, "only the registration's mail");
  });
});

Deno.test("email change: a free and a taken address get the same response; the mail differs", async () => {
  await withServer(async (server) => {
    const owner = await registerMember(server, { email: "owner@example.test" });
    const m = await registerMember(server, { email: "mine@example.test" });
    await awaitQueueTaken(server.kv, 2);

    const change = (email: string) =>
      m.client.patch("/api/user/profile", { email, currentPassword: PASSWORD, bio: "hello" });
    const taken = await change("OWNER@example.test");
    const free = await change("fresh@example.test");

    for (
      const [res, email] of [[taken, "OWNER@example.test"], [free, "fresh@example.test"]] as const
    ) {
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.message, sent(email));
      assert.equal(res.json.email, "mine@example.test", "unchanged until the link is opened");
      assert.equal(res.json.bio, "hello", "the rest of the patch is saved");
    }
    const strip = (a: typeof taken) => ({ ...a.json, message: undefined });
    assert.deepEqual(strip(taken), strip(free), "the same profile");
    assert.deepEqual(
      stableHeaders(taken.headers),
      stableHeaders(free.headers),
      "the same headers",
    );

    // Nothing moved yet.
    assert.equal(await emailOwner(server.kv, "mine@example.test"), m.id);
    assert.equal(await emailOwner(server.kv, "owner@example.test"), owner.id);
    assert.equal(await emailOwner(server.kv, "fresh@example.test"), null);

    // The free address gets a confirmation link; the taken one a notice without any link to
    // take it.
    const [link] = await awaitMails(server.kv, "fresh@example.test", 1, "/confirm-email?token=");
    assert.match(link.subject, /Confirm your new email/);
    const [notice] = await awaitMails(server.kv, "owner@example.test", 1, "tried to use this");
    assert.doesNotMatch(notice.text, /token=/);
    assert.match(notice.text, /sign in, or reset your password/);
    await awaitQueueTaken(server.kv, 4);
    assert.equal((await mailsTo(server.kv, "mine@example.test")).length, 1, "registration only");
  });
});

Deno.test("email change: the link changes the email, verified, once; sign-in takes the new one", async () => {
  await withServer(async (server) => {
    // Unverified: its verification token is still unused at the end.
    const m = await registerMember(server, { email: "old@example.test", verified: false });
    const res = await m.client.patch("/api/user/profile", {
      email: "New@Example.test",
      currentPassword: PASSWORD,
    });
    assert.equal(res.status, 200, res.text);
    const [mail] = await awaitMails(server.kv, "new@example.test", 1, "/confirm-email?token=");
    const link = linkIn(mail, "/confirm-email?token=");

    const open = await new Client(server).get(link); // works without being signed in
    assert.equal(open.status, 303);
    assert.equal(open.headers.get("location"), "/");
    assert.deepEqual(flashOf(open), {
      kind: "success",
      title: "Email changed",
      description: "Your email is now New@example.test.", // the domain lower-cased
    });
    const stored = await kvUser(server.kv, m.id);
    assert.equal(stored?.email, "New@example.test");
    assert.equal(stored?.emailVerified, true);
    assert.equal(await emailOwner(server.kv, "new@example.test"), m.id);
    assert.equal(await emailOwner(server.kv, "old@example.test"), null, "old address freed");
    assert.equal((await m.client.get("/api/simple-user")).json.email, "New@example.test");
    await signIn(server, "new@example.test", PASSWORD);

    const again = await new Client(server).get(link);
    assert.equal(flashOf(again)?.kind, "failure");
    assert.equal(
      flashOf(again)?.description,
      "This confirmation link is invalid or has expired. Please change your email again.",
    );
    for (const bad of ["/confirm-email", "/confirm-email?token=abc"]) {
      assert.equal(flashOf(await new Client(server).get(bad))?.kind, "failure", bad);
    }
    // A verification token is no email-change token.
    const [verify] = await awaitMails(server.kv, "old@example.test");
    const token = new URL(linkIn(verify, "/verify-email"), server.url).searchParams.get("token");
    assert.equal(
      flashOf(await new Client(server).get(`/confirm-email?token=${token}`))?.kind,
      "failure",
    );
  });
});

Deno.test("email change: an address taken before the link is opened is no longer available", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server, { email: "mine@example.test" });
    await m.client.patch("/api/user/profile", {
      email: "wanted@example.test",
      currentPassword: PASSWORD,
    });
    const [mail] = await awaitMails(server.kv, "wanted@example.test", 1, "/confirm-email?token=");
    const quicker = await registerMember(server, { email: "Wanted@example.test" });

    const open = await new Client(server).get(linkIn(mail, "/confirm-email?token="));
    assert.deepEqual(flashOf(open), {
      kind: "failure",
      title: "Email change failed",
      description: "This email address is no longer available. Please choose another one.",
    });
    assert.equal((await kvUser(server.kv, m.id))?.email, "mine@example.test");
    assert.equal(await emailOwner(server.kv, "wanted@example.test"), quicker.id);
    assert.equal(await emailOwner(server.kv, "mine@example.test"), m.id);
  });
});

Deno.test("race: two members open links to one address at once; exactly one gets it", async () => {
  await withServer(async (server) => {
    const a = await registerMember(server);
    const b = await registerMember(server);
    for (const m of [a, b]) {
      const res = await m.client.patch("/api/user/profile", {
        email: "contested@example.test",
        currentPassword: PASSWORD,
      });
      assert.equal(res.status, 200, res.text);
    }
    const links = (await awaitMails(server.kv, "contested@example.test", 2, "/confirm-email"))
      .map((x) => linkIn(x, "/confirm-email?token="));
    const opened = await Promise.all(links.map((l) => new Client(server).get(l)));
    const kinds = opened.map((o) => flashOf(o)?.kind).sort();
    assert.deepEqual(kinds, ["failure", "success"]);
    const holder = await emailOwner(server.kv, "contested@example.test");
    assert.ok(holder === a.id || holder === b.id);
    const emails = [(await kvUser(server.kv, a.id))?.email, (await kvUser(server.kv, b.id))?.email];
    assert.equal(emails.filter((e) => e === "contested@example.test").length, 1);
  });
});
