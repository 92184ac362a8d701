// Offline reverse geocoding and the private coarse location: known places, the mid-ocean and
// invalid cases, the ~2 km cell, and the 25 km 'nearby' rule tested at 24 and 26 km between cell
// centres.
import assert from "node:assert/strict";
import {
  type Cell,
  coarseCell,
  continentOf,
  countryCodeByName,
  countryName,
  distanceKm,
  Geocoder,
  geocoder,
  isNearby,
  NEARBY_KM,
  validCoordinates,
} from "../../lib/server/geo/geocoder.ts";
import { decodeCities } from "../../lib/server/geo/cities.ts";
import { CONTINENTS, COUNTRIES } from "../../lib/shared/filters.ts";

const GRID = 0.02;
/** Kilometres per degree of latitude on the sphere the geocoder uses. */
const KM_PER_DEGREE = distanceKm({ lat: 0, lon: 0 }, { lat: 1, lon: 0 });

const onGrid = (v: number) => Math.abs(v / GRID - Math.round(v / GRID)) < 1e-6;

// ---------------------------------------------------------------- known places

Deno.test("geocoder: Warsaw, Poland, Europe", () => {
  assert.deepEqual(geocoder().lookup(52.2297, 21.0122), {
    city: "Warsaw",
    country: "Poland",
    countryCode: "PL",
    continent: "Europe",
  });
});

Deno.test("geocoder: New York, United States, North America", () => {
  assert.deepEqual(geocoder().lookup(40.7128, -74.0060), {
    city: "New York",
    country: "United States",
    countryCode: "US",
    continent: "North America",
  });
});

Deno.test("geocoder: Tokyo, Japan, Asia", () => {
  assert.deepEqual(geocoder().lookup(35.6762, 139.6503), {
    city: "Tokyo",
    country: "Japan",
    countryCode: "JP",
    continent: "Asia",
  });
});

Deno.test("geocoder: one city on every other continent", () => {
  const g = geocoder();
  const cases: [number, number, string, string, string][] = [
    [-33.8688, 151.2093, "Sydney", "Australia", "Oceania"],
    [-23.5505, -46.6333, "São Paulo", "Brazil", "South America"],
    [-1.2921, 36.8219, "Nairobi", "Kenya", "Africa"],
    [48.8566, 2.3522, "Paris", "France", "Europe"],
  ];
  for (const [lat, lon, city, country, continent] of cases) {
    const p = g.lookup(lat, lon);
    assert.deepEqual([p.city, p.country, p.continent], [city, country, continent], city);
  }
});

Deno.test("geocoder: mid-ocean has no city and no country, and does not throw", () => {
  const p = geocoder().lookup(30, -40);
  assert.equal(p.city, null);
  assert.equal(p.country, null);
  assert.equal(p.countryCode, null);
  assert.equal(p.continent, null);
  // Southern Ocean, far from any land.
  assert.equal(geocoder().lookup(-60, 0).city, null);
});

Deno.test("geocoder: invalid coordinates give nulls", () => {
  const none = { city: null, country: null, countryCode: null, continent: null };
  for (
    const [lat, lon] of [[91, 0], [-91, 0], [0, 181], [0, -181], [NaN, 0], [0, Infinity]]
  ) {
    assert.deepEqual(geocoder().lookup(lat, lon), none, `${lat}, ${lon}`);
  }
  assert.equal(validCoordinates(91, 0), false);
  assert.equal(validCoordinates(90, 180), true);
  assert.equal(validCoordinates(-90, -180), true);
});

Deno.test("geocoder: geocoder() is one shared instance; Geocoder.load() builds another", () => {
  assert.equal(geocoder(), geocoder());
  const fresh = Geocoder.load();
  assert.notEqual(fresh, geocoder());
  assert.equal(fresh.lookup(52.2297, 21.0122).city, "Warsaw");
});

Deno.test("cities data set: well over 100,000 cities with sane coordinates", () => {
  const t = decodeCities();
  assert.ok(t.count > 100_000, `${t.count} cities`);
  assert.equal(t.lat.length, t.count);
  assert.equal(t.lon.length, t.count);
  assert.equal(t.name.length, t.count);
  for (let i = 0; i < t.count; i += 997) {
    assert.ok(validCoordinates(t.lat[i], t.lon[i]), `${t.name[i]}: ${t.lat[i]}, ${t.lon[i]}`);
    assert.match(t.country[i], /^[A-Z]{2}$/, t.name[i]);
  }
  const warsaw = t.name.indexOf("Warsaw");
  assert.ok(warsaw >= 0);
  assert.ok(Math.abs(t.lat[warsaw] - 52.23) < 0.1 && Math.abs(t.lon[warsaw] - 21.01) < 0.1);
});

// ---------------------------------------------------------------- names

Deno.test("countries: names and continents by ISO code and by name", () => {
  assert.equal(countryCodeByName("Poland"), "PL");
  assert.equal(countryCodeByName("  united states "), "US");
  assert.equal(countryCodeByName("Atlantis"), null);
  assert.equal(countryName("US"), "United States");
  assert.equal(continentOf("PL"), "Europe");
  assert.equal(continentOf("JP"), "Asia");
  assert.equal(continentOf("US"), "North America");
  assert.equal(continentOf("BR"), "South America");
  assert.equal(continentOf("KE"), "Africa");
  assert.equal(continentOf("AU"), "Oceania");
});

// lib/shared/filters.ts says COUNTRIES uses "names as the geocoder gives them, so they compare equal":
// a member located by the geocoder must be able to match a country chosen from the list.
Deno.test("countries: every COUNTRIES name is the name the geocoder writes", () => {
  const bad: string[] = [];
  for (const name of COUNTRIES) {
    const code = countryCodeByName(name);
    const back = code ? countryName(code) : null;
    const continent = code ? continentOf(code) : null;
    if (!code || back !== name || !continent || !CONTINENTS.includes(continent)) {
      bad.push(`${name} → ${code} → ${back} (${continent})`);
    }
  }
  const g = geocoder();
  for (
    const [lat, lon] of [[39.9042, 116.4074], [53.3498, -6.2603], [52.2297, 21.0122]]
  ) {
    const p = g.lookup(lat, lon);
    if (!(COUNTRIES as readonly string[]).includes(p.country ?? "")) {
      bad.push(`${p.city} is in '${p.country}', which is not in COUNTRIES`);
    }
  }
  assert.deepEqual(bad, []);
});

// ---------------------------------------------------------------- coarse cell

Deno.test("coarseCell: snaps to a 0.02° grid, never the exact coordinate", () => {
  const warsaw = coarseCell(52.2297, 21.0122);
  assert.deepEqual(warsaw, { lat: 52.22, lon: 21.02 });
  assert.ok(onGrid(warsaw.lat) && onGrid(warsaw.lon));
  assert.notEqual(warsaw.lat, 52.2297);
  assert.notEqual(warsaw.lon, 21.0122);
  for (const [lat, lon] of [[40.7128, -74.006], [-33.8688, 151.2093], [35.6762, 139.6503]]) {
    const c = coarseCell(lat, lon);
    assert.ok(onGrid(c.lat) && onGrid(c.lon), JSON.stringify(c));
    assert.ok(Math.abs(c.lat - lat) <= GRID / 2 + 1e-9, "lat within half a cell");
    assert.ok(Math.abs(c.lon - lon) <= GRID / 2 + 1e-9, "lon within half a cell");
    assert.ok(c.lat !== lat || c.lon !== lon, "not the exact point");
    // At most two decimals: nothing finer than the cell is kept.
    assert.ok(!/\.\d{3,}/.test(JSON.stringify(c)), JSON.stringify(c));
  }
});

Deno.test("coarseCell: two points 100 m apart inside a cell share it; far points do not", () => {
  const a = coarseCell(52.2200, 21.0200);
  const b = coarseCell(52.2200 + 0.1 / KM_PER_DEGREE, 21.0200); // 100 m north
  const c = coarseCell(52.2200, 21.0200 + 0.1 / (KM_PER_DEGREE * Math.cos(52.22 * Math.PI / 180)));
  assert.deepEqual(a, b);
  assert.deepEqual(a, c);
  assert.notDeepEqual(coarseCell(52.22, 21.02), coarseCell(52.25, 21.02));
  // A cell is about 2 km: its neighbour's centre is 0.02° (≈ 2.2 km) away.
  const step = distanceKm(coarseCell(52.22, 21.02), coarseCell(52.24, 21.02));
  assert.ok(step > 2 && step < 2.5, `${step} km`);
});

Deno.test("coarseCell: works at the edges of the map", () => {
  assert.deepEqual(coarseCell(90, 180), { lat: 90, lon: 180 });
  assert.deepEqual(coarseCell(-89.999, -179.999), { lat: -90, lon: -180 });
  const c = coarseCell(-0.009, -0.009);
  assert.equal(Math.abs(c.lat), 0);
  assert.equal(Math.abs(c.lon), 0);
});

// ---------------------------------------------------------------- nearby (25 km)

/** The grid cell, `latSteps` and `lonSteps` cells away from `from`, built through coarseCell. */
function cellAway(from: Cell, latSteps: number, lonSteps: number): Cell {
  return coarseCell(from.lat + latSteps * GRID, from.lon + lonSteps * GRID);
}

/** Finds the cell (on the grid, within 20 steps) whose centre is closest to `km` from `from`. */
function cellAtDistance(from: Cell, km: number): { cell: Cell; km: number } {
  let best = { cell: from, km: 0 };
  for (let i = 0; i <= 20; i++) {
    for (let j = 0; j <= 20; j++) {
      const cell = cellAway(from, i, j);
      const d = distanceKm(from, cell);
      if (Math.abs(d - km) < Math.abs(best.km - km)) best = { cell, km: d };
    }
  }
  return best;
}

Deno.test("nearby: 25 km is the radius", () => {
  assert.equal(NEARBY_KM, 25);
});

Deno.test("nearby: cells 24 km apart are nearby, 26 km apart are not (along a meridian)", () => {
  // Moving north along a meridian: 1° of latitude ≈ 111.2 km.
  assert.ok(Math.abs(KM_PER_DEGREE - 111.2) < 0.1, `${KM_PER_DEGREE} km per degree`);
  const base = coarseCell(0, 30);
  // 0.22° ≈ 24.5 km and 0.24° ≈ 26.7 km: the grid cells nearest to 24 and 26 km north.
  const near = cellAway(base, 11, 0);
  const far = cellAway(base, 12, 0);
  const dNear = distanceKm(base, near), dFar = distanceKm(base, far);
  assert.ok(dNear > 24 && dNear < 25, `${dNear} km`);
  assert.ok(dFar > 26 && dFar < 27, `${dFar} km`);
  assert.equal(isNearby(base, near), true);
  assert.equal(isNearby(near, base), true, "symmetric");
  assert.equal(isNearby(base, far), false);
  assert.equal(isNearby(far, base), false, "symmetric");
});

Deno.test("nearby: cells whose centres are 24.0 and 26.0 km apart (Warsaw's cell)", () => {
  const base = coarseCell(52.2297, 21.0122);
  const at24 = cellAtDistance(base, 24);
  const at26 = cellAtDistance(base, 26);
  assert.ok(Math.abs(at24.km - 24) < 0.1, `found ${at24.km} km`);
  assert.ok(Math.abs(at26.km - 26) < 0.1, `found ${at26.km} km`);
  assert.equal(isNearby(base, at24.cell), true, `${at24.km} km`);
  assert.equal(isNearby(base, at26.cell), false, `${at26.km} km`);
});

Deno.test("nearby: the same cell and the next cell are nearby; another city is not", () => {
  const warsaw = coarseCell(52.2297, 21.0122);
  assert.equal(isNearby(warsaw, warsaw), true);
  assert.equal(isNearby(warsaw, cellAway(warsaw, 1, 1)), true);
  const lodz = coarseCell(51.7592, 19.4560); // about 120 km away
  assert.equal(isNearby(warsaw, lodz), false);
  const d = distanceKm(warsaw, lodz);
  assert.ok(d > 110 && d < 130, `${d} km`);
});

Deno.test("distanceKm: great-circle distances", () => {
  const warsaw = { lat: 52.2297, lon: 21.0122 };
  const paris = { lat: 48.8566, lon: 2.3522 };
  const d = distanceKm(warsaw, paris);
  assert.ok(d > 1360 && d < 1380, `${d} km Warsaw-Paris`);
  assert.equal(distanceKm(warsaw, warsaw), 0);
  assert.ok(Math.abs(distanceKm(warsaw, paris) - distanceKm(paris, warsaw)) < 1e-9);
});
