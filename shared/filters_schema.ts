// The zod schema of a partial filter update (POST /api/filters, the socket's set_filters). Kept
// apart from shared/filters.ts so the browser bundles, which use those constants, carry no zod.
import { z } from "zod";
import {
  CONTINENTS,
  COUNTRIES,
  FILTER_TEXT,
  hashtagProblem,
  LANGUAGE_PREFERENCES,
  LOCATION_PREFERENCES,
  MAX_HASHTAGS,
  normalizeHashtag,
} from "./filters.ts";

/** One hashtag as typed: normalised (normalizeHashtag), then checked (hashtagProblem). */
export const hashtagSchema = z.string().transform(normalizeHashtag).pipe(
  z.string().refine((tag) => hashtagProblem(tag) === null, FILTER_TEXT.badHashtag),
);

/** A partial filter update (POST /api/filters). Unknown keys are refused. */
export const filtersPatchSchema = z.object({
  hashtags: z.array(hashtagSchema).max(MAX_HASHTAGS, FILTER_TEXT.tooManyHashtags)
    .transform((tags) => [...new Set(tags)]).optional(),
  locationPreference: z.enum(LOCATION_PREFERENCES, { error: FILTER_TEXT.badPreference })
    .optional(),
  countryPreference: z.enum(COUNTRIES, { error: FILTER_TEXT.badCountry }).nullable().optional(),
  continentPreference: z.enum(CONTINENTS, { error: FILTER_TEXT.badContinent }).nullable()
    .optional(),
  languagePreference: z.enum(LANGUAGE_PREFERENCES, { error: FILTER_TEXT.badLanguage })
    .optional(),
  ageRange: z.tuple([z.number().int().min(18).max(99), z.number().int().min(18).max(99)])
    .refine(([a, b]) => a <= b, "The age range must run from low to high.").optional(),
  gender: z.literal("any").optional(),
  languages: z.array(z.enum(LANGUAGE_PREFERENCES)).max(7).optional(),
  interests: z.array(hashtagSchema).max(MAX_HASHTAGS).optional(),
  location: z.string().max(120).optional(),
}).strict();

export type FiltersPatch = z.infer<typeof filtersPatchSchema>;
