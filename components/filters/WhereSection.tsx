// /filters' Where card: the location preference with its help line, and the country or the
// continent when the preference names one. Countries and continents are named by Intl in the
// page's language (the values sent stay the English names) and listed in its collation's order.
import {
  CONTINENTS,
  COUNTRIES,
  LOCATION_PREFERENCES,
  type LocationPreference,
} from "../../lib/shared/filters.ts";
import { CONTINENT_CODES, CONTINENT_NAMES } from "../../lib/shared/geo/continents.ts";
import { say } from "../../lib/shared/i18n/said.ts";
import { COUNTRY_CODES } from "../../lib/shared/geo/country_codes.ts";
import { currentLocale, displayName, sortByName, tr } from "../../lib/shared/i18n/messages.ts";
import type profile from "../../lib/shared/i18n/catalog/profile/en.ts";
import type { LocationChoice } from "../../lib/client/filters_editor.ts";

const t = tr<typeof profile>("profile");

type Key = keyof typeof profile;

const PREFERENCE_KEYS: Record<LocationPreference, Key> = {
  global: "global",
  continent: "continent",
  country: "country",
  city: "city",
  nearby: "nearby",
};

/** The helper line under the selector, by preference. */
const HELP_KEYS: Record<LocationPreference, Key> = {
  global: "helpGlobal",
  continent: "helpPlace",
  country: "helpPlace",
  city: "helpCity",
  nearby: "helpNearby",
};

export interface NamedOption {
  /** The value sent (the English name). */
  value: string;
  /** The name shown, in the page's language. */
  name: string;
}

/** The continents, each named by Intl in the page's language, in its collation's order. */
export function continentOptions(): NamedOption[] {
  return sortByName(
    CONTINENTS.map((value) => {
      const code = CONTINENT_CODES[value];
      const name = displayName("region", code);
      // Where Intl has no name for the M.49 code (some runtimes' data lack them): the catalog's.
      return { value, name: name === code ? say(CONTINENT_NAMES[value]) : name };
    }),
    (option) => option.name,
  );
}

/**
 * The countries, each named by Intl in the page's language, in its collation's order. English
 * keeps the names the geocoder gives (and the list always had), e.g. "Turkey".
 */
export function countryOptions(): NamedOption[] {
  const english = currentLocale() === "en";
  return sortByName(
    COUNTRIES.map((value) => ({
      value,
      name: english ? value : displayName("region", COUNTRY_CODES[value]),
    })),
    (option) => option.name,
  );
}

export function WhereSection({ where }: { where: LocationChoice }) {
  const { preference } = where;
  return (
    <section class="card form" aria-labelledby="where-title">
      <h2 id="where-title" class="card-title">{t("where")}</h2>
      <label class="field">
        <span>{t("locationPreference")}</span>
        <select
          value={preference}
          onChange={(e) => where.choose(e.currentTarget.value as LocationPreference)}
        >
          {LOCATION_PREFERENCES.map((p) => (
            <option key={p} value={p}>{t(PREFERENCE_KEYS[p])}</option>
          ))}
        </select>
      </label>
      <p class="muted helper-line" aria-live="polite">{t(HELP_KEYS[preference])}</p>
      {preference !== "global" && (
        <div class="switch-row">
          <div>
            <p class="switch-label" id="label-widen">{t("widenAutomatically")}</p>
            <p class="muted switch-help" id="help-widen">{t("widenAutomaticallyHelp")}</p>
          </div>
          <button
            type="button"
            role="switch"
            class="switch"
            aria-checked={where.widen}
            aria-labelledby="label-widen"
            aria-describedby="help-widen"
            onClick={() => where.setWiden(!where.widen)}
          >
            <span class="switch-thumb" />
          </button>
        </div>
      )}
      {preference === "country" && (
        <label class="field">
          <span>{t("country")}</span>
          <select value={where.country} onChange={(e) => where.setCountry(e.currentTarget.value)}>
            {countryOptions().map((c) => <option key={c.value} value={c.value}>{c.name}</option>)}
          </select>
        </label>
      )}
      {preference === "continent" && (
        <label class="field">
          <span>{t("continent")}</span>
          <select
            value={where.continent}
            onChange={(e) => where.setContinent(e.currentTarget.value)}
          >
            {continentOptions().map((c) => <option key={c.value} value={c.value}>{c.name}</option>)}
          </select>
        </label>
      )}
    </section>
  );
}
