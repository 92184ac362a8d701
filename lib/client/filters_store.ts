// The browser's copy of the member's filters, kept in browser storage.
import { type Filters, readSavedFilters } from "../shared/filters.ts";

const KEY = "glimpse_filters";

export function storeFiltersLocally(filters: Filters) {
  try {
    localStorage.setItem(KEY, JSON.stringify(filters));
  } catch {
    // storage full or disabled: the server copy is the source of truth anyway
  }
}

export function loadLocalFilters(): Filters | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? readSavedFilters(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}
