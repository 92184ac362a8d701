// The administrator's side: texts, the shapes the admin API answers
// with, the search rules and date formats. Safe for the browser bundle (no KV, no server code).
import { REPORT_REASONS } from "../moderation/report_texts.ts";
import type { ReportContext } from "../moderation/reports.ts";

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
  badLimit: `The page size must be a whole number from 1 to 100.`,
  banNeedsReview: "Only a review can ban the reported member.",
  badInvitationCount: "Choose how many codes to create: a whole number from 1 to 50.",
  badCursor: "This list position is not valid. Please reload the list.",
  // User management (first admin page).
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
  banTitle: (username: string) => `Ban ${username}?`,
  banDescription:
    "The member is signed out everywhere at once and cannot sign in, register again with their email address, or be paired until the ban ends.",
  banConfirm: "Ban",
  banning: "Banning...",
  unbanTitle: (username: string) => `Lift the ban on ${username}?`,
  unbanDescription: "The member can sign in again at once.",
  unbanConfirm: "Unban",
  unbanning: "Lifting...",
  bannedUntil: (date: string) => `Banned until ${date}`,
  bannedForever: "Banned permanently",
  loadMore: "Load more",
  loadingMore: "Loading...",
  auditTitle: "Audit log",
  auditEmpty: "No administrator actions yet.",
  loadAuditFailed: "Failed to load the audit log. Please try again.",
  invitationsTitle: "Invitations",
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
/** The largest page an admin list answers. */
export const ADMIN_LIST_MAX = 100;
/** The most invitation codes one click creates. */
export const INVITATIONS_MAX = 50;

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

export interface SystemStatus {
  environment: string;
  database: "Connected" | "Error";
  emailProvider: string;
  websocketServer: string;
}

export function reasonLabel(id: string): string {
  return REPORT_REASONS.find((r) => r.id === id)?.label ?? id;
}

const has = (text: string | null | undefined, q: string) => (text ?? "").toLowerCase().includes(q);

/** Users match a search on username or email, as a case-insensitive substring. */
export function userMatches(u: Pick<AdminUser, "username" | "email">, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || has(u.username, q) || has(u.email, q);
}

/** Reports match a search on reporter, reported user, reason (id or label) and details. */
export function reportMatches(
  r: Pick<
    AdminReport,
    "reporterUsername" | "reportedUsername" | "reportReason" | "additionalDetails"
  >,
  query: string,
): boolean {
  const q = query.trim().toLowerCase();
  return !q || has(r.reporterUsername, q) || has(r.reportedUsername, q) ||
    has(r.reportReason, q) || has(reasonLabel(r.reportReason), q) || has(r.additionalDetails, q);
}

/**
 * Report dates read 'short month, day, year, hour and minute'. The server renders in UTC (it does
 * not know the viewer's zone); the browser switches to local time once hydrated.
 */
export function formatReportDate(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  }) + (timeZone === "UTC" ? " UTC" : "");
}

/** A date without the time (the user tables' Created columns). */
export function formatDay(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone,
  });
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

const AUDIT_LABELS: Record<string, string> = {
  verify_email: "verified the email of",
  delete_user: "deleted",
  ban: "banned",
  unban: "lifted the ban on",
  review_report: "reviewed",
  dismiss_report: "dismissed",
  create_invitations: "created",
};

/** What an action reads as in the log: 'admin banned alice'. */
export function auditActionLabel(action: string): string {
  return AUDIT_LABELS[action] ?? action;
}
