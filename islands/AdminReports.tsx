// /admin/reports, 'Admin Dashboard: Reports': search by username, the status tabs, a card per
// report (the pending queue in triage order, a page at a time), Review, Dismiss and Review and
// ban on pending reports. A 401 or 403 from the API shows 'Access Denied' and goes to / after 2 s.
import { useEffect, useRef, useState } from "react";
import { ApiError, apiRequest, getJson } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import { ADMIN_TEXT, type AdminReport, REPORT_TABS, type ReportFilter } from "../shared/admin.ts";
import { BAN_TEXT } from "../shared/moderation/bans.ts";
import { LoadMore } from "../components/admin/LoadMore.tsx";
import { accessDenied, isDenied, useViewerTimeZone } from "../client/admin/hooks.ts";
import { ReportCard } from "../components/admin/ReportCard.tsx";
import { BanDialog } from "../components/admin/BanDialog.tsx";

export interface AdminReportPageProps {
  reports: AdminReport[];
  nextCursor: string | null;
}

export interface AdminReportsProps {
  /** The first page of pending reports, rendered by the server. */
  initial: AdminReportPageProps;
}

const SEARCH_DELAY_MS = 300;

export default function AdminReports({ initial }: AdminReportsProps) {
  const [tab, setTab] = useState<ReportFilter>("pending");
  const [reports, setReports] = useState(initial.reports);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [loading, setLoading] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [query, setQuery] = useState("");
  const [busyId, setBusyId] = useState<string | null>(null);
  const [banning, setBanning] = useState<AdminReport | null>(null);
  const [banError, setBanError] = useState<string | null>(null);
  const zone = useViewerTimeZone();
  // Only the answer for the tab and search shown last may land (a slow earlier one is dropped).
  const latest = useRef(0);

  const url = (status: ReportFilter, q: string, after?: string | null) => {
    const params = new URLSearchParams({ status });
    if (q.trim()) params.set("q", q.trim());
    if (after) params.set("cursor", after);
    return `/api/admin/reports?${params}`;
  };

  function failed(err: unknown, text: string) {
    if (isDenied(err)) return accessDenied();
    toast({ title: ADMIN_TEXT.error, description: text, variant: "destructive" });
  }

  async function load(status: ReportFilter, q: string, quiet = false) {
    const ticket = ++latest.current;
    if (!quiet) setLoading(true);
    try {
      const page = await getJson<AdminReportPageProps>(url(status, q));
      if (ticket !== latest.current) return;
      setReports(page.reports);
      setCursor(page.nextCursor);
    } catch (err) {
      if (ticket !== latest.current) return;
      setReports([]);
      setCursor(null);
      failed(err, ADMIN_TEXT.loadReportsFailed);
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }

  async function loadMore() {
    if (!cursor) return;
    const ticket = latest.current;
    setLoadingMore(true);
    try {
      const page = await getJson<AdminReportPageProps>(url(tab, query, cursor));
      if (ticket !== latest.current) return;
      // A report that moved up meanwhile (a new report re-ranked it) is shown once.
      setReports((shown) => {
        const seen = new Set(shown.map((r) => r.id));
        return [...shown, ...page.reports.filter((r) => !seen.has(r.id))];
      });
      setCursor(page.nextCursor);
    } catch (err) {
      if (ticket === latest.current) failed(err, ADMIN_TEXT.loadReportsFailed);
    } finally {
      setLoadingMore(false);
    }
  }

  // Reload when the tab or the search changes (the first render already has the pending page).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => load(tab, query), query ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [tab, query]);

  async function changeStatus(
    id: string,
    status: "reviewed" | "dismissed",
    ban?: { reason: string; days?: number },
  ) {
    setBusyId(id);
    try {
      await apiRequest("PUT", `/api/admin/reports/${encodeURIComponent(id)}`, {
        status,
        ...(ban ? { ban } : {}),
      });
      toast(
        ban
          ? {
            title: BAN_TEXT.banned,
            description: BAN_TEXT.bannedDescription(banning?.reportedUsername ?? ""),
            variant: "success",
          }
          : status === "reviewed"
          ? {
            title: ADMIN_TEXT.reportReviewed,
            description: ADMIN_TEXT.reportReviewedDescription,
            variant: "success",
          }
          : {
            title: ADMIN_TEXT.reportDismissed,
            description: ADMIN_TEXT.reportDismissedDescription,
            variant: "success",
          },
      );
      setBanning(null);
    } catch (err) {
      if (ban && err instanceof ApiError && err.status < 500 && !isDenied(err)) {
        setBanError(err.serverText ?? err.message);
        return;
      }
      failed(err, ADMIN_TEXT.updateReportFailed);
    } finally {
      setBusyId(null);
    }
    await load(tab, query, true);
  }

  return (
    <div class="stack">
      <label class="field admin-search">
        <span class="sr-only">Search reports by username</span>
        <input
          type="search"
          placeholder="Search by exact username"
          value={query}
          onInput={(e) => setQuery(e.currentTarget.value)}
          autoCapitalize="none"
        />
      </label>
      <div class="tabs admin-status-tabs" role="tablist" aria-label="Report status">
        {REPORT_TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`reports-tab-${t.id}`}
            class="tab"
            aria-selected={tab === t.id}
            aria-controls="reports-panel"
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
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
              {ADMIN_TEXT.loadingReports}
            </div>
          )
          : reports.length === 0
          ? (
            <div class="card admin-empty-card">
              <h2 class="card-title">{ADMIN_TEXT.noReports}</h2>
              <p class="muted">{ADMIN_TEXT.noReportsDescription}</p>
            </div>
          )
          : reports.map((r) => (
            <ReportCard
              key={r.id}
              report={r}
              timeZone={zone}
              busy={busyId === r.id}
              onStatus={changeStatus}
              onReviewAndBan={(report) => {
                setBanError(null);
                setBanning(report);
              }}
            />
          ))}
        {!loading && cursor && (
          <div class="button-row admin-more">
            <LoadMore busy={loadingMore} onMore={loadMore} />
          </div>
        )}
      </section>
      {banning && (
        <BanDialog
          username={banning.reportedUsername ?? ""}
          title={ADMIN_TEXT.reviewBanTitle(banning.reportedUsername ?? "")}
          description={ADMIN_TEXT.reviewBanDescription}
          confirmLabel={ADMIN_TEXT.reviewAndBan}
          busy={busyId === banning.id}
          error={banError ?? ""}
          onConfirm={(reason, days) =>
            changeStatus(
              banning.id,
              "reviewed",
              days === undefined ? { reason } : { reason, days },
            )}
          onCancel={() => setBanning(null)}
        />
      )}
    </div>
  );
}
