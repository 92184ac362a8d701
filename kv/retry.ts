// Retry policies for KV operations. A busy SQLite file fails with "database is locked" under load
// (several instances on one file lock each other out): a short pause and another try finds it
// free. Which policy an operation uses depends on what waits on it (see docs/realtime.md,
// "Retries").

export interface RetryPolicy {
  attempts: number;
  /** The pause before try `i + 1` (i from 1). */
  pause: (i: number) => number;
}

/** The default: 5 tries, 40 ms to 320 ms apart. */
export const STEADY_RETRY: RetryPolicy = { attempts: 5, pause: (i) => 20 * 2 ** i };

/**
 * For the bulk writes of a burst (tickets, claims): the lock is held for a few milliseconds, so
 * a quick, jittered try again finds it free, where 40 ms and more would leave members waiting.
 * Up to ~0.5 s in all.
 */
export const BURST_RETRY: RetryPolicy = {
  attempts: 8,
  pause: (i) => 2 ** i * (1 + Math.random()),
};

/**
 * For what must not be lost when many sockets close at once (instances on one file then lock
 * each other out for seconds): more tries, jittered, up to ~5 s in all.
 */
export const PATIENT_RETRY: RetryPolicy = {
  attempts: 12,
  pause: (i) => Math.min(640, 5 * 2 ** i) * (0.5 + Math.random()),
};

/** Runs `fn` again after the policy's pause when it throws; the last error is thrown. */
export async function retrying<T>(
  fn: () => Promise<T>,
  policy: RetryPolicy = STEADY_RETRY,
): Promise<T> {
  for (let i = 1;; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= policy.attempts) throw err;
      await new Promise((r) => setTimeout(r, policy.pause(i)));
    }
  }
}
