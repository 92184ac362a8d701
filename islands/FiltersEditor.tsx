import { useEffect, useState } from "react";
import type { JSX } from "react";
import { postJson } from "../lib/client/api.ts";
import { toast } from "../lib/client/toast.ts";
import { storeFiltersLocally } from "../lib/client/filters_store.ts";
import {
  addHashtag,
  CONTINENTS,
  COUNTRIES,
  DEFAULT_CONTINENT,
  DEFAULT_COUNTRY,
  FILTER_TEXT,
  type Filters,
  type LanguagePreference,
  LOCATION_PREFERENCES,
  type LocationPreference,
  PREFERENCE_HELP,
  PREFERENCE_LABELS,
  QUICK_ADD_HASHTAGS,
} from "../lib/filters.ts";
import { LANGUAGE_NAMES } from "../lib/profile.ts";

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

  useEffect(() => storeFiltersLocally(filters), []);

  function choose(next: LocationPreference) {
    setPreference(next);
    if (next === "country" && !country) setCountry(DEFAULT_COUNTRY);
    if (next === "continent" && !continent) setContinent(DEFAULT_CONTINENT);
  }

  function add(raw: string) {
    setHashtags((list) => addHashtag(list, raw));
    setInput("");
  }

  function onKeyDown(e: JSX.TargetedKeyboardEvent<HTMLInputElement>) {
    if (e.key === "Enter") {
      e.preventDefault();
      if (input.trim()) add(input);
    }
  }

  async function save() {
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
    } catch {
      toast({
        title: FILTER_TEXT.saveError,
        description: FILTER_TEXT.saveErrorDescription,
        variant: "destructive",
      });
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
          <label class="field grow">
            <span class="sr-only">Add a hashtag</span>
            <input
              value={input}
              placeholder="Add a hashtag"
              onInput={(e) => setInput(e.currentTarget.value)}
              onKeyDown={onKeyDown}
              autoCapitalize="none"
            />
          </label>
          <button
            type="button"
            class="button button-secondary"
            disabled={!input.trim()}
            onClick={() => add(input)}
          >
            Add
          </button>
        </div>
        <div class="quick-add">
          <span class="muted">Quick add:</span>
          {QUICK_ADD_HASHTAGS.map((t) => (
            <button
              key={t}
              type="button"
              class="chip chip-button"
              onClick={() => add(t)}
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
                onClick={() => setHashtags(hashtags.filter((h) => h !== t))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      </section>

      <div class="button-row button-row-end">
        <a class="button button-secondary" href="/">Cancel</a>
        <button type="button" class="button button-primary" onClick={save} disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </button>
      </div>
    </div>
  );
}
