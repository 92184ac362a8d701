// Filters, hashtags and regions: the hashtag normaliser, addHashtag, lenient reading of saved
// filters, applying a patch, the patch schema and the fixed lists (suggested hashtags, categories,
// countries, regions, texts).
import assert from "node:assert/strict";
import {
  addHashtag,
  CONTINENTS,
  COUNTRIES,
  DEFAULT_CONTINENT,
  DEFAULT_COUNTRY,
  DEFAULT_FILTERS,
  DEFAULT_HASHTAG,
  type Filters,
  HASHTAG_CATEGORIES,
  LANGUAGE_PREFERENCES,
  LOCATION_PREFERENCES,
  normalizeHashtag,
  QUICK_ADD_HASHTAGS,
  readSavedFilters,
  REGIONS,
  SUGGESTED_HASHTAGS,
} from "../../lib/shared/filters.ts";
import { applyFiltersPatch, filtersPatchSchema } from "../../lib/shared/filters_schema.ts";
import { carried, said } from "../../lib/shared/i18n/said.ts";
import { english } from "../helpers/english.ts";

const SUGGESTED_NAMES = [
  "travel",
  "art",
  "food",
  "music",
  "tech",
  "nature",
  "fitness",
  "books",
  "gaming",
  "fashion",
  "photography",
  "sports",
  "adventure",
  "cooking",
  "movies",
  "pets",
  "cats",
  "dogs",
  "home",
  "hobby",
  "streetview",
  "city",
  "country",
  "beach",
  "mountains",
  "coffee",
  "dessert",
  "health",
  "yoga",
  "meditation",
];

/** A fresh copy of the defaults with some fields changed. */
function filters(over: Partial<Filters> = {}): Filters {
  return { ...structuredClone(DEFAULT_FILTERS), ...over };
}

// ---------------------------------------------------------------- normaliser

Deno.test("normalizeHashtag: trims, strips one leading #, lower-cases, removes all spaces", () => {
  assert.equal(normalizeHashtag(" #Street Food "), "streetfood");
  assert.equal(normalizeHashtag("Yoga"), "yoga");
  assert.equal(normalizeHashtag("#yoga"), "yoga");
  assert.equal(normalizeHashtag("  #  Mount   Ain  "), "mountain");
  assert.equal(normalizeHashtag("a\tb\nc"), "abc");
});

Deno.test("normalizeHashtag: only ONE leading # is stripped", () => {
  assert.equal(normalizeHashtag("##x"), "#x");
  assert.equal(normalizeHashtag("#x#"), "x#", "a # that is not leading stays");
});

Deno.test("normalizeHashtag: blanks become the empty string", () => {
  assert.equal(normalizeHashtag(""), "");
  assert.equal(normalizeHashtag("   "), "");
  assert.equal(normalizeHashtag("#"), "");
  assert.equal(normalizeHashtag("  #  "), "");
});

// ---------------------------------------------------------------- addHashtag

Deno.test("addHashtag: adds the normalised tag at the end, leaving the input list alone", () => {
  const list = ["adventure"];
  const next = addHashtag(list, " #Street Food ");
  assert.deepEqual(next, ["adventure", "streetfood"]);
  assert.deepEqual(list, ["adventure"], "the given list is not mutated");
});

Deno.test("addHashtag: blanks are ignored", () => {
  for (const raw of ["", "   ", "#", " # "]) {
    assert.deepEqual(addHashtag(["adventure"], raw), ["adventure"], JSON.stringify(raw));
  }
});

Deno.test("addHashtag: duplicates (also after normalising) are ignored", () => {
  assert.deepEqual(addHashtag(["adventure", "yoga"], "yoga"), ["adventure", "yoga"]);
  assert.deepEqual(addHashtag(["adventure", "yoga"], " #YOGA "), ["adventure", "yoga"]);
  assert.deepEqual(addHashtag(["streetfood"], "#Street Food"), ["streetfood"]);
});

Deno.test("addHashtag: quick-add tags are home and hobby", () => {
  assert.deepEqual([...QUICK_ADD_HASHTAGS], ["home", "hobby"]);
  let list: string[] = [DEFAULT_HASHTAG];
  for (const t of QUICK_ADD_HASHTAGS) list = addHashtag(list, t);
  list = addHashtag(list, "home");
  assert.deepEqual(list, ["adventure", "home", "hobby"]);
});

// ---------------------------------------------------------------- readSavedFilters

Deno.test("readSavedFilters: nothing saved gives the defaults", () => {
  for (const saved of [null, undefined, "junk", 42]) {
    const f = readSavedFilters(saved);
    assert.deepEqual(f.hashtags, ["adventure"]);
    assert.equal(f.locationPreference, "global");
    assert.equal(f.languagePreference, "any");
    assert.deepEqual(f.ageRange, [18, 99]);
    assert.equal(f.gender, "any");
    assert.equal(f.countryPreference, undefined);
    assert.equal(f.continentPreference, undefined);
  }
});

Deno.test("readSavedFilters: the result never shares arrays with the defaults or another result", () => {
  const first = readSavedFilters(null);
  first.hashtags.push("changed");
  first.ageRange[0] = 30;
  first.languages.push("de");
  first.interests.push("music");
  const next = readSavedFilters(null);
  assert.deepEqual(next, { ...DEFAULT_FILTERS });
  assert.deepEqual(next.hashtags, ["adventure"]);
  assert.deepEqual(next.ageRange, [18, 99]);
  assert.deepEqual(DEFAULT_FILTERS.languages, []);
  assert.deepEqual(DEFAULT_FILTERS.interests, []);
});

Deno.test("readSavedFilters: an unknown preference is ignored (global stays)", () => {
  const f = readSavedFilters({ locationPreference: "moon", hashtags: ["travel"] });
  assert.equal(f.locationPreference, "global");
  assert.deepEqual(f.hashtags, ["travel"], "the rest is still read");
  assert.equal(readSavedFilters({ locationPreference: 7 }).locationPreference, "global");
  assert.equal(readSavedFilters({ locationPreference: "city" }).locationPreference, "city");
});

Deno.test("readSavedFilters: a bad saved continent falls back to Europe", () => {
  const f = readSavedFilters({ locationPreference: "continent", continentPreference: "Atlantis" });
  assert.equal(f.locationPreference, "continent");
  assert.equal(f.continentPreference, "Europe");
  assert.equal(
    readSavedFilters({ locationPreference: "continent", continentPreference: 3 })
      .continentPreference,
    "Europe",
  );
  assert.equal(
    readSavedFilters({ locationPreference: "continent", continentPreference: "Asia" })
      .continentPreference,
    "Asia",
  );
});

Deno.test("readSavedFilters: saved hashtags are normalised, de-duplicated, blanks dropped", () => {
  const f = readSavedFilters({ hashtags: ["#Yoga", "yoga", " ", 5, "Street Food"] });
  assert.deepEqual(f.hashtags, ["yoga", "streetfood"]);
});

Deno.test("readSavedFilters: an unknown language is ignored (any stays)", () => {
  assert.equal(readSavedFilters({ languagePreference: "xx" }).languagePreference, "any");
  assert.equal(readSavedFilters({ languagePreference: "ja" }).languagePreference, "ja");
});

// applyFiltersPatch stores a new ageRange; reading the saved filters must not drop it.
Deno.test("readSavedFilters: a saved valid ageRange is kept", () => {
  const saved = applyFiltersPatch(filters(), { ageRange: [20, 60] });
  assert.deepEqual(saved.ageRange, [20, 60]);
  assert.deepEqual(readSavedFilters(saved).ageRange, [20, 60]);
  assert.deepEqual(readSavedFilters({ ageRange: [5, 300] }).ageRange, [18, 99], "bad → default");
});

// ---------------------------------------------------------------- applyFiltersPatch

Deno.test("applyFiltersPatch: choosing country defaults to United States, drops the continent", () => {
  const next = applyFiltersPatch(
    filters({ locationPreference: "continent", continentPreference: "Asia" }),
    { locationPreference: "country" },
  );
  assert.equal(next.locationPreference, "country");
  assert.equal(next.countryPreference, "United States");
  assert.equal(DEFAULT_COUNTRY, "United States");
  assert.ok(!("continentPreference" in next) || next.continentPreference === undefined);
});

Deno.test("applyFiltersPatch: choosing continent defaults to Europe, drops the country", () => {
  const next = applyFiltersPatch(
    filters({ locationPreference: "country", countryPreference: "Poland" }),
    { locationPreference: "continent" },
  );
  assert.equal(next.locationPreference, "continent");
  assert.equal(next.continentPreference, "Europe");
  assert.equal(DEFAULT_CONTINENT, "Europe");
  assert.equal(next.countryPreference, undefined);
});

Deno.test("applyFiltersPatch: a chosen value is kept; other preferences clear both", () => {
  const poland = applyFiltersPatch(filters(), {
    locationPreference: "country",
    countryPreference: "Poland",
    continentPreference: "Asia",
  });
  assert.equal(poland.countryPreference, "Poland");
  assert.equal(poland.continentPreference, undefined, "only the chosen one is kept");

  const asia = applyFiltersPatch(poland, {
    locationPreference: "continent",
    continentPreference: "Asia",
  });
  assert.equal(asia.continentPreference, "Asia");
  assert.equal(asia.countryPreference, undefined);

  for (const pref of ["global", "city", "nearby"] as const) {
    const next = applyFiltersPatch(asia, { locationPreference: pref });
    assert.equal(next.locationPreference, pref);
    assert.equal(next.countryPreference, undefined, pref);
    assert.equal(next.continentPreference, undefined, pref);
  }
});

Deno.test("applyFiltersPatch: a partial patch changes only its fields", () => {
  const before = filters({ hashtags: ["travel"], languagePreference: "fr" });
  const next = applyFiltersPatch(before, { hashtags: ["yoga", "art"] });
  assert.deepEqual(next.hashtags, ["yoga", "art"]);
  assert.equal(next.languagePreference, "fr");
  assert.equal(next.locationPreference, "global");
  assert.deepEqual(next.ageRange, [18, 99]);
  assert.deepEqual(before.hashtags, ["travel"], "the current filters are not mutated");

  const lang = applyFiltersPatch(next, { languagePreference: "de" });
  assert.deepEqual(lang.hashtags, ["yoga", "art"]);
  assert.equal(lang.languagePreference, "de");
});

// ---------------------------------------------------------------- schema

Deno.test("filtersPatchSchema: normalises and de-duplicates hashtags", () => {
  const r = filtersPatchSchema.safeParse({ hashtags: [" #Yoga ", "yoga", "Street Food"] });
  assert.ok(r.success);
  assert.deepEqual(r.data.hashtags, ["yoga", "streetfood"]);
});

Deno.test("filtersPatchSchema: refuses bad values with the clear texts", () => {
  const firstMessage = (v: unknown) => {
    const r = filtersPatchSchema.safeParse(v);
    assert.equal(r.success, false, `accepted ${JSON.stringify(v)}`);
    return r.error!.issues[0].message;
  };
  // Each text is a message carried in zod's string (the API says it in the response's language).
  const badHashtag = carried(said("profile.badHashtag", { max: 30 }));
  assert.equal(
    firstMessage({ locationPreference: "moon" }),
    carried(said("profile.badPreference")),
  );
  assert.equal(
    firstMessage({ countryPreference: "Atlantis" }),
    carried(said("profile.badCountry")),
  );
  assert.equal(
    firstMessage({ continentPreference: "Atlantis" }),
    carried(said("profile.badContinent")),
  );
  assert.equal(firstMessage({ hashtags: ["bad tag!"] }), badHashtag);
  assert.equal(firstMessage({ hashtags: ["   "] }), badHashtag);
  assert.equal(firstMessage({ hashtags: ["x".repeat(31)] }), badHashtag);
  assert.equal(firstMessage({ languagePreference: "xx" }), carried(said("profile.badLanguage")));
  const tags31 = Array.from({ length: 31 }, (_, i) => `tag${i}`);
  assert.equal(
    firstMessage({ hashtags: tags31 }),
    carried(said("profile.tooManyHashtags", { max: 30 })),
  );
  firstMessage({ somethingElse: true });
  firstMessage({ ageRange: [17, 40] });
  assert.equal(firstMessage({ ageRange: [50, 40] }), carried(said("profile.badAgeRange")));
  assert.ok(filtersPatchSchema.safeParse({ hashtags: tags31.slice(0, 30) }).success);
  assert.ok(filtersPatchSchema.safeParse({}).success, "an empty patch is a valid no-op");
});

// ---------------------------------------------------------------- lists and texts

Deno.test("suggested hashtags: the 30 listed, unique, each with an icon and a real category", () => {
  assert.equal(SUGGESTED_HASHTAGS.length, 30);
  assert.deepEqual(SUGGESTED_HASHTAGS.map((h) => h.name), SUGGESTED_NAMES);
  assert.equal(new Set(SUGGESTED_HASHTAGS.map((h) => h.id)).size, 30);
  const categories = new Set<string>(HASHTAG_CATEGORIES.map((c) => c.id));
  for (const h of SUGGESTED_HASHTAGS) {
    assert.ok(h.icon.trim().length > 0, `${h.name} has an icon`);
    assert.ok(categories.has(h.category) && (h.category as string) !== "all", h.name);
    assert.equal(normalizeHashtag(h.name), h.name, "already normalised");
  }
  // Every real category has at least one suggestion, so no chip shows an empty grid.
  for (const c of HASHTAG_CATEGORIES.filter((c) => c.id !== "all")) {
    assert.ok(SUGGESTED_HASHTAGS.some((h) => h.category === c.id), c.id);
  }
});

Deno.test("hashtag categories: 7 including 'all', with their labels", () => {
  assert.deepEqual(
    HASHTAG_CATEGORIES.map((c) => [c.id, english(`home.${c.key}`)]),
    [
      ["all", "All"],
      ["activities", "Activities"],
      ["entertainment", "Entertainment"],
      ["food", "Food & Drink"],
      ["health", "Health & Wellness"],
      ["places", "Places"],
      ["animals", "Animals & Pets"],
    ],
  );
});

Deno.test("countries: about 90, alphabetical, unique, with the default United States", () => {
  assert.ok(COUNTRIES.length >= 85 && COUNTRIES.length <= 100, `${COUNTRIES.length} countries`);
  const sorted = [...COUNTRIES].sort((a, b) => a.localeCompare(b, "en"));
  assert.deepEqual([...COUNTRIES], sorted);
  assert.equal(new Set(COUNTRIES).size, COUNTRIES.length);
  assert.ok((COUNTRIES as readonly string[]).includes(DEFAULT_COUNTRY));
  for (const c of ["Poland", "Japan", "United Kingdom", "Brazil", "Kenya", "Australia"]) {
    assert.ok((COUNTRIES as readonly string[]).includes(c), c);
  }
});

Deno.test("continents, preferences, languages and regions are the fixed lists", () => {
  assert.deepEqual([...CONTINENTS].sort(), [
    "Africa",
    "Asia",
    "Europe",
    "North America",
    "Oceania",
    "South America",
  ]);
  assert.deepEqual([...LOCATION_PREFERENCES], ["global", "continent", "country", "city", "nearby"]);
  assert.deepEqual([...LANGUAGE_PREFERENCES], ["any", "en", "es", "fr", "de", "zh", "ja"]);
  assert.equal(REGIONS.length, 6);
  assert.deepEqual(REGIONS.map((r) => r.continent).sort(), [...CONTINENTS].sort());
  assert.equal(new Set(REGIONS.map((r) => r.id)).size, 6);
  for (const r of REGIONS) {
    assert.ok(r.x >= 0 && r.x <= 100 && r.y >= 0 && r.y <= 100, `${r.id} is on the map`);
  }
});

Deno.test("helper lines and toasts are verbatim", () => {
  assert.deepEqual(
    Object.fromEntries(
      (["helpGlobal", "helpPlace", "helpCity", "helpNearby"] as const).map((k) => [
        k,
        english(`profile.${k}`),
      ]),
    ),
    {
      helpGlobal: "Match with anyone in the world",
      helpPlace: "Match with people in the chosen place",
      helpCity: "Match with people in your city",
      helpNearby: "Match within 25km",
    },
  );
  assert.equal(english("profile.filtersSaved"), "Filters saved");
  assert.equal(
    english("profile.filtersSavedDescription"),
    "Your filter preferences have been updated.",
  );
  assert.equal(english("profile.saveError"), "Error saving filters");
  assert.equal(
    english("profile.saveErrorDescription"),
    "There was a problem saving your filters. Please try again.",
  );
  assert.equal(english("home.hashtagsSaved"), "Hashtags saved!");
  assert.equal(english("home.hashtagsSavedDescription"), "Successfully updated your hashtags.");
  assert.equal(english("home.hashtagsError"), "Failed to save hashtags");
  assert.equal(
    english("home.hashtagsErrorDescription"),
    "There was an error saving your hashtags. Please try again.",
  );
  assert.equal(english("home.noHashtags"), "No hashtags selected");
  assert.equal(english("home.noHashtagsDescription"), "Please select at least one hashtag.");
});
