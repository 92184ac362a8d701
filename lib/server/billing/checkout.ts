// Paying for a plan through Stripe: one Stripe customer per member (made once, with an
// idempotency key so two racing checkouts make one, and kept on the member's record and in the
// customer index), a Checkout Session in subscription mode that names the member and the plan
// (so the webhook needs no call back to Stripe), and the billing portal for subscribers.
import type Stripe from "stripe";
import type { UserRecord } from "../../shared/auth/types.ts";
import type { PaidTier } from "./events.ts";
import { linkCustomer } from "../../../kv/billing.ts";

export interface CheckoutDeps {
  kv: Deno.Kv;
  stripe: Stripe;
  /** The site's own origin, for the URLs Stripe sends the member back to. */
  origin: string;
  prices: Record<PaidTier, string>;
}

/** The member's Stripe customer id, made (once) when they have none. */
export async function customerFor(deps: CheckoutDeps, user: UserRecord): Promise<string> {
  if (user.billing?.customerId) return user.billing.customerId;
  const customer = await deps.stripe.customers.create(
    { email: user.email, metadata: { userId: user.id } },
    { idempotencyKey: `glimpse-customer-${user.id}` },
  );
  return await linkCustomer(deps.kv, user.id, customer.id);
}

/** A Checkout Session for `tier`; returns the URL to send the member to. */
export async function createCheckout(
  deps: CheckoutDeps,
  user: UserRecord,
  tier: PaidTier,
): Promise<string> {
  const customer = await customerFor(deps, user);
  const metadata = { userId: user.id, tier };
  const session = await deps.stripe.checkout.sessions.create({
    mode: "subscription",
    customer,
    client_reference_id: user.id,
    line_items: [{ price: deps.prices[tier], quantity: 1 }],
    success_url: `${deps.origin}/subscriptions?success=true`,
    cancel_url: `${deps.origin}/subscriptions?cancelled=true`,
    metadata,
    subscription_data: { metadata },
  });
  if (!session.url) throw new Error("Stripe answered without a checkout URL");
  return session.url;
}

/** A billing portal session for a member who has a Stripe customer; returns its URL. */
export async function createPortal(deps: CheckoutDeps, customerId: string): Promise<string> {
  const session = await deps.stripe.billingPortal.sessions.create({
    customer: customerId,
    return_url: `${deps.origin}/subscriptions`,
  });
  return session.url;
}
