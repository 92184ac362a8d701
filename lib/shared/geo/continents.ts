// The six continents, in the order the pages list them, their UN M.49 codes and their names (the
// common catalog's, which every page reads). Safe for the browser bundle.
import { type Said, said } from "../i18n/said.ts";

export const CONTINENTS = [
  "Africa",
  "Asia",
  "Europe",
  "North America",
  "South America",
  "Oceania",
] as const;
export type Continent = (typeof CONTINENTS)[number];

/** Each continent's UN M.49 code, by which a page names it in its language. */
export const CONTINENT_CODES: Record<Continent, string> = {
  Africa: "002",
  Asia: "142",
  Europe: "150",
  "North America": "003",
  "South America": "005",
  Oceania: "009",
};

/**
 * Each continent's name: where a page shows one (the home screen, the map, the filters where the
 * browser's Intl has no name for its M.49 code, a report's preference). Not Intl.DisplayNames:
 * Deno's ICU data has none for the area codes ("150" stays "150"), and the server and the browser
 * must name a continent alike. (Pure: an island that names no continent ships none of them.)
 */
export const CONTINENT_NAMES: Record<Continent, Said> = /* @__PURE__ */ (() => ({
  Africa: said("common.continentAfrica"),
  Asia: said("common.continentAsia"),
  Europe: said("common.continentEurope"),
  "North America": said("common.continentNorthAmerica"),
  "South America": said("common.continentSouthAmerica"),
  Oceania: said("common.continentOceania"),
}))();

/** The name of the continent stored as `english` ("South America"), or null for another text. */
export function continentNamed(english: string): Said | null {
  return Object.hasOwn(CONTINENT_NAMES, english) ? CONTINENT_NAMES[english as Continent] : null;
}
