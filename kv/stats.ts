// Per-member activity for the referral and leaderboard pages: POV sessions and the countries of
// the partners met, per ISO week and in total. Written once per match, read on those pages.
import { keys } from "./keys.ts";

export interface MemberStats {
  sessions: number;
  countries: string[];
  weeks: Record<string, { sessions: number; countries: string[] }>;
}

/** ISO-8601 week key, e.g. "2026-W47". */
export function weekKey(ms: number): string {
  const d = new Date(ms);
  const day = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - day + 3);
  const firstThursday = new Date(Date.UTC(d.getUTCFullYear(), 0, 4));
  const week = 1 + Math.round(
    ((d.getTime() - firstThursday.getTime()) / 86400_000 - 3 +
      ((firstThursday.getUTCDay() + 6) % 7)) /
      7,
  );
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

const empty = (): MemberStats => ({ sessions: 0, countries: [], weeks: {} });

export async function getStats(kv: Deno.Kv, userId: string): Promise<MemberStats> {
  return (await kv.get<MemberStats>(keys.stats(userId))).value ?? empty();
}

/** Counts one POV session with a partner from `country` (or an unknown place). */
export async function recordSession(
  kv: Deno.Kv,
  userId: string,
  country: string | null,
  now = Date.now(),
) {
  const week = weekKey(now);
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await kv.get<MemberStats>(keys.stats(userId));
    const s = entry.value ?? empty();
    const w = s.weeks[week] ?? { sessions: 0, countries: [] };
    const add = (list: string[]) => country && !list.includes(country) ? [...list, country] : list;
    const weeks = { ...s.weeks, [week]: { sessions: w.sessions + 1, countries: add(w.countries) } };
    // Keep the last 8 weeks only.
    const kept = Object.fromEntries(Object.entries(weeks).sort().slice(-8));
    const next: MemberStats = {
      sessions: s.sessions + 1,
      countries: add(s.countries),
      weeks: kept,
    };
    if ((await kv.atomic().check(entry).set(entry.key, next).commit()).ok) return;
  }
}
