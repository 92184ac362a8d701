// Offline reverse geocoding: coordinates → city, country and continent, with no third-party
// call. Cities come from a spatial index (kdbush + geokdbush) over the packaged GeoNames cities;
// countries and continents from packaged boundaries (country-coder). Coordinates are only ever
// held in memory for the length of one lookup; what is kept is a coarse cell (see coarseCell).
import KDBush from "kdbush";
import { around, distance } from "geokdbush";
import * as countryCoder from "@rapideditor/country-coder";
import { type CityTable, decodeCities } from "./cities.ts";
import { type Continent, CONTINENTS } from "../../shared/geo/continents.ts";
import type { Cell } from "../../shared/geo/types.ts";
export type { Cell };

export { CONTINENTS };
export type { Continent };

export interface Place {
  city: string | null;
  country: string | null;
  countryCode: string | null;
  continent: Continent | null;
}

/** A city within this distance names the place; farther out, only the country does. */
const CITY_RADIUS_KM = 30;
/** Within this distance the largest city wins (a district's point still reads 'Tokyo'). */
const METRO_RADIUS_KM = 15;
const METRO_MIN_POPULATION = 500_000;

/** GeoNames' official names where people say something shorter. */
const DISPLAY_NAMES: Record<string, string> = { "New York City": "New York" };

// UN M49 groups → our six continents.
const M49_CONTINENT: [string, Continent][] = [
  ["002", "Africa"],
  ["142", "Asia"],
  ["150", "Europe"],
  ["009", "Oceania"],
  ["005", "South America"],
  ["021", "North America"],
  ["013", "North America"],
  ["029", "North America"],
];

export class Geocoder {
  private index: KDBush;

  constructor(private cities: CityTable) {
    this.index = new KDBush(cities.count);
    for (let i = 0; i < cities.count; i++) this.index.add(cities.lon[i], cities.lat[i]);
    this.index.finish();
  }

  static load(): Geocoder {
    return new Geocoder(decodeCities());
  }

  lookup(latitude: number, longitude: number): Place {
    if (!validCoordinates(latitude, longitude)) {
      return { city: null, country: null, countryCode: null, continent: null };
    }
    const code = countryCoder.iso1A2Code([longitude, latitude], { level: "territory" });
    const c = this.cities;
    // Prefer cities in the country the point is in (a border town names its own country).
    const sameCountry = (i: number) => !code || c.country[i] === code;
    const near: number[] = around(
      this.index,
      longitude,
      latitude,
      50,
      CITY_RADIUS_KM,
      sameCountry,
    );
    let pick: number | null = near.length ? near[0] : null;
    for (const i of near) {
      const d = distance(longitude, latitude, c.lon[i], c.lat[i]);
      if (d > METRO_RADIUS_KM) break;
      if (
        c.population[i] >= METRO_MIN_POPULATION &&
        c.population[i] > c.population[pick!]
      ) pick = i;
    }
    const countryCode = code ?? (pick !== null ? c.country[pick] : null);
    const cityName = pick !== null ? c.name[pick] : null;
    return {
      city: cityName ? DISPLAY_NAMES[cityName] ?? cityName : null,
      country: countryCode ? countryName(countryCode) : null,
      countryCode,
      continent: continentAt(latitude, longitude) ??
        (countryCode ? continentOf(countryCode) : null),
    };
  }
}

export function validCoordinates(latitude: number, longitude: number) {
  return Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180;
}

// Countries whose boundary data spans several territories carry no continent of their own.
const AGGREGATE_CONTINENT: Record<string, Continent> = {
  DK: "Europe",
  ES: "Europe",
  FR: "Europe",
  GB: "Europe",
  NL: "Europe",
  NO: "Europe",
  RU: "Europe",
  US: "North America",
  UM: "North America",
};

const COUNTRY_DISPLAY: Record<string, string> = {
  US: "United States",
  CN: "China",
  IE: "Ireland",
  DK: "Denmark",
  NL: "Netherlands",
};

export function countryName(code: string): string | null {
  return COUNTRY_DISPLAY[code] ?? countryCoder.feature(code)?.properties.nameEn ?? null;
}

function continentOfGroups(groups: string[]): Continent | null {
  for (const [m49, continent] of M49_CONTINENT) if (groups.includes(m49)) return continent;
  return null;
}

/** The continent of a country (ISO 3166-1 alpha-2). */
export function continentOf(code: string): Continent | null {
  return AGGREGATE_CONTINENT[code] ??
    continentOfGroups(countryCoder.feature(code)?.properties.groups ?? []);
}

/** The continent a point lies in (overseas territories count where they are). */
export function continentAt(latitude: number, longitude: number): Continent | null {
  const ids = countryCoder.featuresContaining([longitude, latitude]).map((f) => f.properties.id);
  return continentOfGroups(ids);
}

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  return distance(a.lon, a.lat, b.lon, b.lat);
}

const CELL_DEGREES = 0.02;

export function coarseCell(latitude: number, longitude: number): Cell {
  const snap = (v: number) => Math.round(Math.round(v / CELL_DEGREES) * CELL_DEGREES * 100) / 100;
  return { lat: snap(latitude), lon: snap(longitude) };
}

export const NEARBY_KM = 25;

export function isNearby(a: Cell, b: Cell): boolean {
  return distanceKm(a, b) <= NEARBY_KM;
}

let shared: Geocoder | null = null;
/** The process-wide geocoder, built on first use (about a third of a second). */
export function geocoder(): Geocoder {
  shared ??= Geocoder.load();
  return shared;
}

let codesByName: Map<string, string> | null = null;

/** ISO code for an English country name as the geocoder writes it (case-insensitive). */
export function countryCodeByName(name: string): string | null {
  if (!codesByName) {
    codesByName = new Map();
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const f = countryCoder.feature(code);
        if (!f || f.properties.iso1A2 !== code) continue;
        codesByName.set(f.properties.nameEn.toLowerCase(), code);
        const shown = countryName(code);
        if (shown) codesByName.set(shown.toLowerCase(), code);
      }
    }
  }
  return codesByName.get(name.trim().toLowerCase()) ?? null;
}

const continentsByName = new Map<string, Continent | null>();

/** The continent of a country named in English as the geocoder writes it (null: not known). */
export function continentOfCountry(name: string): Continent | null {
  let continent = continentsByName.get(name);
  if (continent === undefined) {
    const code = countryCodeByName(name);
    continent = code ? continentOf(code) : null;
    // Names are typed by members: a bounded memo.
    if (continentsByName.size < 1_000) continentsByName.set(name, continent);
  }
  return continent;
}
