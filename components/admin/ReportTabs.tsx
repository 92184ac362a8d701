// /admin/reports' status tabs (Pending, Reviewed, Dismissed, All Reports), over one panel.
import { REPORT_TABS, type ReportFilter } from "../../shared/admin.ts";

export function ReportTabs({ tab, onTab }: { tab: ReportFilter; onTab(tab: ReportFilter): void }) {
  return (
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
          onClick={() => onTab(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
