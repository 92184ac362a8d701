// /subscriptions: the banner after a payment, the plan's re-reading after one, the member's usage
// card and each plan's card. The checkout, the billing portal and the way back from Stripe are
// lib/client/use_checkout.ts's; the cards are components/plans/'s.
import { useState } from "react";
import type { TierKey } from "../lib/shared/constants.ts";
import { cardAction, type PlanView, type Usage } from "../lib/shared/plans.ts";
import { tr } from "../lib/shared/i18n/messages.ts";
import type plans from "../lib/shared/i18n/catalog/plans/en.ts";
import { checkoutTarget, usePlanSync } from "../lib/client/plans.ts";
import { useCheckout } from "../lib/client/use_checkout.ts";
import { PlanCard } from "../components/plans/PlanCard.tsx";
import { LoadFailed, PaymentBanner, UsageCard } from "../components/plans/PlanStatus.tsx";

export interface SubscriptionsPageProps {
  plans: PlanView[];
  /** The member's plan; null for a guest. */
  tier: TierKey | null;
  /** Today's sessions (members only). */
  usage: Usage | null;
  /** The member has a Stripe customer (the billing portal can open for them). */
  hasCustomer: boolean;
  /** The page was opened with ?success=true or ?cancelled=true (back from Stripe). */
  payment: "success" | "cancelled" | null;
}

const t = tr<typeof plans>("plans");

export default function SubscriptionsPage(
  { plans, tier: initialTier, usage: initialUsage, hasCustomer, payment }: SubscriptionsPageProps,
) {
  const plan = usePlanSync(initialTier, initialUsage);
  const [banner, setBanner] = useState(payment);
  const { busy, paying, checkout, openPortal } = useCheckout(plan, { payment, initialTier });

  const tier = plan.tier;
  return (
    <div class="plans">
      {banner && <PaymentBanner kind={banner} onDismiss={() => setBanner(null)} />}
      {(plan.state === "updating" || plan.state === "slow") && (
        <p class="muted plan-sync" role="status">
          {plan.state === "updating" ? t("updating") : t("processing")}
        </p>
      )}
      {paying && <p class="muted plan-sync" role="status">{t("paying")}</p>}
      {tier && plan.state === "failed" && (
        <LoadFailed onRetry={() => plan.start(checkoutTarget())} />
      )}
      {tier && plan.usage && plan.state !== "failed" && (
        <UsageCard
          tier={tier}
          usage={plan.usage}
          canManage={hasCustomer}
          busy={busy === "manage"}
          locked={busy !== null}
          onManage={(e) => openPortal(e, "manage")}
        />
      )}
      <div class="tier-grid">
        {plans.map((p) => (
          <PlanCard
            key={p.key}
            plan={p}
            action={cardAction(p.key, tier, hasCustomer)}
            busy={busy === p.key}
            locked={busy !== null}
            onCheckout={checkout}
            onChange={(e) => openPortal(e, p.key)}
          />
        ))}
      </div>
    </div>
  );
}
