// /hashtags' Suggested grid: the suggested hashtags the search and the category leave, each a
// tile that selects or drops its tag.
import type { HashtagSuggestion } from "../../lib/shared/filters.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type home from "../../lib/shared/i18n/catalog/home/en.ts";

const t = tr<typeof home>("home");

export function SuggestedHashtags(
  { shown, query, selected, onToggle }: {
    shown: HashtagSuggestion[];
    /** The search as typed (named when nothing is left). */
    query: string;
    selected: string[];
    onToggle(name: string): void;
  },
) {
  return (
    <section aria-labelledby="suggested-title">
      <h2 id="suggested-title" class="card-title">{t("suggested")}</h2>
      {shown.length === 0 && <p class="muted">{t("noSuggestion", { query })}</p>}
      <ul class="hashtag-grid">
        {shown.map((h) => (
          <li key={h.id}>
            <button
              type="button"
              class="hashtag-tile"
              aria-pressed={selected.includes(h.name)}
              onClick={() => onToggle(h.name)}
            >
              <span class="hashtag-icon" aria-hidden="true">{h.icon}</span>
              <span>#{h.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
