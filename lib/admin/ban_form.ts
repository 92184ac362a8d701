// The ban form's choices and its check, shared by every place an administrator bans a member.
// Safe for the browser bundle.
import { BAN_MAX_DAYS, BAN_REASON_MAX, BAN_TEXT } from "../moderation/bans.ts";

export const BAN_DURATIONS = [
  { id: "1", label: "1 day", days: 1 },
  { id: "7", label: "7 days", days: 7 },
  { id: "30", label: "30 days", days: 30 },
  { id: "365", label: "1 year", days: 365 },
  { id: "permanent", label: "Permanent", days: undefined },
] as const;
export type BanDurationId = (typeof BAN_DURATIONS)[number]["id"];

/** The ban request a form's fields make, or the text saying what is wrong. */
export function banRequestOf(
  reason: string,
  duration: BanDurationId,
): { ok: true; body: { reason: string; days?: number } } | { ok: false; error: string } {
  const text = reason.trim();
  if (!text) return { ok: false, error: BAN_TEXT.reasonRequired };
  if (text.length > BAN_REASON_MAX) return { ok: false, error: BAN_TEXT.reasonTooLong };
  const days = BAN_DURATIONS.find((d) => d.id === duration)?.days;
  if (days !== undefined && (days < 1 || days > BAN_MAX_DAYS)) {
    return { ok: false, error: BAN_TEXT.badDays };
  }
  return { ok: true, body: days === undefined ? { reason: text } : { reason: text, days } };
}
