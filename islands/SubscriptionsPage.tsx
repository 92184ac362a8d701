import { useEffect, useRef, useState } from "react";
import type { JSX } from "react";
import type { TierKey } from "../lib/shared/constants.ts";
import { cardAction, CHECKOUT_TEXT, type PlanView, type Usage } from "../lib/shared/plans.ts";
import { tr } from "../lib/shared/i18n/messages.ts";
import type plans from "../lib/shared/i18n/catalog/plans/en.ts";
import { errorMessage, postJson } from "../lib/client/api.ts";
import { toast } from "../lib/client/toast.ts";
import {
  CHECKOUT_PATH,
  checkoutFailure,
  checkoutResult,
  checkoutTarget,
  checkoutText,
  httpsUrl,
  openCheckoutWindow,
  PORTAL_PATH,
  rememberCheckout,
  returnToOpener,
  usePlanSync,
  whenClosed,
} from "../lib/client/plans.ts";
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

type Form = JSX.TargetedEvent<HTMLFormElement>;

const t = tr<typeof plans>("plans");

export default function SubscriptionsPage(
  { plans, tier: initialTier, usage: initialUsage, hasCustomer, payment }: SubscriptionsPageProps,
) {
  const plan = usePlanSync(initialTier, initialUsage);
  const [banner, setBanner] = useState(payment);
  /** The tier whose checkout or plan change is running, or "manage". */
  const [busy, setBusy] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  /** Stops watching the checkout window. */
  const unwatch = useRef<(() => void) | null>(null);

  // Back from Stripe: the checkout window hands the result to the page that opened it; a page
  // shows it, drops it from the address and, after a payment, waits for the plan to change.
  useEffect(() => {
    if (!payment) return;
    if (returnToOpener(payment)) return;
    history.replaceState(history.state, "", location.pathname + location.hash);
    if (payment === "cancelled") rememberCheckout(null);
    else if (initialTier) plan.start(checkoutTarget());
  }, []);

  // The checkout window came back to this site and handed over its result: show it here, as a
  // page Stripe sent back would (the reload that its closing would cause is called off).
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const result = checkoutResult(e);
      if (!result) return;
      unwatch.current?.();
      location.assign(`/subscriptions?${result}=true`);
    };
    addEventListener("message", onMessage);
    return () => removeEventListener("message", onMessage);
  }, []);

  function checkout(e: Form, tier: TierKey) {
    e.preventDefault();
    if (busy) return;
    // Opened in the click itself: a window opened after the request would be blocked.
    const popup = openCheckoutWindow();
    setBusy(tier);
    rememberCheckout(tier);
    postJson<{ checkoutUrl?: string }>(CHECKOUT_PATH, { tier }).then((res) => {
      const url = httpsUrl(res?.checkoutUrl);
      if (!url) throw new Error("no checkout address");
      if (!popup) {
        setBusy(null);
        alert(`${t("popupBlocked")} ${url}`);
        return;
      }
      if (popup.closed) return setBusy(null);
      popup.location.href = url;
      setPaying(true);
      unwatch.current = whenClosed(popup, () => location.reload());
    }).catch((err) => {
      popup?.close();
      setBusy(null);
      const { title, description } = checkoutFailure(err);
      toast({
        title: checkoutText(title),
        description: description && checkoutText(description),
        variant: "destructive",
      });
    });
  }

  function openPortal(e: Form, key: string) {
    e.preventDefault();
    if (busy) return;
    setBusy(key);
    postJson<{ portalUrl?: string }>(PORTAL_PATH).then((res) => {
      const url = httpsUrl(res?.portalUrl);
      if (!url) throw new Error("no portal address");
      location.assign(url);
    }).catch((err) => {
      setBusy(null);
      toast({
        title: checkoutText(errorMessage(err, CHECKOUT_TEXT.portalFailed)),
        variant: "destructive",
      });
    });
  }

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
