// Filters, hashtags and regions, shared by the pages, the API and the matchmaker.
import { CONTINENTS } from "./geo/continents.ts";
import { type KeyOf, type Said, said } from "./i18n/said.ts";

export { CONTINENTS };
export type { Continent } from "./geo/continents.ts";

export const LOCATION_PREFERENCES = ["global", "continent", "country", "city", "nearby"] as const;
export type LocationPreference = (typeof LOCATION_PREFERENCES)[number];

export const DEFAULT_COUNTRY = "United States";
export const DEFAULT_CONTINENT = "Europe";
export const DEFAULT_HASHTAG = "adventure";
export const QUICK_ADD_HASHTAGS = ["home", "hobby"] as const;

export const LANGUAGE_PREFERENCES = ["any", "en", "es", "fr", "de", "zh", "ja"] as const;
export type LanguagePreference = (typeof LANGUAGE_PREFERENCES)[number];

// About 90 countries, alphabetical; names as the geocoder gives them, so they compare equal.
export const COUNTRIES = [
  "Algeria",
  "Argentina",
  "Australia",
  "Austria",
  "Bangladesh",
  "Belgium",
  "Bolivia",
  "Brazil",
  "Bulgaria",
  "Cambodia",
  "Canada",
  "Chile",
  "China",
  "Colombia",
  "Costa Rica",
  "Croatia",
  "Cuba",
  "Czechia",
  "Denmark",
  "Dominican Republic",
  "Ecuador",
  "Egypt",
  "Estonia",
  "Ethiopia",
  "Finland",
  "France",
  "Georgia",
  "Germany",
  "Ghana",
  "Greece",
  "Guatemala",
  "Hungary",
  "Iceland",
  "India",
  "Indonesia",
  "Iran",
  "Iraq",
  "Ireland",
  "Israel",
  "Italy",
  "Jamaica",
  "Japan",
  "Jordan",
  "Kazakhstan",
  "Kenya",
  "Latvia",
  "Lebanon",
  "Lithuania",
  "Luxembourg",
  "Malaysia",
  "Malta",
  "Mexico",
  "Mongolia",
  "Morocco",
  "Nepal",
  "Netherlands",
  "New Zealand",
  "Nigeria",
  "Norway",
  "Pakistan",
  "Panama",
  "Paraguay",
  "Peru",
  "Philippines",
  "Poland",
  "Portugal",
  "Qatar",
  "Romania",
  "Russia",
  "Saudi Arabia",
  "Senegal",
  "Serbia",
  "Singapore",
  "Slovakia",
  "Slovenia",
  "South Africa",
  "South Korea",
  "Spain",
  "Sri Lanka",
  "Sweden",
  "Switzerland",
  "Taiwan",
  "Tanzania",
  "Thailand",
  "Tunisia",
  "Turkey",
  "Ukraine",
  "United Arab Emirates",
  "United Kingdom",
  "United States",
  "Uruguay",
  "Venezuela",
  "Vietnam",
] as const;

export type Country = (typeof COUNTRIES)[number];

/** The suggestions' categories, each with its name's key in the home catalog. */
export const HASHTAG_CATEGORIES = [
  { id: "all", key: "categoryAll" },
  { id: "activities", key: "categoryActivities" },
  { id: "entertainment", key: "categoryEntertainment" },
  { id: "food", key: "categoryFood" },
  { id: "health", key: "categoryHealth" },
  { id: "places", key: "categoryPlaces" },
  { id: "animals", key: "categoryAnimals" },
] as const satisfies readonly { id: string; key: KeyOf<"home"> }[];
export type HashtagCategory = Exclude<(typeof HASHTAG_CATEGORIES)[number]["id"], "all">;

export interface HashtagSuggestion {
  id: string;
  name: string;
  icon: string;
  category: HashtagCategory;
}

const suggestion = (name: string, icon: string, category: HashtagCategory): HashtagSuggestion => ({
  id: name,
  name,
  icon,
  category,
});

/**
 * The 30 suggested hashtags, each with an icon and a category. Pure: a bundle that does not use
 * them (the live page's, through the realtime texts) leaves them out.
 */
export const SUGGESTED_HASHTAGS: HashtagSuggestion[] = /* @__PURE__ */ (() => [
  suggestion("travel", "✈️", "places"),
  suggestion("art", "🎨", "entertainment"),
  suggestion("food", "🍜", "food"),
  suggestion("music", "🎵", "entertainment"),
  suggestion("tech", "💻", "activities"),
  suggestion("nature", "🌿", "places"),
  suggestion("fitness", "🏋️", "health"),
  suggestion("books", "📚", "entertainment"),
  suggestion("gaming", "🎮", "entertainment"),
  suggestion("fashion", "👗", "activities"),
  suggestion("photography", "📷", "activities"),
  suggestion("sports", "⚽", "activities"),
  suggestion("adventure", "🧭", "activities"),
  suggestion("cooking", "🍳", "food"),
  suggestion("movies", "🎬", "entertainment"),
  suggestion("pets", "🐾", "animals"),
  suggestion("cats", "🐱", "animals"),
  suggestion("dogs", "🐶", "animals"),
  suggestion("home", "🏠", "places"),
  suggestion("hobby", "🧩", "activities"),
  suggestion("streetview", "🏙️", "places"),
  suggestion("city", "🌆", "places"),
  suggestion("country", "🌾", "places"),
  suggestion("beach", "🏖️", "places"),
  suggestion("mountains", "🏔️", "places"),
  suggestion("coffee", "☕", "food"),
  suggestion("dessert", "🍰", "food"),
  suggestion("health", "🩺", "health"),
  suggestion("yoga", "🧘", "health"),
  suggestion("meditation", "🕯️", "health"),
])();

export const MAX_HASHTAGS = 30;
export const MAX_HASHTAG_LENGTH = 30;
/** Distinct hashtags one member may search with in a day (twice a full set). */
export const MAX_DAILY_HASHTAGS = 2 * MAX_HASHTAGS;

/**
 * How a typed hashtag is cleaned: trim, strip one leading #, lower-case, remove all spaces.
 * Returns "" for nothing usable.
 */
export function normalizeHashtag(raw: string): string {
  return raw.trim().replace(/^#/, "").toLowerCase().replace(/\s+/g, "");
}

/** Adds a normalised tag unless it is empty or present; returns the same list when unchanged. */
export function addHashtag(list: readonly string[], raw: string): string[] {
  const tag = normalizeHashtag(raw);
  if (!tag || list.includes(tag)) return [...list];
  return [...list, tag];
}

/** A stored hashtag: letters and digits of any script, and _ (no spaces, emoji or marks). */
export const HASHTAG_PATTERN = /^[\p{L}\p{N}_]+$/u;

/**
 * Why the server refuses one already normalised tag (see normalizeHashtag), or null. The filters
 * API, the socket's search and the editors in the browser all check with this function.
 */
export function hashtagProblem(tag: string): Said | null {
  const length = [...tag].length;
  return length >= 1 && length <= MAX_HASHTAG_LENGTH && HASHTAG_PATTERN.test(tag)
    ? null
    : badHashtag();
}

/**
 * Why the server refuses a list of tags as sent, or null: first the count, then each tag,
 * normalised as the API does.
 */
export function hashtagListProblem(tags: readonly string[]): Said | null {
  if (tags.length > MAX_HASHTAGS) return tooManyHashtags();
  for (const tag of tags) {
    const problem = hashtagProblem(normalizeHashtag(tag));
    if (problem) return problem;
  }
  return null;
}

/**
 * What adding a typed tag to `list` does, as the editors apply it: "empty" and "present" add
 * nothing (the input clears); "refused" keeps the input with the server's text; "added" gives the
 * new list.
 */
export type HashtagAddition =
  | { kind: "empty" | "present"; tag: string }
  | { kind: "refused"; tag: string; problem: Said }
  | { kind: "added"; tag: string; list: string[] };

export function tryAddHashtag(list: readonly string[], raw: string): HashtagAddition {
  const tag = normalizeHashtag(raw);
  if (!tag) return { kind: "empty", tag };
  if (list.includes(tag)) return { kind: "present", tag };
  const problem = hashtagProblem(tag) ??
    (list.length >= MAX_HASHTAGS ? tooManyHashtags() : null);
  if (problem) return { kind: "refused", tag, problem };
  return { kind: "added", tag, list: [...list, tag] };
}

/** Why a tag is refused: the filters' rule, in the page's or the response's language. */
export const badHashtag = (): Said => said("profile.badHashtag", { max: MAX_HASHTAG_LENGTH });
/** Why a list is refused: more than MAX_HASHTAGS tags. */
export const tooManyHashtags = (): Said => said("profile.tooManyHashtags", { max: MAX_HASHTAGS });

export interface Filters {
  hashtags: string[];
  location: string;
  locationPreference: LocationPreference;
  countryPreference?: string;
  continentPreference?: string;
  languagePreference: LanguagePreference;
  ageRange: [number, number];
  gender: "any";
  languages: LanguagePreference[];
  interests: string[];
  /** Widen a search by itself (lib/shared/widening.ts) when nobody is near, instead of offering it. */
  widenAutomatically: boolean;
}

export const DEFAULT_FILTERS: Filters = {
  hashtags: [DEFAULT_HASHTAG],
  location: "",
  locationPreference: "global",
  languagePreference: "any",
  ageRange: [18, 99],
  gender: "any",
  languages: [],
  interests: [],
  widenAutomatically: false,
};

/**
 * A fresh copy of DEFAULT_FILTERS (its values are plain values and arrays of them). Copied by hand:
 * structuredClone took about 10 µs, on every member page that reads the filters.
 */
function defaultFilters(): Filters {
  return Object.fromEntries(
    Object.entries(DEFAULT_FILTERS).map(([k, v]) => [k, Array.isArray(v) ? [...v] : v]),
  ) as unknown as Filters;
}

/**
 * Reads saved filters leniently: an unknown preference is ignored (the default stays) and a bad
 * continent falls back to Europe.
 */
export function readSavedFilters(saved: unknown): Filters {
  const f = defaultFilters();
  if (!saved || typeof saved !== "object") return f;
  const s = saved as Record<string, unknown>;
  if (Array.isArray(s.hashtags)) {
    const tags = s.hashtags.filter((t): t is string => typeof t === "string").map(
      normalizeHashtag,
    ).filter(Boolean);
    f.hashtags = [...new Set(tags)].slice(0, MAX_HASHTAGS);
  }
  if (typeof s.location === "string") f.location = s.location;
  if (LOCATION_PREFERENCES.includes(s.locationPreference as LocationPreference)) {
    f.locationPreference = s.locationPreference as LocationPreference;
  }
  if (typeof s.countryPreference === "string") {
    f.countryPreference = (COUNTRIES as readonly string[]).includes(s.countryPreference)
      ? s.countryPreference
      : DEFAULT_COUNTRY;
  }
  if (s.continentPreference !== undefined && s.continentPreference !== null) {
    f.continentPreference = (CONTINENTS as readonly unknown[]).includes(s.continentPreference)
      ? s.continentPreference as string
      : DEFAULT_CONTINENT;
  }
  if (LANGUAGE_PREFERENCES.includes(s.languagePreference as LanguagePreference)) {
    f.languagePreference = s.languagePreference as LanguagePreference;
  }
  if (
    Array.isArray(s.ageRange) && s.ageRange.length === 2 &&
    s.ageRange.every((n) => Number.isInteger(n) && n >= 18 && n <= 99) &&
    s.ageRange[0] <= s.ageRange[1]
  ) f.ageRange = [s.ageRange[0], s.ageRange[1]];
  if (Array.isArray(s.languages)) {
    f.languages = s.languages.filter((l) =>
      LANGUAGE_PREFERENCES.includes(l as LanguagePreference)
    ) as LanguagePreference[];
  }
  if (typeof s.widenAutomatically === "boolean") f.widenAutomatically = s.widenAutomatically;
  if (Array.isArray(s.interests)) {
    f.interests = s.interests.filter((t): t is string => typeof t === "string");
  }
  return f;
}

export interface Region {
  id: string;
  name: string;
  continent: string;
  x: number;
  y: number;
}

/**
 * The six map regions and where their button sits on the map (percent of its width and height;
 * app.css places `.region-{id}` there).
 */
export const REGIONS: Region[] = [
  { id: "north-america", name: "North America", continent: "North America", x: 22, y: 30 },
  { id: "europe", name: "Europe", continent: "Europe", x: 42, y: 22 },
  { id: "asia", name: "Asia", continent: "Asia", x: 72, y: 30 },
  { id: "south-america", name: "South America", continent: "South America", x: 21, y: 70 },
  { id: "africa", name: "Africa", continent: "Africa", x: 54, y: 57 },
  { id: "oceania", name: "Oceania", continent: "Oceania", x: 77, y: 88 },
];
