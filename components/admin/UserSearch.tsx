// /admin/users' search field: a username or an email, exact or its start (asked of the server a
// moment after typing stops), with its help line.
import { t } from "./labels.ts";

export function UserSearch({ query, onSearch }: { query: string; onSearch(text: string): void }) {
  return (
    <div class="field admin-search">
      <label class="sr-only" for="admin-user-search">{t("searchLabel")}</label>
      <input
        id="admin-user-search"
        type="search"
        placeholder={t("searchPlaceholder")}
        aria-describedby="admin-user-search-help"
        value={query}
        onInput={(e) => onSearch(e.currentTarget.value)}
        autoCapitalize="none"
        spellcheck={false}
      />
      <p id="admin-user-search-help" class="muted admin-search-help">
        {t("searchHelp")}
      </p>
    </div>
  );
}
