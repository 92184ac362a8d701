// The six continents, in the order the pages list them. Safe for the browser bundle.
export const CONTINENTS = [
  "Africa",
  "Asia",
  "Europe",
  "North America",
  "South America",
  "Oceania",
] as const;
export type Continent = (typeof CONTINENTS)[number];
