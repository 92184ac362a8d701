// "Tell me when someone is here" (Web Push), mounted at /api/push, members only: GET /key (the
// site's VAPID public key), POST /subscriptions (this browser's push subscription and time zone),
// DELETE /subscriptions (forget this browser). Subscribing turns the member's Notifications switch
// on (/profile), which covers these notices: off, nothing is sent. The notices themselves: lib/server/push/notifier.ts.
import { z } from "zod";
import { type AppDeps, membersOnly } from "../context.tsx";
import { validate } from "../../lib/server/http/validate.ts";
import { RATE_RULES, rateLimit } from "../../lib/server/http/rate_limit.ts";
import { AppError } from "../../lib/server/http/errors.ts";
import { allowedEndpoint, newVapidKeys } from "../../lib/server/push/send.ts";
import { deleteSubscription, saveSubscription, vapidKeys } from "../../kv/push.ts";
import { updateUser } from "../../kv/users.ts";
import { validTimeZone } from "../../lib/shared/push_rules.ts";
import { said } from "../../lib/shared/i18n/said.ts";

/** URL-safe base64, as browsers give a subscription's keys. */
const b64url = (max: number) => z.string().min(16).max(max).regex(/^[A-Za-z0-9_-]+=*$/);

const subscriptionSchema = z.object({
  endpoint: z.string().max(1024),
  keys: z.object({ p256dh: b64url(128), auth: b64url(64) }),
  timeZone: z.string().max(64).refine(validTimeZone),
}).strict();

const endpointSchema = z.object({ endpoint: z.string().max(1024) }).strict();

export function pushApi(deps: AppDeps) {
  const app = membersOnly();
  const { kv, config } = deps;
  const limit = rateLimit(
    kv,
    config.rateLimits,
    (c) => [{ rule: RATE_RULES.pushSubscribe, subject: c.var.user.id }],
  );

  app.get(
    "/key",
    async (c) => c.json({ publicKey: (await vapidKeys(kv, newVapidKeys)).publicKey }),
  );

  app.post(
    "/subscriptions",
    limit,
    validate("json", subscriptionSchema, { fallback: said("texts.push_badSubscription") }),
    async (c) => {
      const { endpoint, keys, timeZone } = c.req.valid("json");
      if (!allowedEndpoint(endpoint, config.production)) {
        throw new AppError(400, said("texts.push_badSubscription"));
      }
      await saveSubscription(kv, c.var.user.id, {
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        timeZone,
        createdAt: Date.now(),
      });
      // Asking to be told is consent to notices: the member's Notifications switch goes on.
      await updateUser(kv, c.var.user.id, (u) => ({ ...u, notificationsEnabled: true }));
      return c.json({ ok: true }, 201);
    },
  );

  app.delete(
    "/subscriptions",
    limit,
    validate("json", endpointSchema, { fallback: said("texts.push_noSubscription") }),
    async (c) => {
      const deleted = await deleteSubscription(kv, c.var.user.id, c.req.valid("json").endpoint);
      if (!deleted) throw new AppError(404, said("texts.push_noSubscription"));
      return c.json({ ok: true });
    },
  );

  return app;
}
