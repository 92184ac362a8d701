// Browser state of /filters: where to meet (the preference, and the country or continent it
// names), the language, the hashtags with the one being typed (checked as the server will check
// it), and Save, which sends only the value the chosen preference needs and goes home.
import { useEffect, useState } from "react";
import { errorMessage, postJson } from "./api.ts";
import { toast } from "./toast.ts";
import { storeFiltersLocally } from "./filters_store.ts";
import {
  DEFAULT_CONTINENT,
  DEFAULT_COUNTRY,
  type Filters,
  hashtagListProblem,
  hashtagProblem,
  type LanguagePreference,
  type LocationPreference,
  normalizeHashtag,
  tryAddHashtag,
} from "../shared/filters.ts";
import { tr } from "../shared/i18n/messages.ts";
import { type Said, say } from "../shared/i18n/said.ts";
import type profile from "../shared/i18n/catalog/profile/en.ts";

const t = tr<typeof profile>("profile");

export type LocationChoice = ReturnType<typeof useLocationChoice>;
export type HashtagDraft = ReturnType<typeof useHashtagDraft>;

/** The location preference; choosing country or continent picks a default the first time. */
export function useLocationChoice(filters: Filters) {
  const [preference, setPreference] = useState<LocationPreference>(filters.locationPreference);
  const [country, setCountry] = useState(filters.countryPreference ?? "");
  const [continent, setContinent] = useState(filters.continentPreference ?? "");
  const [widen, setWiden] = useState(filters.widenAutomatically);

  function choose(next: LocationPreference) {
    setPreference(next);
    if (next === "country" && !country) setCountry(DEFAULT_COUNTRY);
    if (next === "continent" && !continent) setContinent(DEFAULT_CONTINENT);
  }
  return { preference, country, continent, choose, setCountry, setContinent, widen, setWiden };
}

/** The hashtags and the one being typed; `changed` hears of every change to the list. */
export function useHashtagDraft(initial: string[], changed: () => void) {
  const [hashtags, setHashtags] = useState<string[]>(initial);
  const [input, setInput] = useState("");
  /** A refused addition (too many hashtags); a bad tag's text shows live as it is typed. */
  const [addError, setAddError] = useState<Said | null>(null);

  // The tag being typed, checked as the server will check it.
  const typed = normalizeHashtag(input);
  const typedProblem = typed ? hashtagProblem(typed) : null;

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
    setAddError(null);
    changed();
    if (result.kind === "added") setHashtags(result.list);
    if (fromInput) setInput("");
  }

  return {
    hashtags,
    input,
    typed,
    typedProblem,
    /** What the hint under the input says instead of the hint, if anything. */
    tagProblem: typedProblem ?? addError,
    type(value: string) {
      setInput(value);
      setAddError(null);
    },
    add,
    remove(tag: string) {
      setHashtags(hashtags.filter((h) => h !== tag));
      setAddError(null);
      changed();
    },
  };
}

/** The whole form: its parts, and Save with its error. */
export function useFiltersEditor(filters: Filters) {
  const where = useLocationChoice(filters);
  const [language, setLanguage] = useState<LanguagePreference>(filters.languagePreference);
  const [saveError, setSaveError] = useState("");
  const tags = useHashtagDraft(filters.hashtags, () => setSaveError(""));
  const [saving, setSaving] = useState(false);

  useEffect(() => storeFiltersLocally(filters), []);

  async function save() {
    const { hashtags } = tags;
    const { preference, country, continent } = where;
    // Refused before sending, with the server's own text; nothing on the page changes.
    const problem = hashtagListProblem(hashtags);
    if (problem) return setSaveError(say(problem));
    setSaveError("");
    setSaving(true);
    try {
      const body: Record<string, unknown> = {
        hashtags,
        locationPreference: preference,
        languagePreference: language,
        widenAutomatically: where.widen,
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
      const text = errorMessage(err, t("saveErrorDescription"));
      toast({ title: t("saveError"), description: text, variant: "destructive" });
      setSaveError(text);
      setSaving(false);
    }
  }

  return { where, language, setLanguage, tags, saving, saveError, save };
}
