// Registration over HTTP: every rule and its
// exact text, nothing stored on a refusal, the neutral 'check your inbox' response, the mailed link
// that verifies and signs in, the member's own invitation codes, who invited whom, and the two
// races.
import assert from "node:assert/strict";
import { withServer } from "../helpers/server.ts";
import { createInvitations, listInvitationsOf } from "../../kv/users.ts";
import { listOutbox } from "../../lib/server/email/mod.ts";
import {
  allUsers,
  assertError,
  awaitMails,
  Client,
  cookieAttributes,
  cookieLine,
  emailOwner,
  flashOf,
  kvInvitation,
  kvUser,
  linkIn,
  mailsTo,
  PASSWORD,
  queueMessagesTaken,
  registerMember,
  SESSION_COOKIE,
  usernameOwner,
} from "../helpers/accounts.ts";
import { queueSettled } from "../../lib/server/jobs.ts";

const FILL_ALL = "Please fill in all fields";
const BAD_EMAIL = "Please enter a valid email address";
const SHORT_PASSWORD = "Password must be at least 6 characters long";
const BAD_USERNAME = "Username must be 3 to 20 characters: lowercase letters, digits or _";
const AGE = "You must be 18 or older and accept the Terms of Service";
const BAD_INVITATION = "Invalid or already used invitation code";
const USERNAME_TAKEN = "Username is already taken";
const INVALID_BODY = "Invalid request body";

Deno.test("registration: each rule returns 400 with its text and stores nothing", async () => {
  await withServer(async (server) => {
    const [code] = await createInvitations(server.kv, null, 1);
    const valid = {
      username: "valid_name",
      email: "valid@example.test",
      password: PASSWORD,
      invitationCode: code,
      ageConfirmed: true,
    };
    const without = (k: keyof typeof valid) => {
      const copy: Record<string, unknown> = { ...valid };
      delete copy[k];
      return copy;
    };
    const cases: [string, Record<string, unknown>, string][] = [
      ["no username", without("username"), FILL_ALL],
      ["no email", without("email"), FILL_ALL],
      ["no password", without("password"), FILL_ALL],
      ["no invitation code", without("invitationCode"), FILL_ALL],
      ["blank username", { ...valid, username: "   " }, FILL_ALL],
      ["empty email", { ...valid, email: "" }, FILL_ALL],
      ["empty password", { ...valid, password: "" }, FILL_ALL],
      ["blank code", { ...valid, invitationCode: "  " }, FILL_ALL],
      ["email without @", { ...valid, email: "valid.example.test" }, BAD_EMAIL],
      ["email without dot", { ...valid, email: "valid@example" }, BAD_EMAIL],
      ["email with a space", { ...valid, email: "va lid@example.test" }, BAD_EMAIL],
      ["5-character password", { ...valid, password: "12345" }, SHORT_PASSWORD],
      ["2-character username", { ...valid, username: "ab" }, BAD_USERNAME],
      ["21-character username", { ...valid, username: "a".repeat(21) }, BAD_USERNAME],
      ["username with - and !", { ...valid, username: "bad-name!" }, BAD_USERNAME],
      ["username with a space", { ...valid, username: "bad name" }, BAD_USERNAME],
      ["ageConfirmed false", { ...valid, ageConfirmed: false }, AGE],
      ["ageConfirmed missing", without("ageConfirmed"), AGE],
      ["unknown invitation code", { ...valid, invitationCode: "ZZZZZZZZZZ" }, BAD_INVITATION],
    ];
    for (const [name, payload, text] of cases) {
      const client = new Client(server);
      const res = await client.post("/api/register", payload);
      try {
        assertError(res, 400, text);
      } catch (err) {
        throw new Error(`${name}: ${(err as Error).message}`);
      }
      assert.equal(cookieLine(res, SESSION_COOKIE), undefined, `${name}: no session cookie`);
    }

    // Nothing was stored: no member, the username and email are free, the code is unused and
    // no email went out.
    assert.deepEqual(await allUsers(server.kv), []);
    assert.equal(await usernameOwner(server.kv, "valid_name"), null);
    assert.equal(await emailOwner(server.kv, "valid@example.test"), null);
    assert.equal((await kvInvitation(server.kv, code))?.usedBy, undefined);
    await queueSettled(server.kv);
    assert.deepEqual(await listOutbox(server.kv), []);

    // The very same payload is accepted once it is right: the code was still good.
    const ok = await new Client(server).post("/api/register", valid);
    assert.equal(ok.status, 202, ok.text);
    const created = await usernameOwner(server.kv, "valid_name");
    assert.ok(created);
    assert.equal((await kvInvitation(server.kv, code))?.usedBy, created);

    // A used code is refused, and the refused registration stores nothing.
    const again = await new Client(server).post("/api/register", {
      ...valid,
      username: "second_name",
      email: "second@example.test",
    });
    assertError(again, 400, BAD_INVITATION);
    assert.equal(await usernameOwner(server.kv, "second_name"), null);
    assert.equal(await emailOwner(server.kv, "second@example.test"), null);
    assert.equal((await allUsers(server.kv)).length, 1);
  });
});

Deno.test("registration: malformed or mistyped bodies return 400 'Invalid request body'", async () => {
  await withServer(async (server) => {
    const [code] = await createInvitations(server.kv, null, 1);
    const bodies = [
      "{not json",
      "",
      "[]",
      '"a string"',
      JSON.stringify({
        username: "typed_name",
        email: "typed@example.test",
        password: PASSWORD,
        invitationCode: code,
        ageConfirmed: "yes",
      }),
      JSON.stringify({
        username: 12345,
        email: "typed@example.test",
        password: PASSWORD,
        invitationCode: code,
        ageConfirmed: true,
      }),
    ];
    for (const body of bodies) {
      const res = await new Client(server).request("POST", "/api/register", {
        body,
        headers: { "content-type": "application/json" },
      });
      try {
        assertError(res, 400, INVALID_BODY);
      } catch (err) {
        throw new Error(`body ${JSON.stringify(body)}: ${(err as Error).message}`);
      }
    }
    assert.deepEqual(await allUsers(server.kv), []);
    assert.equal((await kvInvitation(server.kv, code))?.usedBy, undefined);
  });
});

Deno.test("registration: success returns 202 'check your inbox' without a session; the mailed link verifies and signs in", async () => {
  await withServer(async (server) => {
    const [code] = await createInvitations(server.kv, null, 1);
    const client = new Client(server);
    const res = await client.post("/api/register", {
      username: "  Alice_1 ",
      email: " Alice@Example.test ",
      password: PASSWORD,
      invitationCode: code.toLowerCase(), // typed in lower case: still the same code
      ageConfirmed: true,
      role: "admin", // never trusted from the client
    });
    // The response names the address (trimmed, the domain lower-cased) and nothing of the account.
    assert.equal(res.status, 202, res.text);
    assert.deepEqual(res.json, { status: "check_inbox", email: "Alice@example.test" });
    assert.deepEqual(res.setCookies, [], "no session, no toast");
    assert.equal((await client.get("/api/simple-user")).status, 401, "not signed in");

    // The stored record: unverified, the consumed code, age confirmation time, a PBKDF2 hash.
    const id = await usernameOwner(server.kv, "alice_1");
    assert.ok(id);
    const stored = await kvUser(server.kv, id);
    assert.ok(stored);
    assert.equal(stored.emailVerified, false);
    assert.equal(stored.email, "Alice@example.test");
    assert.equal(stored.invitedBy, null, "an operator code has no inviter");
    assert.equal(stored.invitationCode, code);
    assert.ok(!Number.isNaN(Date.parse(stored.ageConfirmedAt)), stored.ageConfirmedAt);
    assert.match(stored.passwordHash, /^pbkdf2-sha256\$600000\$/);
    assert.equal(stored.role, "member");
    assert.equal((await kvInvitation(server.kv, code))?.usedBy, id);
    assert.equal(await emailOwner(server.kv, "alice@example.test"), id);

    // Five fresh codes of the member's own, stored unused and owned by them.
    const codes = (await listInvitationsOf(server.kv, id)).map((i) => i.code);
    assert.equal(codes.length, 5);
    assert.equal(new Set(codes).size, 5);
    for (const c of codes) {
      assert.match(c, /^[A-HJ-NP-Z2-9]{10}$/);
      assert.notEqual(c, code);
      const inv = await kvInvitation(server.kv, c);
      assert.equal(inv?.ownerId, id, c);
      assert.equal(inv?.usedBy, undefined, c);
    }

    // A verification email went to the address; its link, opened in this browser, verifies the
    // address and signs the member in (the session cookie: HttpOnly, SameSite=Lax, path /, not
    // Secure outside production), then goes home with the toast.
    const mails = await awaitMails(server.kv, "alice@example.test");
    assert.equal(mails.length, 1);
    assert.equal(mails[0].to, "Alice@example.test");
    const link = linkIn(mails[0], "/verify-email?token=");
    assert.match(link, /^\/verify-email\?token=[\w-]{20,}$/);
    const opened = await client.get(link);
    assert.equal(opened.status, 303, opened.text);
    assert.equal(opened.headers.get("location"), "/");
    const line = cookieLine(opened, SESSION_COOKIE);
    assert.ok(line, "session cookie set");
    const attrs = cookieAttributes(line);
    assert.ok(attrs.has("httponly"), line);
    assert.equal(attrs.get("samesite")?.toLowerCase(), "lax", line);
    assert.equal(attrs.get("path"), "/", line);
    assert.ok(!attrs.has("secure"), line);
    assert.equal(flashOf(opened)?.title, "Email verified");

    // The member as the session shows them, and never the password hash.
    const me = await client.get("/api/user/profile");
    assert.equal(me.status, 200, me.text);
    const user = me.json;
    assert.equal(user.id, id);
    assert.equal(user.username, "alice_1");
    assert.equal(user.email, "Alice@example.test");
    assert.equal(user.emailVerified, true);
    assert.equal(user.role, "member");
    assert.equal(user.faceBlurEnabled, true);
    assert.equal(user.hideExactLocation, true);
    assert.equal(user.notificationsEnabled, true);
    assert.ok(!("passwordHash" in user), "no passwordHash field");
    assert.ok(!me.text.includes("pbkdf2"), "no hash anywhere in the response");

    // The link works once: opened again (in another browser), it signs no one in.
    const replay = await new Client(server).get(link);
    assert.equal(replay.status, 303);
    assert.equal(cookieLine(replay, SESSION_COOKIE), undefined);
    assert.equal(flashOf(replay)?.title, "Verification failed");
  }, { PASSWORD_ITERATIONS: "600000" }); // the stored hash at the default strength
});

Deno.test("registration: the invitee's record remembers who invited them", async () => {
  await withServer(async (server) => {
    const first = await registerMember(server); // with an operator-issued code
    assert.equal((await kvUser(server.kv, first.id))?.invitedBy, null);

    const [used, ...rest] = first.codes;
    const second = await registerMember(server, { invitationCode: used });
    const record = await kvUser(server.kv, second.id);
    assert.equal(record?.invitedBy, first.id);
    assert.equal(record?.invitationCode, used);
    const inv = await kvInvitation(server.kv, used);
    assert.equal(inv?.usedBy, second.id);
    assert.equal(inv?.ownerId, first.id);
    assert.ok(inv?.usedAt && !Number.isNaN(Date.parse(inv.usedAt)));
    for (const c of rest) assert.equal((await kvInvitation(server.kv, c))?.usedBy, undefined);
  });
});

Deno.test("registration: a taken username returns 409; a taken email the neutral 202 and stores nothing", async () => {
  await withServer(async (server) => {
    const alice = await registerMember(server, {
      username: "alice",
      email: "alice@example.test",
    });
    const [c1, c2] = await createInvitations(server.kv, null, 2);

    const sameName = await new Client(server).post("/api/register", {
      username: "Alice",
      email: "other@example.test",
      password: PASSWORD,
      invitationCode: c1,
      ageConfirmed: true,
    });
    assertError(sameName, 409, USERNAME_TAKEN);
    assert.equal(cookieLine(sameName, SESSION_COOKIE), undefined);

    const sameEmail = await new Client(server).post("/api/register", {
      username: "bob",
      email: "ALICE@example.TEST",
      password: PASSWORD,
      invitationCode: c2,
      ageConfirmed: true,
    });
    assert.equal(sameEmail.status, 202, sameEmail.text);
    assert.deepEqual(sameEmail.json, { status: "check_inbox", email: "ALICE@example.test" });
    assert.deepEqual(sameEmail.setCookies, []);

    // The refusals changed nothing: both codes unused, the other name and address still free,
    // alice still the one holder of her name and address.
    assert.equal((await kvInvitation(server.kv, c1))?.usedBy, undefined);
    assert.equal((await kvInvitation(server.kv, c2))?.usedBy, undefined);
    assert.equal(await emailOwner(server.kv, "other@example.test"), null);
    assert.equal(await usernameOwner(server.kv, "bob"), null);
    assert.equal(await usernameOwner(server.kv, "alice"), alice.id);
    assert.equal(await emailOwner(server.kv, "alice@example.test"), alice.id);
    assert.equal((await allUsers(server.kv)).length, 1);
    // Alice got her verification mail, and a notice of the attempt with her address.
    await awaitMails(server.kv, "alice@example.test", 2);
    assert.equal(await queueMessagesTaken(server.kv), 2, "no mail but alice's");
    assert.equal((await mailsTo(server.kv, "other@example.test")).length, 0);
  });
});

Deno.test("race: 20 parallel registrations of one username → exactly one wins", async () => {
  await withServer(async (server) => {
    const codes = await createInvitations(server.kv, null, 20);
    const responses = await Promise.all(
      codes.map((code, i) =>
        new Client(server).post("/api/register", {
          username: i % 2 ? "racer" : "RACER",
          email: `racer${i}@example.test`,
          password: PASSWORD,
          invitationCode: code,
          ageConfirmed: true,
        })
      ),
    );
    const won = responses.filter((a) => a.status === 202);
    const lost = responses.filter((a) => a.status !== 202);
    assert.equal(won.length, 1, responses.map((a) => a.status).join(","));
    for (const a of lost) assertError(a, 409, USERNAME_TAKEN);

    const winner = (await allUsers(server.kv))[0];
    assert.equal(winner.email, won[0].json.email);
    assert.equal(await usernameOwner(server.kv, "racer"), winner.id);
    const users = await allUsers(server.kv);
    assert.equal(users.length, 1);
    assert.equal(users.filter((u) => u.username === "racer").length, 1);
    // Only the winner's code is used; the losers' codes and addresses are untouched.
    let used = 0;
    for (const [i, code] of codes.entries()) {
      const inv = await kvInvitation(server.kv, code);
      if (inv?.usedBy) {
        used++;
        assert.equal(inv.usedBy, winner.id);
      } else {
        assert.equal(await emailOwner(server.kv, `racer${i}@example.test`), null);
      }
    }
    assert.equal(used, 1);
  });
});

Deno.test("race: one invitation code used by 10 parallel registrations → exactly one wins", async () => {
  await withServer(async (server) => {
    const [code] = await createInvitations(server.kv, null, 1);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        new Client(server).post("/api/register", {
          username: `shared${i}`,
          email: `shared${i}@example.test`,
          password: PASSWORD,
          invitationCode: code,
          ageConfirmed: true,
        })),
    );
    const won = responses.filter((a) => a.status === 202);
    assert.equal(won.length, 1, responses.map((a) => a.status).join(","));
    for (const a of responses.filter((a) => a.status !== 202)) assertError(a, 400, BAD_INVITATION);

    const winner = (await allUsers(server.kv))[0];
    assert.equal(winner.email, won[0].json.email);
    assert.equal((await kvInvitation(server.kv, code))?.usedBy, winner.id);
    const users = await allUsers(server.kv);
    assert.equal(users.length, 1);
    assert.equal(users[0].id, winner.id);
    for (let i = 0; i < 10; i++) {
      const holder = await usernameOwner(server.kv, `shared${i}`);
      assert.equal(holder, `shared${i}` === winner.username ? winner.id : null, `shared${i}`);
    }
    // Exactly one verification email went out (to the winner).
    await awaitMails(server.kv, winner.email);
    assert.equal(await queueMessagesTaken(server.kv), 1);
    const mails = await listOutbox(server.kv);
    assert.equal(mails.length, 1);
    assert.equal(mails[0].to, winner.email);
  });
});
