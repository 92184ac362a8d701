// The admin pages' messages (the "admin" namespace) and the labels they build from data: a ban's
// badge, a report's reason and status, a location preference and a span of time, each in the
// page's language.
import { tr } from "../../lib/shared/i18n/messages.ts";
import type admin from "../../lib/shared/i18n/catalog/admin/en.ts";
import { formatReportDate, type ReportStatus } from "../../lib/shared/admin.ts";
import { countryName } from "../../lib/shared/geo/country_codes.ts";
import { continentNamed } from "../../lib/shared/geo/continents.ts";
import { say } from "../../lib/shared/i18n/said.ts";

export const t = tr<typeof admin>("admin");
export type AdminKey = keyof typeof admin & string;

/** The ban badge's text: its end in the viewer's time zone (UTC on the server), or permanent. */
export function banText(ban: { until: string | null }, timeZone?: string): string {
  return ban.until === null
    ? t("bannedForever")
    : t("bannedUntil", { date: formatReportDate(ban.until, timeZone) });
}

const REASONS: Record<string, AdminKey> = {
  inappropriate: "reasonInappropriate",
  harassment: "reasonHarassment",
  illegal: "reasonIllegal",
  impersonation: "reasonImpersonation",
  minor: "reasonMinor",
  other: "reasonOther",
};

/** A report reason's label by its id (lib/shared/moderation/report_texts.ts); an unknown id as is. */
export function reasonText(id: string): string {
  const key = REASONS[id];
  return key ? t(key) : id;
}

const STATUSES: Record<ReportStatus, AdminKey> = {
  pending: "statusPending",
  reviewed: "statusReviewed",
  dismissed: "statusDismissed",
};

/** A report's status as its badge reads: 'pending', 'reviewed', 'dismissed'. */
export function statusText(status: ReportStatus): string {
  return STATUSES[status] ? t(STATUSES[status]) : status;
}

const PREFERENCES: Record<string, AdminKey> = {
  global: "prefGlobal",
  continent: "prefContinent",
  country: "prefCountry",
  city: "prefCity",
  nearby: "prefNearby",
};

/**
 * A location preference as a report stores it: a kind ('global'), or a continent or a country
 * by its English name, in the page's language.
 */
export function preferenceText(preference: string): string {
  const key = PREFERENCES[preference];
  if (key) return t(key);
  const continent = continentNamed(preference);
  return continent ? say(continent) : countryName(preference);
}

/** A span as '3 d 4 h', '2 h 5 min', '4 min 12 s' or '12 s' (in English). */
export function spanText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400), h = Math.floor(s / 3600) % 24, m = Math.floor(s / 60) % 60;
  if (d) return t("spanDays", { count: d, hours: h });
  if (h) return t("spanHours", { count: h, minutes: m });
  if (m) return t("spanMinutes", { count: m, seconds: s % 60 });
  return t("spanSeconds", { count: s });
}
