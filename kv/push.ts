// Web Push: the site's VAPID key pair, the browsers members asked to be told through (at most
// MAX_SUBSCRIPTIONS each, one per push endpoint), and the notices sent on a member's latest local
// day, claimed in one commit so that instances sending at once never pass the daily cap.
import { keys } from "./keys.ts";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushSubscriptionRecord {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The browser's IANA time zone, for the quiet hours. */
  timeZone: string;
  createdAt: number;
}

/** What a member was sent on `day` (their local day): how many notices, the latest when. */
export interface PushSent {
  day: string;
  count: number;
  lastAt: number;
}

/** Browsers one member may be told through (a new one replaces the oldest). */
export const MAX_SUBSCRIPTIONS = 5;

/** The key pair, made with `make` and kept by the first instance that asks (all then agree). */
export async function vapidKeys(kv: Deno.Kv, make: () => VapidKeys): Promise<VapidKeys> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await kv.get<VapidKeys>(keys.pushVapid());
    if (entry.value) return entry.value;
    const fresh = make();
    const res = await kv.atomic().check(entry).set(keys.pushVapid(), fresh).commit();
    if (res.ok) return fresh;
  }
  throw new Error("the VAPID keys kept changing");
}

/** A stable id for an endpoint (SHA-256, hex, 32 characters). */
export async function subscriptionId(endpoint: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(endpoint));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("")
    .slice(0, 32);
}

export async function listSubscriptions(
  kv: Deno.Kv,
  userId: string,
): Promise<Deno.KvEntry<PushSubscriptionRecord>[]> {
  const out: Deno.KvEntry<PushSubscriptionRecord>[] = [];
  for await (const e of kv.list<PushSubscriptionRecord>({ prefix: keys.pushSubsOf(userId) })) {
    out.push(e);
  }
  return out;
}

/** Keeps a subscription (the same endpoint again replaces it); the oldest beyond the cap goes. */
export async function saveSubscription(kv: Deno.Kv, userId: string, sub: PushSubscriptionRecord) {
  const id = await subscriptionId(sub.endpoint);
  const others = (await listSubscriptions(kv, userId)).filter((e) => e.key[3] !== id)
    .sort((a, b) => a.value.createdAt - b.value.createdAt);
  const op = kv.atomic().set(keys.pushSub(userId, id), sub);
  for (const e of others.slice(0, Math.max(0, others.length - MAX_SUBSCRIPTIONS + 1))) {
    op.delete(e.key);
  }
  await op.commit();
}

/** Forgets the member's subscription of `endpoint`; false when they have none. */
export async function deleteSubscription(kv: Deno.Kv, userId: string, endpoint: string) {
  const key = keys.pushSub(userId, await subscriptionId(endpoint));
  const entry = await kv.get<PushSubscriptionRecord>(key);
  if (!entry.value || entry.value.endpoint !== endpoint) return false;
  return (await kv.atomic().check(entry).delete(key).commit()).ok;
}

/** Forgets every subscription of the member and their count (account deletion). */
export async function deleteAllSubscriptions(kv: Deno.Kv, userId: string) {
  for (const e of await listSubscriptions(kv, userId)) await kv.delete(e.key);
  await kv.delete(keys.pushSent(userId));
}

/** Every member with a subscription, with theirs (at most `limit` members). */
export async function subscribers(
  kv: Deno.Kv,
  limit: number,
): Promise<Map<string, Deno.KvEntry<PushSubscriptionRecord>[]>> {
  const out = new Map<string, Deno.KvEntry<PushSubscriptionRecord>[]>();
  for await (const e of kv.list<PushSubscriptionRecord>({ prefix: keys.pushSubsPrefix() })) {
    const userId = String(e.key[2]);
    if (!out.has(userId) && out.size >= limit) break;
    out.set(userId, [...(out.get(userId) ?? []), e]);
  }
  return out;
}

export async function getSent(kv: Deno.Kv, userId: string) {
  return await kv.get<PushSent>(keys.pushSent(userId));
}

/**
 * Counts one notice for the member if what was read (`seen`) is unchanged: of instances sending
 * at once, one wins. Returns whether this one did.
 */
export async function claimNotice(
  kv: Deno.Kv,
  userId: string,
  seen: Deno.KvEntry<PushSent> | Deno.KvEntryMaybe<PushSent>,
  next: PushSent,
): Promise<boolean> {
  const res = await kv.atomic().check(seen).set(keys.pushSent(userId), next, {
    expireIn: 2 * 24 * 3600_000,
  }).commit();
  return res.ok;
}
