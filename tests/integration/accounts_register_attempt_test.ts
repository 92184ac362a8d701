// A registration with an address that already has an account: the account's holder is mailed a
// notice of the attempt (one an hour at most), the invitation code stays unused and nothing else
// is stored.
import assert from "node:assert/strict";
import { withServer } from "../helpers/server.ts";
import { kvDump } from "../helpers/kv_dump.ts";
import { createInvitations } from "../../kv/users.ts";
import {
  allUsers,
  awaitMails,
  awaitQueueTaken,
  Client,
  kvInvitation,
  linkIn,
  mailsTo,
  PASSWORD,
  queueMessagesTaken,
  registerMember,
} from "../helpers/accounts.ts";

const NOTICE = "Someone tried to register on Glimpse with your email";

Deno.test("registration with a taken address: its holder is told, the code stays unused", async () => {
  await withServer(async (server) => {
    const owner = await registerMember(server, { email: "Owner.Name@example.test" });
    await awaitQueueTaken(server.kv, 1);
    const [code] = await createInvitations(server.kv, null, 1);
    const before = await kvDump(server.kv, [
      "presence",
      "rate_limits",
      "queue_attempts",
      "queue_settled",
      "outbox",
    ]);

    const attempt = (username: string) =>
      new Client(server).post("/api/register", {
        username,
        email: " owner.name@EXAMPLE.test ",
        password: "someone-elses-1",
        invitationCode: code,
        ageConfirmed: true,
      });
    assert.equal((await attempt("intruder")).status, 202);

    const [notice] = await awaitMails(server.kv, owner.email, 1, "Someone tried to create");
    assert.equal(notice.subject, NOTICE);
    assert.equal(notice.to, owner.email, "to the address as the account holds it");
    assert.match(notice.text, /no new account was created/);
    assert.equal(linkIn(notice, "/auth"), "/auth");
    assert.ok(!notice.text.includes("intruder"), "nothing of the attempt's own details");

    // Nothing stored: no member, the code unused (the queue and the outbox aside).
    assert.deepEqual(
      await kvDump(server.kv, [
        "presence",
        "rate_limits",
        "queue_attempts",
        "queue_settled",
        "outbox",
      ]),
      before,
    );
    assert.equal((await allUsers(server.kv)).length, 1);
    assert.equal((await kvInvitation(server.kv, code))?.usedBy, undefined);

    // More attempts within the hour send no more notices.
    for (const name of ["intruder2", "intruder3"]) {
      assert.equal((await attempt(name)).status, 202);
    }
    const settled = await queueMessagesTaken(server.kv);
    assert.equal(settled, 2, "the verification mail and one notice");
    const notices = (await mailsTo(server.kv, owner.email)).filter((m) => m.subject === NOTICE);
    assert.equal(notices.length, 1);
    // The code still registers a free address.
    const fresh = await new Client(server).post("/api/register", {
      username: "newcomer",
      email: "newcomer@example.test",
      password: PASSWORD,
      invitationCode: code,
      ageConfirmed: true,
    });
    assert.equal(fresh.status, 202, fresh.text);
  });
});
