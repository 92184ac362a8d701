// Only a plain address (a dot-atom local part, one @, a domain of letter-digit-hyphen labels with a
// dot) is taken as an email: registration, sign-in, forgot-password and an email change refuse a
// display name, a quoted local part, a comment or a space with 'Please enter a valid email
// address', and store nothing. A taken address is stored trimmed, its domain lower-cased.
import assert from "node:assert/strict";
import { withServer } from "../helpers/server.ts";
import { kvDump } from "../helpers/kv_dump.ts";
import { createInvitations } from "../../kv/users.ts";
import {
  allUsers,
  assertError,
  awaitMails,
  awaitQueueTaken,
  Client,
  emailOwner,
  kvUser,
  PASSWORD,
  registerMember,
} from "../helpers/accounts.ts";

const BAD_EMAIL = "Please enter a valid email address";

/** Addresses a mail system would deliver somewhere other than where they seem to point. */
const TRICKS = [
  "bob<attacker@evil.example>",
  "Bob <bob@example.test>",
  '"a,b"@evil.example',
  '"bob@example.test"@evil.example',
  "bob(comment)@example.test",
  "bob@example.test (Bob)",
  "bob@evil.example,carol@example.test",
  "bob@evil.example@example.test",
  "bob\r\nBcc: x@evil.example@example.test",
  "bob\u0000@example.test",
  "bob @example.test",
  "bob..smith@example.test",
  "bob@[192.0.2.1]",
  "bob@192.0.2.1",
  "bob@example_test.io",
  "bob@-example.test",
];

Deno.test("email syntax: registration refuses every address that is not plain, storing nothing", async () => {
  await withServer(async (server) => {
    const [code] = await createInvitations(server.kv, null, 1);
    const before = await kvDump(server.kv);
    for (const [i, email] of TRICKS.entries()) {
      const res = await new Client(server).post("/api/register", {
        username: `trick_${i}`,
        email,
        password: PASSWORD,
        invitationCode: code,
        ageConfirmed: true,
      });
      assertError(res, 400, BAD_EMAIL);
    }
    assert.deepEqual(await kvDump(server.kv), before, "nothing stored, the code unused");
    assert.deepEqual(await allUsers(server.kv), []);
  });
});

Deno.test("email syntax: a plain address is stored trimmed with its domain lower-cased", async () => {
  await withServer(async (server) => {
    const [code] = await createInvitations(server.kv, null, 1);
    const res = await new Client(server).post("/api/register", {
      username: "ana_o",
      email: "  Ana.O'Neil+glimpse@Mail.Example.TEST ",
      password: PASSWORD,
      invitationCode: code,
      ageConfirmed: true,
    });
    assert.equal(res.status, 202, res.text);
    assert.equal(res.json.email, "Ana.O'Neil+glimpse@mail.example.test");
    const id = await emailOwner(server.kv, "ana.o'neil+glimpse@mail.example.test");
    assert.ok(id);
    assert.equal((await kvUser(server.kv, id))?.email, res.json.email);
    // The verification mail goes to the stored address.
    await awaitMails(server.kv, res.json.email);
  });
});

Deno.test("email syntax: sign-in, forgot-password and an email change refuse them too", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server, { email: "bob@example.test" });
    await awaitQueueTaken(server.kv, 1);
    const before = await kvDump(server.kv);
    for (const email of TRICKS) {
      const login = await new Client(server).post("/api/simple-login", {
        identifier: email,
        password: PASSWORD,
      });
      assertError(login, 400, BAD_EMAIL);
      assertError(
        await new Client(server).post("/api/forgot-password", { email }),
        400,
        BAD_EMAIL,
      );
      assertError(
        await m.client.patch("/api/user/profile", { email, currentPassword: PASSWORD }),
        400,
        BAD_EMAIL,
      );
    }
    assert.deepEqual(await kvDump(server.kv), before, "nothing stored, nothing queued");
    // The plain address still signs in, in any case of its domain.
    const ok = await new Client(server).post("/api/simple-login", {
      identifier: " bob@EXAMPLE.test ",
      password: PASSWORD,
    });
    assert.equal(ok.status, 200, ok.text);
  });
});
