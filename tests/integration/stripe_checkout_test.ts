// Checkout and the billing portal against a local stand-in for Stripe's API (the SDK's host,
// port and protocol options): the requests the SDK sends (a customer made once per member with an
// idempotency key, a subscription Checkout Session naming the member, the plan's price, the
// success and cancel URLs), the responses the page gets, a redirect for form posts, Stripe being
// down (502, the texts, nothing stored), and the portal for members with a customer only.
import assert from "node:assert/strict";
import { type TestServer, withServer } from "../helpers/server.ts";
import { assertError, kvUser, registerMember } from "../helpers/accounts.ts";
import { startStripeStandIn, type StripeStandIn } from "../helpers/stripe_standin.ts";
import { keys } from "../../kv/keys.ts";
import { english } from "../helpers/english.ts";

const PRICES = { basic: "price_basic_test", plus: "price_plus_test", vip: "price_vip_test" };
const KEY = "sk_test_glimpse_standin";

async function withStripe(fn: (server: TestServer, stripe: StripeStandIn) => Promise<void>) {
  const stripe = startStripeStandIn();
  try {
    await withServer((server) => fn(server, stripe), {
      STRIPE_SECRET_KEY: KEY,
      STRIPE_PRICE_BASIC: PRICES.basic,
      STRIPE_PRICE_PLUS: PRICES.plus,
      STRIPE_PRICE_VIP: PRICES.vip,
      STRIPE_API_URL: stripe.url,
    });
  } finally {
    await stripe.close();
  }
}

Deno.test("checkout: one customer per member, a subscription session that names member and plan", async () => {
  await withStripe(async (server, stripe) => {
    const m = await registerMember(server);
    const res = await m.client.post("/api/subscription/create-checkout", { tier: "plus" });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.success, true);
    assert.match(res.json.checkoutUrl, /^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    const [customer] = stripe.callsTo("/v1/customers");
    assert.equal(customer.headers.get("authorization"), `Bearer ${KEY}`);
    assert.equal(customer.form.email, m.email);
    assert.equal(customer.form["metadata[userId]"], m.id);
    assert.equal(customer.headers.get("idempotency-key"), `glimpse-customer-${m.id}`);
    const stored = await kvUser(server.kv, m.id);
    const customerId = stored?.billing?.customerId;
    assert.match(String(customerId), /^cus_standin_/);
    assert.equal((await server.kv.get(keys.stripeCustomer(customerId!))).value, m.id);
    assert.equal(stored?.tier, "free", "the plan changes only when Stripe says it was paid");

    const [session] = stripe.callsTo("/v1/checkout/sessions");
    const f = session.form;
    assert.equal(f.mode, "subscription");
    assert.equal(f.customer, customerId);
    assert.equal(f.client_reference_id, m.id);
    assert.equal(f["line_items[0][price]"], PRICES.plus);
    assert.equal(f["line_items[0][quantity]"], "1");
    assert.equal(f.success_url, `${server.url}/subscriptions?success=true`);
    assert.equal(f.cancel_url, `${server.url}/subscriptions?cancelled=true`);
    assert.equal(f["metadata[userId]"], m.id);
    assert.equal(f["metadata[tier]"], "plus");
    assert.equal(f["subscription_data[metadata][userId]"], m.id);
    assert.equal(f["subscription_data[metadata][tier]"], "plus");

    // A second checkout (another plan) reuses the customer.
    const again = await m.client.post("/api/subscription/create-checkout", { tier: "vip" });
    assert.equal(again.status, 200, again.text);
    assert.equal(stripe.callsTo("/v1/customers").length, 1, "no second customer");
    const second = stripe.callsTo("/v1/checkout/sessions")[1].form;
    assert.equal(second.customer, customerId);
    assert.equal(second["line_items[0][price]"], PRICES.vip);
  });
});

Deno.test("checkout: two racing first checkouts leave the member with one customer", async () => {
  await withStripe(async (server, stripe) => {
    const m = await registerMember(server);
    const responses = await Promise.all(
      ["basic", "plus", "vip"].map((tier) =>
        m.client.post("/api/subscription/create-checkout", { tier })
      ),
    );
    assert.deepEqual(responses.map((a) => a.status), [200, 200, 200]);
    const customerId = (await kvUser(server.kv, m.id))?.billing?.customerId;
    const sessions = stripe.callsTo("/v1/checkout/sessions").map((c) => c.form.customer);
    assert.deepEqual(sessions, [customerId, customerId, customerId]);
    const keysUsed = new Set(
      stripe.callsTo("/v1/customers").map((c) => c.headers.get("idempotency-key")),
    );
    assert.deepEqual([...keysUsed], [`glimpse-customer-${m.id}`]);
  });
});

Deno.test("checkout: a form post is told payments need scripts; a guest and a bad plan are refused", async () => {
  await withStripe(async (server, stripe) => {
    const m = await registerMember(server);
    const res = await m.client.request("POST", "/api/subscription/create-checkout", {
      body: new URLSearchParams({ tier: "basic" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    // The CSP's form-action keeps form posts (and their redirects) on this site: no Stripe call.
    assert.equal(res.status, 303);
    assert.equal(res.headers.get("location"), "/subscriptions");
    const page = await m.client.get("/subscriptions");
    assert.ok(page.text.includes(english("plans.needsScript")), "the plans page says why");
    assert.equal(stripe.calls.length, 0, "Stripe was not called for a form post");

    const bad = await m.client.post("/api/subscription/create-checkout", { tier: "gold" });
    assertError(bad, 400, english("plans.badTier"));
    const guest = await fetch(server.url + "/api/subscription/create-checkout", {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ tier: "plus" }),
    });
    assert.equal(guest.status, 401);
    await guest.body?.cancel();
    assert.equal(stripe.calls.length, 0, "refusals never reach Stripe");
  });
});

Deno.test("checkout: Stripe down returns 502 with the texts and stores nothing", async () => {
  await withStripe(async (server, stripe) => {
    const m = await registerMember(server);
    stripe.failing = true;
    const res = await m.client.post("/api/subscription/create-checkout", { tier: "plus" });
    assert.equal(res.status, 502, res.text);
    assert.equal(res.json.success, false);
    assert.equal(res.json.error, english("plans.failed"));
    assert.equal(res.json.details, english("plans.unreachable"));
    assert.equal((await kvUser(server.kv, m.id))?.billing, undefined);
    assert.ok(stripe.calls.length >= 1, "the SDK did call the stand-in");
  });
});

Deno.test("billing portal: only for members with a customer; opens Stripe's portal back to /subscriptions", async () => {
  await withStripe(async (server, stripe) => {
    const m = await registerMember(server);
    const none = await m.client.post("/api/subscription/portal", {});
    assertError(none, 409, english("plans.noSubscription"));
    assert.equal(stripe.callsTo("/v1/billing_portal/sessions").length, 0);

    await m.client.post("/api/subscription/create-checkout", { tier: "plus" });
    const customerId = (await kvUser(server.kv, m.id))?.billing?.customerId;
    const res = await m.client.post("/api/subscription/portal", {});
    assert.equal(res.status, 200, res.text);
    assert.match(res.json.portalUrl, /^https:\/\/billing\.stripe\.com\//);
    const [call] = stripe.callsTo("/v1/billing_portal/sessions");
    assert.equal(call.form.customer, customerId);
    assert.equal(call.form.return_url, `${server.url}/subscriptions`);
  });
});

Deno.test("checkout: a member whose subscription runs is sent to the portal, not a second checkout", async () => {
  await withStripe(async (server, stripe) => {
    const m = await registerMember(server);
    await m.client.post("/api/subscription/create-checkout", { tier: "basic" });
    const customerId = (await kvUser(server.kv, m.id))?.billing?.customerId;
    // Stripe's webhook said the subscription runs.
    const entry = await server.kv.get<Record<string, unknown>>(["users", m.id]);
    await server.kv.set(entry.key, {
      ...entry.value,
      tier: "basic",
      billing: { customerId, subscriptionId: "sub_running", status: "active", eventCreated: 1 },
    });
    const sessionsBefore = stripe.callsTo("/v1/checkout/sessions").length;
    const res = await m.client.post("/api/subscription/create-checkout", { tier: "vip" });
    assertError(res, 409, english("plans.alreadySubscribed"));
    assert.equal(stripe.callsTo("/v1/checkout/sessions").length, sessionsBefore);
    // Once it has ended, a new checkout is fine.
    await server.kv.set(entry.key, {
      ...entry.value,
      tier: "free",
      billing: { customerId, subscriptionId: "sub_running", status: "canceled", eventCreated: 2 },
    });
    const again = await m.client.post("/api/subscription/create-checkout", { tier: "vip" });
    assert.equal(again.status, 200, again.text);
  });
});
