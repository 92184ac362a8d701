// Rate limits counted in KV, so a limit holds across every server instance: one count per scope
// and subject, with the time its window began. A window is not cut from the clock (instances'
// clocks may disagree: two would count one subject in two windows near an edge): it begins with
// the first attempt after the last window ended and lasts `windowMs`, judged by the clock of the
// instance counting. Another instance's clock off by up to the clock tolerance makes a window that
// much longer or shorter, never two at once (docs/realtime.md, "Clocks").
import { keys } from "./keys.ts";
import { CLOCK_SKEW_TOLERANCE_MS } from "../lib/shared/realtime/clock.ts";

export interface Limit {
  max: number;
  windowMs: number;
}

export type LimitResult =
  | { ok: true; count: number }
  | { ok: false; count: number; retryAfterSeconds: number };

/** A subject's count in its window: `since` is when the window began (the counting clock's). */
export interface Count {
  count: number;
  since: number;
}

function keyOf(scope: string, subject: string) {
  return keys.rateLimit(scope, subject.toLowerCase().slice(0, 200));
}

/**
 * The window a stored count is still in at `now`, or null when it is over. A window said to
 * begin further ahead of this clock than the clock tolerance is taken as over (a clock far off
 * must not hold a subject back for longer than a window).
 */
function current(stored: Count | null, limit: Limit, now: number): Count | null {
  if (!stored) return null;
  const age = now - stored.since;
  return age >= limit.windowMs || age < -CLOCK_SKEW_TOLERANCE_MS ? null : stored;
}

/** How long a count outlives its window: another instance's clock may run behind this one's. */
export const COUNT_EXPIRY_MARGIN_MS = 60_000;

/**
 * The expireIn of a count whose window began at `since`, written at `now`: until the window ends,
 * and the margin. A count must outlive the client that made it (a limit forgotten when its
 * client leaves would be reset by leaving), but nothing reads a window once it has ended.
 */
export function countExpiresIn(limit: Limit, since: number, now: number): number {
  return Math.max(1, since + limit.windowMs - now) + COUNT_EXPIRY_MARGIN_MS;
}

/**
 * Counts one attempt and returns whether it is within the limit. A compare-and-set, so of any
 * number of racing attempts, on any instances, exactly `max` are within it; attempts over the
 * limit are not stored.
 */
export async function hit(
  kv: Deno.Kv,
  scope: string,
  subject: string,
  limit: Limit,
  now = Date.now(),
): Promise<LimitResult> {
  const key = keyOf(scope, subject);
  for (;;) {
    const entry = await kv.get<Count>(key);
    const was = current(entry.value, limit, now);
    const next: Count = was ? { count: was.count + 1, since: was.since } : { count: 1, since: now };
    if (next.count > limit.max) {
      const left = Math.min(limit.windowMs, next.since + limit.windowMs - now);
      return {
        ok: false,
        count: next.count,
        retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)),
      };
    }
    const res = await kv.atomic().check(entry)
      .set(key, next, { expireIn: countExpiresIn(limit, next.since, now) })
      .commit();
    if (res.ok) return { ok: true, count: next.count };
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
  const key = keyOf(scope, subject);
  for (;;) {
    const entry = await kv.get<Count>(key);
    const was = current(entry.value, limit, now);
    if (!was) return;
    const op = kv.atomic().check(entry);
    if (was.count <= 1) op.delete(key);
    else {
      op.set(key, { ...was, count: was.count - 1 }, {
        expireIn: countExpiresIn(limit, was.since, now),
      });
    }
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
