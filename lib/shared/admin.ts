// The administrator's side: the shapes the admin API responds with, the search rules, the ban
// dialog's durations, the report tabs and the date formats. Safe for the browser bundle (no KV,
// no server code).
import type { ReportContext } from "./moderation/reports.ts";
import { BAN_MAX_DAYS } from "./moderation/bans.ts";
import { formatDate } from "./i18n/messages.ts";
import { type Said, said } from "./i18n/said.ts";

/** How long the direct admin page's Success alert stays. */
export const ADMIN_BANNER_MS = 3000;
/** After an 'Access Denied' toast the reports dashboard goes to / this much later. */
export const ADMIN_REDIRECT_MS = 2000;
/** The longest search text the admin API takes. */
export const ADMIN_QUERY_MAX = 200;
/** The most invitation codes one click creates. */
export const INVITATIONS_MAX = 50;
/** Members a page of the admin lists holds unless asked otherwise, and the most it may hold. */
export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_PAGE_MAX = 100;
/** The longest page cursor the admin API reads (a search cursor carries the search text). */
export const ADMIN_CURSOR_MAX = 1000;

/** The ban lengths the ban dialog offers; "custom" asks for a number of days. */
export const BAN_DURATIONS = ["1", "7", "30", "permanent", "custom"] as const;
export type BanDuration = (typeof BAN_DURATIONS)[number];

/**
 * The `days` of a ban request (undefined: permanent) for a duration chosen in the dialog, or
 * what is wrong with a typed number of days.
 */
export function banDays(
  duration: BanDuration,
  typed: string,
): { days: number | undefined } | { error: Said } {
  if (duration === "permanent") return { days: undefined };
  if (duration !== "custom") return { days: Number(duration) };
  const days = Number(typed.trim());
  if (!/^\d+$/.test(typed.trim()) || days < 1 || days > BAN_MAX_DAYS) {
    return { error: said("admin.banBadDays") };
  }
  return { days };
}

/** One page of an admin member list: `nextCursor` asks for the next one; null at the end. */
export interface UsersPage {
  users: AdminUser[];
  nextCursor: string | null;
  /** Every listed member (not deleted), searched for or not. */
  total: number;
}

/** A member as the admin API lists them: never the password hash. */
export interface AdminUser {
  id: string;
  username: string;
  email: string;
  emailVerified: boolean;
  createdAt: string;
  location: string;
  faceBlurEnabled: boolean;
  role: "member" | "admin";
  /** The ban in force now, if any (a lifted or expired one is null). */
  ban: { reason: string; until: string | null; at: string } | null;
  /** When the member was put on a safety hold, if they are on one. */
  heldAt?: string | null;
}

/** A member on a safety hold, as the admin queue lists them above the reports. */
export interface HeldMember {
  id: string;
  username: string;
  /** ISO time the hold was placed. */
  heldAt: string;
  /** Distinct members whose underage reports placed it, and whether one was in good standing. */
  reporters: number;
  goodStanding: boolean;
  /** The reports counted. */
  reports: number;
}

export const REPORT_STATUSES = ["pending", "reviewed", "dismissed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export type ReportFilter = ReportStatus | "all";

/** The reports dashboard's tabs, in order (components/admin/ReportTabs.tsx names each). */
export const REPORT_TABS: readonly ReportFilter[] = ["pending", "reviewed", "dismissed", "all"];

/** A report as the admin API lists it. */
export interface AdminReport {
  id: string;
  status: ReportStatus;
  createdAt: string;
  reporterUsername: string;
  reportedId: string | null;
  reportedUsername: string | null;
  reportReason: string;
  additionalDetails: string;
  partnerPeerId: string;
  blocked: boolean;
  reviewedAt: string | null;
  /** Distinct members who reported the reported member in the last 30 days. */
  reporters: number;
  /** The reported member's ban in force now, if any. */
  reportedBan: { until: string | null } | null;
  /** The match as it was when the report was filed; null for reports filed before this. */
  context: ReportContext | null;
}

/** The System tab's facts, measured when asked. Realtime figures are this instance's. */
export interface SystemStatus {
  /** The environment's name, in the request's language ('Test'). */
  environment: string;
  database: "Connected" | "Error";
  /** The KV round trip just measured (write, read back, delete), in ms; null when it failed. */
  databaseMs: number | null;
  /** The mail provider: the outbox described in the request's language, a service by its name. */
  emailProvider: string;
  websocketServer: string;
  /** The first 8 characters of this instance's id. */
  instance: string;
  socketsOpen: number;
  membersWaiting: number;
  liveMatches: number;
  /** The browser build: a digest of every source it was built from, and when it was built. */
  build: { id: string; builtAt: string };
  /** e.g. 'Deno 2.9.6'. */
  runtime: string;
  /** When this instance started, and how long ago (ms). */
  startedAt: string;
  uptimeMs: number;
  checkedAt: string;
}

/**
 * Report dates read 'short month, day, year, hour and minute' in the page's language ('Dec 1,
 * 2026, 3:04 PM' in English). The server renders in UTC (it does not know the viewer's zone),
 * with ' UTC' after it; the browser switches to local time once hydrated.
 */
export function formatReportDate(iso: string, timeZone?: string): string {
  return formatDate(iso, { dateStyle: "medium", timeStyle: "short", timeZone }) +
    (timeZone === "UTC" ? " UTC" : "");
}

/** A date without the time (the member tables' Created columns), in the page's language. */
export function formatDay(iso: string, timeZone?: string): string {
  return formatDate(iso, { dateStyle: "medium", timeZone });
}

/** A time of day with seconds ('3:04:05 PM'), for the System tab's 'Checked at'. */
export function formatTime(iso: string, timeZone?: string): string {
  return formatDate(iso, { timeStyle: "medium", timeZone }) + (timeZone === "UTC" ? " UTC" : "");
}

/** An audit log entry as the admin API lists it (see kv/audit.ts). */
export interface AuditEntryView {
  id: string;
  at: string;
  actorId: string;
  actorUsername: string;
  action: string;
  targetId: string | null;
  targetLabel: string;
  reason: string;
  details: Record<string, string | number | boolean | null>;
}
