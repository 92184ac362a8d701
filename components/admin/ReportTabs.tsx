// /admin/reports' status tabs (Pending, Reviewed, Dismissed, All Reports), over one panel.
import { REPORT_TABS, type ReportFilter } from "../../lib/shared/admin.ts";
import { type AdminKey, t } from "./labels.ts";

const LABELS: Record<ReportFilter, AdminKey> = {
  pending: "tabPending",
  reviewed: "tabReviewed",
  dismissed: "tabDismissed",
  all: "tabAll",
};

export function ReportTabs({ tab, onTab }: { tab: ReportFilter; onTab(tab: ReportFilter): void }) {
  return (
    <div class="tabs admin-status-tabs" role="tablist" aria-label={t("reportStatus")}>
      {REPORT_TABS.map((id) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`reports-tab-${id}`}
          class="tab"
          aria-selected={tab === id}
          aria-controls="reports-panel"
          onClick={() => onTab(id)}
        >
          {t(LABELS[id])}
        </button>
      ))}
    </div>
  );
}
