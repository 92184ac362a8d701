// The discovery map's shapes: the world's land from Natural Earth (the world-atlas package's
// countries-110m TopoJSON, public domain), projected with Equal Earth into SVG path data, one
// path per continent, on the server. Built once per process on first use and kept; no tiles and
// no third-party call. Antarctica is left out.
//
// Each land polygon counts for the continent its centre lies in (country-coder's boundaries, the
// same ones that place a member's device), else for its country's continent: Hawaii is Oceania,
// French Guiana South America, exactly as a member there is counted. Russia's mainland, the one
// polygon that spans two continents, is cut at the Urals.
// @deno-types="@types/d3-geo"
import {
  geoArea,
  geoCentroid,
  type GeoContext,
  geoEqualEarth,
  geoPath,
  type GeoProjection,
} from "d3-geo";
// @deno-types="@types/topojson-client"
import { feature, merge } from "topojson-client";
import type { GeometryCollection, MultiPolygon, Polygon, Topology } from "topojson-specification";
import atlasJson from "world-atlas/countries-110m.json" with { type: "json" };
import * as countryCoder from "@rapideditor/country-coder";
import { type Continent, CONTINENTS } from "../../shared/geo/continents.ts";
import { continentAt, continentOf } from "./geocoder.ts";

/** The map's width in SVG units; coordinates are whole units (a thousandth of the width). */
export const MAP_WIDTH = 1000;
/** Room around the land so an outline drawn on the edge is not cut off. */
const MAP_PAD = 4;
/** A ring narrower and shorter than this (in units) is too small to see and is left out. */
const MIN_RING_SPAN = 2;
/** Where European Russia ends: the Urals, about 60° E (at 58° N). */
const URALS: [number, number] = [60, 58];
const RUSSIA = "643";
const ANTARCTICA = "010";

export interface WorldMap {
  /** The SVG viewBox: "minX minY width height". */
  viewBox: string;
  width: number;
  height: number;
  /** SVG path data of each continent's land. */
  paths: Record<Continent, string>;
  /** Where a place (longitude, latitude) is on the map, in SVG units. */
  project(longitude: number, latitude: number): [number, number];
}

type CountryProps = { name: string };
type Atlas = Topology<{ countries: GeometryCollection<CountryProps> }>;
type Land = Polygon<CountryProps> | MultiPolygon<CountryProps>;

/**
 * Writes projected rings as compact SVG path data: an absolute start, then relative steps, all in
 * whole units; repeated points and rings too small to see are dropped.
 */
class CompactPath implements GeoContext {
  private parts: string[] = [];
  private ring: [number, number][] = [];

  beginPath() {
    // each ring starts with moveTo
  }
  moveTo(x: number, y: number) {
    this.flush();
    this.ring = [[Math.round(x), Math.round(y)]];
  }
  lineTo(x: number, y: number) {
    this.ring.push([Math.round(x), Math.round(y)]);
  }
  closePath() {
    this.flush();
  }
  arc() {
    // points are never drawn: the map has only polygons
  }

  private flush() {
    const ring = this.ring;
    this.ring = [];
    if (ring.length < 3) return;
    const xs = ring.map((p) => p[0]);
    const ys = ring.map((p) => p[1]);
    const span = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
    if (span < MIN_RING_SPAN) return;
    let [px, py] = ring[0];
    let d = `M${px} ${py}l`;
    let steps = 0;
    for (const [x, y] of ring.slice(1)) {
      const dx = x - px;
      const dy = y - py;
      if (dx === 0 && dy === 0) continue;
      // A minus sign separates numbers by itself; a positive number after another needs a space.
      d += (steps && dx >= 0 ? " " : "") + dx + (dy >= 0 ? " " : "") + dy;
      steps++;
      px = x;
      py = y;
    }
    if (steps >= 2) this.parts.push(d + "z");
  }

  result(): string {
    this.flush();
    return this.parts.join("");
  }
}

/** The polygons of one country geometry, each as its own TopoJSON polygon. */
function polygonsOf(g: Land): Polygon<CountryProps>[] {
  if (g.type === "Polygon") return [g];
  return g.arcs.map((arcs) => ({ type: "Polygon", arcs, properties: g.properties }));
}

/** The continent of one land polygon: where its centre lies, else its country's. */
function continentOfPolygon(atlas: Atlas, p: Polygon<CountryProps>, id: string | undefined) {
  const [lon, lat] = geoCentroid(feature(atlas, p));
  const code = id ? countryCoder.feature(id)?.properties.iso1A2 : undefined;
  return continentAt(lat, lon) ?? (code ? continentOf(code) : null);
}

type Extent = [[number, number], [number, number]];

/**
 * Russia's mainland cut in the projected plane: west of the Urals is Europe, east is Asia. The
 * mainland crosses the antimeridian, so its far east (Chukotka) is drawn at the map's left edge,
 * west of the prime meridian: that strip is Asia too.
 */
function russiaSides(
  projection: GeoProjection,
  height: number,
): Record<"Europe" | "Asia", Extent[]> {
  const [uralsX] = projection(URALS)!;
  const [meridianX] = projection([0, URALS[1]])!;
  const top = -MAP_PAD;
  const bottom = height + MAP_PAD;
  return {
    Europe: [[[meridianX, top], [uralsX, bottom]]],
    Asia: [[[uralsX, top], [MAP_WIDTH + MAP_PAD, bottom]], [[-MAP_PAD, top], [meridianX, bottom]]],
  };
}

/** Projects the world's land into one SVG path per continent. Deterministic. */
export function buildWorldMap(): WorldMap {
  const atlas = atlasJson as unknown as Atlas;
  const byContinent = new Map<Continent, Polygon<CountryProps>[]>(
    CONTINENTS.map((c) => [c, []]),
  );
  const all: Polygon<CountryProps>[] = [];
  let russiaMainland: Polygon<CountryProps> | null = null;

  for (const g of atlas.objects.countries.geometries) {
    if (g.type !== "Polygon" && g.type !== "MultiPolygon") continue;
    if (g.id === ANTARCTICA) continue;
    const id = g.id === undefined ? undefined : String(g.id);
    const polygons = polygonsOf(g);
    all.push(...polygons);
    if (id === RUSSIA) {
      const area = (p: Polygon<CountryProps>) => geoArea(feature(atlas, p));
      russiaMainland = polygons.reduce((a, b) => area(b) > area(a) ? b : a);
    }
    for (const p of polygons) {
      if (p === russiaMainland) continue;
      const continent = continentOfPolygon(atlas, p, id);
      if (!continent) throw new Error(`no continent for a polygon of ${g.properties?.name}`);
      byContinent.get(continent)!.push(p);
    }
  }

  // Fitted to the width, the land's top edge is at y = 0.
  const land = merge(atlas, all);
  const projection = geoEqualEarth().fitWidth(MAP_WIDTH, land);
  const height = Math.ceil(geoPath(projection).bounds(land)[1][1]);

  const paths = {} as Record<Continent, string>;
  for (const continent of CONTINENTS) {
    const out = new CompactPath();
    geoPath(projection, out)(merge(atlas, byContinent.get(continent)!));
    if (russiaMainland && (continent === "Europe" || continent === "Asia")) {
      for (const extent of russiaSides(projection, height)[continent]) {
        const clipped = geoEqualEarth().scale(projection.scale())
          .translate(projection.translate()).clipExtent(extent);
        geoPath(clipped, out)(feature(atlas, russiaMainland));
      }
    }
    paths[continent] = out.result();
  }

  return {
    viewBox: `${-MAP_PAD} ${-MAP_PAD} ${MAP_WIDTH + 2 * MAP_PAD} ${height + 2 * MAP_PAD}`,
    width: MAP_WIDTH,
    height,
    paths,
    project: (longitude, latitude) => projection([longitude, latitude])!,
  };
}

let built: WorldMap | null = null;

/** The process-wide map, built on first use (about a tenth of a second) and kept. */
export function worldMap(): WorldMap {
  built ??= buildWorldMap();
  return built;
}
