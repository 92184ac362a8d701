// A member's matching filters, their private location record, presence, and hashtag use.
import { keys } from "./keys.ts";
import {
  applyFiltersPatch,
  type Filters,
  type FiltersPatch,
  readSavedFilters,
} from "../lib/filters.ts";
import type { Cell, Continent } from "../lib/geo/geocoder.ts";

export async function getFilters(kv: Deno.Kv, userId: string): Promise<Filters> {
  const entry = await kv.get(keys.filters(userId));
  return readSavedFilters(entry.value);
}

/**
 * Read-modify-write of the filters; concurrent partial updates both land. Newly chosen hashtags
 * count as used today, in the member's continent and overall.
 */
export async function saveFilters(
  kv: Deno.Kv,
  userId: string,
  patch: FiltersPatch,
  now = Date.now(),
): Promise<Filters> {
  const continent = (await getPrivateLocation(kv, userId))?.continent ?? null;
  for (let attempt = 0; attempt < 10; attempt++) {
    const entry = await kv.get(keys.filters(userId));
    const before = readSavedFilters(entry.value);
    const next = applyFiltersPatch(before, patch);
    const op = kv.atomic().check(entry).set(keys.filters(userId), next)
      .sum(keys.searchVersion(userId), 1n);
    const added = next.hashtags.filter((t) => !before.hashtags.includes(t));
    addHashtagUse(op, added, continent, now);
    if ((await op.commit()).ok) return next;
  }
  throw new Error("filters kept changing; try again");
}

export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const USE_TTL_MS = 9 * 86400_000;

function addHashtagUse(
  op: Deno.AtomicOperation,
  tags: string[],
  continent: string | null,
  now: number,
) {
  const day = dayOf(now);
  for (const tag of tags.slice(0, 30)) {
    op.sum(keys.hashtagUse(day, "all", tag), 1n);
    if (continent) op.sum(keys.hashtagUse(day, continent, tag), 1n);
  }
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
    const day = dayOf(now - d * 86400_000);
    for await (const e of kv.list<Deno.KvU64>({ prefix: keys.hashtagUsePrefix(day, scope) })) {
      const tag = String(e.key[3]);
      totals.set(tag, (totals.get(tag) ?? 0) + Number(e.value.value));
    }
  }
  return [...totals].map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
}

/** Old day counters are dropped by a sweep (sum() cannot carry an expiry). */
export async function sweepHashtagUse(kv: Deno.Kv, now = Date.now()) {
  const cutoff = dayOf(now - USE_TTL_MS);
  for await (const e of kv.list({ prefix: ["hashtag_use"] })) {
    if (String(e.key[1]) < cutoff) await kv.delete(e.key);
  }
}

/** Where a member is, coarsely: never coordinates, only names, continent and a ~2 km cell. */
export interface PrivateLocation {
  city: string;
  country: string;
  countryCode: string | null;
  continent: Continent | null;
  cell: Cell | null;
  updatedAt: string;
}

export async function getPrivateLocation(kv: Deno.Kv, userId: string) {
  return (await kv.get<PrivateLocation>(keys.location(userId))).value;
}

export async function setPrivateLocation(kv: Deno.Kv, userId: string, loc: PrivateLocation) {
  await kv.atomic().set(keys.location(userId), loc).sum(keys.searchVersion(userId), 1n).commit();
}

/** Members seen in the last few minutes (a page view or a live socket), by continent. */
export const PRESENCE_TTL_MS = 3 * 60_000;

export interface Presence {
  continent: string | null;
  at: number;
}

export async function touchPresence(kv: Deno.Kv, userId: string, continent: string | null) {
  await kv.set(keys.presence(userId), { continent, at: Date.now() } satisfies Presence, {
    expireIn: PRESENCE_TTL_MS,
  });
}

export async function onlineByContinent(kv: Deno.Kv, now = Date.now()) {
  const counts = new Map<string, number>();
  for await (const e of kv.list<Presence>({ prefix: keys.presencePrefix() })) {
    if (now - e.value.at > PRESENCE_TTL_MS || !e.value.continent) continue;
    counts.set(e.value.continent, (counts.get(e.value.continent) ?? 0) + 1);
  }
  return counts;
}
