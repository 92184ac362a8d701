// POST /api/stripe/webhook with real Stripe signatures (the SDK's async test header, as Stripe
// signs): a checkout sets the member's plan and links their customer; subscription events keep,
// change or end it (found through the stored customer, the plan through the price id, never the
// metadata a portal change leaves behind); a deleted subscription stays ended; a
// tampered body, a stale or future timestamp and a missing header get 400 and change nothing;
// one event delivered 10 times at once changes the plan exactly once; events about unknown
// members are recorded and get 200; no secret means 503; an oversized body 413.
import assert from "node:assert/strict";
import Stripe from "stripe";
import { type TestServer, withServer } from "../helpers/server.ts";
import { kvUser, registerMember } from "../helpers/accounts.ts";
import { keys } from "../../kv/keys.ts";
import { storedEvent } from "../../kv/billing.ts";

const SECRET = "whsec_test_glimpse_webhook_secret";
const PRICES = { basic: "price_basic_test", plus: "price_plus_test", vip: "price_vip_test" };
const ENV = {
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_PRICE_BASIC: PRICES.basic,
  STRIPE_PRICE_PLUS: PRICES.plus,
  STRIPE_PRICE_VIP: PRICES.vip,
};
const BAD_SIGNATURE = "Invalid Stripe signature.";

let seq = 0;
const nowS = () => Math.floor(Date.now() / 1000);

function event(type: string, object: Record<string, unknown>, created = nowS()) {
  return {
    id: `evt_test_${++seq}_${crypto.randomUUID().slice(0, 8)}`,
    object: "event",
    type,
    created,
    data: { object },
  };
}

function checkoutCompleted(userId: string, tier: string, customer: string, subscription: string) {
  return event("checkout.session.completed", {
    id: `cs_test_${seq}`,
    object: "checkout.session",
    mode: "subscription",
    status: "complete",
    payment_status: "paid",
    client_reference_id: userId,
    customer,
    subscription,
    metadata: { userId, tier },
  });
}

function subscriptionEvent(
  type: "created" | "updated" | "deleted",
  sub: { id: string; customer: string; status: string; price: string; metadata?: object },
  created?: number,
) {
  return event(`customer.subscription.${type}`, {
    id: sub.id,
    object: "subscription",
    customer: sub.customer,
    status: sub.status,
    metadata: sub.metadata ?? {},
    items: { object: "list", data: [{ id: "si_test", price: { id: sub.price } }] },
  }, created);
}

async function sign(payload: string, timestamp = nowS(), secret = SECRET): Promise<string> {
  return await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    timestamp,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
}

async function post(server: TestServer, body: string, header?: string) {
  const res = await fetch(server.url + "/api/stripe/webhook", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(header ? { "stripe-signature": header } : {}),
    },
    body,
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch { /* not JSON */ }
  return { status: res.status, json, text };
}

async function deliver(server: TestServer, ev: object) {
  const body = JSON.stringify(ev);
  return await post(server, body, await sign(body));
}

async function searchVersion(kv: Deno.Kv, userId: string): Promise<bigint> {
  return (await kv.get<Deno.KvU64>(keys.searchVersion(userId))).value?.value ?? 0n;
}

Deno.test("stripe webhook: a paid checkout sets the plan, links the customer and moves the search version", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const before = await searchVersion(server.kv, m.id);
    const ev = checkoutCompleted(m.id, "plus", "cus_a1", "sub_a1");
    const res = await deliver(server, ev);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.outcome, "applied");
    const user = await kvUser(server.kv, m.id);
    assert.equal(user?.tier, "plus");
    assert.equal(user?.billing?.customerId, "cus_a1");
    assert.equal(user?.billing?.subscriptionId, "sub_a1");
    assert.equal((await server.kv.get(keys.stripeCustomer("cus_a1"))).value, m.id);
    assert.equal(await searchVersion(server.kv, m.id), before + 1n);
    assert.equal((await storedEvent(server.kv, ev.id))?.outcome, "applied");
    // The member's own API sees the plan.
    assert.equal((await m.client.get("/api/subscription/session-limit")).json.tier, "plus");
  }, ENV);
});

Deno.test("stripe webhook: tampered, stale, future-dated and unsigned deliveries get 400 and change nothing", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const snapshot = await kvUser(server.kv, m.id);
    const ev = checkoutCompleted(m.id, "vip", "cus_b1", "sub_b1");
    const body = JSON.stringify(ev);
    const cases: [string, string, string | undefined][] = [
      ["tampered body", body.replace('"vip"', '"plus"'), await sign(body)],
      ["stale timestamp", body, await sign(body, nowS() - 301)],
      ["future timestamp", body, await sign(body, nowS() + 600)],
      ["missing header", body, undefined],
      ["wrong secret", body, await sign(body, nowS(), "whsec_someone_else")],
      ["garbage header", body, "t=abc,v1=nothing"],
    ];
    for (const [what, payload, header] of cases) {
      const res = await post(server, payload, header);
      assert.equal(res.status, 400, `${what}: ${res.text}`);
      assert.equal(res.json.error, BAD_SIGNATURE, what);
    }
    assert.deepEqual(await kvUser(server.kv, m.id), snapshot);
    assert.equal(await storedEvent(server.kv, ev.id), null, "no event was claimed");
    assert.equal((await server.kv.get(keys.stripeCustomer("cus_b1"))).value, null);
    // The same event, signed properly, still applies.
    assert.equal((await post(server, body, await sign(body))).json.outcome, "applied");
  }, ENV);
});

Deno.test("stripe webhook: one event delivered 10 times at once changes the plan exactly once", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const before = await searchVersion(server.kv, m.id);
    const ev = checkoutCompleted(m.id, "basic", "cus_c1", "sub_c1");
    const body = JSON.stringify(ev);
    const header = await sign(body);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => post(server, body, header)),
    );
    assert.deepEqual(responses.map((a) => a.status), Array(10).fill(200));
    const outcomes = responses.map((a) => a.json.outcome).sort();
    assert.deepEqual(outcomes, ["applied", ...Array(9).fill("duplicate")]);
    assert.equal((await kvUser(server.kv, m.id))?.tier, "basic");
    assert.equal(await searchVersion(server.kv, m.id), before + 1n, "one write of the member");
    // A replay later is a duplicate too, even after the plan moved on.
    const cancel = subscriptionEvent("deleted", {
      id: "sub_c1",
      customer: "cus_c1",
      status: "canceled",
      price: PRICES.basic,
    });
    assert.equal((await deliver(server, cancel)).json.outcome, "applied");
    assert.equal((await kvUser(server.kv, m.id))?.tier, "free");
    assert.equal((await post(server, body, await sign(body))).json.outcome, "duplicate");
    assert.equal((await kvUser(server.kv, m.id))?.tier, "free");
  }, ENV);
});

Deno.test("stripe webhook: subscription events find the member by customer and the plan by price", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    await deliver(server, checkoutCompleted(m.id, "basic", "cus_d1", "sub_d1"));
    const sub = { id: "sub_d1", customer: "cus_d1", status: "active", price: PRICES.vip };
    // An upgrade in Stripe's portal: no metadata, the price says VIP.
    assert.equal(
      (await deliver(server, subscriptionEvent("updated", sub))).json.outcome,
      "applied",
    );
    assert.equal((await kvUser(server.kv, m.id))?.tier, "vip");
    // A failed renewal that Stripe still retries keeps the plan; an unpaid one ends it.
    await deliver(server, subscriptionEvent("updated", { ...sub, status: "past_due" }));
    assert.equal((await kvUser(server.kv, m.id))?.tier, "vip");
    await deliver(server, subscriptionEvent("updated", { ...sub, status: "unpaid" }));
    assert.equal((await kvUser(server.kv, m.id))?.tier, "free");
    assert.equal((await kvUser(server.kv, m.id))?.billing?.status, "unpaid");
  }, ENV);
});

Deno.test("stripe webhook: a plan change in the billing portal sets the plan its price pays for, whatever the metadata says", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    await deliver(server, checkoutCompleted(m.id, "vip", "cus_p1", "sub_p1"));
    assert.equal((await kvUser(server.kv, m.id))?.tier, "vip");
    // The subscription keeps the metadata set at checkout; the portal only changes its price.
    const metadata = { userId: m.id, tier: "vip" };
    const sub = { id: "sub_p1", customer: "cus_p1", status: "active", metadata };
    const t = nowS();
    const down = await deliver(
      server,
      subscriptionEvent("updated", { ...sub, price: PRICES.basic }, t + 1),
    );
    assert.equal(down.json.outcome, "applied");
    assert.equal((await kvUser(server.kv, m.id))?.tier, "basic", "a downgrade takes VIP away");
    const up = { ...sub, metadata: { userId: m.id, tier: "basic" }, price: PRICES.plus };
    await deliver(server, subscriptionEvent("updated", up, t + 2));
    assert.equal((await kvUser(server.kv, m.id))?.tier, "plus", "an upgrade gives Plus");
    // A price that is none of ours grants nothing, whatever the metadata names.
    const unknown = { ...sub, price: "price_someone_elses" };
    await deliver(server, subscriptionEvent("updated", unknown, t + 3));
    assert.equal((await kvUser(server.kv, m.id))?.tier, "free");
  }, ENV);
});

Deno.test("stripe webhook: a deleted subscription stays ended, even for events of the same second", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const t = nowS();
    await deliver(server, checkoutCompleted(m.id, "plus", "cus_g1", "sub_g1"));
    const sub = { id: "sub_g1", customer: "cus_g1", status: "canceled", price: PRICES.plus };
    const del = await deliver(server, subscriptionEvent("deleted", sub, t + 2));
    assert.equal(del.json.outcome, "applied");
    assert.equal((await kvUser(server.kv, m.id))?.tier, "free");
    const ended = await kvUser(server.kv, m.id);
    // The same second, a later second, and a late checkout for it: none revives it.
    const revivals = [
      subscriptionEvent("updated", { ...sub, status: "active" }, t + 2),
      subscriptionEvent("updated", { ...sub, status: "active", price: PRICES.vip }, t + 30),
      subscriptionEvent("created", { ...sub, status: "active" }, t + 31),
      checkoutCompleted(m.id, "vip", "cus_g1", "sub_g1"),
    ];
    for (const ev of revivals) {
      const res = await deliver(server, ev);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.outcome, "ended", ev.type);
    }
    assert.deepEqual(await kvUser(server.kv, m.id), ended, "nothing stored changed");
    // A newer subscription sets the plan again.
    const newer = { ...checkoutCompleted(m.id, "basic", "cus_g1", "sub_g2"), created: t + 40 };
    assert.equal((await deliver(server, newer)).json.outcome, "applied");
    assert.equal((await kvUser(server.kv, m.id))?.tier, "basic");
  }, ENV);
});

Deno.test("stripe webhook: an old subscription's end, arriving while another is current, keeps it ended", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const t = nowS();
    await deliver(server, checkoutCompleted(m.id, "plus", "cus_h1", "sub_h_new"));
    const old = { id: "sub_h_old", customer: "cus_h1", status: "canceled", price: PRICES.vip };
    const del = await deliver(server, subscriptionEvent("deleted", old, t + 1));
    assert.equal(del.json.outcome, "not_current");
    assert.equal((await kvUser(server.kv, m.id))?.tier, "plus");
    const late = subscriptionEvent("updated", { ...old, status: "active" }, t + 5);
    assert.equal((await deliver(server, late)).json.outcome, "ended");
    assert.equal((await kvUser(server.kv, m.id))?.tier, "plus");
    assert.equal((await kvUser(server.kv, m.id))?.billing?.subscriptionId, "sub_h_new");
  }, ENV);
});

Deno.test("stripe webhook: an old subscription's end or an older event leaves the current plan alone", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const t = nowS();
    await deliver(server, checkoutCompleted(m.id, "plus", "cus_e1", "sub_new"));
    const old = { id: "sub_old", customer: "cus_e1", status: "canceled", price: PRICES.basic };
    assert.equal(
      (await deliver(server, subscriptionEvent("deleted", old, t + 5))).json.outcome,
      "not_current",
    );
    assert.equal((await kvUser(server.kv, m.id))?.tier, "plus");
    // Events can arrive out of order: one created before the latest applied changes nothing.
    const current = { id: "sub_new", customer: "cus_e1", status: "active", price: PRICES.vip };
    await deliver(server, subscriptionEvent("updated", current, t + 10));
    assert.equal((await kvUser(server.kv, m.id))?.tier, "vip");
    const earlier = { ...current, price: PRICES.basic };
    assert.equal(
      (await deliver(server, subscriptionEvent("updated", earlier, t + 8))).json.outcome,
      "stale",
    );
    assert.equal((await kvUser(server.kv, m.id))?.tier, "vip");
  }, ENV);
});

Deno.test("stripe webhook: unknown members and other event types are recorded and get 200", async () => {
  await withServer(async (server) => {
    const ghost = checkoutCompleted(crypto.randomUUID(), "vip", "cus_f1", "sub_f1");
    const res = await deliver(server, ghost);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.outcome, "unknown_member");
    assert.equal((await storedEvent(server.kv, ghost.id))?.outcome, "unknown_member");
    assert.equal((await server.kv.get(keys.stripeCustomer("cus_f1"))).value, null);
    const orphan = subscriptionEvent("updated", {
      id: "sub_f2",
      customer: "cus_nobody",
      status: "active",
      price: PRICES.plus,
    });
    assert.equal((await deliver(server, orphan)).json.outcome, "unknown_member");
    const other = event("invoice.paid", { id: "in_1", object: "invoice" });
    assert.equal((await deliver(server, other)).json.outcome, "ignored");
    assert.equal((await deliver(server, other)).json.outcome, "duplicate");
  }, ENV);
});

Deno.test("stripe webhook: without a secret it returns 503; an oversized body 413", async () => {
  await withServer(async (server) => {
    const body = JSON.stringify(event("invoice.paid", { id: "in_2" }));
    const res = await post(server, body, await sign(body));
    assert.equal(res.status, 503);
    assert.equal(res.json.error, "Stripe webhooks are not configured on this server.");
  });
  await withServer(async (server) => {
    const big = JSON.stringify({ pad: "x".repeat(300 * 1024) });
    const res = await post(server, big, await sign(big));
    assert.equal(res.status, 413);
  }, ENV);
});
