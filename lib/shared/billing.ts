// What a Stripe event asks of a member's plan, as the webhook works it out and the billing store
// applies it.
import type { TierKey } from "./constants.ts";

/** A change of a member's plan an event asks for. */
export interface BillingChange {
  /** The member named by the event itself (null: look the customer up). */
  userId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  /** The plan to set; null leaves the plan alone (e.g. a checkout not paid yet). */
  tier: TierKey | null;
  /** The subscription's status, when the event is about one. */
  status: string | null;
  /**
   * Only if the member's current subscription is this one (a deleted or lapsed old
   * subscription must not end a newer one).
   */
  onlyIfCurrent: boolean;
  /** The subscription ended for good (deleted): no later event about it may revive it. */
  ends: boolean;
}
