// /admin/reports' panel: 'Loading reports...' while the tab or search loads, 'No reports' when
// there are none, else a card per report (./ReportCard.tsx); Load more while more follow.
import type { AdminReport, ReportFilter } from "../../lib/shared/admin.ts";
import { LoadMore } from "./LoadMore.tsx";
import { ReportCard, type ReportCardProps } from "./ReportCard.tsx";
import { t } from "./labels.ts";

export interface ReportListProps {
  tab: ReportFilter;
  reports: AdminReport[];
  loading: boolean;
  /** More follow (the next page's cursor). */
  cursor: string | null;
  loadingMore: boolean;
  onMore(): void;
  timeZone: string | undefined;
  /** The report whose change is on its way. */
  busyId: string | null;
  onStatus: ReportCardProps["onStatus"];
  onReviewAndBan(report: AdminReport): void;
}

export function ReportList(
  {
    tab,
    reports,
    loading,
    cursor,
    loadingMore,
    onMore,
    timeZone,
    busyId,
    onStatus,
    onReviewAndBan,
  }: ReportListProps,
) {
  return (
    <section
      id="reports-panel"
      role="tabpanel"
      aria-labelledby={`reports-tab-${tab}`}
      aria-busy={loading}
      class="stack"
    >
      {loading
        ? (
          <div class="notice admin-loading" role="status">
            <span class="spinner admin-spinner" aria-hidden="true" />
            {t("loadingReports")}
          </div>
        )
        : reports.length === 0
        ? (
          <div class="card admin-empty-card">
            <h2 class="card-title">{t("noReports")}</h2>
            <p class="muted">{t("noReportsDescription")}</p>
          </div>
        )
        : reports.map((r) => (
          <ReportCard
            key={r.id}
            report={r}
            timeZone={timeZone}
            busy={busyId === r.id}
            onStatus={onStatus}
            onReviewAndBan={onReviewAndBan}
          />
        ))}
      {!loading && cursor && (
        <div class="button-row admin-more">
          <LoadMore busy={loadingMore} onMore={onMore} />
        </div>
      )}
    </section>
  );
}
