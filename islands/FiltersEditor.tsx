import { useEffect, useState } from "react";
import type { JSX } from "react";
import { errorMessage, postJson } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import { storeFiltersLocally } from "../client/filters_store.ts";
import {
  CONTINENTS,
  COUNTRIES,
  DEFAULT_CONTINENT,
  DEFAULT_COUNTRY,
  FILTER_TEXT,
  type Filters,
  hashtagListProblem,
  hashtagProblem,
  type LanguagePreference,
  LOCATION_PREFERENCES,
  type LocationPreference,
  MAX_HASHTAG_LENGTH,
  normalizeHashtag,
  PREFERENCE_HELP,
  PREFERENCE_LABELS,
  QUICK_ADD_HASHTAGS,
  tryAddHashtag,
} from "../shared/filters.ts";
import { LANGUAGE_NAMES } from "../shared/profile.ts";

export interface FiltersEditorProps {
  filters: Filters;
}

export default function FiltersEditor({ filters }: FiltersEditorProps) {
  const [preference, setPreference] = useState<LocationPreference>(filters.locationPreference);
  const [country, setCountry] = useState(filters.countryPreference ?? "");
  const [continent, setContinent] = useState(filters.continentPreference ?? "");
  const [language, setLanguage] = useState<LanguagePreference>(filters.languagePreference);
  const [hashtags, setHashtags] = useState<string[]>(filters.hashtags);
  const [input, setInput] = useState("");
  const [saving, setSaving] = useState(false);
  /** A refused addition (too many hashtags); a bad tag's text shows live as it is typed. */
  const [addError, setAddError] = useState("");
  const [saveError, setSaveError] = useState("");

  useEffect(() => storeFiltersLocally(filters), []);

  function choose(next: LocationPreference) {
    setPreference(next);
    if (next === "country" && !country) setCountry(DEFAULT_COUNTRY);
    if (next === "continent" && !continent) setContinent(DEFAULT_CONTINENT);
  }

  // The tag being typed, checked as the server will check it.
  const typed = normalizeHashtag(input);
  const typedProblem = typed ? hashtagProblem(typed) : null;
  const tagProblem = typedProblem ?? addError;

  /**
   * Adds a typed (or quick-add) tag. An empty or present tag adds nothing and clears the input;
   * a tag the server would refuse stays in the input, with the server's text under it.
   */
  function add(raw: string, fromInput: boolean) {
    const result = tryAddHashtag(hashtags, raw);
    if (result.kind === "refused") {
      setAddError(result.problem);
      if (fromInput) document.getElementById("tag-input")?.focus();
      return;
    }
    setAddError("");
    setSaveError("");
    if (result.kind === "added") setHashtags(result.list);
    if (fromInput) setInput("");
  }

  function onKeyDown(e: JSX.TargetedKeyboardEvent<HTMLInputElement>) {
    if (e.key === "Enter") {
      e.preventDefault();
      if (input.trim()) add(input, true);
    }
  }

  function remove(tag: string) {
    setHashtags(hashtags.filter((h) => h !== tag));
    setAddError("");
    setSaveError("");
  }

  async function save() {
    // Refused before sending, with the server's own text; nothing on the page changes.
    const problem = hashtagListProblem(hashtags);
    if (problem) return setSaveError(problem);
    setSaveError("");
    setSaving(true);
    try {
      const body: Record<string, unknown> = {
        hashtags,
        locationPreference: preference,
        languagePreference: language,
      };
      // Only the value for the chosen preference is sent.
      if (preference === "country") body.countryPreference = country || DEFAULT_COUNTRY;
      if (preference === "continent") body.continentPreference = continent || DEFAULT_CONTINENT;
      // ?flash: the server hands 'Filters saved' to the next page, since we leave this one.
      const saved = await postJson<Filters>("/api/filters?flash=1", body);
      storeFiltersLocally(saved);
      location.assign("/");
    } catch (err) {
      // Every choice on the page stays as it was; the server's reason shows above Save.
      const text = errorMessage(err, FILTER_TEXT.saveErrorDescription);
      toast({ title: FILTER_TEXT.saveError, description: text, variant: "destructive" });
      setSaveError(text);
      setSaving(false);
    }
  }

  return (
    <div class="stack">
      <section class="card form" aria-labelledby="where-title">
        <h2 id="where-title" class="card-title">Where</h2>
        <label class="field">
          <span>Location preference</span>
          <select
            value={preference}
            onChange={(e) => choose(e.currentTarget.value as LocationPreference)}
          >
            {LOCATION_PREFERENCES.map((p) => (
              <option key={p} value={p}>{PREFERENCE_LABELS[p]}</option>
            ))}
          </select>
        </label>
        <p class="muted helper-line" aria-live="polite">{PREFERENCE_HELP[preference]}</p>
        {preference === "country" && (
          <label class="field">
            <span>Country</span>
            <select value={country} onChange={(e) => setCountry(e.currentTarget.value)}>
              {COUNTRIES.map((c) => <option key={c} value={c}>{c}</option>)}
            </select>
          </label>
        )}
        {preference === "continent" && (
          <label class="field">
            <span>Continent</span>
            <select value={continent} onChange={(e) => setContinent(e.currentTarget.value)}>
              {CONTINENTS.map((c) => <option key={c} value={c}>{c}</option>)}
            </select>
          </label>
        )}
      </section>

      <section class="card form" aria-labelledby="lang-title">
        <h2 id="lang-title" class="card-title">Language</h2>
        <label class="field">
          <span>Language preference</span>
          <select
            value={language}
            onChange={(e) => setLanguage(e.currentTarget.value as LanguagePreference)}
          >
            <option value="any">Any language</option>
            {Object.entries(LANGUAGE_NAMES).map(([code, name]) => (
              <option key={code} value={code}>{name}</option>
            ))}
          </select>
        </label>
      </section>

      <section class="card form" aria-labelledby="tags-title">
        <h2 id="tags-title" class="card-title">Hashtags</h2>
        <div class="inline-field">
          <div class="field grow">
            <label for="tag-input" class="sr-only">Add a hashtag</label>
            <input
              id="tag-input"
              value={input}
              placeholder="Add a hashtag"
              onInput={(e) => {
                setInput(e.currentTarget.value);
                setAddError("");
              }}
              onKeyDown={onKeyDown}
              autoCapitalize="none"
              spellcheck={false}
              aria-invalid={tagProblem ? true : undefined}
              aria-describedby="tag-input-hint"
            />
          </div>
          <button
            type="button"
            class="button button-secondary"
            disabled={!input.trim()}
            onClick={() => add(input, true)}
          >
            Add
          </button>
        </div>
        <p id="tag-input-hint" class="field-hint" data-state={tagProblem ? "error" : "idle"}>
          <span class="field-hint-text" aria-live="polite">
            {tagProblem || FILTER_TEXT.hashtagHint}
          </span>
          <span class="field-count" data-over={typedProblem ? "true" : undefined}>
            {[...typed].length}/{MAX_HASHTAG_LENGTH}
          </span>
        </p>
        <div class="quick-add">
          <span class="muted">Quick add:</span>
          {QUICK_ADD_HASHTAGS.map((t) => (
            <button
              key={t}
              type="button"
              class="chip chip-button"
              onClick={() => add(t, false)}
            >
              +#{t}
            </button>
          ))}
        </div>
        <ul class="chip-list" aria-label="Your hashtags">
          {hashtags.map((t) => (
            <li key={t} class="chip">
              #{t}
              <button
                type="button"
                class="chip-remove"
                aria-label={`Remove #${t}`}
                onClick={() => remove(t)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      </section>

      {saveError && <p class="form-error" role="alert">{saveError}</p>}
      <div class="button-row button-row-end">
        <a class="button button-secondary" href="/">Cancel</a>
        <button type="button" class="button button-primary" onClick={save} disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </button>
      </div>
    </div>
  );
}
