// Stripe webhook events applied to members: each event is claimed in the same commit that
// changes the member's plan (through putUserIn, so a search in progress sees the change), so an
// event replayed or delivered twice at once changes the plan exactly once.
import { keys } from "./keys.ts";
import { putUserIn } from "./users.ts";
import type { Billing, UserRecord } from "../lib/shared/auth/types.ts";
import type { BillingChange } from "../lib/shared/billing.ts";

/** How long an applied event's id is kept (Stripe retries an event for up to 3 days). */
export const EVENT_KEEP_MS = 30 * 24 * 3600_000;

export type EventOutcome =
  | "applied"
  | "duplicate"
  | "ignored"
  | "unknown_member"
  | "stale"
  | "not_current"
  | "ended";

export interface StoredEvent {
  type: string;
  at: string;
  userId: string | null;
  outcome: EventOutcome;
}

export interface StripeEventInfo {
  id: string;
  type: string;
  /** Stripe's `created`, seconds. */
  created: number;
}

/** The member a Stripe customer belongs to, if any. */
export async function memberOfCustomer(kv: Deno.Kv, customerId: string): Promise<string | null> {
  return (await kv.get<string>(keys.stripeCustomer(customerId))).value;
}

/** The record kept for an event id (null: never seen). */
export async function storedEvent(kv: Deno.Kv, eventId: string): Promise<StoredEvent | null> {
  return (await kv.get<StoredEvent>(keys.stripeEvent(eventId))).value;
}

/** How many ended subscription ids a member's record keeps. */
export const ENDED_KEEP = 20;

/**
 * Why an event changes nothing for this member (null: it applies). A subscription seen deleted
 * stays ended whatever comes after about it, even within the same second; a deletion applies
 * whenever it arrives (nothing about a subscription follows its end).
 */
function skipReason(
  u: UserRecord,
  change: BillingChange,
  event: StripeEventInfo,
): "stale" | "not_current" | "ended" | null {
  if (change.subscriptionId && u.billing?.ended?.includes(change.subscriptionId)) return "ended";
  if (!change.ends && u.billing && event.created < u.billing.eventCreated) return "stale";
  const current = u.billing?.subscriptionId ?? null;
  if (change.onlyIfCurrent && current !== null && current !== change.subscriptionId) {
    return "not_current";
  }
  return null;
}

/** `ended` with `subscriptionId` added when `change` ends it (the latest ENDED_KEEP). */
function endedAfter(ended: string[] | undefined, change: BillingChange): string[] | undefined {
  if (!change.ends || !change.subscriptionId) return ended;
  return [...(ended ?? []), change.subscriptionId].slice(-ENDED_KEEP);
}

function nextBilling(before: Billing | undefined, change: BillingChange, created: number): Billing {
  const ended = endedAfter(before?.ended, change);
  return {
    customerId: change.customerId ?? before?.customerId ?? "",
    subscriptionId: change.subscriptionId ?? before?.subscriptionId ?? null,
    status: change.status ?? before?.status ?? null,
    eventCreated: Math.max(created, before?.eventCreated ?? 0),
    ...(ended ? { ended } : {}),
  };
}

/**
 * Applies `change` (null: an event about something else) for `event` once: the event id is
 * claimed in the commit that changes the member. Returns what happened.
 */
export async function applyStripeEvent(
  kv: Deno.Kv,
  event: StripeEventInfo,
  change: BillingChange | null,
  now = new Date(),
): Promise<EventOutcome> {
  for (let attempt = 0; attempt < 10; attempt++) {
    if (await storedEvent(kv, event.id)) return "duplicate";
    const op = kv.atomic().check({ key: keys.stripeEvent(event.id), versionstamp: null });
    const record = (userId: string | null, outcome: EventOutcome) => {
      op.set(
        keys.stripeEvent(event.id),
        {
          type: event.type,
          at: now.toISOString(),
          userId,
          outcome,
        } satisfies StoredEvent,
        { expireIn: EVENT_KEEP_MS },
      );
      return outcome;
    };
    let outcome: EventOutcome;
    const userId = change
      ? change.userId ?? (change.customerId ? await memberOfCustomer(kv, change.customerId) : null)
      : null;
    if (!change) {
      outcome = record(null, "ignored");
    } else if (!userId) {
      outcome = record(null, "unknown_member");
    } else {
      const entry = await kv.get<UserRecord>(keys.user(userId));
      const skip = entry.value && !entry.value.deletedAt
        ? skipReason(entry.value, change, event)
        : null;
      if (skip === "not_current" && change.ends && entry.value?.billing) {
        // An older subscription's end leaves the plan alone but is remembered, so that no later
        // event about it makes it current again.
        const put = await putUserIn(kv, op, userId, (u) => ({
          ...u,
          billing: u.billing && { ...u.billing, ended: endedAfter(u.billing.ended, change) },
        }));
        outcome = record(userId, put ? skip : "unknown_member");
      } else if (skip) {
        // Nothing to change: the commit only claims the event, checked against this record.
        op.check(entry);
        outcome = record(userId, skip);
      } else {
        const put = await putUserIn(kv, op, userId, (u) => ({
          ...u,
          tier: change.tier ?? u.tier,
          billing: nextBilling(u.billing, change, event.created),
        }));
        outcome = record(userId, put ? "applied" : "unknown_member");
        const customer = change.customerId;
        if (put && customer && put.before.billing?.customerId !== customer) {
          op.set(keys.stripeCustomer(customer), userId);
        }
      }
    }
    if ((await op.commit()).ok) return outcome;
  }
  throw new Error(`Stripe event ${event.id}: too many conflicting writes`);
}

/**
 * Keeps `customerId` as the member's Stripe customer unless they already have one (a racing
 * request's), and indexes it. Returns the customer the member has now.
 */
export async function linkCustomer(
  kv: Deno.Kv,
  userId: string,
  customerId: string,
): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const op = kv.atomic();
    const billing: Billing = { customerId, subscriptionId: null, status: null, eventCreated: 0 };
    const put = await putUserIn(
      kv,
      op,
      userId,
      (u) =>
        u.billing?.customerId ? u : { ...u, billing: { ...(u.billing ?? billing), customerId } },
    );
    if (!put) throw new Error(`no member ${userId}`);
    const current = put.before.billing?.customerId;
    if (current) return current;
    if ((await op.set(keys.stripeCustomer(customerId), userId).commit()).ok) return customerId;
  }
  throw new Error(`member ${userId}: too many conflicting writes`);
}
