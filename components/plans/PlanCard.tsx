// One plan's card: name, price, the first three features with the rest behind 'N more features',
// and the card's button (see cardAction). The checkout and plan-change buttons are forms that
// work without scripts; the plans island intercepts them.
import type { JSX } from "react";
import type { TierKey } from "../../lib/shared/constants.ts";
import {
  type CardAction,
  moreFeaturesText,
  type PlanFeature,
  type PlanView,
  priceText,
  SHOWN_FEATURES,
  TIER_NAME_KEYS,
} from "../../lib/shared/plans.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import { say } from "../../lib/shared/i18n/said.ts";
import type plans from "../../lib/shared/i18n/catalog/plans/en.ts";

const t = tr<typeof plans>("plans");

/** A plan's name in the page's language. */
export const tierName = (tier: TierKey) => t(TIER_NAME_KEYS[tier]);

const featureText = (f: PlanFeature) => f.key ? t(f.key, { count: f.count ?? 0 }) : f.text;

export interface PlanCardProps {
  plan: PlanView;
  action: CardAction;
  /** This card's request is running ('Upgrading...' / 'Opening...'). */
  busy: boolean;
  /** Some request is running: every button waits. */
  locked: boolean;
  onCheckout?(e: JSX.TargetedEvent<HTMLFormElement>, tier: TierKey): void;
  onChange?(e: JSX.TargetedEvent<HTMLFormElement>): void;
}

export function PlanCard({ plan, action, busy, locked, onCheckout, onChange }: PlanCardProps) {
  const shown = plan.features.slice(0, SHOWN_FEATURES);
  const more = plan.features.slice(SHOWN_FEATURES);
  const classes = ["card", "tier-card"];
  if (plan.popular) classes.push("tier-popular");
  if (action === "current") classes.push("tier-current");
  return (
    <article class={classes.join(" ")} aria-labelledby={`tier-${plan.key}`} data-tier={plan.key}>
      {plan.popular && <span class="badge badge-accent">{t("popular")}</span>}
      <h2 id={`tier-${plan.key}`} class="tier-name">{tierName(plan.key)}</h2>
      <p class="tier-price">
        {t("perMonth", { price: priceText(plan.amount, plan.currency) })}
      </p>
      <ul class="tier-features">
        {shown.map((f) => <li key={f.text}>{featureText(f)}</li>)}
      </ul>
      {more.length > 0 && (
        <details class="tier-more">
          <summary>{say(moreFeaturesText(more.length))}</summary>
          <ul class="tier-features">
            {more.map((f) => <li key={f.text}>{featureText(f)}</li>)}
          </ul>
        </details>
      )}
      <div class="tier-action">
        <CardButton {...{ plan, action, busy, locked, onCheckout, onChange }} />
      </div>
    </article>
  );
}

function CardButton({ plan, action, busy, locked, onCheckout, onChange }: PlanCardProps) {
  switch (action) {
    case "current":
    case "free":
      return (
        <button type="button" class="button button-secondary button-block" disabled>
          {action === "current" ? t("current") : t("freePlan")}
        </button>
      );
    case "signin":
      return (
        <a class="button button-primary button-block" href="/auth?tab=login">
          {t("signIn")}
        </a>
      );
    case "checkout":
      return (
        <form
          method="post"
          action="/api/subscription/create-checkout"
          onSubmit={(e) => onCheckout?.(e, plan.key)}
        >
          <input type="hidden" name="tier" value={plan.key} />
          <button type="submit" class="button button-primary button-block" disabled={locked}>
            {busy ? t("upgrading") : t("upgrade")}
          </button>
        </form>
      );
    case "change":
      return (
        <form method="post" action="/api/subscription/portal" onSubmit={(e) => onChange?.(e)}>
          <button type="submit" class="button button-secondary button-block" disabled={locked}>
            {busy ? t("opening") : t("change")}
          </button>
        </form>
      );
  }
}
