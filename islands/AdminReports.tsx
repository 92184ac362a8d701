// /admin/reports, 'Admin Dashboard: Reports': search by username, the status tabs, a card per
// report (the pending queue in triage order, a page at a time), Review, Dismiss and Review and
// ban on pending reports. Members on a safety hold come first, above the search, with Lift hold
// and Ban. A 401 or 403 from the API shows 'Access Denied' and goes to / after 2 s.
// The state is in lib/client/admin/use_reports.ts; the parts in components/admin/.
import { useViewerTimeZone } from "../lib/client/admin/hooks.ts";
import { type ReportsPage, useReportReview, useReports } from "../lib/client/admin/use_reports.ts";
import { ReportSearch } from "../components/admin/ReportSearch.tsx";
import { ReportTabs } from "../components/admin/ReportTabs.tsx";
import { ReportList } from "../components/admin/ReportList.tsx";
import { ReviewBanDialog } from "../components/admin/ReviewBanDialog.tsx";
import { HoldQueue } from "../components/admin/HoldQueue.tsx";
import { useHolds } from "../lib/client/admin/use_holds.ts";

export type AdminReportPageProps = ReportsPage;

export interface AdminReportsProps {
  /** The first page of pending reports, rendered by the server. */
  initial: AdminReportPageProps;
}

export default function AdminReports({ initial }: AdminReportsProps) {
  const zone = useViewerTimeZone();
  const list = useReports(initial);
  const review = useReportReview(list.reload);
  const banning = review.banning;
  const holds = useHolds(initial.holds ?? [], list.reload);

  return (
    <div class="stack">
      <HoldQueue
        holds={holds.holds}
        timeZone={zone}
        acting={holds.acting}
        busy={holds.busy}
        error={holds.error}
        onStart={holds.start}
        onCancel={holds.cancel}
        onConfirm={holds.confirm}
      />
      <ReportSearch query={list.query} onSearch={list.setQuery} />
      <ReportTabs tab={list.tab} onTab={list.setTab} />
      <ReportList
        tab={list.tab}
        reports={list.reports}
        loading={list.loading}
        cursor={list.cursor}
        loadingMore={list.loadingMore}
        onMore={list.loadMore}
        timeZone={zone}
        busyId={review.busyId}
        onStatus={review.changeStatus}
        onReviewAndBan={review.startBan}
      />
      {banning && (
        <ReviewBanDialog
          report={banning}
          busy={review.busyId === banning.id}
          error={review.banError}
          onConfirm={(ban) => review.changeStatus(banning.id, "reviewed", ban)}
          onCancel={review.cancelBan}
        />
      )}
    </div>
  );
}
