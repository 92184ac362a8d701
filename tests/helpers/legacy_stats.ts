// The session statistics of the layout used before the referral counters (kv/stats.ts), written
// and read as the product did then: data the referral backfill, the retention sweep and the purge
// still meet in a store kept from before.
import { keys } from "../../kv/keys.ts";
import { monthKey, STATS_RETENTION_MS, weekKey } from "../../kv/stats.ts";

export interface MemberStats {
  /** Sessions in the months kept (two years). */
  sessions: number;
  countries: string[];
  weeks: Record<string, { sessions: number; countries: string[] }>;
}

const WEEK_TTL_MS = 9 * 7 * 86400_000;

/** Adds one POV session with a partner from `country` (or an unknown place) to a commit. */
export function addSession(
  op: Deno.AtomicOperation,
  userId: string,
  country: string | null,
  now = Date.now(),
) {
  const week = weekKey(now), month = monthKey(now);
  const expireIn = STATS_RETENTION_MS + 31 * 86400_000;
  op.sum([...keys.stats(userId), "month", month], 1n)
    .sum([...keys.stats(userId), "week", week], 1n)
    .set(keys.statsMonth(month, userId), true, { expireIn });
  if (country) {
    op.set([...keys.stats(userId), "month_country", month, country], true, { expireIn })
      .set([...keys.stats(userId), "week_country", week, country], true, {
        expireIn: WEEK_TTL_MS,
      });
  }
}

/** A member's statistics in that layout. */
export async function getStats(kv: Deno.Kv, userId: string): Promise<MemberStats> {
  const stats: MemberStats = { sessions: 0, countries: [], weeks: {} };
  const countries = new Set<string>();
  const week = (w: string) => (stats.weeks[w] ??= { sessions: 0, countries: [] });
  for await (const e of kv.list({ prefix: keys.stats(userId) })) {
    const [kind, a, b] = e.key.slice(2).map(String);
    if (kind === "month") stats.sessions += Number((e.value as Deno.KvU64).value);
    else if (kind === "week") week(a).sessions = Number((e.value as Deno.KvU64).value);
    else if (kind === "month_country") countries.add(b);
    else if (kind === "week_country") week(a).countries.push(b);
  }
  stats.countries = [...countries];
  return stats;
}
