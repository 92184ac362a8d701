// The KV queue: messages enqueued inside a commit (see kv/deletion.ts, kv/users.ts) or alone, and
// handled by whichever instance listens. A Deno.Kv has one listener: lib/jobs.ts dispatches by
// the message's kind.
import { keys } from "./keys.ts";

/**
 * Retries of a message whose handler failed (an email provider that is down): after 1 s, 10 s,
 * 1 min, 5 min and 30 min. The handler sees the attempt number through `deliveryAttempt`.
 */
export const RETRY_SCHEDULE_MS = [1_000, 10_000, 60_000, 300_000, 1_800_000];

const options = { backoffSchedule: RETRY_SCHEDULE_MS };

/** Adds a message to a commit, so it is sent exactly when the commit succeeds. */
export function enqueueIn(op: Deno.AtomicOperation, message: unknown): Deno.AtomicOperation {
  return op.enqueue(message, options);
}

export async function enqueue(kv: Deno.Kv, message: unknown) {
  await kv.enqueue(message, options);
}

export function listenQueue(kv: Deno.Kv, handler: (message: unknown) => Promise<void>) {
  return kv.listenQueue(handler);
}

const ATTEMPTS_TTL_MS = 24 * 3600_000;

/**
 * Counts one delivery of the message `id` and answers which one it is (1 for the first). Kept a
 * day, longer than every retry together.
 */
export async function deliveryAttempt(kv: Deno.Kv, id: string): Promise<number> {
  const key = keys.queueAttempts(id);
  for (;;) {
    const entry = await kv.get<number>(key);
    const n = (entry.value ?? 0) + 1;
    const res = await kv.atomic().check(entry).set(key, n, { expireIn: ATTEMPTS_TTL_MS }).commit();
    if (res.ok) return n;
  }
}
