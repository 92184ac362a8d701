// What a verified Stripe webhook event means for a member, without any call back to Stripe: the
// signed event is the authority. The member comes from the checkout's client_reference_id or the
// metadata set at checkout (or, failing those, the stored customer). A subscription's plan is the
// one its price pays for (STRIPE_PRICE_*): its metadata keeps the plan bought at checkout, which a
// change in Stripe's billing portal does not update, and a price that is none of ours grants
// nothing (Free). Only a checkout's own metadata, set by this server beside the price it chose,
// names the plan of a paid checkout.
import Stripe from "stripe";
import type { TierKey } from "../../shared/constants.ts";
import type { BillingChange } from "../../shared/billing.ts";
export type { BillingChange };

/** Signatures older (or, beyond Stripe's own check, newer) than this are refused, in seconds. */
export const WEBHOOK_TOLERANCE_S = 300;

export class WebhookSignatureError extends Error {}

/**
 * The event in `raw` (the request body exactly as received) if `header` (Stripe-Signature) signs
 * it with `secret` within the tolerance; throws WebhookSignatureError otherwise. A timestamp in
 * the future is refused too (Stripe's SDK only refuses old ones).
 */
export async function verifyEvent(
  raw: string,
  header: string | undefined,
  secret: string,
  nowMs = Date.now(),
): Promise<Stripe.Event> {
  if (!header) throw new WebhookSignatureError("No Stripe-Signature header");
  const t = Number(header.match(/(?:^|,)\s*t=(\d+)/)?.[1]);
  if (!Number.isFinite(t)) throw new WebhookSignatureError("No timestamp in the signature");
  if (t * 1000 > nowMs + WEBHOOK_TOLERANCE_S * 1000) {
    throw new WebhookSignatureError("Timestamp in the future");
  }
  try {
    return await Stripe.webhooks.constructEventAsync(
      raw,
      header,
      secret,
      WEBHOOK_TOLERANCE_S,
      Stripe.createSubtleCryptoProvider(),
    );
  } catch (err) {
    throw new WebhookSignatureError(err instanceof Error ? err.message : String(err));
  }
}

export type PaidTier = Exclude<TierKey, "free">;
export type PriceIds = { basic?: string; plus?: string; vip?: string };

/** Subscription statuses that keep the plan (past_due: Stripe is still retrying the payment). */
const PAYING = new Set(["active", "trialing", "past_due"]);

/** Whether a member's stored subscription still runs (a new checkout would start a second one). */
export function hasRunningSubscription(
  billing: { subscriptionId: string | null; status: string | null } | undefined,
): boolean {
  return Boolean(billing?.subscriptionId && billing.status && PAYING.has(billing.status));
}

const isPaidTier = (t: unknown): t is PaidTier => t === "basic" || t === "plus" || t === "vip";

const RANK: Record<TierKey, number> = { free: 0, basic: 1, plus: 2, vip: 3 };

/** The plan a subscription's prices pay for: the highest of ours among its items, else Free. */
export function tierOfPrices(priceIds: (string | undefined)[], prices: PriceIds): TierKey {
  let best: TierKey = "free";
  for (const id of priceIds) {
    if (!id) continue;
    for (const tier of ["basic", "plus", "vip"] as const) {
      if (prices[tier] === id && RANK[tier] > RANK[best]) best = tier;
    }
  }
  return best;
}

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  typeof v === "string" ? v : v?.id ?? null;

/** What `event` asks of a member's plan, or null when it is not about plans. */
export function billingChange(event: Stripe.Event, prices: PriceIds): BillingChange | null {
  switch (event.type) {
    case "checkout.session.completed": {
      const s = event.data.object;
      if (s.mode !== "subscription") return null;
      const tier = s.metadata?.tier;
      const paid = s.payment_status === "paid" || s.payment_status === "no_payment_required";
      return {
        userId: s.client_reference_id ?? s.metadata?.userId ?? null,
        customerId: idOf(s.customer),
        subscriptionId: idOf(s.subscription),
        tier: paid && isPaidTier(tier) ? tier : null,
        status: null,
        onlyIfCurrent: false,
        ends: false,
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const sub = event.data.object;
      const deleted = event.type === "customer.subscription.deleted";
      const tier = tierOfPrices((sub.items?.data ?? []).map((item) => item.price?.id), prices);
      const paying = !deleted && PAYING.has(sub.status);
      return {
        userId: sub.metadata?.userId ?? null,
        customerId: idOf(sub.customer),
        subscriptionId: sub.id,
        tier: paying ? tier : "free",
        status: deleted ? "canceled" : sub.status,
        onlyIfCurrent: !paying,
        ends: deleted,
      };
    }
    default:
      return null;
  }
}
