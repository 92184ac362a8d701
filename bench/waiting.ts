// Waiting and widening, simulated: members arrive as a Poisson stream at a given rate, with the
// filter mix of real members (mostly global, some continent, some country or city, a few nearby),
// search for at most the search time-out, and are paired by the real rules (rules.ts choosePairs,
// a pass every second as the hub runs them); with widening, every few seconds each searcher gets
// the figures the search screen gets (waiting.ts figuresFor) and takes the wider filter offered,
// as a member with 'Widen automatically when nobody is near' does. Prints the match rate and the
// waits (p50, p90) of those matched, with and without widening, at each rate. Virtual time: a run
// of days takes seconds. Figures only: nothing here passes or fails.
// Run: deno run -A bench/waiting.ts [--rates 50,200,1000] [--arrivals 4000] [--seed 7]
import { choosePairs, type Ticket, type TicketEntry } from "../lib/server/realtime/rules.ts";
import { figuresFor, WAITING_EVERY_MS } from "../lib/server/realtime/waiting.ts";
import { widened } from "../lib/shared/widening.ts";
import { coarseCell } from "../lib/server/geo/geocoder.ts";
import type { LocationPreference } from "../lib/shared/filters.ts";
import { random } from "./random.ts";
import { quantile } from "./stats.ts";

/** The hub's defaults: a pass every second, a 30 s search. */
const PASS_MS = 1_000;
const SEARCH_MS = 30_000;

interface City {
  city: string;
  country: string;
  continent: string;
  lat: number;
  lon: number;
  /** How many members live there, relatively. */
  weight: number;
}

/** Where members are: a few large cities weigh most, every continent has some. */
const CITIES: City[] = [
  { city: "Warsaw", country: "Poland", continent: "Europe", lat: 52.23, lon: 21.01, weight: 8 },
  { city: "Krakow", country: "Poland", continent: "Europe", lat: 50.06, lon: 19.94, weight: 4 },
  { city: "Berlin", country: "Germany", continent: "Europe", lat: 52.52, lon: 13.4, weight: 8 },
  { city: "Munich", country: "Germany", continent: "Europe", lat: 48.14, lon: 11.58, weight: 4 },
  { city: "Paris", country: "France", continent: "Europe", lat: 48.86, lon: 2.35, weight: 7 },
  { city: "Madrid", country: "Spain", continent: "Europe", lat: 40.42, lon: -3.7, weight: 5 },
  {
    city: "London",
    country: "United Kingdom",
    continent: "Europe",
    lat: 51.5,
    lon: -0.13,
    weight: 8,
  },
  {
    city: "New York",
    country: "United States",
    continent: "North America",
    lat: 40.71,
    lon: -74,
    weight: 9,
  },
  {
    city: "Chicago",
    country: "United States",
    continent: "North America",
    lat: 41.88,
    lon: -87.63,
    weight: 5,
  },
  {
    city: "Toronto",
    country: "Canada",
    continent: "North America",
    lat: 43.65,
    lon: -79.38,
    weight: 4,
  },
  {
    city: "Mexico City",
    country: "Mexico",
    continent: "North America",
    lat: 19.43,
    lon: -99.13,
    weight: 5,
  },
  {
    city: "Sao Paulo",
    country: "Brazil",
    continent: "South America",
    lat: -23.55,
    lon: -46.63,
    weight: 6,
  },
  {
    city: "Buenos Aires",
    country: "Argentina",
    continent: "South America",
    lat: -34.6,
    lon: -58.38,
    weight: 4,
  },
  { city: "Tokyo", country: "Japan", continent: "Asia", lat: 35.68, lon: 139.69, weight: 7 },
  { city: "Delhi", country: "India", continent: "Asia", lat: 28.61, lon: 77.21, weight: 6 },
  { city: "Singapore", country: "Singapore", continent: "Asia", lat: 1.35, lon: 103.82, weight: 3 },
  { city: "Lagos", country: "Nigeria", continent: "Africa", lat: 6.52, lon: 3.38, weight: 4 },
  { city: "Nairobi", country: "Kenya", continent: "Africa", lat: -1.29, lon: 36.82, weight: 3 },
  {
    city: "Sydney",
    country: "Australia",
    continent: "Oceania",
    lat: -33.87,
    lon: 151.21,
    weight: 4,
  },
];

/** The filter mix: mostly global, some continent, some country or city, a few nearby. */
const MIX: [LocationPreference, number][] = [
  ["global", 0.55],
  ["continent", 0.15],
  ["country", 0.15],
  ["city", 0.1],
  ["nearby", 0.05],
];

function pick<T>(rand: () => number, items: readonly T[], weight: (t: T) => number): T {
  const total = items.reduce((s, t) => s + weight(t), 0);
  let r = rand() * total;
  for (const t of items) {
    r -= weight(t);
    if (r < 0) return t;
  }
  return items[items.length - 1];
}

/** A member arriving at `at`: where they are and their filter (their own country or continent). */
function member(rand: () => number, i: number, at: number): Ticket {
  const home = pick(rand, CITIES, (c) => c.weight);
  const location = pick(rand, MIX, ([, w]) => w)[0];
  // Nearby members are a few km apart at most: a point within ~10 km of the city's centre.
  const jitter = () => (rand() - 0.5) * 0.15;
  return {
    userId: `m${i}`,
    username: `m${i}`,
    peerId: `p${i}`,
    instanceId: "sim",
    connId: `c${i}`,
    enqueuedAt: at,
    seenAt: at,
    hashtags: ["travel"],
    pref: {
      location,
      ...(location === "country" ? { country: home.country } : {}),
      ...(location === "continent" ? { continent: home.continent } : {}),
      language: "any",
    },
    me: {
      language: "en",
      city: home.city,
      country: home.country,
      continent: home.continent,
      cell: coarseCell(home.lat + jitter(), home.lon + jitter()),
    },
    shownLocation: home.country,
    vip: false,
    dailyLimit: -1,
    avoid: [],
    recent: [],
  };
}

export interface WaitingRun {
  rate: number;
  widen: boolean;
  arrivals: number;
  matched: number;
  /** Matched members / arrivals. */
  matchRate: number;
  waitP50s: number;
  waitP90s: number;
  /** Members whose search was widened at least once. */
  widened: number;
}

/** One run: `arrivals` members at `rate` an hour, every pass and widening in virtual time. */
export function simulate(rate: number, arrivals: number, widen: boolean, seed: number): WaitingRun {
  const rand = random(seed);
  const meanGapMs = 3_600_000 / rate;
  let nextAt = -Math.log(1 - rand()) * meanGapMs;
  let made = 0;
  const waiting = new Map<string, TicketEntry>();
  const waits: number[] = [];
  const widenedIds = new Set<string>();
  for (let now = 0; made < arrivals || waiting.size; now += PASS_MS) {
    while (made < arrivals && nextAt <= now) {
      const t = member(rand, made++, Math.round(nextAt));
      waiting.set(t.userId, { key: [t.userId], value: t, versionstamp: null });
      nextAt += -Math.log(1 - rand()) * meanGapMs;
    }
    if (widen && now % WAITING_EVERY_MS === 0) {
      const everyone = [...waiting.values()].map((e) => e.value);
      for (const e of waiting.values()) {
        const f = figuresFor(e.value, everyone, now - e.value.enqueuedAt);
        if (!f.offer) continue;
        e.value = { ...e.value, pref: widened(e.value.pref, f.offer) };
        widenedIds.add(e.value.userId);
      }
    }
    const entries = [...waiting.values()];
    for (const [a, b] of choosePairs(entries, entries)) {
      for (const t of [a.value, b.value]) {
        waits.push(now - t.enqueuedAt);
        waiting.delete(t.userId);
      }
    }
    for (const [id, e] of waiting) if (now - e.value.enqueuedAt >= SEARCH_MS) waiting.delete(id);
  }
  return {
    rate,
    widen,
    arrivals,
    matched: waits.length,
    matchRate: waits.length / arrivals,
    waitP50s: quantile(waits, 0.5) / 1000,
    waitP90s: quantile(waits, 0.9) / 1000,
    widened: widenedIds.size,
  };
}

export function benchWaiting(
  opts: { rates?: number[]; arrivals?: number; seed?: number } = {},
): WaitingRun[] {
  const { rates = [50, 200, 1_000], arrivals = 4_000, seed = 7 } = opts;
  console.log(
    `\nWaiting and widening: ${arrivals} Poisson arrivals per run, the same members with and ` +
      `without widening; a pass every ${PASS_MS / 1000} s, searches of ${SEARCH_MS / 1000} s`,
  );
  console.log(
    "members/h  widening  matched  match rate  wait p50  wait p90  widened",
  );
  const out: WaitingRun[] = [];
  for (const rate of rates) {
    for (const widen of [false, true]) {
      const r = simulate(rate, arrivals, widen, seed);
      out.push(r);
      console.log(
        [
          String(rate).padStart(9),
          (widen ? "yes" : "no").padStart(8),
          String(r.matched).padStart(7),
          `${(r.matchRate * 100).toFixed(1)} %`.padStart(10),
          `${r.waitP50s.toFixed(0)} s`.padStart(8),
          `${r.waitP90s.toFixed(0)} s`.padStart(8),
          String(r.widened).padStart(7),
        ].join("  "),
      );
    }
  }
  return out;
}

if (import.meta.main) {
  const arg = (name: string) => {
    const i = Deno.args.indexOf(`--${name}`);
    return i >= 0 ? Deno.args[i + 1] : undefined;
  };
  benchWaiting({
    rates: arg("rates")?.split(",").map(Number),
    arrivals: arg("arrivals") ? Number(arg("arrivals")) : undefined,
    seed: arg("seed") ? Number(arg("seed")) : undefined,
  });
}
