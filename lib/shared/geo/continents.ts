// The six continents, in the order the pages list them, and their UN M.49 codes. Safe for the
// browser bundle.
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
