// Filters and location API (SPEC section 7, Filters; issue: Filters, hashtags, map discovery and
// private location). GET/POST /api/filters, POST /api/location, GET /api/regions.
import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../context.tsx";
import { FILTER_TEXT, REGIONS } from "../../lib/filters.ts";
import { filtersPatchSchema } from "../../lib/filters_schema.ts";
import { setFlash } from "../../lib/http/flash.ts";
import {
  getFilters,
  getPrivateLocation,
  onlineByContinent,
  saveFilters,
  setPrivateLocation,
  touchPresence,
} from "../../kv/filters.ts";
import { popularHashtags } from "../../kv/hashtags.ts";
import { BodyError, jsonError, readJson } from "../../lib/http/helpers.ts";
import { coarseCell, geocoder, validCoordinates } from "../../lib/geo/geocoder.ts";
import { updateUser } from "../../kv/users.ts";

export const LOCATION_TEXT = {
  noNames: "Could not get location names",
  badCoordinates: "Location unavailable",
} as const;

const coordinatesSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
}).strict();

export function filtersApi(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { kv } = deps;

  app.use("/api/filters", async (c, next) => {
    if (!c.get("user")) return jsonError(c, "User not authenticated", 401);
    await next();
  });
  app.use("/api/location", async (c, next) => {
    if (!c.get("user")) return jsonError(c, "User not authenticated", 401);
    await next();
  });

  app.get("/api/filters", async (c) => c.json(await getFilters(kv, c.get("user")!.id)));

  app.post("/api/filters", async (c) => {
    try {
      const patch = await readJson(c, filtersPatchSchema);
      const saved = await saveFilters(kv, c.get("user")!.id, patch);
      if (c.req.query("flash")) {
        setFlash(c, {
          kind: "success",
          title: FILTER_TEXT.saved,
          description: FILTER_TEXT.savedDescription,
        });
      }
      return c.json(saved);
    } catch (err) {
      if (err instanceof BodyError) return jsonError(c, err.message, 400);
      throw err;
    }
  });

  // The browser sends its position; the server names the place offline and keeps only the
  // names, the continent and a ~2 km cell. The coordinates are neither stored nor logged.
  app.post("/api/location", async (c) => {
    let coords: z.infer<typeof coordinatesSchema>;
    try {
      coords = await readJson(c, coordinatesSchema);
    } catch (err) {
      if (err instanceof BodyError) return jsonError(c, LOCATION_TEXT.badCoordinates, 400);
      throw err;
    }
    if (!validCoordinates(coords.latitude, coords.longitude)) {
      return jsonError(c, LOCATION_TEXT.badCoordinates, 400);
    }
    const place = geocoder().lookup(coords.latitude, coords.longitude);
    if (!place.city || !place.country) return jsonError(c, LOCATION_TEXT.noNames, 422);
    const user = c.get("user")!;
    const location = `${place.city}, ${place.country}`;
    await setPrivateLocation(kv, user.id, {
      city: place.city,
      country: place.country,
      countryCode: place.countryCode,
      continent: place.continent,
      cell: coarseCell(coords.latitude, coords.longitude),
      updatedAt: new Date().toISOString(),
    });
    await updateUser(kv, user.id, (u) => ({ ...u, location }));
    await touchPresence(kv, user.id, place.continent);
    return c.json({
      city: place.city,
      country: place.country,
      continent: place.continent,
      location,
    });
  });

  // The map: members online now per region and the most used hashtags of the last 7 days.
  app.get("/api/regions", async (c) => {
    if (!c.get("user")) return jsonError(c, "User not authenticated", 401);
    return c.json(await regionSummaries(kv));
  });

  return app;
}

export interface RegionSummary {
  id: string;
  name: string;
  x: number;
  y: number;
  users: number;
  hashtags: string[];
}

export async function regionSummaries(kv: Deno.Kv): Promise<RegionSummary[]> {
  const online = await onlineByContinent(kv);
  return await Promise.all(REGIONS.map(async (r) => ({
    id: r.id,
    name: r.name,
    x: r.x,
    y: r.y,
    users: online.get(r.continent) ?? 0,
    hashtags: (await popularHashtags(kv, r.continent)).slice(0, 5).map((h) => h.tag),
  })));
}

/** Marks a signed-in member as present (at most once a minute per member per instance). */
export function presenceMiddleware(kv: Deno.Kv) {
  const lastTouch = new Map<string, number>();
  return async (userId: string) => {
    const now = Date.now();
    if (now - (lastTouch.get(userId) ?? 0) < 60_000) return;
    lastTouch.set(userId, now);
    if (lastTouch.size > 10_000) lastTouch.clear();
    const loc = await getPrivateLocation(kv, userId);
    await touchPresence(kv, userId, loc?.continent ?? null);
  };
}
