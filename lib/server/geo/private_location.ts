// A member's place, kept privately for matching: the names, the continent and a ~2 km cell,
// never the coordinates. It comes either from the device (coordinates named offline here, then
// dropped) or from the location typed on the profile.
import {
  getPrivateLocation,
  onlineByContinent,
  setPrivateLocation,
  touchPresence,
} from "../../../kv/filters.ts";
import { popularHashtags } from "../../../kv/hashtags.ts";
import { MAP_DATA, pageData } from "../../shared/short_cache.ts";
import { updateUser } from "../../../kv/users.ts";
import { setSessionPlace } from "../../../kv/sessions.ts";
import { REGIONS } from "../../shared/filters.ts";
import { splitLocation } from "../../shared/profile.ts";
import { AppError } from "../http/errors.ts";
import { type Said, said } from "../../shared/i18n/said.ts";
import {
  coarseCell,
  type Continent,
  continentOf,
  countryCodeByName,
  geocoder,
  validCoordinates,
} from "./geocoder.ts";
import type { RegionSummary } from "../../shared/geo/types.ts";
export type { RegionSummary };

export class LocationError extends AppError {
  constructor(message: Said, status: 400 | 422) {
    super(status, message);
    this.name = "LocationError";
  }
}

export interface LocatedPlace {
  city: string;
  country: string;
  continent: Continent | null;
  /** 'City, Country': the member's profile location from now on. */
  location: string;
}

/**
 * Names the place at the device's coordinates and makes it the member's location, and the place
 * the devices list shows for the session `sid` (the device that sent them). The coordinates are
 * neither stored nor logged.
 */
export async function locateMember(
  kv: Deno.Kv,
  userId: string,
  latitude: number,
  longitude: number,
  sid?: string,
): Promise<LocatedPlace> {
  if (!validCoordinates(latitude, longitude)) {
    throw new LocationError(said("texts.locationUnavailable"), 400);
  }
  const place = geocoder().lookup(latitude, longitude);
  if (!place.city || !place.country) throw new LocationError(said("texts.locationNoNames"), 422);
  const location = `${place.city}, ${place.country}`;
  await setPrivateLocation(kv, userId, {
    city: place.city,
    country: place.country,
    countryCode: place.countryCode,
    continent: place.continent,
    cell: coarseCell(latitude, longitude),
    updatedAt: new Date().toISOString(),
  });
  await updateUser(kv, userId, (u) => ({ ...u, location }));
  await touchPresence(kv, userId, place.continent);
  if (sid) await setSessionPlace(kv, sid, { city: place.city, country: place.country });
  return { city: place.city, country: place.country, continent: place.continent, location };
}

/**
 * A location typed on the profile: its country and continent count for matching; the ~2 km cell
 * for 'nearby' is kept only when the typed place is still the one the device located.
 */
export async function rememberTypedLocation(kv: Deno.Kv, userId: string, location: string) {
  const { city, country } = splitLocation(location);
  const previous = await getPrivateLocation(kv, userId);
  const same = previous && previous.city === city && previous.country === country;
  const countryCode = countryCodeByName(country);
  await setPrivateLocation(kv, userId, {
    city,
    country,
    countryCode,
    continent: countryCode ? continentOf(countryCode) : null,
    cell: same ? previous.cell : null,
    updatedAt: new Date().toISOString(),
  });
}

/**
 * The map: members online now per region and the most used hashtags of the last 7 days, computed
 * at most once per PAGE_DATA_TTL_MS (and again after this server changed what it counts).
 */
export function regionSummaries(kv: Deno.Kv): Promise<RegionSummary[]> {
  return pageData(kv).get(`${MAP_DATA}regions`, () => computeRegions(kv));
}

/** Members online now per continent, cached like regionSummaries. */
export function onlineNow(kv: Deno.Kv): Promise<Map<string, number>> {
  return pageData(kv).get(`${MAP_DATA}online`, () => onlineByContinent(kv));
}

async function computeRegions(kv: Deno.Kv): Promise<RegionSummary[]> {
  const online = await onlineNow(kv);
  return await Promise.all(REGIONS.map(async (r) => ({
    id: r.id,
    name: r.name,
    x: r.x,
    y: r.y,
    users: online.get(r.continent) ?? 0,
    hashtags: (await popularHashtags(kv, r.continent)).slice(0, 5).map((h) => h.tag),
  })));
}

const PRESENCE_EVERY_MS = 60_000;

/**
 * Marks a signed-in member as present (online now, in their continent) at most once a minute
 * per member per instance. Returns the writing's promise, or nothing when it is not due (most
 * requests: no promise made for them).
 */
export function presenceTracker(kv: Deno.Kv) {
  const lastTouch = new Map<string, number>();
  const touch = async (userId: string) => {
    const loc = await getPrivateLocation(kv, userId);
    await touchPresence(kv, userId, loc?.continent ?? null);
  };
  return (userId: string): Promise<void> | undefined => {
    const now = Date.now();
    if (now - (lastTouch.get(userId) ?? 0) < PRESENCE_EVERY_MS) return;
    lastTouch.set(userId, now);
    if (lastTouch.size > 10_000) lastTouch.clear();
    return touch(userId);
  };
}
