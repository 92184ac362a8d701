// The map's regions by their continent: a region's continent (its English name, as the filters
// store it) and its name in the page's language.
import { REGIONS } from "../../lib/shared/filters.ts";
import type { RegionSummary } from "../../lib/shared/geo/types.ts";
import { continentName } from "../continent_name.ts";

export const CONTINENT_OF: Record<string, string> = Object.fromEntries(
  REGIONS.map((r) => [r.id, r.continent]),
);

/** A region's name in the page's language (each region is a continent). */
export const regionName = (r: RegionSummary) => continentName(CONTINENT_OF[r.id] ?? r.name);
