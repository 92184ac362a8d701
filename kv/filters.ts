// A member's matching filters, their private location record and presence.
import { keys } from "./keys.ts";
import { bumpSearchVersion } from "./search_version.ts";
import { prepareHashtagUses } from "./hashtags.ts";
import { usageCount, usageTodayKey } from "./usage.ts";
import { MAP_DATA, pageData } from "../lib/shared/short_cache.ts";
import { type Filters, readSavedFilters } from "../lib/shared/filters.ts";
import { applyFiltersPatch, type FiltersPatch } from "../lib/shared/filters_schema.ts";
import type { Cell } from "../lib/shared/geo/types.ts";
import type { Continent } from "../lib/shared/geo/continents.ts";

export async function getFilters(kv: Deno.Kv, userId: string): Promise<Filters> {
  const entry = await kv.get(keys.filters(userId));
  return readSavedFilters(entry.value);
}

/**
 * The member's filters and today's session count (kv/usage.ts usageToday), read in one snapshot
 * and round trip: what the home page reads.
 */
export async function getFiltersAndUsage(
  kv: Deno.Kv,
  userId: string,
  now = Date.now(),
): Promise<{ filters: Filters; used: number }> {
  const [filters, usage] = await kv.getMany<[unknown, Deno.KvU64]>([
    keys.filters(userId),
    usageTodayKey(userId, now),
  ]);
  return { filters: readSavedFilters(filters.value), used: usageCount(usage) };
}

/**
 * Read-modify-write of the filters; concurrent partial updates both land. Newly chosen hashtags
 * count the member as using them today (once a day each), in their continent and overall.
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
    const op = bumpSearchVersion(kv.atomic().check(entry).set(keys.filters(userId), next), userId);
    const added = next.hashtags.filter((t) => !before.hashtags.includes(t));
    (await prepareHashtagUses(kv, { userId, hashtags: added, continent }, now))(op);
    if ((await op.commit()).ok) {
      if (added.length) pageData(kv).invalidate(MAP_DATA);
      return next;
    }
  }
  throw new Error("filters kept changing; try again");
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
  await bumpSearchVersion(kv.atomic().set(keys.location(userId), loc), userId).commit();
  pageData(kv).invalidate(MAP_DATA);
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
  pageData(kv).invalidate(MAP_DATA);
}

export async function onlineByContinent(kv: Deno.Kv, now = Date.now()) {
  const counts = new Map<string, number>();
  for await (const e of kv.list<Presence>({ prefix: keys.presencePrefix() })) {
    if (now - e.value.at > PRESENCE_TTL_MS || !e.value.continent) continue;
    counts.set(e.value.continent, (counts.get(e.value.continent) ?? 0) + 1);
  }
  return counts;
}
