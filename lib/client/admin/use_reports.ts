// Browser state of /admin/reports: the status tab and the search (asked again a moment after
// typing stops, at once on a tab), the reports shown and Load more; and the review of one report
// (Review, Dismiss, or Review and ban with its dialog), after which the list is asked again
// quietly. Only the answer for the tab and search shown last may land. A 401 or 403 shows
// 'Access Denied' and goes to /.
import { useEffect, useRef, useState } from "react";
import { ApiError, apiRequest, getJson } from "../api.ts";
import { toast } from "../toast.ts";
import type { AdminReport, HeldMember, ReportFilter } from "../../shared/admin.ts";
import { accessDenied, isDenied } from "./hooks.ts";
import { t } from "./texts.ts";

export interface ReportsPage {
  reports: AdminReport[];
  nextCursor: string | null;
  /** Members on a safety hold (the first pending page only). */
  holds?: HeldMember[];
}

const SEARCH_DELAY_MS = 300;

const url = (status: ReportFilter, q: string, after?: string | null) => {
  const params = new URLSearchParams({ status });
  if (q.trim()) params.set("q", q.trim());
  if (after) params.set("cursor", after);
  return `/api/admin/reports?${params}`;
};

function failed(err: unknown, text: string) {
  if (isDenied(err)) return accessDenied();
  toast({ title: t("error"), description: text, variant: "destructive" });
}

/** The reports of the tab and search shown; the first pending page comes with the page. */
export function useReports(initial: ReportsPage) {
  const [tab, setTab] = useState<ReportFilter>("pending");
  const [reports, setReports] = useState(initial.reports);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [loading, setLoading] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [query, setQuery] = useState("");
  // Only the answer for the tab and search shown last may land (a slow earlier one is dropped).
  const latest = useRef(0);

  async function load(status: ReportFilter, q: string, quiet = false) {
    const ticket = ++latest.current;
    if (!quiet) setLoading(true);
    try {
      const page = await getJson<ReportsPage>(url(status, q));
      if (ticket !== latest.current) return;
      setReports(page.reports);
      setCursor(page.nextCursor);
    } catch (err) {
      if (ticket !== latest.current) return;
      setReports([]);
      setCursor(null);
      failed(err, t("loadReportsFailed"));
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }

  async function loadMore() {
    if (!cursor) return;
    const ticket = latest.current;
    setLoadingMore(true);
    try {
      const page = await getJson<ReportsPage>(url(tab, query, cursor));
      if (ticket !== latest.current) return;
      // A report that moved up meanwhile (a new report re-ranked it) is shown once.
      setReports((shown) => {
        const seen = new Set(shown.map((r) => r.id));
        return [...shown, ...page.reports.filter((r) => !seen.has(r.id))];
      });
      setCursor(page.nextCursor);
    } catch (err) {
      if (ticket === latest.current) failed(err, t("loadReportsFailed"));
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

  return {
    tab,
    setTab,
    query,
    setQuery,
    reports,
    cursor,
    loading,
    loadingMore,
    loadMore,
    /** Asks for the tab and search shown again, without the loading notice. */
    reload: () => load(tab, query, true),
  };
}

/** Review, Dismiss, or Review and ban (with its dialog's report and refusal); then `reload`. */
export function useReportReview(reload: () => Promise<void>) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [banning, setBanning] = useState<AdminReport | null>(null);
  const [banError, setBanError] = useState<string | null>(null);

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
            title: t("banned"),
            description: t("bannedDescription", { username: banning?.reportedUsername ?? "" }),
            variant: "success",
          }
          : status === "reviewed"
          ? {
            title: t("reportReviewed"),
            description: t("reportReviewedDescription"),
            variant: "success",
          }
          : {
            title: t("reportDismissed"),
            description: t("reportDismissedDescription"),
            variant: "success",
          },
      );
      setBanning(null);
    } catch (err) {
      if (ban && err instanceof ApiError && err.status < 500 && !isDenied(err)) {
        setBanError(err.serverText ?? err.message);
        return;
      }
      failed(err, t("updateReportFailed"));
    } finally {
      setBusyId(null);
    }
    await reload();
  }

  return {
    busyId,
    banning,
    banError,
    changeStatus,
    /** Opens the ban dialog for a report (without the last refusal). */
    startBan(report: AdminReport) {
      setBanError(null);
      setBanning(report);
    },
    cancelBan: () => setBanning(null),
  };
}
