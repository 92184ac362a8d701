// Writes that wait for a local KV file's write lock. Another process writing the same file (a
// server starting while the old one stops in a restart, instances on one file) holds
// SQLite's write lock for moments; a commit that cannot take it is refused with 'database is
// locked' before it writes anything (Deno KV runs a commit as one SQLite transaction, which takes
// the lock at its first write and, in WAL mode, commits without waiting for another). Such a write is tried again a few milliseconds later
// (jittered, up to ~2 s in all) before the refusal goes on: a 503 at the HTTP layer, the socket's
// storage refusal (kv/storage.ts). Any other failure goes on at once.
import { storageRefusal } from "./storage.ts";

/** Tries before a lock refusal goes on, and the pause before try `i + 1`. */
const ATTEMPTS = 12;
const pause = (i: number) => Math.min(320, 5 * 2 ** i) * (0.5 + Math.random());

/** Runs `write` again while it is refused for the file's lock; the last refusal is thrown. */
export async function whileLocked<T>(write: () => Promise<T>): Promise<T> {
  for (let i = 1;; i++) {
    try {
      return await write();
    } catch (err) {
      if (i >= ATTEMPTS || storageRefusal(err) !== "locked") throw err;
      await new Promise((r) => setTimeout(r, pause(i)));
    }
  }
}

/**
 * Makes every write of `kv` (commits, set, delete, enqueue) wait for the file's lock as above.
 * Returns the same handle.
 */
export function waitForLocks(kv: Deno.Kv): Deno.Kv {
  const atomic = kv.atomic.bind(kv);
  kv.atomic = () => {
    const op = atomic();
    const commit = op.commit.bind(op);
    // A commit may be run again: it sends the operation as built, checks included.
    op.commit = () => whileLocked(commit);
    return op;
  };
  const set = kv.set.bind(kv);
  kv.set = (key, value, options) => whileLocked(() => set(key, value, options));
  const del = kv.delete.bind(kv);
  kv.delete = (key) => whileLocked(() => del(key));
  const enqueue = kv.enqueue.bind(kv);
  kv.enqueue = (value, options) => whileLocked(() => enqueue(value, options));
  return kv;
}
