// Per-member activity for the referral and leaderboard pages: POV sessions and the countries of
// the partners met, per calendar month and per ISO week. Stored as write-only keys (counters
// and flags), so recording a session needs no read and rides in the commit that makes the match.
// Kept two years (the privacy policy's session statistics): stats_months/<month>/<member> notes
// which members have figures in a month, so the retention sweep reads only what expires.
import { keys } from "./keys.ts";

export interface MemberStats {
  /** Sessions in the months kept (two years). */
  sessions: number;
  countries: string[];
  weeks: Record<string, { sessions: number; countries: string[] }>;
}

const WEEK_TTL_MS = 9 * 7 * 86400_000;
/** How long session statistics are kept. */
export const STATS_RETENTION_MS = 2 * 365 * 86400_000;

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

/** Calendar month key (UTC), e.g. "2026-11". */
export function monthKey(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

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

/** At purge: the member's figures and their entries in the retention index. */
export async function deleteStats(kv: Deno.Kv, userId: string) {
  for await (const e of kv.list({ prefix: keys.stats(userId) })) {
    if (e.key[2] === "month") await kv.delete(keys.statsMonth(String(e.key[3]), userId));
    await kv.delete(e.key);
  }
}

/**
 * Deletes session statistics older than the retention period: every month before the cutoff's
 * month, and every week that began before it (the member's week counters). Idempotent; any
 * instance may run it. Returns how many member-months went.
 */
export async function sweepStats(
  kv: Deno.Kv,
  now = Date.now(),
  retentionMs = STATS_RETENTION_MS,
): Promise<number> {
  const cutoff = now - retentionMs;
  const lastMonth = monthKey(cutoff), lastWeek = weekKey(cutoff);
  let n = 0;
  const due = kv.list({ start: keys.statsMonthsPrefix(), end: keys.statsMonth(lastMonth, "") });
  for await (const e of due) {
    const month = String(e.key[1]), userId = String(e.key[2]);
    const op = kv.atomic().delete(e.key).delete([...keys.stats(userId), "month", month]);
    for await (const c of kv.list({ prefix: [...keys.stats(userId), "month_country", month] })) {
      op.delete(c.key);
    }
    for await (const w of kv.list({ prefix: [...keys.stats(userId), "week"] })) {
      if (String(w.key[3]) < lastWeek) op.delete(w.key);
    }
    await op.commit();
    n++;
  }
  return n;
}

const STATS_MONTHLY = keys.meta("stats_monthly_v2");

/**
 * Moves figures kept before monthly buckets existed (one running total and a set of countries
 * per member) into the current month, once: they then leave two years from now. Any instance
 * may run it; two at once move each total once (the commit checks the total).
 */
export async function backfillMonthlyStats(kv: Deno.Kv, now = Date.now()): Promise<number> {
  if ((await kv.get(STATS_MONTHLY)).value) return 0;
  const month = monthKey(now);
  const expireIn = STATS_RETENTION_MS + 31 * 86400_000;
  let n = 0;
  for await (const e of kv.list({ prefix: ["stats"] })) {
    const [userId, kind, country] = e.key.slice(1).map(String);
    if (kind === "total") {
      const total = (e.value as Deno.KvU64).value;
      const res = await kv.atomic().check(e).delete(e.key)
        .sum([...keys.stats(userId), "month", month], total)
        .set(keys.statsMonth(month, userId), true, { expireIn }).commit();
      if (res.ok) n++;
    } else if (kind === "country") {
      await kv.atomic().check(e).delete(e.key)
        .set([...keys.stats(userId), "month_country", month, country], true, { expireIn })
        .set(keys.statsMonth(month, userId), true, { expireIn }).commit();
    }
  }
  await kv.set(STATS_MONTHLY, new Date(now).toISOString());
  return n;
}
