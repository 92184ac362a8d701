// Hashtag use: how many distinct members chose or searched with each hashtag, per day and per scope
// ("all" or a continent), for the popular hashtags of the map. A member counts once per hashtag and
// day whatever they repeat (keys.hashtagMember is checked absent and written in the commit that
// adds them); the sums are write-only and a sweep drops old days (sum() cannot carry an expiry).
import { keys } from "./keys.ts";
import { MAX_HASHTAGS } from "../lib/shared/filters.ts";
import { MAP_DATA, pageData } from "../lib/shared/short_cache.ts";

/** The UTC day a moment falls on, "YYYY-MM-DD": the key of every per-day counter. */
export function dayKey(ms = Date.now()): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** How long a day's counters are kept. */
const USE_TTL_MS = 9 * 86400_000;
/** How long the note that a member's use of a hashtag was counted is kept (its day, and more). */
const MEMBER_TTL_MS = 2 * 86400_000;

/** One use of some hashtags by a member in a continent (or none known). */
export interface HashtagUse {
  userId: string;
  hashtags: readonly string[];
  continent: string | null;
}

/** A member's first use of a hashtag on a day, where it counts. */
interface FirstUse {
  marker: Deno.KvKey;
  tag: string;
  continent: string | null;
}

/** Each (member, hashtag) of `uses` once, in the continent of its first use. */
function distinctUses(uses: HashtagUse[], day: string): FirstUse[] {
  const out = new Map<string, FirstUse>();
  for (const u of uses) {
    for (const tag of u.hashtags.slice(0, MAX_HASHTAGS)) {
      const k = `${u.userId}\u0000${tag}`;
      if (!out.has(k)) {
        out.set(k, { marker: keys.hashtagMember(day, tag, u.userId), tag, continent: u.continent });
      }
    }
  }
  return [...out.values()];
}

/**
 * Reads which of `firsts` are not counted yet and prepares their commit: each marker checked
 * absent and written, and one more member for the hashtag overall and in the continent.
 */
async function prepareFirsts(
  kv: Deno.Kv,
  firsts: FirstUse[],
  day: string,
): Promise<(op: Deno.AtomicOperation) => void> {
  const seen: Deno.KvEntryMaybe<unknown>[] = [];
  for (let i = 0; i < firsts.length; i += 10) {
    seen.push(...await kv.getMany(firsts.slice(i, i + 10).map((f) => f.marker)));
  }
  const fresh = firsts.filter((_, i) => seen[i].versionstamp === null);
  return (op) => {
    for (const f of fresh) {
      op.check({ key: f.marker, versionstamp: null })
        .set(f.marker, true, { expireIn: MEMBER_TTL_MS });
      for (const scope of f.continent ? ["all", f.continent] : ["all"]) {
        op.sum(keys.hashtagUse(day, scope, f.tag), 1n);
      }
    }
  };
}

/**
 * What a member choosing `tags` adds to a commit of theirs (saveFilters): the hashtags they had
 * not used yet today count one more member. Read before the commit; the commit checks it.
 */
export async function prepareHashtagUses(
  kv: Deno.Kv,
  use: HashtagUse,
  now = Date.now(),
): Promise<(op: Deno.AtomicOperation) => void> {
  const day = dayKey(now);
  return await prepareFirsts(kv, distinctUses([use], day), day);
}

/** Members' hashtag uses a commit of counting takes at most (each writes up to 4 entries). */
const PER_COMMIT = 100;

/**
 * Counts many uses (a burst of searches) in a few commits, each member once per hashtag and day.
 * A commit that lost a race for a marker, or that the busy file refused (`retry`), reads again:
 * no use counts twice.
 */
export async function countHashtagUses(
  kv: Deno.Kv,
  uses: HashtagUse[],
  retry: <T>(fn: () => Promise<T>) => Promise<T> = (fn) => fn(),
  now = Date.now(),
) {
  const day = dayKey(now);
  const all = distinctUses(uses, day);
  for (let i = 0; i < all.length; i += PER_COMMIT) {
    const chunk = all.slice(i, i + PER_COMMIT);
    for (let attempt = 0; attempt < 10; attempt++) {
      const ok = await retry(async () => {
        const op = kv.atomic();
        (await prepareFirsts(kv, chunk, day))(op);
        return (await op.commit()).ok;
      });
      if (ok) break;
    }
  }
  if (all.length) pageData(kv).invalidate(MAP_DATA);
}

/**
 * Adds `tags` to the distinct hashtags the member searched with on `day`, unless that would make
 * more than `cap`: then nothing changes and the result is null. Two sockets of one member
 * adding at once cannot both pass the cap (the commit checks what it read). Returns the day's
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

/**
 * The most used hashtags over the last `days` days in a scope ("all" or a continent): for each, the
 * members who used it, summed over the days.
 */
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
