// The reports dashboard: pages of reports by status (the pending queue in triage order), the
// search by a member's username, and the only two transitions, pending → reviewed and
// pending → dismissed; a review can ban the reported member in the same commit.
import { listReportPage, type ModeratedReport, reviewReport } from "../../../kv/reports.ts";
import { reporterCounts } from "../../../kv/report_triage.ts";
import { appendAudit } from "../../../kv/audit.ts";
import { deleteUserSessions } from "../../../kv/sessions.ts";
import { findUserByUsername, getUser } from "../../../kv/users.ts";
import { activeBan } from "../../shared/moderation/bans.ts";
import { type Actor, auditEntry } from "./audit.ts";
import { addBan, type BanRequest } from "./bans.ts";
import {
  type AdminReport,
  type HeldMember,
  type ReportFilter,
  type ReportStatus,
} from "../../shared/admin.ts";
import { AdminError, readingCursor } from "./users.ts";
import { said } from "../../shared/i18n/said.ts";
import { listHeld } from "../moderation/holds.ts";

export type { ModeratedReport };

export function toAdminReport(
  r: ModeratedReport,
  reporters: number,
  reportedBan: AdminReport["reportedBan"] = null,
): AdminReport {
  return {
    id: r.id,
    status: r.status,
    createdAt: r.createdAt,
    reporterUsername: r.reporterUsername,
    reportedId: r.reportedId,
    reportedUsername: r.reportedUsername ?? null,
    reportReason: r.reportReason,
    additionalDetails: r.additionalDetails,
    partnerPeerId: r.partnerPeerId,
    blocked: r.blocked,
    reviewedAt: r.reviewedAt ?? null,
    reporters,
    reportedBan,
    context: r.context ?? null,
  };
}

export interface AdminReportPage {
  reports: AdminReport[];
  nextCursor: string | null;
  /**
   * Members on a safety hold, longest held first: the pending queue's first page (without a
   * search) lists them above every report.
   */
  holds?: HeldMember[];
}

/**
 * One page of reports with a status (or all): pending in triage order, the others newest first.
 * A search names a member by username (exact, a leading @ allowed): their reports either way
 * round, newest first. Every card carries how many distinct members reported the reported member
 * in the last 30 days, and whether that member is banned now.
 */
export async function listAdminReports(
  kv: Deno.Kv,
  filter: ReportFilter,
  options: { query?: string; cursor?: string; limit: number },
): Promise<AdminReportPage> {
  const q = (options.query ?? "").trim().replace(/^@/, "");
  let memberId: string | undefined;
  if (q) {
    const member = await findUserByUsername(kv, q);
    if (!member) return { reports: [], nextCursor: null };
    memberId = member.id;
  }
  const page = await readingCursor(
    options.cursor,
    () => listReportPage(kv, filter, { ...options, memberId }),
  );
  const reported = [...new Set(page.reports.map((r) => r.reportedId).filter((id) => id !== null))];
  const uncounted = page.reports.filter((r) => r.reporters === null && r.reportedId);
  const [counts, members] = await Promise.all([
    reporterCounts(kv, uncounted.map((r) => r.reportedId!)),
    Promise.all(reported.map((id) => getUser(kv, id))),
  ]);
  const bans = new Map(members.map((u, i) => {
    const ban = u ? activeBan(u) : null;
    return [reported[i], ban ? { until: ban.until } : null] as const;
  }));
  return {
    reports: page.reports.map((r) =>
      toAdminReport(
        r,
        r.reporters ?? (r.reportedId ? counts.get(r.reportedId) ?? 0 : 0),
        r.reportedId ? bans.get(r.reportedId) ?? null : null,
      )
    ),
    nextCursor: page.nextCursor,
    ...(filter === "pending" && !q && !options.cursor ? { holds: await listHeld(kv) } : {}),
  };
}

/**
 * Moves a pending report to reviewed or dismissed, with its audit entry; a review may ban the
 * reported member in the same commit (then they are signed out everywhere). Anything else
 * returns 404 or 409; a ban of a member who is gone or of the administrator themselves is
 * refused and the report stays pending.
 */
export async function setReportStatus(
  kv: Deno.Kv,
  actor: Actor,
  id: string,
  status: Exclude<ReportStatus, "pending">,
  ban?: BanRequest,
): Promise<AdminReport> {
  const now = Date.now();
  let bannedId: string | null = null;
  const result = await reviewReport(kv, id, status, actor.id, new Date(now), async (op, r) => {
    appendAudit(
      op,
      auditEntry(
        actor,
        status === "reviewed" ? "review_report" : "dismiss_report",
        { id: r.id, label: reportLabel(r) },
        { details: { reportedUsername: r.reportedUsername ?? null, reason: r.reportReason } },
        now,
      ),
    );
    if (!ban) return;
    if (!r.reportedId) throw new AdminError(said("admin.userNotFound"), 404);
    await addBan(kv, op, actor, r.reportedId, ban, now, { reportId: r.id });
    bannedId = r.reportedId;
  });
  if (!result.ok) {
    if (result.reason === "not_found") throw new AdminError(said("admin.reportNotFound"), 404);
    if (result.reason === "not_pending") throw new AdminError(said("admin.reportNotPending"), 409);
    throw new AdminError(said("admin.changedMeanwhile"), 409);
  }
  if (bannedId) await deleteUserSessions(kv, bannedId);
  const r = result.report;
  const member = r.reportedId ? await getUser(kv, r.reportedId) : null;
  const memberBan = member ? activeBan(member) : null;
  const count = r.reportedId
    ? (await reporterCounts(kv, [r.reportedId])).get(r.reportedId) ?? 0
    : 0;
  return toAdminReport(r, count, memberBan ? { until: memberBan.until } : null);
}

/** How the audit log names a report: whom it was about. */
function reportLabel(r: ModeratedReport): string {
  return `Report on ${r.reportedUsername ?? "deleted member"} by ${r.reporterUsername}`;
}
