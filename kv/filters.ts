// A member's matching filters (SPEC section 3, Filters). Defaults apply until they save their own.
import { keys } from "./keys.ts";

export type LocationPreference = "global" | "continent" | "country" | "city" | "nearby";

export interface Filters {
  hashtags: string[];
  locationPreference: LocationPreference;
  countryPreference?: string;
  continentPreference?: string;
  languagePreference: string;
  ageRange: [number, number];
  gender: "any";
}

export const DEFAULT_FILTERS: Filters = {
  hashtags: ["adventure"],
  locationPreference: "global",
  languagePreference: "any",
  ageRange: [18, 99],
  gender: "any",
};

export async function getFilters(kv: Deno.Kv, userId: string): Promise<Filters> {
  const entry = await kv.get<Partial<Filters>>(keys.filters(userId));
  return { ...DEFAULT_FILTERS, ...(entry.value ?? {}) };
}
