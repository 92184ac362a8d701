// /admin/reports' search: reports about one member, by exact username.
export function ReportSearch({ query, onSearch }: { query: string; onSearch(q: string): void }) {
  return (
    <label class="field admin-search">
      <span class="sr-only">Search reports by username</span>
      <input
        type="search"
        placeholder="Search by exact username"
        value={query}
        onInput={(e) => onSearch(e.currentTarget.value)}
        autoCapitalize="none"
      />
    </label>
  );
}
