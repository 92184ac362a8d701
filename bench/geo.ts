// Offline reverse geocoding (coordinates → city and country): how long the packaged data set takes
// to load, what it costs in memory, and how many lookups per second one process serves. Figures
// only: nothing here passes or fails. Run: deno run -A bench/geo.ts

import { random } from "./random.ts";

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const signedMb = (bytes: number) => `${bytes >= 0 ? "+" : ""}${(bytes / MB).toFixed(1)} MB`;

/** Runs V8's collector when the process was started with --v8-flags=--expose-gc. */
function collect() {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) gc();
}

function memory() {
  collect();
  const m = Deno.memoryUsage();
  return { heapUsed: m.heapUsed, rss: m.rss };
}

export interface GeoBenchResult {
  cities: number;
  importMs: number;
  loadMs: number;
  firstLookupMs: number;
  memory: { heapUsedMb: number; rssMb: number; importHeapMb: number; importRssMb: number };
  landLookupsPerSecond: number;
  oceanLookupsPerSecond: number;
  namedShare: number;
  cellAndNearbyPerSecond: number;
}

export async function benchGeo(
  { points = 100_000, warmup = 5_000, log = console.log } = {},
): Promise<GeoBenchResult> {
  const base = memory();
  let t = performance.now();
  // Importing brings in the packaged cities (protobuf bytes) and the country boundaries.
  const geo = await import("../lib/server/geo/geocoder.ts");
  const importMs = performance.now() - t;
  const imported = memory();

  t = performance.now();
  const g = geo.Geocoder.load();
  const loadMs = performance.now() - t;
  const loaded = memory();

  t = performance.now();
  g.lookup(52.2297, 21.0122);
  const firstLookupMs = performance.now() - t;

  // Land-ish points: a random city's position moved by up to ±0.25° (about 25 km), so most
  // queries land near people, as real members do. The city table is only read to make points.
  const { decodeCities } = await import("../lib/server/geo/cities.ts");
  const table = decodeCities();
  const rnd = random(42);
  const land = new Float64Array(points * 2);
  for (let i = 0; i < points; i++) {
    const c = Math.floor(rnd() * table.count);
    land[2 * i] = Math.max(-90, Math.min(90, table.lat[c] + (rnd() - 0.5) * 0.5));
    land[2 * i + 1] = Math.max(-180, Math.min(180, table.lon[c] + (rnd() - 0.5) * 0.5));
  }
  const oceanCount = Math.max(1_000, Math.floor(points / 10));
  const ocean = new Float64Array(oceanCount * 2);
  for (let i = 0; i < oceanCount; i++) {
    // The middle of the North and South Atlantic and the Pacific.
    const box = i % 3;
    ocean[2 * i] = box === 0 ? 25 + rnd() * 10 : box === 1 ? -35 + rnd() * 10 : rnd() * 10;
    ocean[2 * i + 1] = box === 0 ? -45 + rnd() * 10 : box === 1 ? -25 + rnd() * 10 : -140 +
      rnd() * 10;
  }

  for (let i = 0; i < warmup; i++) g.lookup(land[2 * (i % points)], land[2 * (i % points) + 1]);
  const warmed = memory();

  let named = 0;
  t = performance.now();
  for (let i = 0; i < points; i++) {
    if (g.lookup(land[2 * i], land[2 * i + 1]).city) named++;
  }
  const landSeconds = (performance.now() - t) / 1000;

  t = performance.now();
  for (let i = 0; i < oceanCount; i++) g.lookup(ocean[2 * i], ocean[2 * i + 1]);
  const oceanSeconds = (performance.now() - t) / 1000;

  const home = geo.coarseCell(52.2297, 21.0122);
  let near = 0;
  t = performance.now();
  for (let i = 0; i < points; i++) {
    if (geo.isNearby(home, geo.coarseCell(land[2 * i], land[2 * i + 1]))) near++;
  }
  const cellSeconds = (performance.now() - t) / 1000;

  const result: GeoBenchResult = {
    cities: table.count,
    importMs,
    loadMs,
    firstLookupMs,
    memory: {
      heapUsedMb: (loaded.heapUsed - imported.heapUsed) / MB,
      rssMb: (loaded.rss - imported.rss) / MB,
      importHeapMb: (imported.heapUsed - base.heapUsed) / MB,
      importRssMb: (imported.rss - base.rss) / MB,
    },
    landLookupsPerSecond: points / landSeconds,
    oceanLookupsPerSecond: oceanCount / oceanSeconds,
    namedShare: named / points,
    cellAndNearbyPerSecond: points / cellSeconds,
  };

  const rate = (n: number) => `${Math.round(n).toLocaleString("en-US")}/s`;
  log(`Reverse geocoding (offline: ${table.count.toLocaleString("en-US")} cities, kdbush index)`);
  log(`  import of the data set and boundaries  ${result.importMs.toFixed(0)} ms`);
  log(`  Geocoder.load() (decode + index)       ${result.loadMs.toFixed(0)} ms`);
  log(`  first lookup (boundary index warm-up)  ${result.firstLookupMs.toFixed(1)} ms`);
  log(
    `  memory, import          heapUsed ${signedMb(imported.heapUsed - base.heapUsed)}, ` +
      `rss ${signedMb(imported.rss - base.rss)}`,
  );
  log(
    `  memory, Geocoder.load() heapUsed ${mb(imported.heapUsed)} → ${mb(loaded.heapUsed)} ` +
      `(${signedMb(loaded.heapUsed - imported.heapUsed)}), rss ${mb(imported.rss)} → ` +
      `${mb(loaded.rss)} (${signedMb(loaded.rss - imported.rss)})`,
  );
  log(
    `  memory after warm-up    heapUsed ${mb(warmed.heapUsed)}, rss ${mb(warmed.rss)}` +
      ((globalThis as { gc?: unknown }).gc ? "" : " (no --expose-gc: figures include garbage)"),
  );
  log(
    `  lookups, land-ish points  ${rate(result.landLookupsPerSecond)} ` +
      `(${points.toLocaleString("en-US")} after ${warmup.toLocaleString("en-US")} warm-up; ` +
      `${(result.namedShare * 100).toFixed(1)}% named a city)`,
  );
  log(
    `  lookups, mid-ocean points ${rate(result.oceanLookupsPerSecond)} ` +
      `(${oceanCount.toLocaleString("en-US")})`,
  );
  log(
    `  coarseCell + isNearby     ${rate(result.cellAndNearbyPerSecond)} ` +
      `(${near} of ${points.toLocaleString("en-US")} within 25 km of Warsaw)`,
  );
  return result;
}

if (import.meta.main) await benchGeo();
