import { useState } from "react";
import { errorMessage, postJson } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import { storeFiltersLocally } from "../client/filters_store.ts";
import {
  FILTER_TEXT,
  type Filters,
  HASHTAG_CATEGORIES,
  hashtagListProblem,
  MAX_HASHTAGS,
  normalizeHashtag,
  SUGGESTED_HASHTAGS,
} from "../shared/filters.ts";

export interface HashtagBrowserProps {
  selected: string[];
}

type CategoryId = (typeof HASHTAG_CATEGORIES)[number]["id"];

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
      return setError(FILTER_TEXT.tooManyHashtags);
    }
    setError("");
    setSelected((list) => list.includes(name) ? list.filter((t) => t !== name) : [...list, name]);
  }

  async function save() {
    if (selected.length === 0) {
      toast({
        title: FILTER_TEXT.noHashtags,
        description: FILTER_TEXT.noHashtagsDescription,
        variant: "destructive",
      });
      return;
    }
    // Refused before sending, with the server's own text; the selection stays.
    const problem = hashtagListProblem(selected);
    if (problem) return setError(problem);
    setError("");
    setSaving(true);
    try {
      const saved = await postJson<Filters>("/api/filters", { hashtags: selected });
      storeFiltersLocally(saved);
      setSelected(saved.hashtags);
      toast({
        title: FILTER_TEXT.hashtagsSaved,
        description: FILTER_TEXT.hashtagsSavedDescription,
      });
    } catch (err) {
      // The selection stays as it was; the server's reason shows above the button.
      const text = errorMessage(err, FILTER_TEXT.hashtagsErrorDescription);
      toast({ title: FILTER_TEXT.hashtagsError, description: text, variant: "destructive" });
      setError(text);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div class="stack">
      <label class="field">
        <span class="sr-only">Search hashtags</span>
        <input
          type="search"
          placeholder="Search hashtags"
          value={query}
          onInput={(e) => setQuery(e.currentTarget.value)}
          autoCapitalize="none"
        />
      </label>
      <div class="chip-scroller" role="group" aria-label="Categories">
        {HASHTAG_CATEGORIES.map((c) => (
          <button
            key={c.id}
            type="button"
            class="chip chip-button"
            aria-pressed={category === c.id}
            onClick={() => setCategory(c.id)}
          >
            {c.label}
          </button>
        ))}
      </div>

      <section class="card" aria-labelledby="selected-title">
        <h2 id="selected-title" class="card-title">Selected ({selected.length})</h2>
        {selected.length === 0
          ? <p class="muted">Pick at least one hashtag below.</p>
          : (
            <ul class="chip-list">
              {selected.map((t) => (
                <li key={t} class="chip">
                  #{t}
                  <button
                    type="button"
                    class="chip-remove"
                    aria-label={`Remove #${t}`}
                    onClick={() => toggle(t)}
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
          {saving ? "Saving..." : "Save Hashtags"}
        </button>
      </section>

      <section aria-labelledby="suggested-title">
        <h2 id="suggested-title" class="card-title">Suggested</h2>
        {shown.length === 0 && <p class="muted">No suggested hashtag matches “{query}”.</p>}
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
