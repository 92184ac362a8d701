// A continent (its English name, as stored: lib/shared/geo/continents.ts) named in the page's
// language, by the common catalog (see CONTINENT_NAMES).
import { continentNamed } from "../lib/shared/geo/continents.ts";
import { say } from "../lib/shared/i18n/said.ts";

/** The continent's name in the page's language; an unknown name is returned as it is. */
export function continentName(english: string): string {
  const name = continentNamed(english);
  return name ? say(name) : english;
}
