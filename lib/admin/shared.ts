// The administrator's side: texts, the shapes the admin API answers
// with, the search rules and date formats. Safe for the browser bundle (no KV, no server code).
import { REPORT_REASONS } from "../moderation/report_texts.ts";

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
  reportedUsername: string | null;
  reportReason: string;
  additionalDetails: string;
  partnerPeerId: string;
  blocked: boolean;
  reviewedAt: string | null;
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
