// The zod schema of a partial filter update (POST /api/filters, the socket's set_filters). Kept
// apart from lib/shared/filters.ts so the browser bundles, which use those constants, carry no zod.
import { z } from "zod";
import {
  badHashtag,
  CONTINENTS,
  COUNTRIES,
  DEFAULT_CONTINENT,
  DEFAULT_COUNTRY,
  type Filters,
  hashtagProblem,
  LANGUAGE_PREFERENCES,
  LOCATION_PREFERENCES,
  MAX_HASHTAGS,
  normalizeHashtag,
  tooManyHashtags,
} from "./filters.ts";
import { carried, said } from "./i18n/said.ts";

/** One hashtag as typed: normalised (normalizeHashtag), then checked (hashtagProblem). */
export const hashtagSchema = z.string().transform(normalizeHashtag).pipe(
  z.string().refine((tag) => hashtagProblem(tag) === null, carried(badHashtag())),
);

/**
 * A partial filter update (POST /api/filters). Unknown keys are refused. A check's own text is a
 * message `carried` in zod's string (the API says it in the response's language).
 */
export const filtersPatchSchema = z.object({
  hashtags: z.array(hashtagSchema).max(MAX_HASHTAGS, carried(tooManyHashtags()))
    .transform((tags) => [...new Set(tags)]).optional(),
  locationPreference: z.enum(LOCATION_PREFERENCES, {
    error: carried(said("profile.badPreference")),
  })
    .optional(),
  countryPreference: z.enum(COUNTRIES, { error: carried(said("profile.badCountry")) }).nullable()
    .optional(),
  continentPreference: z.enum(CONTINENTS, { error: carried(said("profile.badContinent")) })
    .nullable().optional(),
  languagePreference: z.enum(LANGUAGE_PREFERENCES, {
    error: carried(said("profile.badLanguage")),
  }).optional(),
  ageRange: z.tuple([z.number().int().min(18).max(99), z.number().int().min(18).max(99)])
    .refine(([a, b]) => a <= b, carried(said("profile.badAgeRange"))).optional(),
  gender: z.literal("any").optional(),
  languages: z.array(z.enum(LANGUAGE_PREFERENCES)).max(7).optional(),
  interests: z.array(hashtagSchema).max(MAX_HASHTAGS).optional(),
  location: z.string().max(120).optional(),
  widenAutomatically: z.boolean().optional(),
}).strict();

export type FiltersPatch = z.infer<typeof filtersPatchSchema>;

/**
 * Applies a validated patch. Choosing country defaults the country to United States if unset,
 * continent to Europe; only the value for the chosen preference is kept.
 */
export function applyFiltersPatch(current: Filters, patch: FiltersPatch): Filters {
  const next: Filters = { ...current };
  if (patch.hashtags) next.hashtags = patch.hashtags;
  if (patch.locationPreference) next.locationPreference = patch.locationPreference;
  if (patch.countryPreference !== undefined) {
    next.countryPreference = patch.countryPreference ?? undefined;
  }
  if (patch.continentPreference !== undefined) {
    next.continentPreference = patch.continentPreference ?? undefined;
  }
  if (patch.languagePreference) next.languagePreference = patch.languagePreference;
  if (patch.ageRange) next.ageRange = patch.ageRange;
  if (patch.languages) next.languages = patch.languages;
  if (patch.interests) next.interests = patch.interests;
  if (patch.location !== undefined) next.location = patch.location;
  if (patch.widenAutomatically !== undefined) next.widenAutomatically = patch.widenAutomatically;
  if (next.locationPreference === "country") {
    next.countryPreference ??= DEFAULT_COUNTRY;
    delete next.continentPreference;
  } else if (next.locationPreference === "continent") {
    next.continentPreference ??= DEFAULT_CONTINENT;
    delete next.countryPreference;
  } else {
    delete next.countryPreference;
    delete next.continentPreference;
  }
  return next;
}
