// Per-member session statistics of the layout used before the referral counters
// (kv/referrals.ts), which now count every session in the commit that ends its match: POV
// sessions and the countries of the partners met, per calendar month and per ISO week, under
// stats/<member>. Nothing writes them any more. Data stored before is read once by the referral
// counters' backfill (kv/referrals_backfill.ts), and kept until its retention ends (two years, the
// privacy policy's session statistics): stats_months/<month>/<member> notes which members have
// figures in a month, so the retention sweep reads only what expires; a member's purge deletes
// theirs at once.
import { keys } from "./keys.ts";

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
