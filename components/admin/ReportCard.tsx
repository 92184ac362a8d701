// One report on the reports dashboard: reason, how many distinct members reported the reported
// member in the last 30 days, reporter, reported member (and their ban), details, date, the match
// as it was when the report was filed, status and whether the pair is blocked; Dismiss, Review
// and Review and ban only while the report is pending.
import { type AdminReport, formatReportDate } from "../../lib/shared/admin.ts";
import type { SideContext } from "../../lib/shared/moderation/reports.ts";
import { banText, preferenceText, reasonText, statusText, t } from "./labels.ts";

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
    s.location && t("appearedIn", { place: s.location }),
    s.locationPreference && t("lookingFor", { place: preferenceText(s.locationPreference) }),
    // Match topics are stored with their # ("#adventure").
    s.hashtag && `#${s.hashtag.replace(/^#+/, "")}`,
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : t("notKnown");
}

export function ReportCard(
  { report: r, timeZone, busy, onStatus, onReviewAndBan }: ReportCardProps,
) {
  const titleId = `report-${r.id}-title`;
  return (
    <article class="card admin-report" aria-labelledby={titleId} data-report-id={r.id}>
      <header class="card-head">
        <h2 id={titleId} class="admin-report-reason">{reasonText(r.reportReason)}</h2>
        <span class={`badge admin-status admin-status-${r.status}`}>{statusText(r.status)}</span>
      </header>
      <p class="admin-report-count" title={t("reportersHelp")}>
        <span class={`badge admin-reporters${r.reporters > 1 ? " admin-reporters-many" : ""}`}>
          {t("reportersCount", { count: r.reporters })}
        </span>
        {r.reportedBan && (
          <span class="badge admin-badge-banned">{banText(r.reportedBan, timeZone)}</span>
        )}
      </p>
      <dl class="admin-report-facts">
        <div>
          <dt>{t("reporter")}</dt>
          <dd>{r.reporterUsername}</dd>
        </div>
        <div>
          <dt>{t("reportedUser")}</dt>
          <dd>{r.reportedUsername ?? t("unknown")}</dd>
        </div>
        <div>
          <dt>{t("date")}</dt>
          <dd>
            <time dateTime={r.createdAt}>{formatReportDate(r.createdAt, timeZone)}</time>
          </dd>
        </div>
        <div>
          <dt>{t("colStatus")}</dt>
          <dd class="admin-report-status">{statusText(r.status)}</dd>
        </div>
      </dl>
      <div class="admin-report-details">
        <p class="muted admin-label">{t("details")}</p>
        <p>{r.additionalDetails || t("noDetails")}</p>
      </div>
      <MatchContext context={r.context} timeZone={timeZone} />
      {r.blocked && (
        <p class="admin-report-blocked">
          <span class="badge admin-badge-blocked">{t("blocked")}</span>{" "}
          <span class="muted">{t("reporterBlocked")}</span>
        </p>
      )}
      {r.status === "pending" && (
        <ReportActions report={r} busy={busy} onStatus={onStatus} onReviewAndBan={onReviewAndBan} />
      )}
    </article>
  );
}

/** The match as it was when the report was filed: when it started and ended, and each side. */
function MatchContext(
  { context: c, timeZone }: { context: AdminReport["context"]; timeZone?: string },
) {
  return (
    <div class="admin-report-context">
      <p class="muted admin-label">{t("theMatch")}</p>
      {c
        ? (
          <dl class="admin-report-facts">
            <div>
              <dt>{t("matchStarted")}</dt>
              <dd>
                {c.matchStartedAt ? formatReportDate(c.matchStartedAt, timeZone) : t("notKnown")}
              </dd>
            </div>
            <div>
              <dt>{t("matchEnded")}</dt>
              <dd>
                {c.matchEndedAt ? formatReportDate(c.matchEndedAt, timeZone) : t("notKnown")}
              </dd>
            </div>
            <div>
              <dt>{t("reporter")}</dt>
              <dd>{sideText(c.reporter)}</dd>
            </div>
            <div>
              <dt>{t("reportedUser")}</dt>
              <dd>{sideText(c.reported)}</dd>
            </div>
          </dl>
        )
        : <p class="muted">{t("noContext")}</p>}
    </div>
  );
}

/** A pending report's buttons: Dismiss, Review, and Review and ban unless the member is banned. */
function ReportActions(
  { report: r, busy, onStatus, onReviewAndBan }: Omit<ReportCardProps, "timeZone">,
) {
  return (
    <div class="button-row button-row-end">
      <button
        type="button"
        class="button button-secondary button-small"
        disabled={busy}
        onClick={() => onStatus(r.id, "dismissed")}
      >
        {t("dismiss")}
      </button>
      <button
        type="button"
        class="button button-primary button-small"
        disabled={busy}
        onClick={() => onStatus(r.id, "reviewed")}
      >
        {t("review")}
      </button>
      {r.reportedId && !r.reportedBan && (
        <button
          type="button"
          class="button button-danger button-small"
          disabled={busy}
          onClick={() => onReviewAndBan(r)}
        >
          {t("reviewAndBan")}
        </button>
      )}
    </div>
  );
}
