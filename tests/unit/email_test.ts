// The two email providers: the outbox keeps messages in KV (newest first); the Resend provider
// sends them through the Resend client, here with the network replaced by a recording fetch.
import assert from "node:assert/strict";
import {
  createEmailSender,
  listOutbox,
  OutboxSender,
  ResendSender,
} from "../../lib/server/email/mod.ts";
import { verificationEmail } from "../../lib/server/email/templates.ts";
import { testConfig } from "../../lib/server/config.ts";
import { sleep } from "../helpers/time.ts";

Deno.test("outbox: messages are kept in KV, newest first", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const sender = new OutboxSender(kv, "Glimpse <no-reply@example.test>", false);
    await sender.send(verificationEmail("a@example.test", "ana", "http://x/verify-email?token=1"));
    await sleep(2);
    await sender.send(verificationEmail("b@example.test", "bo", "http://x/verify-email?token=2"));
    const mails = await listOutbox(kv);
    assert.deepEqual(mails.map((m) => m.to), ["b@example.test", "a@example.test"]);
    assert.match(mails[0].text, /token=2/);
    assert.match(mails[0].html, /href="http:\/\/x\/verify-email\?token=2"/);
  } finally {
    kv.close();
  }
});

Deno.test("resend: the message goes to the Resend API with the key, sender and texts", async () => {
  const calls: { url: string; auth: string | null; body: Record<string, unknown> }[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    calls.push({
      url: req.url,
      auth: req.headers.get("authorization"),
      body: await req.json(),
    });
    return new Response(JSON.stringify({ id: "email_123" }), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  }) as typeof fetch;
  try {
    const sender = new ResendSender("re_test_key", "Glimpse <no-reply@example.test>");
    await sender.send(verificationEmail("c@example.test", "cy", "https://g.example/v?token=3"));
  } finally {
    globalThis.fetch = realFetch;
  }
  assert.equal(calls.length, 1);
  assert.match(calls[0].url, /^https:\/\/api\.resend\.com\/emails/);
  assert.equal(calls[0].auth, "Bearer re_test_key");
  assert.deepEqual(calls[0].body.to, ["c@example.test"]);
  assert.equal(calls[0].body.from, "Glimpse <no-reply@example.test>");
  assert.equal(calls[0].body.subject, "Verify your email for Glimpse");
  assert.match(String(calls[0].body.text), /token=3/);
});

Deno.test("resend: a refusal by the API is an error, not a silent success", async () => {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (() =>
    Promise.resolve(
      new Response(JSON.stringify({ name: "validation_error", message: "Invalid `to` field" }), {
        status: 422,
        headers: { "content-type": "application/json" },
      }),
    )) as typeof fetch;
  try {
    const sender = new ResendSender("re_test_key", "Glimpse <no-reply@example.test>");
    await assert.rejects(
      () => sender.send(verificationEmail("bad", "x", "https://g.example/v")),
      /Resend refused the message/,
    );
  } finally {
    globalThis.fetch = realFetch;
  }
});

Deno.test("the provider follows the configuration", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    assert.equal(createEmailSender(kv, testConfig()).name, "outbox");
    assert.equal(
      createEmailSender(kv, testConfig({ EMAIL_PROVIDER: "resend", RESEND_API_KEY: "re_x" }))
        .name,
      "resend",
    );
  } finally {
    kv.close();
  }
});
