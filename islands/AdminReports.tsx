// /admin/reports, 'Admin Dashboard: Reports': search, the status tabs, a card per report, Review
// and Dismiss on pending reports. A 401 or 403 from the API shows 'Access Denied' and goes to /
// after 2 s.
import { useEffect, useRef, useState } from "react";
import { apiRequest, getJson } from "../lib/client/api.ts";
import { toast } from "../lib/client/toast.ts";
import {
  ADMIN_TEXT,
  type AdminReport,
  REPORT_TABS,
  type ReportFilter,
  reportMatches,
} from "../lib/admin/shared.ts";
import { accessDenied, isDenied, useViewerTimeZone } from "../lib/admin/hooks.ts";
import { ReportCard } from "../components/admin/ReportCard.tsx";

export interface AdminReportsProps {
  /** The pending reports, rendered by the server. */
  initial: AdminReport[];
}

export default function AdminReports({ initial }: AdminReportsProps) {
  const [tab, setTab] = useState<ReportFilter>("pending");
  const [reports, setReports] = useState(initial);
  const [loading, setLoading] = useState(false);
  const [query, setQuery] = useState("");
  const [busyId, setBusyId] = useState<string | null>(null);
  const zone = useViewerTimeZone();
  // Only the answer for the tab shown last may land (a slow earlier answer is dropped).
  const latest = useRef(0);

  async function load(status: ReportFilter, quiet = false) {
    const ticket = ++latest.current;
    if (!quiet) setLoading(true);
    try {
      const list = await getJson<AdminReport[]>(
        `/api/admin/reports?status=${encodeURIComponent(status)}`,
      );
      if (ticket === latest.current) setReports(list);
    } catch (err) {
      if (ticket !== latest.current) return;
      if (isDenied(err)) return accessDenied();
      setReports([]);
      toast({
        title: ADMIN_TEXT.error,
        description: ADMIN_TEXT.loadReportsFailed,
        variant: "destructive",
      });
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }

  // Reload when the tab changes (the first render already has the pending reports).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    load(tab);
  }, [tab]);

  async function changeStatus(id: string, status: "reviewed" | "dismissed") {
    setBusyId(id);
    try {
      await apiRequest("PUT", `/api/admin/reports/${encodeURIComponent(id)}`, { status });
      toast(
        status === "reviewed"
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
    } catch (err) {
      if (isDenied(err)) return accessDenied();
      toast({
        title: ADMIN_TEXT.error,
        description: ADMIN_TEXT.updateReportFailed,
        variant: "destructive",
      });
    } finally {
      setBusyId(null);
    }
    await load(tab, true);
  }

  const shown = reports.filter((r) => reportMatches(r, query));

  return (
    <div class="stack">
      <label class="field admin-search">
        <span class="sr-only">Search reports</span>
        <input
          type="search"
          placeholder="Search by username, reason or details"
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
          : shown.length === 0
          ? (
            <div class="card admin-empty-card">
              <h2 class="card-title">{ADMIN_TEXT.noReports}</h2>
              <p class="muted">{ADMIN_TEXT.noReportsDescription}</p>
            </div>
          )
          : shown.map((r) => (
            <ReportCard
              key={r.id}
              report={r}
              timeZone={zone}
              busy={busyId === r.id}
              onStatus={changeStatus}
            />
          ))}
      </section>
    </div>
  );
}
