// /subscriptions: Back to /, the payment banner after Stripe, the member's usage card, one card
// per plan (the plans island) and 'Why Choose Premium?'.
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context.tsx";
import { page } from "../context.tsx";
import { Island } from "../../server/render/island.tsx";
import { PLANS_TEXT, planViews, usageOf } from "../../shared/plans.ts";
import { usageToday } from "../../kv/usage.ts";

export function subscriptionPages(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get("/subscriptions", async (c) => {
    const user = c.var.user;
    const record = c.var.userRecord;
    const usage = user ? usageOf(user.tier, await usageToday(deps.kv, user.id)) : null;
    const payment = c.req.query("success") === "true"
      ? "success"
      : c.req.query("cancelled") === "true"
      ? "cancelled"
      : null;
    return page(c, deps, {
      title: "Premium",
      back: "/",
      body: (
        <div class="subscriptions">
          <header class="page-heading">
            <h1>{PLANS_TEXT.heading}</h1>
            <p class="muted">{PLANS_TEXT.intro}</p>
          </header>
          <Island
            name="SubscriptionsPage"
            props={{
              plans: planViews(),
              tier: user?.tier ?? null,
              usage,
              hasCustomer: Boolean(record?.billing?.customerId),
              payment,
            }}
          />
          <section class="card why-premium" aria-labelledby="why-premium">
            <h2 id="why-premium">{PLANS_TEXT.whyTitle}</h2>
            <ul class="tick-list">
              <li>Unlimited POV sessions every day</li>
              <li>HD video quality</li>
              <li>VIP members are matched first</li>
            </ul>
            <p class="muted">{PLANS_TEXT.cancelAnytime}</p>
          </section>
        </div>
      ),
    });
  });

  return app;
}
