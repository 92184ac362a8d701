// POST /api/stripe/webhook: Stripe's events about checkouts and subscriptions. No session and no
// same-origin check (Stripe's servers post it): the signature over the raw body is the check, with
// a 300 s tolerance either way. Each event is applied once (kv/billing.ts); events about members
// we do not know are recorded and get 200, so Stripe stops retrying them.
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context.tsx";
import {
  billingChange,
  verifyEvent,
  WebhookSignatureError,
} from "../../lib/server/billing/events.ts";
import { applyStripeEvent } from "../../kv/billing.ts";
import { AppError } from "../../lib/server/http/errors.ts";
import { RATE_RULES, rateLimit } from "../../lib/server/http/rate_limit.ts";
import { sayIn } from "../../lib/server/i18n/catalogs.ts";
import { localeOf } from "../../lib/server/http/locale.ts";
import { said } from "../../lib/shared/i18n/said.ts";

/** Stripe's event payloads for our types stay far below this. */
export const WEBHOOK_BODY_MAX = 256 * 1024;

export function stripeWebhookApi(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.post(
    "/api/stripe/webhook",
    rateLimit(deps.kv, deps.config.rateLimits, (c) => [
      { rule: RATE_RULES.stripeWebhook, subject: deps.clientIp(c) },
    ]),
    async (c) => {
      const secret = deps.config.stripe.webhookSecret;
      if (!secret) {
        const text = sayIn(localeOf(c), said("plans.webhookNotConfigured"));
        return c.json({ error: text, message: text }, 503);
      }
      const raw = await c.req.text();
      let event;
      try {
        event = await verifyEvent(raw, c.req.header("stripe-signature"), secret);
      } catch (err) {
        if (err instanceof WebhookSignatureError) {
          throw new AppError(400, said("plans.webhookBadSignature"));
        }
        throw err;
      }
      const outcome = await applyStripeEvent(
        deps.kv,
        { id: event.id, type: event.type, created: event.created },
        billingChange(event, deps.config.stripe.prices),
      );
      return c.json({ received: true, outcome });
    },
  );
  return app;
}
