// The administrator's side: texts, the shapes the admin API responds with
// with, the search rules and date formats. Safe for the browser bundle (no KV, no server code).
import type { ReportContext } from "./moderation/reports.ts";
import { BAN_MAX_DAYS, BAN_TEXT } from "./moderation/bans.ts";
import { formatDate } from "./i18n/messages.ts";

export const ADMIN_TEXT = {
  // Access (pages and API).
  accessDenied: "Access Denied",
  noPermission: "You do not have permission to access the admin panel.",
  onlyAdmins:
    "Only administrators can access this page. Please contact an administrator if you believe this is an error.",
  notAuthenticated: "User not authenticated",
  adminsOnly: "Only administrators can do this.",
  // API errors.
  userNotFound: "User not found",
  reportNotFound: "Report not found",
  cannotDeleteSelf: "You cannot delete your own account from the admin panel.",
  reportNotPending: "Only pending reports can be reviewed or dismissed.",
  badStatus: "Status must be reviewed or dismissed",
  badFilter: "Status must be pending, reviewed, dismissed or all",
  badQuery: "The search text is too long.",
  changedMeanwhile: "The record changed meanwhile. Please try again.",
  banNeedsReview: "Only a review can ban the reported member.",
  badInvitationCount: "Choose how many codes to create: a whole number from 1 to 50.",
  badCursor: "This page of the list is no longer valid. Load the list again from the start.",
  badLimit: "Limit must be a whole number from 1 to 100.",
  // Member management (the first admin page, 'User Management').
  usersTitle: "User Management",
  noUsers: "No users found. Try a different search query.",
  deleteTitle: "Are you absolutely sure?",
  deleteDescription: (username: string) =>
    `This action cannot be undone. This will permanently delete the user ${username} and all associated data.`,
  userDeleted: "User deleted",
  userDeletedDescription: "The user has been deleted successfully.",
  emailVerified: "Email verified",
  emailVerifiedDescription: "User email has been verified successfully.",
  deleteFailed: (message: string) => `Failed to delete user: ${message}`,
  verifyFailed: (message: string) => `Failed to verify user email: ${message}`,
  // Both member tables: search, pages, bans.
  searchLabel: "Search users",
  searchPlaceholder: "Username or email, or how it starts",
  searchHelp:
    "Finds members by their exact username or email, or by how either begins (any case). Text from the middle of a name is not searched.",
  loadMore: "Load more",
  loadingMore: "Loading more...",
  loadMoreFailed: (message: string) => `Failed to load more users: ${message}`,
  shown: (n: number, total: number) => `Showing ${n} of ${total} users`,
  found: (n: number, more: boolean) =>
    `${n}${more ? "+" : ""} matching user${n === 1 && !more ? "" : "s"}`,
  bannedUntil: (date: string) => `Banned until ${date}`,
  bannedForever: "Banned permanently",
  banTitle: (username: string) => `Ban ${username}?`,
  banDescription:
    "They are signed out at once and cannot sign in or be matched until the ban ends. You can lift it at any time.",
  banReason: "Reason",
  banDuration: "Duration",
  banDays: "Number of days",
  banConfirm: "Ban",
  banBusy: "Banning...",
  banFailed: (message: string) => `Failed to ban user: ${message}`,
  unbanTitle: (username: string) => `Lift the ban on ${username}?`,
  unbanDescription: "They can sign in and be matched again at once.",
  unbanConfirm: "Unban",
  unbanBusy: "Unbanning...",
  unbanFailed: (message: string) => `Failed to lift the ban: ${message}`,
  // Reports dashboard.
  reportsTitle: "Admin Dashboard: Reports",
  loadingReports: "Loading reports...",
  noReports: "No reports found",
  noReportsDescription: "There are no reports matching your criteria",
  reportReviewed: "Report reviewed",
  reportReviewedDescription: "The report has been marked as reviewed",
  reportDismissed: "Report dismissed",
  reportDismissedDescription: "The report has been dismissed",
  reportersCount: (n: number) => `${n} member${n === 1 ? "" : "s"} reported`,
  reportersHelp: "Distinct members who reported this member in the last 30 days.",
  reviewAndBan: "Review and ban",
  reviewBanTitle: (username: string) => `Review this report and ban ${username}?`,
  reviewBanDescription:
    "The report is marked reviewed and the member is signed out everywhere at once. They cannot sign in until the ban ends.",
  auditTitle: "Audit log",
  appealsTitle: "Appeals",
  auditEmpty: "No administrator actions yet.",
  loadAuditFailed: "Failed to load the audit log. Please try again.",
  invitationsTitle: "Invitations",
  secondFactorTitle: "Second factor",
  invitationsIntro:
    "Create invitation codes for people to join. Each code works once; share it with one person.",
  invitationsCount: "How many codes",
  invitationsCreate: "Create codes",
  invitationsCreating: "Creating...",
  invitationsCreated: (n: number) => `${n} invitation code${n === 1 ? "" : "s"} created`,
  invitationsFailed: "Failed to create invitation codes. Please try again.",
  copy: "Copy",
  copyAll: "Copy all",
  copied: "Copied",
  copyFailed: "Copying failed: select the codes and copy them yourself.",
  noContext: "Filed before match details were kept.",
  error: "Error",
  updateReportFailed: "Failed to update report status. Please try again.",
  loadReportsFailed: "Failed to load reports. Please try again.",
  // The direct admin page.
  loginTitle: "Admin Login",
  loginDescription: "Please enter your admin credentials to continue",
  loggingIn: "Logging in...",
  notAdmin: "Not authorized as admin",
  authFailed: "Authentication failed",
  loginFailed: "Login failed. Please try again.",
  dashboardDescription: "Manage users and system settings",
  loadingUsers: "Loading users...",
  noUsersDirect: "No users found.",
  confirmDelete: "Are you sure you want to delete this user? This action cannot be undone.",
  bannerDeleted: "User deleted successfully!",
  bannerVerified: "User email verified successfully!",
  bannerLoadFailed: "Failed to load users. Please try again.",
  bannerDeleteFailed: "Failed to delete user. Please try again.",
  bannerVerifyFailed: "Failed to verify user email. Please try again.",
  unknownLocation: "Unknown",
} as const;

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
export const BAN_DURATIONS = [
  { value: "1", label: "1 day" },
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "permanent", label: "Permanent" },
  { value: "custom", label: "A number of days" },
] as const;
export type BanDuration = (typeof BAN_DURATIONS)[number]["value"];

/**
 * The `days` of a ban request (undefined: permanent) for a duration chosen in the dialog, or the
 * text of what is wrong with a typed number of days.
 */
export function banDays(
  duration: BanDuration,
  typed: string,
): { days: number | undefined } | { error: string } {
  if (duration === "permanent") return { days: undefined };
  if (duration !== "custom") return { days: Number(duration) };
  const days = Number(typed.trim());
  if (!/^\d+$/.test(typed.trim()) || days < 1 || days > BAN_MAX_DAYS) {
    return { error: BAN_TEXT.badDays };
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

export const REPORT_TABS: { id: ReportFilter; label: string }[] = [
  { id: "pending", label: "Pending" },
  { id: "reviewed", label: "Reviewed" },
  { id: "dismissed", label: "Dismissed" },
  { id: "all", label: "All Reports" },
];

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
  environment: string;
  database: "Connected" | "Error";
  /** The KV round trip just measured (write, read back, delete), in ms; null when it failed. */
  databaseMs: number | null;
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

/** The System tab's rows, in order (Environment, Database, Email Provider, WebSocket Server first). */
export const SYSTEM_TEXT = {
  environment: "Environment",
  database: "Database",
  emailProvider: "Email Provider",
  websocketServer: "WebSocket Server",
  membersWaiting: "Members waiting",
  liveMatches: "Live matches",
  build: "Build",
  runtime: "Runtime",
  uptime: "Uptime",
  checking: "Checking...",
  onThisInstance: (instance: string) =>
    `Sockets, members waiting, live matches and uptime are those of this instance (${instance}); other instances have their own.`,
  checkedAt: (time: string) => `Checked at ${time}`,
  connected: (ms: number) => `Connected (${ms.toFixed(1)} ms)`,
  sockets: (n: number) => `Running (${n} open connection${n === 1 ? "" : "s"} on this instance)`,
  onInstance: (n: number) => `${n} on this instance`,
  buildValue: (id: string, builtAt: string) => `assets ${id}, built ${builtAt}`,
  uptimeValue: (span: string, since: string) => `${span} (since ${since})`,
} as const;

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

/** The environment's name as the System tab shows it: 'development' → 'Development'. */
export function environmentLabel(env: string): string {
  return env.charAt(0).toUpperCase() + env.slice(1);
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
