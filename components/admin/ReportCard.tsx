// One report on the reports dashboard: reason, how many distinct members reported the reported
// member in the last 30 days, reporter, reported member (and their ban), details, date, the match
// as it was when the report was filed, status and whether the pair is blocked; Dismiss, Review
// and Review and ban only while the report is pending.
import {
  ADMIN_TEXT,
  type AdminReport,
  banLabel,
  formatReportDate,
  reasonLabel,
} from "../../shared/admin.ts";
import type { SideContext } from "../../shared/moderation/reports.ts";

export interface ReportCardProps {
  report: AdminReport;
  /** undefined = the viewer's zone (in the browser); "UTC" on the server. */
  timeZone?: string;
  busy: boolean;
  onStatus(id: string, status: "reviewed" | "dismissed"): void;
  onReviewAndBan(report: AdminReport): void;
}

function sideText(s: SideContext): string {
  const parts = [
    s.location && `appeared in ${s.location}`,
    s.locationPreference && `looking for ${s.locationPreference}`,
    // Match topics are stored with their # ("#adventure").
    s.hashtag && `#${s.hashtag.replace(/^#+/, "")}`,
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : "Not known";
}

export function ReportCard(
  { report: r, timeZone, busy, onStatus, onReviewAndBan }: ReportCardProps,
) {
  const titleId = `report-${r.id}-title`;
  const c = r.context;
  return (
    <article class="card admin-report" aria-labelledby={titleId} data-report-id={r.id}>
      <header class="card-head">
        <h2 id={titleId} class="admin-report-reason">{reasonLabel(r.reportReason)}</h2>
        <span class={`badge admin-status admin-status-${r.status}`}>{r.status}</span>
      </header>
      <p class="admin-report-count" title={ADMIN_TEXT.reportersHelp}>
        <span class={`badge admin-reporters${r.reporters > 1 ? " admin-reporters-many" : ""}`}>
          {ADMIN_TEXT.reportersCount(r.reporters)}
        </span>
        {r.reportedBan && (
          <span class="badge admin-badge-banned">{banLabel(r.reportedBan, timeZone)}</span>
        )}
      </p>
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
      <div class="admin-report-context">
        <p class="muted admin-label">The match</p>
        {c
          ? (
            <dl class="admin-report-facts">
              <div>
                <dt>Started</dt>
                <dd>
                  {c.matchStartedAt ? formatReportDate(c.matchStartedAt, timeZone) : "Not known"}
                </dd>
              </div>
              <div>
                <dt>Ended</dt>
                <dd>{c.matchEndedAt ? formatReportDate(c.matchEndedAt, timeZone) : "Not known"}</dd>
              </div>
              <div>
                <dt>Reporter</dt>
                <dd>{sideText(c.reporter)}</dd>
              </div>
              <div>
                <dt>Reported user</dt>
                <dd>{sideText(c.reported)}</dd>
              </div>
            </dl>
          )
          : <p class="muted">{ADMIN_TEXT.noContext}</p>}
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
          {r.reportedId && !r.reportedBan && (
            <button
              type="button"
              class="button button-danger button-small"
              disabled={busy}
              onClick={() => onReviewAndBan(r)}
            >
              {ADMIN_TEXT.reviewAndBan}
            </button>
          )}
        </div>
      )}
    </article>
  );
}
