// Plans API, mounted at /api/subscription: the tier map, today's session-limit status, and
// checkout. Until Stripe is configured, checkout answers configRequired with its text. The plans
// page posts a form (it works without JavaScript); scripts post JSON.
import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../context.tsx";
import { TIERS } from "../../lib/constants.ts";
import { usageToday } from "../../kv/usage.ts";
import { setFlash } from "../../lib/http/flash.ts";
import { requireUser } from "../../lib/http/auth.ts";
import { isFormPost, validate } from "../../lib/http/validate.ts";

export const CHECKOUT_TEXT = {
  notConfigured: "Stripe is not configured yet. Please contact support to enable payments.",
  failed: "Failed to create checkout session. Please try again.",
  badTier: "Please choose the basic, plus or vip plan.",
} as const;

const checkoutSchema = z.object({
  tier: z.enum(["basic", "plus", "vip"], { error: CHECKOUT_TEXT.badTier }),
});
const checkoutInput = { fallback: CHECKOUT_TEXT.badTier };

export function subscriptionApi(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get("/tiers", (c) => c.json(TIERS));

  app.get("/session-limit", requireUser(), async (c) => {
    const user = c.var.user;
    const limit = TIERS[user.tier].dailySessionLimit;
    const used = await usageToday(deps.kv, user.id);
    return c.json({
      tier: user.tier,
      dailySessionsUsed: used,
      dailyLimit: limit < 0 ? "unlimited" : limit,
      canStartSession: limit < 0 || used < limit,
    });
  });

  const stripeReady = () =>
    Boolean(
      deps.config.stripe.secretKey && deps.config.stripe.prices.basic &&
        deps.config.stripe.prices.plus && deps.config.stripe.prices.vip,
    );

  app.post(
    "/create-checkout",
    requireUser(),
    validate("form", checkoutSchema, { ...checkoutInput, when: isFormPost }),
    validate("json", checkoutSchema, { ...checkoutInput, when: (c) => !isFormPost(c) }),
    (c) => {
      const form = isFormPost(c);
      const { tier } = form ? c.req.valid("form") : c.req.valid("json");
      if (!stripeReady()) {
        if (form) {
          setFlash(c, { kind: "failure", title: CHECKOUT_TEXT.notConfigured });
          return c.redirect("/subscriptions", 303);
        }
        return c.json({
          success: false,
          configRequired: true,
          error: CHECKOUT_TEXT.notConfigured,
          details: `The ${tier} plan cannot be bought until payments are configured.`,
        }, 503);
      }
      // Keys are set, but this server has no Stripe Checkout client yet: say so plainly instead
      // of pretending to take a payment.
      return c.json({
        success: false,
        error: CHECKOUT_TEXT.failed,
        details: "Online payments are not enabled on this server.",
      }, 501);
    },
  );

  return app;
}
