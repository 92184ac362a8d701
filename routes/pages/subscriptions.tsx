// /subscriptions: Back to /, the payment banner after Stripe, the member's usage card, one card
// per plan (the plans island) and 'Why Choose Premium?'.
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context.tsx";
import { page } from "../context.tsx";
import { Island } from "../../lib/server/render/island.tsx";
import { planViews, usageOf } from "../../lib/shared/plans.ts";
import { usageToday } from "../../kv/usage.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type plans from "../../lib/shared/i18n/catalog/plans/en.ts";
import type { SubscriptionsPageProps } from "../../islands/SubscriptionsPage.tsx";
import { said } from "../../lib/shared/i18n/said.ts";

const t = tr<typeof plans>("plans");

/** The page's body (a component, so that its texts are read in the page's language). */
function Subscriptions(props: SubscriptionsPageProps) {
  return (
    <div class="subscriptions">
      <header class="page-heading">
        <h1>{t("heading")}</h1>
        <p class="muted">{t("intro")}</p>
      </header>
      <Island name="SubscriptionsPage" props={props} />
      <section class="card why-premium" aria-labelledby="why-premium">
        <h2 id="why-premium">{t("whyTitle")}</h2>
        <ul class="tick-list">
          <li>{t("whyUnlimited")}</li>
          <li>{t("featureHd")}</li>
          <li>{t("whyVip")}</li>
        </ul>
        <p class="muted">{t("cancelAnytime")}</p>
      </section>
    </div>
  );
}

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
      title: said("common.navPremium"),
      back: "/",
      body: (
        <Subscriptions
          plans={planViews()}
          tier={user?.tier ?? null}
          usage={usage}
          hasCustomer={Boolean(record?.billing?.customerId)}
          payment={payment}
        />
      ),
    });
  });

  return app;
}
