// The words both referral pages (/viral and /leaderboard) share, in the page's language: the
// periods, a rank among the ranked, and a referrer's name and country (with the board's stand-ins
// for a deleted member and a member without a location).
import { tr } from "../../lib/shared/i18n/messages.ts";
import type plans from "../../lib/shared/i18n/catalog/plans/en.ts";
import { type Period, periodName as periodSaid } from "../../lib/shared/referrals/rules.ts";
import { say } from "../../lib/shared/i18n/said.ts";
import { FORMER_MEMBER, type Referrer, UNKNOWN_COUNTRY } from "../../lib/shared/referrals/board.ts";

export const t = tr<typeof plans>("plans");

/** A period as the tabs and captions name it ('This Week'). */
export const periodName = (period: Period) => say(periodSaid(period));

/** "#3 of 12", or a dash for a member without points in the period. */
export function rankText(r: { rank: number | null; ranked: number }): string {
  return r.rank ? t("rankOf", { rank: r.rank, ranked: r.ranked }) : "—";
}

export const referrerName = (r: Referrer) =>
  r.username === FORMER_MEMBER ? t("formerMember") : r.username;

export const countryName = (country: string) =>
  country === UNKNOWN_COUNTRY ? t("unknownCountry") : country;
