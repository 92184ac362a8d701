// What a banned member is told when they sign in. Apart from bans.ts, which the member record's
// type imports: the messages module imports that type's module in turn. Safe for the browser
// bundle.
import type { Ban } from "./bans.ts";
import { type Said, said } from "../i18n/said.ts";

/**
 * The refusal of a banned member's sign-in: a timed ban names its end, which the response writes
 * in its own language (in UTC: the server knows no member's zone).
 */
export function signInBanText(ban: Ban): Said {
  return ban.until === null
    ? said("admin.signInBannedForever")
    : said("admin.signInBannedUntil", {}, { until: ban.until });
}
