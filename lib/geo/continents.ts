// The six continents (SPEC section 9), in the SPEC's order. Safe for the browser bundle.
export const CONTINENTS = [
  "Africa",
  "Asia",
  "Europe",
  "North America",
  "South America",
  "Oceania",
] as const;
export type Continent = (typeof CONTINENTS)[number];
