// /hashtags: a search and the categories over the suggested hashtags, the member's selection
// with Save (components/hashtags/SelectedHashtags.tsx) and the suggestions' grid
// (SuggestedHashtags.tsx). The selection and Save are lib/client/hashtag_selection.ts's.
import { useState } from "react";
import { useHashtagSelection } from "../lib/client/hashtag_selection.ts";
import { HASHTAG_CATEGORIES, normalizeHashtag, SUGGESTED_HASHTAGS } from "../lib/shared/filters.ts";
import { SelectedHashtags } from "../components/hashtags/SelectedHashtags.tsx";
import { SuggestedHashtags } from "../components/hashtags/SuggestedHashtags.tsx";
import { tr } from "../lib/shared/i18n/messages.ts";
import type home from "../lib/shared/i18n/catalog/home/en.ts";

const t = tr<typeof home>("home");

export interface HashtagBrowserProps {
  selected: string[];
}

type CategoryId = (typeof HASHTAG_CATEGORIES)[number]["id"];

export default function HashtagBrowser({ selected: initial }: HashtagBrowserProps) {
  const selection = useHashtagSelection(initial);
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState<CategoryId>("all");

  const q = normalizeHashtag(query);
  const shown = SUGGESTED_HASHTAGS.filter((h) =>
    (category === "all" || h.category === category) && (!q || h.name.includes(q))
  );

  return (
    <div class="stack">
      <label class="field">
        <span class="sr-only">{t("searchHashtags")}</span>
        <input
          type="search"
          placeholder={t("searchHashtags")}
          value={query}
          onInput={(e) => setQuery(e.currentTarget.value)}
          autoCapitalize="none"
        />
      </label>
      <div class="chip-scroller" role="group" aria-label={t("categories")}>
        {HASHTAG_CATEGORIES.map((c) => (
          <button
            key={c.id}
            type="button"
            class="chip chip-button"
            aria-pressed={category === c.id}
            onClick={() => setCategory(c.id)}
          >
            {t(c.key)}
          </button>
        ))}
      </div>
      <SelectedHashtags selection={selection} />
      <SuggestedHashtags
        shown={shown}
        query={query}
        selected={selection.selected}
        onToggle={selection.toggle}
      />
    </div>
  );
}
