// /admin/users' search field: a username or an email, exact or its start (asked of the server a
// moment after typing stops), with its help line.
import { ADMIN_TEXT } from "../../shared/admin.ts";

export function UserSearch({ query, onSearch }: { query: string; onSearch(text: string): void }) {
  return (
    <div class="field admin-search">
      <label class="sr-only" for="admin-user-search">{ADMIN_TEXT.searchLabel}</label>
      <input
        id="admin-user-search"
        type="search"
        placeholder={ADMIN_TEXT.searchPlaceholder}
        aria-describedby="admin-user-search-help"
        value={query}
        onInput={(e) => onSearch(e.currentTarget.value)}
        autoCapitalize="none"
        spellcheck={false}
      />
      <p id="admin-user-search-help" class="muted admin-search-help">
        {ADMIN_TEXT.searchHelp}
      </p>
    </div>
  );
}
