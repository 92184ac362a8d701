// A continent (its English name, as stored: lib/shared/geo/continents.ts) named in the page's
// language. From the home catalog, not Intl.DisplayNames: Deno's ICU data has no names for the
// UN M.49 area codes ("150" stays "150"), and the server and the browser must name it alike.
import { tr } from "../lib/shared/i18n/messages.ts";
import type home from "../lib/shared/i18n/catalog/home/en.ts";
import type { Continent } from "../lib/shared/geo/continents.ts";

const t = tr<typeof home>("home");

const CONTINENT_KEYS: Record<Continent, keyof typeof home> = {
  "Africa": "continentAfrica",
  "Asia": "continentAsia",
  "Europe": "continentEurope",
  "North America": "continentNorthAmerica",
  "South America": "continentSouthAmerica",
  "Oceania": "continentOceania",
};

/** The continent's name in the page's language; an unknown name is returned as it is. */
export function continentName(english: string): string {
  const key = (CONTINENT_KEYS as Record<string, keyof typeof home>)[english];
  return key ? t(key) : english;
}
