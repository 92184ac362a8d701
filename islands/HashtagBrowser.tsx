import { useState } from "react";
import { errorMessage, postJson } from "../lib/client/api.ts";
import { toast } from "../lib/client/toast.ts";
import { storeFiltersLocally } from "../lib/client/filters_store.ts";
import {
  FILTER_TEXT,
  type Filters,
  HASHTAG_CATEGORIES,
  hashtagListProblem,
  MAX_HASHTAG_LENGTH,
  MAX_HASHTAGS,
  normalizeHashtag,
  SUGGESTED_HASHTAGS,
} from "../lib/shared/filters.ts";
import { tr } from "../lib/shared/i18n/messages.ts";
import type home from "../lib/shared/i18n/catalog/home/en.ts";

const t = tr<typeof home>("home");

export interface HashtagBrowserProps {
  selected: string[];
}

type CategoryId = (typeof HASHTAG_CATEGORIES)[number]["id"];

const CATEGORY_KEYS: Record<CategoryId, keyof typeof home> = {
  all: "categoryAll",
  activities: "categoryActivities",
  entertainment: "categoryEntertainment",
  food: "categoryFood",
  health: "categoryHealth",
  places: "categoryPlaces",
  animals: "categoryAnimals",
};

/** A refusal of the shared rules (lib/shared/filters.ts, in English) in the page's language. */
function problemText(problem: string): string {
  if (problem === FILTER_TEXT.tooManyHashtags) return t("tooManyHashtags", { max: MAX_HASHTAGS });
  if (problem === FILTER_TEXT.badHashtag) return t("badHashtag", { max: MAX_HASHTAG_LENGTH });
  return problem;
}

export default function HashtagBrowser({ selected: initial }: HashtagBrowserProps) {
  const [selected, setSelected] = useState<string[]>(initial);
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState<CategoryId>("all");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState("");

  const q = normalizeHashtag(query);
  const shown = SUGGESTED_HASHTAGS.filter((h) =>
    (category === "all" || h.category === category) && (!q || h.name.includes(q))
  );

  /** Selects or drops a tag; a selection beyond the server's limit is refused, in its words. */
  function toggle(name: string) {
    if (!selected.includes(name) && selected.length >= MAX_HASHTAGS) {
      return setError(problemText(FILTER_TEXT.tooManyHashtags));
    }
    setError("");
    setSelected((list) => list.includes(name) ? list.filter((t) => t !== name) : [...list, name]);
  }

  async function save() {
    if (selected.length === 0) {
      toast({
        title: t("noHashtags"),
        description: t("noHashtagsDescription"),
        variant: "destructive",
      });
      return;
    }
    // Refused before sending, with the server's own text; the selection stays.
    const problem = hashtagListProblem(selected);
    if (problem) return setError(problemText(problem));
    setError("");
    setSaving(true);
    try {
      const saved = await postJson<Filters>("/api/filters", { hashtags: selected });
      storeFiltersLocally(saved);
      setSelected(saved.hashtags);
      toast({
        title: t("hashtagsSaved"),
        description: t("hashtagsSavedDescription"),
      });
    } catch (err) {
      // The selection stays as it was; the server's reason shows above the button.
      const text = errorMessage(err, t("hashtagsErrorDescription"));
      toast({ title: t("hashtagsError"), description: text, variant: "destructive" });
      setError(text);
    } finally {
      setSaving(false);
    }
  }

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
            {t(CATEGORY_KEYS[c.id])}
          </button>
        ))}
      </div>

      <section class="card" aria-labelledby="selected-title">
        <h2 id="selected-title" class="card-title">
          {t("selectedCount", { count: selected.length })}
        </h2>
        {selected.length === 0 ? <p class="muted">{t("pickAtLeastOne")}</p> : (
          <ul class="chip-list">
            {selected.map((tag) => (
              <li key={tag} class="chip">
                #{tag}
                <button
                  type="button"
                  class="chip-remove"
                  aria-label={t("removeTag", { tag })}
                  onClick={() => toggle(tag)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        {error && <p class="form-error" role="alert">{error}</p>}
        <button
          type="button"
          class="button button-primary button-block save-hashtags"
          onClick={save}
          disabled={saving}
        >
          {saving ? t("saving") : t("saveHashtags")}
        </button>
      </section>

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
                onClick={() => toggle(h.name)}
              >
                <span class="hashtag-icon" aria-hidden="true">{h.icon}</span>
                <span>#{h.name}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
