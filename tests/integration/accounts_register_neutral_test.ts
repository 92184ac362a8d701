// Registration responds 'check your inbox' whether or not the address already has an account: a
// fresh address and a taken one get the same status, headers and body (but the echoed address),
// and neither a session. Only the mailed link tells them apart: the fresh address's verification
// link signs its member in; the taken address's holder gets a notice and nothing is stored.
import assert from "node:assert/strict";
import { withServer } from "../helpers/server.ts";
import { kvDump } from "../helpers/kv_dump.ts";
import { createInvitations } from "../../kv/users.ts";
import {
  allUsers,
  awaitMails,
  awaitQueueTaken,
  Client,
  emailOwner,
  kvInvitation,
  kvUser,
  linkIn,
  PASSWORD,
  registerMember,
  SESSION_COOKIE,
  stableHeaders,
  usernameOwner,
} from "../helpers/accounts.ts";

const NOT_STORED = ["presence", "rate_limits", "queue_attempts", "queue_settled", "outbox"];

Deno.test("registration: a taken and a fresh address get the same response; only the mail differs", async () => {
  await withServer(async (server) => {
    // Two addresses of the same length, so that even Content-Length matches.
    const takenEmail = "taken@example.test";
    const freshEmail = "fresh@example.test";
    const owner = await registerMember(server, { email: takenEmail });
    await awaitQueueTaken(server.kv, 1);
    const [takenCode, freshCode] = await createInvitations(server.kv, null, 2);
    const before = await kvDump(server.kv, NOT_STORED);

    const register = (client: Client, username: string, email: string, invitationCode: string) =>
      client.post("/api/register", {
        username,
        email,
        password: PASSWORD,
        invitationCode,
        ageConfirmed: true,
      });
    const takenClient = new Client(server);
    const taken = await register(takenClient, "intruder", takenEmail, takenCode);

    // The taken address: nothing stored, the code unused, the holder told.
    assert.deepEqual(await kvDump(server.kv, NOT_STORED), before);
    assert.equal((await kvInvitation(server.kv, takenCode))?.usedBy, undefined);
    assert.equal(await usernameOwner(server.kv, "intruder"), null);
    await awaitMails(server.kv, owner.email, 1, "Someone tried to create");

    const freshClient = new Client(server);
    const fresh = await register(freshClient, "newcomer", freshEmail, freshCode);

    // The same response, byte for byte but the address it names, and no cookie either way.
    assert.equal(fresh.status, 202, fresh.text);
    assert.equal(taken.status, fresh.status, taken.text);
    assert.deepEqual(stableHeaders(taken.headers), stableHeaders(fresh.headers));
    assert.deepEqual(taken.setCookies, []);
    assert.deepEqual(fresh.setCookies, []);
    assert.equal(fresh.text, JSON.stringify({ status: "check_inbox", email: freshEmail }));
    assert.equal(taken.text.replace(takenEmail, freshEmail), fresh.text);
    for (const client of [takenClient, freshClient]) {
      assert.equal(client.session, undefined);
      assert.equal((await client.get("/api/simple-user")).status, 401, "no one signed in");
    }

    // The fresh address's link, opened in the browser that registered, verifies and signs in.
    const id = await emailOwner(server.kv, freshEmail);
    assert.ok(id, "the fresh account exists");
    assert.equal((await kvUser(server.kv, id))?.emailVerified, false);
    assert.equal((await kvInvitation(server.kv, freshCode))?.usedBy, id);
    const [mail] = await awaitMails(server.kv, freshEmail, 1, "/verify-email?token=");
    const opened = await freshClient.get(linkIn(mail, "/verify-email?token="));
    assert.equal(opened.status, 303, opened.text);
    assert.ok(opened.setCookies.some((l) => l.startsWith(`${SESSION_COOKIE}=`)), "signed in");
    const me = await freshClient.get("/api/simple-user");
    assert.equal(me.status, 200, me.text);
    assert.equal(me.json.id, id);
    assert.equal(me.json.username, "newcomer");
    assert.equal((await kvUser(server.kv, id))?.emailVerified, true);

    // The code the taken address was tried with still registers a free address.
    const later = await register(new Client(server), "latecomer", "later@example.test", takenCode);
    assert.equal(later.status, 202, later.text);
    assert.equal(
      (await kvInvitation(server.kv, takenCode))?.usedBy,
      await usernameOwner(server.kv, "latecomer"),
    );
    assert.equal((await allUsers(server.kv)).length, 3);
  });
});
