// /filters' Where card: the location preference with its help line, and the country or the
// continent when the preference names one.
import {
  CONTINENTS,
  COUNTRIES,
  LOCATION_PREFERENCES,
  type LocationPreference,
  PREFERENCE_HELP,
  PREFERENCE_LABELS,
} from "../../shared/filters.ts";
import type { LocationChoice } from "../../client/filters_editor.ts";

export function WhereSection({ where }: { where: LocationChoice }) {
  const { preference } = where;
  return (
    <section class="card form" aria-labelledby="where-title">
      <h2 id="where-title" class="card-title">Where</h2>
      <label class="field">
        <span>Location preference</span>
        <select
          value={preference}
          onChange={(e) => where.choose(e.currentTarget.value as LocationPreference)}
        >
          {LOCATION_PREFERENCES.map((p) => <option key={p} value={p}>{PREFERENCE_LABELS[p]}
          </option>)}
        </select>
      </label>
      <p class="muted helper-line" aria-live="polite">{PREFERENCE_HELP[preference]}</p>
      {preference === "country" && (
        <label class="field">
          <span>Country</span>
          <select value={where.country} onChange={(e) => where.setCountry(e.currentTarget.value)}>
            {COUNTRIES.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </label>
      )}
      {preference === "continent" && (
        <label class="field">
          <span>Continent</span>
          <select
            value={where.continent}
            onChange={(e) => where.setContinent(e.currentTarget.value)}
          >
            {CONTINENTS.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </label>
      )}
    </section>
  );
}
