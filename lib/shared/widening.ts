// Widening a search with the member's consent: which wider filter comes next (a city → its
// country → its continent → everyone; nearby → the country → its continent → everyone; a
// country → its continent → everyone; a continent → everyone), and when the search screen offers
// it. Hashtags never block a match (they only rank partners), so they are never widened. Pure:
// the server decides with these rules, the page shows the step it is offered.
import type { LocationPreference } from "./filters.ts";

/** A wider filter a search can be widened to. */
export type Reach =
  | { location: "country"; country: string }
  | { location: "continent"; continent: string }
  | { location: "global" };

/** A search's location filter, as its ticket carries it. */
export interface LocationFilter {
  location: LocationPreference;
  country?: string;
  continent?: string;
}

/** Where the member is, as far as a search knows. */
export interface KnownPlace {
  country: string | null;
  continent: string | null;
}

/** After this long without a match, a wider filter that would meet someone is offered. */
export const WIDEN_AFTER_MS = 10_000;

/**
 * The wider filters for `pref`, narrowest first. A step whose place is not known (a member with
 * no country) is left out; everyone is always last, unless the filter already is everyone.
 */
export function wideningSteps(
  pref: LocationFilter,
  me: KnownPlace,
  continentOf: (country: string) => string | null,
): Reach[] {
  const steps: Reach[] = [];
  const local = pref.location === "city" || pref.location === "nearby";
  if (local && me.country) steps.push({ location: "country", country: me.country });
  if (local || pref.location === "country") {
    const continent = pref.location === "country"
      ? (pref.country ? continentOf(pref.country) : null)
      : me.continent ?? (me.country ? continentOf(me.country) : null);
    if (continent) steps.push({ location: "continent", continent });
  }
  if (pref.location !== "global") steps.push({ location: "global" });
  return steps;
}

/**
 * The step to offer now, or null: the narrowest wider filter that would meet someone, once the
 * member's own filter leaves nobody to meet, or after WIDEN_AFTER_MS without a match. `meets[i]`
 * says whether `steps[i]` would meet anyone searching now (their own filters holding too);
 * `meetNow` is how many the member's filter meets.
 */
export function widenOffer(
  input: { elapsedMs: number; meetNow: number; steps: readonly Reach[]; meets: readonly boolean[] },
): Reach | null {
  const i = input.meets.findIndex(Boolean);
  if (i < 0 || i >= input.steps.length) return null;
  if (input.meetNow > 0 && input.elapsedMs < WIDEN_AFTER_MS) return null;
  return input.steps[i];
}

/** The filter a search has once widened to `reach` (its language preference unchanged). */
export function widened<P extends LocationFilter>(pref: P, reach: Reach): P {
  const { country: _c, continent: _k, ...rest } = pref;
  return {
    ...rest,
    location: reach.location,
    ...(reach.location === "country" ? { country: reach.country } : {}),
    ...(reach.location === "continent" ? { continent: reach.continent } : {}),
  } as P;
}

/** Whether two steps are the same. */
export function sameReach(a: Reach, b: Reach): boolean {
  return a.location === b.location &&
    (a.location !== "country" || a.country === (b as { country: string }).country) &&
    (a.location !== "continent" || a.continent === (b as { continent: string }).continent);
}
