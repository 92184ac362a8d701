// The KV queue: messages enqueued inside a commit (see kv/deletion.ts, kv/users.ts) or alone, and
// handled by whichever instance listens. A Deno.Kv has one listener: lib/server/jobs.ts dispatches by
// the message's kind.
//
// Deno KV's own queue exists only on a local KV (a file or :memory:). Over KV Connect (a denokv
// server, Deno Deploy's KV from outside) a commit with a message fails ('Enqueue operations are
// not supported in KV Connect'), and Deno Deploy has no queues at all. There the messages go
// through a job table in KV instead (enableJobTable, chosen by kv/db.ts): a message is a key under
// ["jobs", dueAt, id], written in the same commit as what it belongs to; every instance watches a
// signal key bumped with each one and also looks every second. An instance claims a due message
// in one commit that checks it and moves it a lease ahead (JOB_LEASE_MS), so it runs once at a
// time; done, it is deleted; failed, it is due again after the next retry delay; an instance that
// died holding it leaves it due again when the lease ends. At least once, as Deno's queue.
import { keys } from "./keys.ts";
import { logger } from "../lib/shared/log.ts";

/**
 * Retries of a message whose handler failed (an email provider that is down): after 1 s, 10 s,
 * 1 min, 5 min and 30 min. The handler sees the attempt number through `deliveryAttempt`.
 */
export const RETRY_SCHEDULE_MS = [1_000, 10_000, 60_000, 300_000, 1_800_000];

const options = { backoffSchedule: RETRY_SCHEDULE_MS };

/** How long a claimed job is held before another instance may take it again. */
export const JOB_LEASE_MS = 120_000;
/** How often a listener looks for due jobs without a signal (delayed ones come due silently). */
const JOB_POLL_MS = 1_000;
/** Jobs claimed per look. */
const JOB_BATCH = 20;

interface Job {
  id: string;
  message: unknown;
  /** Deliveries so far (a claim counts one). */
  deliveries: number;
}

const jobTables = new WeakSet<Deno.Kv>();

/** Sends this KV's messages through the job table (a KV without a queue of its own). */
export function enableJobTable(kv: Deno.Kv) {
  jobTables.add(kv);
}

export function usesJobTable(kv: Deno.Kv): boolean {
  return jobTables.has(kv);
}

/** Whether a KV_PATH names a KV with Deno's own queue: a local file or :memory:. */
export function hasNativeQueue(kvPath: string): boolean {
  return kvPath !== "" && !/^https?:\/\//.test(kvPath);
}

/**
 * Adds a message to a commit of `kv`, so it is sent exactly when the commit succeeds (after
 * `delayMs`, if given).
 */
export function enqueueIn(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  message: unknown,
  delayMs = 0,
): Deno.AtomicOperation {
  if (!usesJobTable(kv)) {
    return op.enqueue(message, delayMs > 0 ? { ...options, delay: delayMs } : options);
  }
  const id = crypto.randomUUID();
  const job: Job = { id, message, deliveries: 0 };
  return op.set(keys.job(Date.now() + delayMs, id), job).sum(keys.jobSignal(), 1n);
}

export async function enqueue(kv: Deno.Kv, message: unknown) {
  if (!usesJobTable(kv)) {
    await kv.enqueue(message, options);
    return;
  }
  await enqueueIn(kv, kv.atomic(), message).commit();
}

/** Handles the KV's messages until the KV is closed. */
export function listenQueue(
  kv: Deno.Kv,
  handler: (message: unknown) => Promise<void>,
): Promise<void> {
  return usesJobTable(kv) ? listenJobTable(kv, handler) : kv.listenQueue(handler);
}

/** True for the errors of a KV that was closed under a running listener. */
function closedKv(err: unknown): boolean {
  return /closed|Bad resource|BadResource|interrupted/i.test(String(err));
}

/** SQLite's error when another connection holds a local file's write lock. */
function locked(err: unknown): boolean {
  return String(err).includes("database is locked");
}

async function listenJobTable(
  kv: Deno.Kv,
  handler: (message: unknown) => Promise<void>,
): Promise<void> {
  let signalled = false;
  let wake: () => void = () => {
    signalled = true;
  };
  let closed = false;
  // The signal's watch wakes the loop at once; its end (the KV closed) stops it.
  const watching = (async () => {
    try {
      for await (const _ of kv.watch([keys.jobSignal()])) wake();
    } catch {
      // closed
    }
    closed = true;
    wake();
  })();
  const running = new Set<Promise<void>>();
  while (!closed) {
    try {
      const now = Date.now();
      const due: Deno.KvEntry<Job>[] = [];
      const iter = kv.list<Job>({
        start: [...keys.jobsPrefix()],
        end: [...keys.jobsPrefix(), now + 1],
      }, { limit: JOB_BATCH });
      for await (const e of iter) due.push(e);
      for (const entry of due) {
        const run = runJob(kv, entry, handler).finally(() => running.delete(run));
        running.add(run);
      }
      if (due.length === JOB_BATCH) continue;
    } catch (err) {
      if (closedKv(err)) break;
      logger.error("job table: listing failed", err);
    }
    if (signalled || closed) {
      signalled = false;
      continue;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, JOB_POLL_MS);
      wake = () => {
        clearTimeout(timer);
        wake = () => {
          signalled = true;
        };
        resolve();
      };
    });
  }
  await Promise.allSettled(running);
  await watching;
}

/** Claims one due job (others may race for it), runs it, then deletes or reschedules it. */
async function runJob(
  kv: Deno.Kv,
  entry: Deno.KvEntry<Job>,
  handler: (message: unknown) => Promise<void>,
) {
  const job = entry.value;
  const held: Job = { ...job, deliveries: job.deliveries + 1 };
  const heldKey = keys.job(Date.now() + JOB_LEASE_MS, job.id);
  try {
    const claim = await kv.atomic().check(entry).delete(entry.key).set(heldKey, held).commit();
    if (!claim.ok) return; // another instance took it
  } catch (err) {
    // A local file another connection holds locked: the job stays due for the next look.
    if (!closedKv(err) && !locked(err)) logger.error("job table: claim failed", err);
    return;
  }
  let failed = false;
  try {
    await handler(job.message);
  } catch (err) {
    failed = true;
    if (held.deliveries > RETRY_SCHEDULE_MS.length) {
      logger.error("job table: message dropped", err, { job: job.id, tries: held.deliveries });
      failed = false;
    }
  }
  const retryAt = failed ? Date.now() + RETRY_SCHEDULE_MS[held.deliveries - 1] : 0;
  for (let attempt = 1;; attempt++) {
    try {
      const op = kv.atomic().delete(heldKey);
      if (failed) op.set(keys.job(retryAt, job.id), held).sum(keys.jobSignal(), 1n);
      await op.commit();
      return;
    } catch (err) {
      if (locked(err) && attempt < 50) {
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 15));
        continue;
      }
      // The lease ends and the job runs again: at least once.
      if (!closedKv(err)) logger.error("job table: settling failed", err);
      return;
    }
  }
}

const ATTEMPTS_TTL_MS = 24 * 3600_000;

/**
 * Counts one delivery of the message `id` and returns which one it is (1 for the first). Kept a
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
