// Account mail leaves through the KV queue after the response: a response never waits for the email
// provider nor fails with it, a failed send is retried, and forgot-password does the same
// observable work for an address with an account and one without.
import assert from "node:assert/strict";
import { withServer } from "../helpers/server.ts";
import {
  awaitMails,
  awaitQueueTaken,
  Client,
  kvUser,
  linkIn,
  mailsTo,
  PASSWORD,
  queueMessagesTaken,
  registerMember,
  signIn,
  stableHeaders,
} from "../helpers/accounts.ts";
import { type EmailMessage, type EmailSender, OutboxSender } from "../../lib/server/email/mod.ts";
import { FlakySender } from "../helpers/flaky_sender.ts";
import { createInvitations } from "../../kv/users.ts";
import { until } from "../helpers/time.ts";

/** A provider that is down: every send throws. */
class FailingSender implements EmailSender {
  readonly name = "resend";
  calls = 0;
  send(_: EmailMessage): Promise<void> {
    this.calls++;
    return Promise.reject(new Error("provider down"));
  }
}

/** Headers that differ between any two responses whatever they say. */

function headersOf(res: Response): [string, string][] {
  return stableHeaders(res.headers);
}

Deno.test("mail: with the provider down, forgot-password responds to known and unknown addresses alike", async () => {
  const sender = new FailingSender();
  await withServer(
    async (server) => {
      const m = await registerMember(server, {
        email: "known@example.test",
        awaitMail: false,
      });
      const ask = (email: string) =>
        fetch(`${server.url}/api/forgot-password`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email }),
        });
      const known = await ask(m.email);
      const unknown = await ask("unknown@example.test");
      assert.equal(known.status, 200);
      assert.equal(unknown.status, known.status);
      assert.equal(await unknown.text(), await known.text(), "identical bodies");
      assert.deepEqual(headersOf(unknown), headersOf(known), "identical headers");
      // Both requests were queued and tried; nothing reached the outbox.
      await awaitQueueTaken(server.kv, 3);
      assert.equal((await mailsTo(server.kv, m.email)).length, 0);
    },
    {},
    { email: sender },
  );
});

Deno.test("mail: with the provider down, registration returns 202 and the account works", async () => {
  const sender = new FailingSender();
  await withServer(
    async (server) => {
      const [code] = await createInvitations(server.kv, null, 1);
      const res = await new Client(server).post("/api/register", {
        username: "down_day",
        email: "down@example.test",
        password: PASSWORD,
        invitationCode: code,
        ageConfirmed: true,
      });
      assert.equal(res.status, 202, res.text);
      assert.equal(res.json.email, "down@example.test");
      // The member signs in with the password (unverified), by username and by email.
      const client = await signIn(server, "down_day", PASSWORD);
      await signIn(server, "down@example.test", PASSWORD);
      // The verification mail was tried (and will be again), not lost with the response. The
      // queue counts a delivery before the mail is composed and handed to the provider.
      await awaitQueueTaken(server.kv, 1);
      await until(
        "the provider asked to send",
        () => Promise.resolve(sender.calls),
        (n) => n >= 1,
        10_000,
        20,
      );
      // Resending is queued too: the response does not depend on the provider.
      const resend = await client.post("/api/resend-verification");
      assert.equal(resend.status, 200, resend.text);
    },
    {},
    { email: sender },
  );
});

Deno.test("mail: a send that fails is retried until the mail goes out", async () => {
  const flaky = new FlakySender(1);
  await withServer(
    async (server) => {
      flaky.real = new OutboxSender(server.kv, "Glimpse <no-reply@example.test>", false);
      const m = await registerMember(server, { verified: false });
      const [mail] = await awaitMails(server.kv, m.email);
      assert.equal(flaky.failuresLeft, 0, "the first attempt failed");
      // The retried mail carries a working link.
      assert.equal(
        (await new Client(server).get(linkIn(mail, "/verify-email?token="))).status,
        303,
      );
      assert.equal((await kvUser(server.kv, m.id))?.emailVerified, true);
    },
    {},
    { email: flaky },
  );
});

/** A provider that takes its time: each send reaches `real` (the outbox) after `delayMs`. */
class SlowSender implements EmailSender {
  readonly name = "outbox";
  real: EmailSender | undefined;
  constructor(private delayMs: number) {}
  async send(message: EmailMessage) {
    await new Promise((r) => setTimeout(r, this.delayMs));
    await this.real!.send(message);
  }
}

Deno.test("mail: 'nothing was sent' is judged once the queue settled, so a mail still queued or being sent counts", async () => {
  for (const jobTable of [false, true]) {
    const slow = new SlowSender(600);
    await withServer(
      async (server) => {
        slow.real = new OutboxSender(server.kv, "Glimpse <no-reply@example.test>", false);
        const m = await registerMember(server, { email: "slow@example.test" });
        const resets = async () =>
          (await mailsTo(server.kv, m.email)).filter((x) => x.text.includes("/auth?reset="));
        const before = await queueMessagesTaken(server.kv);
        // Answered at once; the mail is queued and takes 600 ms to send.
        const res = await new Client(server).post("/api/forgot-password", { email: m.email });
        assert.equal(res.status, 200, res.text);
        assert.equal((await resets()).length, 0, "not sent yet when the answer came");
        // The count waits for the mail instead of saying "none" while it is on its way.
        assert.equal(await queueMessagesTaken(server.kv), before + 1, `job table: ${jobTable}`);
        assert.equal((await resets()).length, 1, "sent by the time the queue settled");
      },
      {},
      { jobTable, email: slow },
    );
  }
});
