// Filters and location API, mounted at /api: GET/POST /filters (a partial update), POST /location
// (the device's position, named offline) and GET /regions (the map). Members only.
import { z } from "zod";
import { type AppDeps, membersOnly } from "../context.tsx";
import { filtersPatchSchema } from "../../lib/shared/filters_schema.ts";
import { setFlash } from "../../lib/server/http/flash.ts";
import { getFilters, saveFilters } from "../../kv/filters.ts";
import { readLimit } from "../../lib/server/http/rate_limit.ts";
import { validate } from "../../lib/server/http/validate.ts";
import { locateMember, regionSummaries } from "../../lib/server/geo/private_location.ts";
import { said } from "../../lib/shared/i18n/said.ts";

const coordinatesSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
}).strict();

export function filtersApi(deps: AppDeps) {
  const app = membersOnly();
  const { kv } = deps;

  app.get("/filters", async (c) => c.json(await getFilters(kv, c.var.user.id)));

  app.post("/filters", validate("json", filtersPatchSchema), async (c) => {
    const saved = await saveFilters(kv, c.var.user.id, c.req.valid("json"));
    if (c.req.query("flash")) {
      setFlash(c, {
        kind: "success",
        title: said("profile.filtersSaved"),
        description: said("profile.filtersSavedDescription"),
      });
    }
    return c.json(saved);
  });

  // The browser sends its position; the server names the place offline and keeps only the
  // names, the continent and a ~2 km cell. The coordinates are neither stored nor logged.
  app.post(
    "/location",
    validate("json", coordinatesSchema, { fallback: said("texts.locationUnavailable") }),
    async (c) => {
      const { latitude, longitude } = c.req.valid("json");
      const { user, session } = c.var;
      return c.json(await locateMember(kv, user.id, latitude, longitude, session.sid));
    },
  );

  app.get(
    "/regions",
    readLimit(kv, deps.config.rateLimits),
    async (c) => c.json(await regionSummaries(kv)),
  );

  return app;
}
