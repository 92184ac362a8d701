// /filters' Language card: any language, or one of the profile's languages (named by Intl in the
// page's language, in its collation's order).
import type { LanguagePreference } from "../../lib/shared/filters.ts";
import { languageOptions } from "../../lib/shared/profile.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type profile from "../../lib/shared/i18n/catalog/profile/en.ts";

const t = tr<typeof profile>("profile");

export function LanguageSection(
  { language, onLanguage }: {
    language: LanguagePreference;
    onLanguage(l: LanguagePreference): void;
  },
) {
  return (
    <section class="card form" aria-labelledby="lang-title">
      <h2 id="lang-title" class="card-title">{t("language")}</h2>
      <label class="field">
        <span>{t("languagePreference")}</span>
        <select
          value={language}
          onChange={(e) => onLanguage(e.currentTarget.value as LanguagePreference)}
        >
          <option value="any">{t("anyLanguage")}</option>
          {languageOptions().map(({ code, name }) => <option key={code} value={code}>{name}
          </option>)}
        </select>
      </label>
    </section>
  );
}
