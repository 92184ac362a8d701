// Your devices, mounted at /api: GET /devices (the member's signed-in sessions), DELETE
// /devices/:id (signs out one other device) and POST /devices/sign-out-others. Members only; a
// member reaches only their own sessions: any other id is "not signed in" (404), whoever's it is.
import { z } from "zod";
import { type AppDeps, membersOnly } from "../context.tsx";
import { validate } from "../../lib/server/http/validate.ts";
import { AppError } from "../../lib/server/http/errors.ts";
import { RATE_RULES, rateLimit, readLimit } from "../../lib/server/http/rate_limit.ts";
import { listDevices } from "../../lib/server/auth/devices.ts";
import { deleteUserSessions, endUserSession } from "../../kv/sessions.ts";
import type { DevicesAnswer } from "../../lib/shared/devices.ts";
import { said } from "../../lib/shared/i18n/said.ts";

/** A session id: the UUID the server made it with. */
const idParam = z.object({
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
});

export function devicesApi(deps: AppDeps) {
  const app = membersOnly();
  const { kv, config, clientIp } = deps;
  const limitSignOut = rateLimit(kv, config.rateLimits, (c) => [
    { rule: RATE_RULES.deviceSignOutIp, subject: clientIp(c) },
    { rule: RATE_RULES.deviceSignOutAccount, subject: c.var.user?.id ?? "" },
  ]);

  app.get("/devices", readLimit(kv, config.rateLimits), async (c) => {
    const { user, session } = c.var;
    return c.json({ devices: await listDevices(kv, user.id, session.sid) } satisfies DevicesAnswer);
  });

  app.delete(
    "/devices/:id",
    limitSignOut,
    validate("param", idParam, { status: 400, fallback: said("profile.deviceBadId") }),
    async (c) => {
      const { user, session } = c.var;
      const { id } = c.req.valid("param");
      if (id === session.sid) throw new AppError(400, said("profile.deviceIsCurrent"));
      if (!(await endUserSession(kv, user.id, id))) {
        throw new AppError(404, said("profile.deviceNotFound"));
      }
      return c.json(
        { devices: await listDevices(kv, user.id, session.sid) } satisfies DevicesAnswer,
      );
    },
  );

  app.post("/devices/sign-out-others", limitSignOut, async (c) => {
    const { user, session } = c.var;
    const ended = await deleteUserSessions(kv, user.id, session.sid);
    const devices = await listDevices(kv, user.id, session.sid);
    return c.json({ ended, devices });
  });

  return app;
}
