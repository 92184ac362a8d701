// /filters' Language card: any language, or one of the profile's languages.
import type { LanguagePreference } from "../../shared/filters.ts";
import { LANGUAGE_NAMES } from "../../shared/profile.ts";

export function LanguageSection(
  { language, onLanguage }: {
    language: LanguagePreference;
    onLanguage(l: LanguagePreference): void;
  },
) {
  return (
    <section class="card form" aria-labelledby="lang-title">
      <h2 id="lang-title" class="card-title">Language</h2>
      <label class="field">
        <span>Language preference</span>
        <select
          value={language}
          onChange={(e) => onLanguage(e.currentTarget.value as LanguagePreference)}
        >
          <option value="any">Any language</option>
          {Object.entries(LANGUAGE_NAMES).map(([code, name]) => (
            <option key={code} value={code}>{name}</option>
          ))}
        </select>
      </label>
    </section>
  );
}
