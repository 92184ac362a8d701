// The reports dashboard: list by status, search, and the only two transitions, pending →
// reviewed and pending → dismissed.
import { listReports, type ModeratedReport, reviewReport } from "../../kv/reports.ts";
import {
  ADMIN_TEXT,
  type AdminReport,
  type ReportFilter,
  reportMatches,
  type ReportStatus,
} from "./shared.ts";
import { AdminError } from "./users.ts";

export type { ModeratedReport };

export function toAdminReport(r: ModeratedReport): AdminReport {
  return {
    id: r.id,
    status: r.status,
    createdAt: r.createdAt,
    reporterUsername: r.reporterUsername,
    reportedUsername: r.reportedUsername ?? null,
    reportReason: r.reportReason,
    additionalDetails: r.additionalDetails,
    partnerPeerId: r.partnerPeerId,
    blocked: r.blocked,
    reviewedAt: r.reviewedAt ?? null,
  };
}

/** Reports with a status (or all of them) matching a search text, newest first. */
export async function listAdminReports(
  kv: Deno.Kv,
  filter: ReportFilter,
  query = "",
): Promise<AdminReport[]> {
  const reports = await listReports(kv, filter === "all" ? undefined : filter);
  return reports
    .filter((r) => reportMatches({ ...r, reportedUsername: r.reportedUsername ?? null }, query))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id))
    .map(toAdminReport);
}

/** Moves a pending report to reviewed or dismissed; anything else answers 404 or 409. */
export async function setReportStatus(
  kv: Deno.Kv,
  id: string,
  status: Exclude<ReportStatus, "pending">,
  actorId: string,
): Promise<AdminReport> {
  const result = await reviewReport(kv, id, status, actorId);
  if (result.ok) return toAdminReport(result.report);
  if (result.reason === "not_found") throw new AdminError(ADMIN_TEXT.reportNotFound, 404);
  if (result.reason === "not_pending") throw new AdminError(ADMIN_TEXT.reportNotPending, 409);
  throw new AdminError("The report changed meanwhile. Please try again.", 409);
}
