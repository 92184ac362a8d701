// One report on the reports dashboard: reason, reporter, reported member, details, date, status and
// whether the pair is blocked; Review and Dismiss only while the report is pending.
import { type AdminReport, formatReportDate, reasonLabel } from "../../lib/admin/shared.ts";

export interface ReportCardProps {
  report: AdminReport;
  /** undefined = the viewer's zone (in the browser); "UTC" on the server. */
  timeZone?: string;
  busy: boolean;
  onStatus(id: string, status: "reviewed" | "dismissed"): void;
}

export function ReportCard({ report: r, timeZone, busy, onStatus }: ReportCardProps) {
  const titleId = `report-${r.id}-title`;
  return (
    <article class="card admin-report" aria-labelledby={titleId} data-report-id={r.id}>
      <header class="card-head">
        <h3 id={titleId} class="admin-report-reason">{reasonLabel(r.reportReason)}</h3>
        <span class={`badge admin-status admin-status-${r.status}`}>{r.status}</span>
      </header>
      <dl class="admin-report-facts">
        <div>
          <dt>Reporter</dt>
          <dd>{r.reporterUsername}</dd>
        </div>
        <div>
          <dt>Reported user</dt>
          <dd>{r.reportedUsername ?? "Unknown"}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>
            <time dateTime={r.createdAt}>{formatReportDate(r.createdAt, timeZone)}</time>
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd class="admin-report-status">{r.status}</dd>
        </div>
      </dl>
      <div class="admin-report-details">
        <p class="muted admin-label">Details</p>
        <p>{r.additionalDetails || "No additional details."}</p>
      </div>
      {r.blocked && (
        <p class="admin-report-blocked">
          <span class="badge admin-badge-blocked">blocked</span>{" "}
          <span class="muted">The reporter blocked this user.</span>
        </p>
      )}
      {r.status === "pending" && (
        <div class="button-row button-row-end">
          <button
            type="button"
            class="button button-secondary button-small"
            disabled={busy}
            onClick={() => onStatus(r.id, "dismissed")}
          >
            Dismiss
          </button>
          <button
            type="button"
            class="button button-primary button-small"
            disabled={busy}
            onClick={() => onStatus(r.id, "reviewed")}
          >
            Review
          </button>
        </div>
      )}
    </article>
  );
}
