// Fixed-window rate limits counted in KV, so a limit holds across every server instance.
import { keys } from "./keys.ts";

export interface Limit {
  max: number;
  windowMs: number;
}

export type LimitResult =
  | { ok: true; count: number }
  | { ok: false; count: number; retryAfterSeconds: number };

function keyOf(scope: string, subject: string, limit: Limit, now: number) {
  const window = Math.floor(now / limit.windowMs);
  return { window, key: keys.rateLimit(scope, subject.toLowerCase().slice(0, 200), window) };
}

/** How long a count outlives its window: instances' clocks may differ a little. */
export const COUNT_EXPIRY_MARGIN_MS = 60_000;

/**
 * The expireIn of a count written at `now`: until its window ends, and the margin. A count must
 * outlive the client that made it (a limit forgotten when its client leaves would be reset by
 * leaving), but nothing reads a window once it has ended, so it goes then, not a window later.
 */
export function countExpiresIn(limit: Limit, now: number): number {
  const windowEnd = (Math.floor(now / limit.windowMs) + 1) * limit.windowMs;
  return windowEnd - now + COUNT_EXPIRY_MARGIN_MS;
}

/**
 * Counts one attempt and returns whether it is within the limit. A compare-and-set, so of any
 * number of racing attempts exactly `max` are within it; attempts over the limit are not stored.
 */
export async function hit(
  kv: Deno.Kv,
  scope: string,
  subject: string,
  limit: Limit,
  now = Date.now(),
): Promise<LimitResult> {
  const { window, key } = keyOf(scope, subject, limit, now);
  for (;;) {
    const entry = await kv.get<Deno.KvU64>(key);
    const count = Number(entry.value?.value ?? 0n) + 1;
    if (count > limit.max) {
      const windowEnd = (window + 1) * limit.windowMs;
      return {
        ok: false,
        count,
        retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)),
      };
    }
    const res = await kv.atomic().check(entry)
      .set(key, new Deno.KvU64(BigInt(count)), { expireIn: countExpiresIn(limit, now) })
      .commit();
    if (res.ok) return { ok: true, count };
  }
}

/**
 * Takes back one attempt counted by `hit` (an attempt that turned out not to count, e.g. a
 * sign-in with the right password). Counting first and taking back after keeps racing attempts
 * within the limit. A count taken back to nothing is deleted, not kept as a zero.
 */
export async function unhit(
  kv: Deno.Kv,
  scope: string,
  subject: string,
  limit: Limit,
  now = Date.now(),
) {
  const { key } = keyOf(scope, subject, limit, now);
  for (;;) {
    const entry = await kv.get<Deno.KvU64>(key);
    const count = entry.value?.value ?? 0n;
    if (count === 0n) return;
    const op = kv.atomic().check(entry);
    if (count === 1n) op.delete(key);
    else op.set(key, new Deno.KvU64(count - 1n), { expireIn: countExpiresIn(limit, now) });
    if ((await op.commit()).ok) return;
  }
}

const KNOWN_IP_TTL_MS = 90 * 24 * 3600_000;

/** Remembers that a member signed in from this address (for 90 days after the last time). */
export async function rememberLoginIp(kv: Deno.Kv, userId: string, ip: string) {
  await kv.set(keys.knownLoginIp(userId, ip), true, { expireIn: KNOWN_IP_TTL_MS });
}

export async function isKnownLoginIp(kv: Deno.Kv, userId: string, ip: string) {
  return (await kv.get(keys.knownLoginIp(userId, ip))).value === true;
}

/** Forgets every address a member signed in from (their account is deleted). */
export async function forgetLoginIps(kv: Deno.Kv, userId: string) {
  for await (const e of kv.list({ prefix: keys.knownLoginIpsPrefix(userId) })) {
    await kv.delete(e.key);
  }
}
