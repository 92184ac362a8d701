// The reports dashboard (SPEC sections 3, 4 and 7): list by status, search, and the only two
// transitions, pending → reviewed and pending → dismissed. The report and its status index move
// in one atomic commit, so a report is listed under exactly one status.
import { keys } from "../../kv/keys.ts";
import type { Report } from "../moderation/reports.ts";
import {
  ADMIN_TEXT,
  type AdminReport,
  type ReportFilter,
  reportMatches,
  type ReportStatus,
} from "./shared.ts";
import { AdminError } from "./users.ts";

/** What we store once a moderator has acted on a report. */
export type ModeratedReport = Report & { reviewedAt?: string; reviewedBy?: string };

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

async function reportsWithStatus(kv: Deno.Kv, status: ReportStatus): Promise<ModeratedReport[]> {
  const ids: string[] = [];
  for await (const e of kv.list<string>({ prefix: keys.reportsByStatusPrefix(status) })) {
    ids.push(String(e.key[2]));
  }
  const out: ModeratedReport[] = [];
  for (let i = 0; i < ids.length; i += 10) {
    const entries = await kv.getMany<ModeratedReport[]>(ids.slice(i, i + 10).map(keys.report));
    for (const e of entries) if (e.value && e.value.status === status) out.push(e.value);
  }
  return out;
}

/** Reports with a status (or all of them) matching a search text, newest first. */
export async function listAdminReports(
  kv: Deno.Kv,
  filter: ReportFilter,
  query = "",
): Promise<AdminReport[]> {
  let reports: ModeratedReport[];
  if (filter === "all") {
    reports = [];
    for await (const e of kv.list<ModeratedReport>({ prefix: keys.reportsPrefix() })) {
      reports.push(e.value);
    }
  } else {
    reports = await reportsWithStatus(kv, filter);
  }
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
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await kv.get<ModeratedReport>(keys.report(id));
    if (!entry.value) throw new AdminError(ADMIN_TEXT.reportNotFound, 404);
    const before = entry.value;
    if (before.status !== "pending") throw new AdminError(ADMIN_TEXT.reportNotPending, 409);
    const after: ModeratedReport = {
      ...before,
      status,
      reviewedAt: new Date().toISOString(),
      reviewedBy: actorId,
    };
    const res = await kv.atomic()
      .check(entry)
      .set(keys.report(id), after)
      .delete(keys.reportByStatus("pending", id))
      .set(keys.reportByStatus(status, id), id)
      .commit();
    if (res.ok) return toAdminReport(after);
  }
  throw new AdminError("The report changed meanwhile. Please try again.", 409);
}
