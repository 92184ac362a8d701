// Report reasons and the daily limit of reports. Safe for the browser bundle.
import { said } from "../i18n/said.ts";

/** The reasons a member can give, in the report dialog's order, each with its label. */
export const REPORT_REASONS = [
  { id: "inappropriate", label: said("live.reason_inappropriate") },
  { id: "harassment", label: said("live.reason_harassment") },
  { id: "illegal", label: said("live.reason_illegal") },
  { id: "impersonation", label: said("live.reason_impersonation") },
  { id: "minor", label: said("live.reason_minor") },
  { id: "other", label: said("live.reason_other") },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]["id"];

/** Reports one member may file in a day (UTC). */
export const REPORTS_PER_DAY = 20;
