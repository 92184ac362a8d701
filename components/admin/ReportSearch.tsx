// /admin/reports' search: reports about one member, by exact username.
import { t } from "./labels.ts";

export function ReportSearch({ query, onSearch }: { query: string; onSearch(q: string): void }) {
  return (
    <label class="field admin-search">
      <span class="sr-only">{t("searchReports")}</span>
      <input
        type="search"
        placeholder={t("searchReportsPlaceholder")}
        value={query}
        onInput={(e) => onSearch(e.currentTarget.value)}
        autoCapitalize="none"
      />
    </label>
  );
}
