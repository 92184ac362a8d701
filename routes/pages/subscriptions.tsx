// /subscriptions: Back to /, one card per tier, 'Why Choose Premium?'.
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context.tsx";
import { page } from "../context.tsx";
import { TIER_ORDER, tierPriceLabel, TIERS } from "../../lib/constants.ts";

const SHOWN_FEATURES = 3;

export function subscriptionPages(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get("/subscriptions", (c) => {
    const user = c.get("user");
    return page(c, deps, {
      title: "Premium",
      back: "/",
      body: (
        <div class="subscriptions">
          <header class="page-heading">
            <h1>Choose your plan</h1>
            <p class="muted">Unlimited sessions and HD quality with Premium.</p>
          </header>
          <div class="tier-grid">
            {TIER_ORDER.map((key) => {
              const tier = TIERS[key];
              const shown = tier.features.slice(0, SHOWN_FEATURES);
              const more = tier.features.slice(SHOWN_FEATURES);
              return (
                <article
                  key={key}
                  class={key === "plus" ? "card tier-card tier-popular" : "card tier-card"}
                  aria-labelledby={`tier-${key}`}
                >
                  {key === "plus" && <span class="badge badge-accent">Popular</span>}
                  <h2 id={`tier-${key}`} class="tier-name">{tier.name}</h2>
                  <p class="tier-price">{tierPriceLabel(tier)}</p>
                  <ul class="tier-features">
                    {shown.map((f) => <li key={f}>{f}</li>)}
                  </ul>
                  {more.length > 0 && (
                    <details class="tier-more">
                      <summary>{more.length} more features</summary>
                      <ul class="tier-features">
                        {more.map((f) => <li key={f}>{f}</li>)}
                      </ul>
                    </details>
                  )}
                  {key === "free"
                    ? (
                      <button type="button" class="button button-secondary button-block" disabled>
                        Current Plan
                      </button>
                    )
                    : user
                    ? (
                      <form method="post" action="/api/subscription/create-checkout">
                        <input type="hidden" name="tier" value={key} />
                        <button
                          type="submit"
                          class="button button-primary button-block"
                          disabled={user.tier === key}
                        >
                          {user.tier === key ? "Current Plan" : "Upgrade"}
                        </button>
                      </form>
                    )
                    : (
                      <a class="button button-primary button-block" href="/auth?tab=login">
                        Upgrade
                      </a>
                    )}
                </article>
              );
            })}
          </div>
          <section class="card why-premium" aria-labelledby="why-premium">
            <h2 id="why-premium">Why Choose Premium?</h2>
            <ul class="tick-list">
              <li>Unlimited POV sessions every day</li>
              <li>HD video quality</li>
              <li>VIP members are matched first</li>
            </ul>
            <p class="muted">Cancel anytime. Your plan stays active until the end of the month.</p>
          </section>
        </div>
      ),
    });
  });

  return app;
}
