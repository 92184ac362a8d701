// Per-member activity for the referral and leaderboard pages: POV sessions and the countries of
// the partners met, per ISO week and in total. Stored as write-only keys (counters and flags),
// so recording a session needs no read and rides in the commit that makes the match.
import { keys } from "./keys.ts";

export interface MemberStats {
  sessions: number;
  countries: string[];
  weeks: Record<string, { sessions: number; countries: string[] }>;
}

const WEEK_TTL_MS = 9 * 7 * 86400_000;

/** ISO-8601 week key, e.g. "2026-W47". */
export function weekKey(ms: number): string {
  const d = new Date(ms);
  const day = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - day + 3);
  const firstThursday = new Date(Date.UTC(d.getUTCFullYear(), 0, 4));
  const week = 1 + Math.round(
    ((d.getTime() - firstThursday.getTime()) / 86400_000 - 3 +
      ((firstThursday.getUTCDay() + 6) % 7)) / 7,
  );
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

/** Adds one POV session with a partner from `country` (or an unknown place) to a commit. */
export function addSession(
  op: Deno.AtomicOperation,
  userId: string,
  country: string | null,
  now = Date.now(),
) {
  const week = weekKey(now);
  op.sum([...keys.stats(userId), "total"], 1n)
    .sum([...keys.stats(userId), "week", week], 1n);
  if (country) {
    op.set([...keys.stats(userId), "country", country], true)
      .set([...keys.stats(userId), "week_country", week, country], true, {
        expireIn: WEEK_TTL_MS,
      });
  }
}

export async function getStats(kv: Deno.Kv, userId: string): Promise<MemberStats> {
  const stats: MemberStats = { sessions: 0, countries: [], weeks: {} };
  const week = (w: string) => (stats.weeks[w] ??= { sessions: 0, countries: [] });
  for await (const e of kv.list({ prefix: keys.stats(userId) })) {
    const [kind, a, b] = e.key.slice(2).map(String);
    if (kind === "total") stats.sessions = Number((e.value as Deno.KvU64).value);
    else if (kind === "week") week(a).sessions = Number((e.value as Deno.KvU64).value);
    else if (kind === "country") stats.countries.push(a);
    else if (kind === "week_country") week(a).countries.push(b);
  }
  return stats;
}

export async function deleteStats(kv: Deno.Kv, userId: string) {
  for await (const e of kv.list({ prefix: keys.stats(userId) })) await kv.delete(e.key);
}
