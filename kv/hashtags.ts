// Hashtag use: how often each hashtag was chosen or searched with, per day and per scope ("all"
// or a continent), for the popular hashtags of the filters page. Write-only sums; a sweep drops
// old days (sum() cannot carry an expiry).
import { keys } from "./keys.ts";
import { MAX_HASHTAGS } from "../lib/filters.ts";

/** The UTC day a moment falls on, "YYYY-MM-DD": the key of every per-day counter. */
export function dayKey(ms = Date.now()): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** How long a day's counters are kept. */
const USE_TTL_MS = 9 * 86400_000;

/** One use of some hashtags by a member in a continent (or none known). */
export interface HashtagUse {
  hashtags: readonly string[];
  continent: string | null;
}

/** Adds the counts of some uses to a commit (each use counts overall and in its continent). */
export function addHashtagUses(op: Deno.AtomicOperation, uses: HashtagUse[], now = Date.now()) {
  for (const [[scope, tag], n] of tally(uses)) op.sum(keys.hashtagUse(dayKey(now), scope, tag), n);
}

/**
 * Counts many uses (a burst of searches) in a few commits. Each commit retries on its own while
 * the file is busy: retrying the whole list would count the commits that had landed twice.
 */
export async function countHashtagUses(
  kv: Deno.Kv,
  uses: HashtagUse[],
  retry: <T>(fn: () => Promise<T>) => Promise<T> = (fn) => fn(),
  now = Date.now(),
) {
  const all = [...tally(uses)];
  for (let i = 0; i < all.length; i += 500) {
    await retry(() => {
      const op = kv.atomic();
      for (const [[scope, tag], n] of all.slice(i, i + 500)) {
        op.sum(keys.hashtagUse(dayKey(now), scope, tag), n);
      }
      return op.commit();
    });
  }
}

/**
 * Adds `tags` to the distinct hashtags the member searched with on `day`, unless that would make
 * more than `cap`: then nothing changes and the answer is null. Two sockets of one member
 * adding at once cannot both pass the cap (the commit checks what it read). Answers the day's
 * set.
 */
export async function noteMemberHashtags(
  kv: Deno.Kv,
  userId: string,
  day: string,
  tags: readonly string[],
  cap: number,
): Promise<Set<string> | null> {
  const key = keys.memberHashtags(userId, day);
  for (let attempt = 0; attempt < 10; attempt++) {
    const entry = await kv.get<string[]>(key);
    const known = new Set(entry.value ?? []);
    const fresh = [...new Set(tags)].filter((t) => !known.has(t));
    if (!fresh.length) return known;
    if (known.size + fresh.length > cap) return null;
    for (const t of fresh) known.add(t);
    const res = await kv.atomic().check(entry).set(key, [...known], { expireIn: 2 * 86400_000 })
      .commit();
    if (res.ok) return known;
  }
  throw new Error("the member's hashtags could not be noted");
}

function tally(uses: HashtagUse[]): Map<[string, string], bigint> {
  const counts = new Map<string, { at: [string, string]; n: bigint }>();
  for (const u of uses) {
    for (const tag of u.hashtags.slice(0, MAX_HASHTAGS)) {
      for (const scope of u.continent ? ["all", u.continent] : ["all"]) {
        const k = `${scope}\u0000${tag}`;
        const c = counts.get(k) ?? { at: [scope, tag] as [string, string], n: 0n };
        c.n++;
        counts.set(k, c);
      }
    }
  }
  return new Map([...counts.values()].map((c) => [c.at, c.n]));
}

/** The most used hashtags over the last `days` days in a scope ("all" or a continent). */
export async function popularHashtags(
  kv: Deno.Kv,
  scope: string,
  days = 7,
  now = Date.now(),
): Promise<{ tag: string; count: number }[]> {
  const totals = new Map<string, number>();
  for (let d = 0; d < days; d++) {
    const day = dayKey(now - d * 86400_000);
    for await (const e of kv.list<Deno.KvU64>({ prefix: keys.hashtagUsePrefix(day, scope) })) {
      const tag = String(e.key[3]);
      totals.set(tag, (totals.get(tag) ?? 0) + Number(e.value.value));
    }
  }
  return [...totals].map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
}

/** Drops the counters of days older than the kept window. */
export async function sweepHashtagUse(kv: Deno.Kv, now = Date.now()) {
  const cutoff = dayKey(now - USE_TTL_MS);
  for await (const e of kv.list({ prefix: keys.hashtagUseRoot() })) {
    if (String(e.key[1]) < cutoff) await kv.delete(e.key);
  }
}
