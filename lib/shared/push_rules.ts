// When a member who asked to be told may get a notice that members who fit their filters are
// searching: at most MAX_NOTICES_A_DAY on their local day, at least NOTICE_GAP_MS apart, never
// between 22:00 and 08:00 in their time zone. Pure.

export const MAX_NOTICES_A_DAY = 3;
/** Quiet from 22:00 until 08:00, local time. */
export const QUIET_FROM_HOUR = 22;
export const QUIET_UNTIL_HOUR = 8;
/** Notices of one member are at least this far apart (three in three minutes tell nothing new). */
export const NOTICE_GAP_MS = 60 * 60_000;

/** Whether `timeZone` is an IANA time zone this runtime knows. */
export function validTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The local day (YYYY-MM-DD) and hour (0–23) at `now` in `timeZone`. */
export function localTime(timeZone: string, now: number): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { day: `${get("year")}-${get("month")}-${get("day")}`, hour: Number(get("hour")) % 24 };
}

export function isQuietHour(hour: number): boolean {
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

export type NoticeVerdict =
  | { ok: true; day: string; count: number }
  | { ok: false; why: "time_zone" | "quiet" | "cap" | "gap" };

/**
 * Whether a notice may go now; `sent` is what the member was sent on their latest local day. The
 * verdict's `count` is the day's count once this notice is sent.
 */
export function noticeAllowed(
  input: {
    timeZone: string;
    now: number;
    sent: { day: string; count: number; lastAt: number } | null;
  },
): NoticeVerdict {
  const { timeZone, now, sent } = input;
  if (!validTimeZone(timeZone)) return { ok: false, why: "time_zone" };
  const { day, hour } = localTime(timeZone, now);
  if (isQuietHour(hour)) return { ok: false, why: "quiet" };
  const today = sent && sent.day === day ? sent.count : 0;
  if (today >= MAX_NOTICES_A_DAY) return { ok: false, why: "cap" };
  if (sent && now - sent.lastAt < NOTICE_GAP_MS) return { ok: false, why: "gap" };
  return { ok: true, day, count: today + 1 };
}
