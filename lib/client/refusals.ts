// What a refused search says to the member: its title and text as the live catalog's keys, and
// its text in the page's language.
import type { RtErrorCode } from "../shared/realtime/protocol.ts";
import { MAX_DAILY_HASHTAGS, MAX_HASHTAG_LENGTH } from "../shared/filters.ts";
import { tr } from "../shared/i18n/messages.ts";
import type live from "../shared/i18n/catalog/live/en.ts";
import type { Refusal } from "./call_state.ts";

const t = tr<typeof live>("live");

/** What a refusal is: the /ws refusal's code, or "offline" (the socket is not open). */
const refusalCode = (r: Refusal): RtErrorCode | "offline" => r.kind === "error" ? r.code : r.kind;

/**
 * The text a refusal shows the member, as the live catalog's key: rt_<code> for the /ws
 * refusal's code, or "offline". A code the page has no message for (a newer server's, or one
 * only a client breaking the protocol meets, whose text only the server's catalog keeps) says
 * rt_failed's.
 */
export function refusalKey(r: Refusal): `rt_${RtErrorCode}` | "offline" {
  const code = refusalCode(r);
  return code === "offline" ? code : `rt_${code}`;
}

/** The {placeholders} of the refusals' texts (the server's messages carry the same values). */
export const REFUSAL_VARS = { count: MAX_DAILY_HASHTAGS, max: MAX_HASHTAG_LENGTH };

/**
 * A refusal's title, as the live catalog's key: the session limit, an unverified address and a
 * safety hold have their own, every other refusal is a connection error.
 */
export function refusalTitleKey(
  r: Refusal,
): "verifyEmail" | "sessionLimit" | "underReview" | "connectionError" {
  if (r.kind === "email_unverified") return "verifyEmail";
  if (r.kind === "error" && r.code === "on_hold") return "underReview";
  return r.kind === "session_limit" || (r.kind === "error" && r.code === "session_limit")
    ? "sessionLimit"
    : "connectionError";
}

/**
 * A refusal's text in the page's language; a code this page has no message for (a newer
 * server's) says 'Something went wrong' (a missing key shows as "live.<key>").
 */
export function refusalMessage(r: Refusal): string {
  // Typed as the catalog's: a key it lacks shows as "live.<key>", caught here.
  const key = refusalKey(r) as keyof typeof live;
  const text = t(key, REFUSAL_VARS);
  return text === `live.${key}` ? t("rt_failed") : text;
}
