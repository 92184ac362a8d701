// Computed page data kept for a few seconds (the leaderboard, the map's regions), so that many
// requests at once cost one computation: a request within PAGE_DATA_TTL_MS of the computation
// gets its result, and requests that arrive while it runs wait for that same computation. What
// this server writes that changes the data drops it at once (`invalidate`); what another instance
// writes shows within PAGE_DATA_TTL_MS. One cache per KV handle, so each app (and each test
// server) has its own.

/** How long computed page data is served before it is computed again. */
export const PAGE_DATA_TTL_MS = 3000;
/** Keys a cache holds at most (the oldest goes first). */
const MAX_KEYS = 64;

export class ShortCache {
  private entries = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(readonly ttlMs = PAGE_DATA_TTL_MS) {}

  /** The data under `key`: kept if computed less than ttlMs ago, else `compute()`'s. */
  get<T>(key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
    const kept = this.entries.get(key);
    if (kept && now - kept.at < this.ttlMs) return kept.value as Promise<T>;
    const value = compute();
    this.entries.delete(key);
    this.entries.set(key, { at: now, value });
    // A failed computation is not kept: the next request computes again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size > MAX_KEYS) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  /** Drops the data of every key starting with `prefix`. */
  invalidate(prefix: string) {
    for (const key of [...this.entries.keys()]) {
      if (key.startsWith(prefix)) this.entries.delete(key);
    }
  }
}

const caches = new WeakMap<Deno.Kv, ShortCache>();

/** The page-data cache of the app on `kv`. */
export function pageData(kv: Deno.Kv): ShortCache {
  let cache = caches.get(kv);
  if (!cache) caches.set(kv, cache = new ShortCache());
  return cache;
}

/** The cache keys of the map's data (regions, who is online): dropped by what changes them. */
export const MAP_DATA = "map:";
