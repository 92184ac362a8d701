// Plans (SPEC section 7, Subscriptions): the tier map, today's session-limit status, and
// checkout. Until Stripe is configured, checkout answers configRequired with the SPEC's text.
import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../context.tsx";
import { TIERS } from "../../lib/constants.ts";
import { usageToday } from "../../kv/usage.ts";
import { BodyError, jsonError, readJson } from "../../lib/http/helpers.ts";
import { setFlash } from "../../lib/http/flash.ts";

export const CHECKOUT_TEXT = {
  notConfigured: "Stripe is not configured yet. Please contact support to enable payments.",
  failed: "Failed to create checkout session. Please try again.",
  badTier: "Please choose the basic, plus or vip plan.",
} as const;

const checkoutSchema = z.object({
  tier: z.enum(["basic", "plus", "vip"], { error: CHECKOUT_TEXT.badTier }),
});

export function subscriptionApi(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get("/api/subscription/tiers", (c) => c.json(TIERS));

  app.get("/api/subscription/session-limit", async (c) => {
    const user = c.get("user");
    if (!user) return jsonError(c, "User not authenticated", 401);
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

  app.post("/api/subscription/create-checkout", async (c) => {
    const user = c.get("user");
    if (!user) return jsonError(c, "User not authenticated", 401);
    const form = (c.req.header("content-type") ?? "").startsWith(
      "application/x-www-form-urlencoded",
    );
    let tier: string;
    try {
      tier = form
        ? checkoutSchema.parse({ tier: (await c.req.parseBody()).tier }).tier
        : (await readJson(c, checkoutSchema)).tier;
    } catch (err) {
      if (err instanceof BodyError || err instanceof z.ZodError) {
        return jsonError(c, CHECKOUT_TEXT.badTier, 400);
      }
      throw err;
    }
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
    // Keys are set, but this server has no Stripe Checkout client (the Subscriptions work adds
    // it with its webhook): say so plainly instead of pretending to take a payment.
    return c.json({
      success: false,
      error: CHECKOUT_TEXT.failed,
      details: "Online payments are not enabled on this server.",
    }, 501);
  });

  return app;
}
