// The discovery map's shapes (lib/server/geo/world_map.ts) and colours: six continents with land in
// each, known places inside the continent a member there is counted in (Russia cut at the Urals,
// Hawaii in Oceania, French Guiana in South America), the same output on every build, a size
// bound for the page, the region buttons placed where REGIONS says, and shades that stand out
// from the sea on the dark theme.
import assert from "node:assert/strict";
import { buildWorldMap, MAP_WIDTH, worldMap } from "../../lib/server/geo/world_map.ts";
import { ONLINE_STEPS, onlineStep } from "../../lib/shared/geo/map_scale.ts";
import { CONTINENTS, REGIONS } from "../../lib/shared/filters.ts";

type Ring = [number, number][];

/** The rings of path data written as `M x y l dx dy … z` (what the builder writes). */
function rings(d: string): Ring[] {
  const out: Ring[] = [];
  for (const part of d.split("z").filter(Boolean)) {
    const m = /^M(-?\d+) (-?\d+)l(.*)$/.exec(part);
    assert.ok(m, `a ring starts with an absolute move and relative lines: ${part.slice(0, 40)}`);
    let x = Number(m[1]);
    let y = Number(m[2]);
    const ring: Ring = [[x, y]];
    const steps = (m[3].match(/-?\d+/g) ?? []).map(Number);
    assert.equal(steps.length % 2, 0, "steps come in x, y pairs");
    for (let i = 0; i < steps.length; i += 2) {
      x += steps[i];
      y += steps[i + 1];
      ring.push([x, y]);
    }
    out.push(ring);
  }
  return out;
}

/** Even-odd point-in-polygon over all rings of a path. */
function inside(d: string, [px, py]: [number, number]): boolean {
  let hit = false;
  for (const ring of rings(d)) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if ((yi > py) !== (yj > py) && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) hit = !hit;
    }
  }
  return hit;
}

Deno.test("world map: six continents, each with land on the map", () => {
  const map = buildWorldMap();
  assert.deepEqual(Object.keys(map.paths).sort(), [...CONTINENTS].sort());
  const [minX, minY, w, h] = map.viewBox.split(" ").map(Number);
  assert.equal(map.width, MAP_WIDTH);
  assert.ok(map.height > 400 && map.height < 500, `an Equal Earth world is about 2.2:1`);
  for (const continent of CONTINENTS) {
    const d = map.paths[continent];
    assert.match(d, /^(M-?\d+ -?\d+l[-\d ]+z)+$/, `${continent}: compact path data`);
    const points = rings(d).flat();
    assert.ok(points.length > 50, `${continent} has an outline (${points.length} points)`);
    for (const [x, y] of points) {
      assert.ok(x >= minX && x <= minX + w && y >= minY && y <= minY + h, `${continent} fits`);
    }
  }
});

Deno.test("world map: places lie in the continent their members are counted in", () => {
  const map = worldMap();
  const places: [string, number, number, string][] = [
    ["Paris", 2.35, 48.86, "Europe"],
    ["Warsaw", 21.01, 52.23, "Europe"],
    ["Moscow", 37.62, 55.76, "Europe"],
    ["Novosibirsk", 82.92, 55.03, "Asia"],
    ["Vladivostok", 131.9, 43.12, "Asia"],
    ["Tokyo", 139.69, 35.68, "Asia"],
    ["Delhi", 77.21, 28.61, "Asia"],
    ["Nairobi", 36.82, -1.29, "Africa"],
    ["Lagos", 3.38, 6.52, "Africa"],
    ["Chicago", -87.63, 41.88, "North America"],
    ["Mexico City", -99.13, 19.43, "North America"],
    ["Nuuk", -51.7, 64.18, "North America"],
    ["Sao Paulo", -46.63, -23.55, "South America"],
    ["Cayenne (French Guiana)", -52.5, 4.5, "South America"],
    ["Sydney", 151.0, -33.7, "Oceania"],
    ["Hawaii", -155.5, 19.6, "Oceania"],
  ];
  for (const [name, lon, lat, continent] of places) {
    const at = map.project(lon, lat);
    const found = CONTINENTS.filter((c) => inside(map.paths[c], at));
    assert.deepEqual(found, [continent], `${name} is drawn in ${continent}`);
  }
  // The sea stays sea.
  for (const [name, lon, lat] of [["mid-Atlantic", -35, 30], ["mid-Pacific", -140, -10]] as const) {
    const at = map.project(lon, lat);
    assert.deepEqual(CONTINENTS.filter((c) => inside(map.paths[c], at)), [], `${name} is sea`);
  }
});

Deno.test("world map: every build gives the same map, small enough for the page", () => {
  const a = buildWorldMap();
  const b = buildWorldMap();
  assert.equal(a.viewBox, b.viewBox);
  assert.deepEqual(a.paths, b.paths);
  assert.equal(worldMap(), worldMap(), "built once per process");
  const bytes = Object.values(a.paths).reduce((n, d) => n + d.length, 0);
  assert.ok(bytes < 22_000, `the land's path data is ${bytes} bytes`);
});

/** The value of a `--name: #rrggbb` custom property in app.css. */
function cssColour(css: string, name: string): string {
  const m = new RegExp(`--${name}:\\s*(#[0-9a-f]{6});`, "i").exec(css);
  assert.ok(m, `app.css defines --${name}`);
  return m[1];
}

/** WCAG relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

Deno.test("map colours: each step with members online stands out from the sea (3:1)", async () => {
  const css = await Deno.readTextFile(new URL("../../static/css/app.css", import.meta.url));
  const sea = cssColour(css, "map-sea");
  const shades = ONLINE_STEPS.map((_, i) => cssColour(css, `map-shade-${i}`));
  // Empty land is drawn, dimmer than any continent with someone online.
  assert.ok(contrast(shades[0], sea) >= 1.4, "empty land is visible on the sea");
  for (let i = 1; i < shades.length; i++) {
    assert.ok(contrast(shades[i], sea) >= 3, `step ${i} against the sea`);
    assert.ok(luminance(shades[i]) > luminance(shades[i - 1]), `step ${i} is brighter`);
  }
  assert.deepEqual([0, 1, 4, 5, 19, 20, 500].map(onlineStep), [0, 1, 1, 2, 2, 3, 3]);
});

Deno.test("map buttons: app.css places each region's button where REGIONS says", async () => {
  const css = await Deno.readTextFile(new URL("../../static/css/app.css", import.meta.url));
  for (const r of REGIONS) {
    const m = new RegExp(`\\.region-${r.id} \\{\\s*left: (\\d+)%;\\s*top: (\\d+)%;`).exec(css);
    assert.ok(m, `app.css places .region-${r.id}`);
    assert.deepEqual([Number(m[1]), Number(m[2])], [r.x, r.y], r.id);
  }
});
