// The plans page's status parts: the dismissible banner after a payment, the member's usage card
// (sessions today, the daily renewal, Manage subscription) and the card that replaces it when
// the page could not read the plan.
import type { JSX } from "react";
import type { TierKey } from "../../lib/shared/constants.ts";
import { type Usage, usageLine } from "../../lib/shared/plans.ts";
import { say } from "../../lib/shared/i18n/said.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type plans from "../../lib/shared/i18n/catalog/plans/en.ts";
import { Icon } from "../Icon.tsx";
import { tierName } from "./PlanCard.tsx";

const t = tr<typeof plans>("plans");

/** 'Sessions today: N of M', or 'Unlimited sessions', in the page's language. */
const usageText = (u: Usage) => say(usageLine(u));

export function PaymentBanner(
  { kind, onDismiss }: { kind: "success" | "cancelled"; onDismiss(): void },
) {
  return (
    <div class={`payment-banner payment-banner-${kind}`} role="status">
      <Icon name={kind === "success" ? "check" : "info"} />
      <p>{kind === "success" ? t("success") : t("cancelled")}</p>
      <button
        type="button"
        class="icon-button payment-banner-close"
        aria-label={t("dismiss")}
        onClick={onDismiss}
      >
        <Icon name="x" />
      </button>
    </div>
  );
}

export interface UsageCardProps {
  tier: TierKey;
  usage: Usage;
  /** The member has a Stripe customer: 'Manage subscription' opens the billing portal. */
  canManage: boolean;
  busy: boolean;
  locked: boolean;
  onManage(e: JSX.TargetedEvent<HTMLFormElement>): void;
}

export function UsageCard({ tier, usage, canManage, busy, locked, onManage }: UsageCardProps) {
  const limited = usage.limit !== "unlimited";
  return (
    <section class="card usage-card" aria-labelledby="usage-title">
      <h2 id="usage-title" class="card-title">
        {t("usageHeading", { plan: tierName(tier) })}
      </h2>
      <p class="usage-line">{usageText(usage)}</p>
      {usage.limit !== "unlimited" && (
        <progress
          class="usage-meter"
          max={usage.limit}
          value={Math.min(usage.used, usage.limit)}
          aria-hidden="true"
        />
      )}
      {limited && <p class="muted small usage-renews">{t("renews")}</p>}
      {canManage && (
        <form method="post" action="/api/subscription/portal" onSubmit={onManage}>
          <button type="submit" class="button button-secondary" disabled={locked}>
            {busy ? t("opening") : t("manage")}
          </button>
        </form>
      )}
    </section>
  );
}

export function LoadFailed({ onRetry }: { onRetry(): void }) {
  return (
    <section class="card load-failed" role="alert">
      <p>{t("loadFailed")}</p>
      <button type="button" class="button button-primary" onClick={onRetry}>
        {t("retry")}
      </button>
    </section>
  );
}
