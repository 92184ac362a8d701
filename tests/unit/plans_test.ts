// The plans page's rules: which button each card carries for whom, the usage and sessions-left
// lines, and the toast a failed checkout gives.
import assert from "node:assert/strict";
import {
  cardAction,
  moreFeaturesText,
  planViews,
  sessionsLeft,
  usageLine,
  usageOf,
} from "../../lib/shared/plans.ts";
import { checkoutFailure, httpsUrl } from "../../lib/client/plans.ts";
import { ApiError } from "../../lib/client/api.ts";
import { said } from "../../lib/shared/i18n/said.ts";
import { english } from "../helpers/english.ts";

Deno.test("plans: each card's button for a guest, a free member and subscribers", () => {
  const row = (tier: Parameters<typeof cardAction>[1], customer: boolean) =>
    planViews().map((p) => cardAction(p.key, tier, customer));
  assert.deepEqual(row(null, false), ["free", "signin", "signin", "signin"]);
  assert.deepEqual(row("free", false), ["current", "checkout", "checkout", "checkout"]);
  // A free member who once opened checkout has a customer but nothing to change.
  assert.deepEqual(row("free", true), ["current", "checkout", "checkout", "checkout"]);
  assert.deepEqual(row("plus", true), ["free", "change", "current", "change"]);
  // A plan given without Stripe (no customer) is upgraded through checkout.
  assert.deepEqual(row("basic", false), ["free", "current", "checkout", "checkout"]);
});

Deno.test("plans: prices, usage, sessions left, more features", () => {
  assert.deepEqual(planViews().map((p) => p.price), [
    "$0/month",
    "$5/month",
    "$10/month",
    "$20/month",
  ]);
  assert.deepEqual(planViews().map((p) => p.popular), [false, false, true, false]);
  const en = (message: ReturnType<typeof usageLine>) => english(message.name, message.vars);
  assert.equal(en(usageLine(usageOf("free", 2))), "Sessions today: 2 of 5");
  assert.equal(en(usageLine(usageOf("vip", 40))), "Unlimited sessions");
  assert.equal(sessionsLeft("free", 3), 2);
  assert.equal(sessionsLeft("free", 9), 0);
  assert.equal(sessionsLeft("plus", 9), null);
  assert.equal(en(moreFeaturesText(1)), "1 more feature");
  assert.equal(en(moreFeaturesText(3)), "3 more features");
});

Deno.test("plans: a failed checkout's toast", () => {
  const api = (status: number, body: unknown) => new ApiError("x", status, body, null);
  assert.deepEqual(
    checkoutFailure(api(503, { configRequired: true, error: "e", details: "d" })),
    { title: said("plans.notConfigured") },
  );
  // The server's texts, already in the page's language, are shown as they are.
  const failed = english("plans.failed"), unreachable = english("plans.unreachable");
  assert.deepEqual(
    checkoutFailure(api(502, { error: failed, details: unreachable })),
    { title: failed, description: unreachable },
  );
  assert.deepEqual(checkoutFailure(api(429, { error: "Too many" })), { title: "Too many" });
  assert.deepEqual(checkoutFailure(api(500, null)), { title: said("plans.failed") });
  assert.deepEqual(checkoutFailure(new TypeError("fetch failed")), {
    title: said("plans.network"),
  });
  assert.equal(
    httpsUrl("https://checkout.stripe.com/c/pay/x"),
    "https://checkout.stripe.com/c/pay/x",
  );
  assert.equal(httpsUrl("javascript:alert(1)"), null);
  assert.equal(httpsUrl(undefined), null);
});
