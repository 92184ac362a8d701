// Plans API, mounted at /api/subscription: the tier map, today's session-limit status, Stripe
// Checkout and the billing portal. Until Stripe is configured, checkout responds configRequired
// with its text. Scripts post JSON and navigate to the URL they get; a form post (a browser
// without scripts) is told that payments need JavaScript (the CSP keeps forms on this site).
import { type Context, Hono } from "hono";
import { z } from "zod";
import { type AppDeps, type AppEnv, membersOnly } from "../context.tsx";
import { TIERS } from "../../lib/shared/constants.ts";
import { usageToday } from "../../kv/usage.ts";
import { setFlash } from "../../lib/server/http/flash.ts";
import { isFormPost, validate } from "../../lib/server/http/validate.ts";
import { AppError } from "../../lib/server/http/errors.ts";
import { RATE_RULES, rateLimit } from "../../lib/server/http/rate_limit.ts";
import { stripeClient } from "../../lib/server/billing/stripe_client.ts";
import { createCheckout, createPortal } from "../../lib/server/billing/checkout.ts";
import { hasRunningSubscription } from "../../lib/server/billing/events.ts";
import { sayIn } from "../../lib/server/i18n/catalogs.ts";
import { carried, said } from "../../lib/shared/i18n/said.ts";
import { logger } from "../../lib/shared/log.ts";

const errorText = (err: unknown) => err instanceof Error ? err.message : String(err);

const checkoutSchema = z.object({
  tier: z.enum(["basic", "plus", "vip"], { error: carried(said("plans.badTier")) }),
});
const checkoutInput = { fallback: said("plans.badTier") };

/** The plans API: the tier map for anyone, the rest for members. */
export function subscriptionApi(deps: AppDeps) {
  const open = new Hono<AppEnv>();
  open.get("/tiers", (c) => c.json(TIERS));

  const app = membersOnly();
  app.get("/session-limit", async (c) => {
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

  /**
   * A form post (a browser without scripts) cannot be sent on to Stripe: the CSP's form-action
   * keeps form submissions, redirects included, on this site. The plans page says why instead.
   */
  const needsScript = (c: Context) => {
    setFlash(c, { kind: "failure", title: said("plans.needsScript") });
    return c.redirect("/subscriptions", 303);
  };

  const stripe = stripeClient(deps.config);
  const { basic, plus, vip } = deps.config.stripe.prices;
  const checkoutDeps = stripe && basic && plus && vip
    ? { kv: deps.kv, stripe, origin: deps.config.origin, prices: { basic, plus, vip } }
    : null;
  const limitCheckout = rateLimit(deps.kv, deps.config.rateLimits, (c) => [
    { rule: RATE_RULES.checkout, subject: c.var.user.id },
  ]);

  app.post(
    "/create-checkout",
    limitCheckout,
    validate("form", checkoutSchema, { ...checkoutInput, when: isFormPost }),
    validate("json", checkoutSchema, { ...checkoutInput, when: (c) => !isFormPost(c) }),
    async (c) => {
      const form = isFormPost(c);
      const { tier } = form ? c.req.valid("form") : c.req.valid("json");
      if (!checkoutDeps) {
        if (form) {
          setFlash(c, { kind: "failure", title: said("plans.notConfigured") });
          return c.redirect("/subscriptions", 303);
        }
        return c.json({
          success: false,
          configRequired: true,
          error: sayIn(c.var.locale, said("plans.notConfigured")),
          details: sayIn(c.var.locale, said("plans.notConfiguredDetails", { tier })),
        }, 503);
      }
      if (form) return needsScript(c);
      // The session already read the member's record (billing included).
      const record = c.var.userRecord;
      if (hasRunningSubscription(record.billing)) {
        throw new AppError(409, said("plans.alreadySubscribed"));
      }
      let checkoutUrl: string;
      try {
        checkoutUrl = await createCheckout(checkoutDeps, record, tier);
      } catch (err) {
        if (err instanceof AppError) throw err;
        logger.error("Stripe checkout failed", errorText(err), { user: c.var.user.id });
        if (form) {
          setFlash(c, { kind: "failure", title: said("plans.failed") });
          return c.redirect("/subscriptions", 303);
        }
        return c.json({
          success: false,
          error: sayIn(c.var.locale, said("plans.failed")),
          details: sayIn(c.var.locale, said("plans.unreachable")),
        }, 502);
      }
      return c.json({ success: true, checkoutUrl });
    },
  );

  // Stripe's billing portal, where a subscriber changes or cancels their plan.
  app.post("/portal", limitCheckout, async (c) => {
    if (!checkoutDeps) {
      return c.json(
        {
          success: false,
          configRequired: true,
          error: sayIn(c.var.locale, said("plans.notConfigured")),
        },
        503,
      );
    }
    if (isFormPost(c)) return needsScript(c);
    const customer = c.var.userRecord.billing?.customerId;
    if (!customer) throw new AppError(409, said("plans.noSubscription"));
    let portalUrl: string;
    try {
      portalUrl = await createPortal(checkoutDeps, customer);
    } catch (err) {
      logger.error("Stripe portal failed", errorText(err), { user: c.var.user.id });
      return c.json(
        { success: false, error: sayIn(c.var.locale, said("plans.portalFailed")) },
        502,
      );
    }
    return c.json({ success: true, portalUrl });
  });

  return [open, app];
}
