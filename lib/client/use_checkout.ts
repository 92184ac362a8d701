// The plans page's payments as it runs them (the parts are lib/client/plans.ts's): a plan's
// checkout in a window of its own, the billing portal, and the way back from Stripe, whether
// this page was sent back (it drops the result from the address and, after a payment, waits for
// the plan to change) or the checkout window hands the result over (the page then shows it).
import { useEffect, useRef, useState } from "react";
import type { JSX } from "react";
import type { TierKey } from "../shared/constants.ts";
import { said, say } from "../shared/i18n/said.ts";
import { errorMessage, postJson } from "./api.ts";
import { toast } from "./toast.ts";
import {
  CHECKOUT_PATH,
  checkoutFailure,
  checkoutResult,
  checkoutTarget,
  httpsUrl,
  openCheckoutWindow,
  type PaymentResult,
  PORTAL_PATH,
  rememberCheckout,
  returnToOpener,
  shownText,
  type usePlanSync,
  whenClosed,
} from "./plans.ts";

type Form = JSX.TargetedEvent<HTMLFormElement>;

export interface Checkout {
  /** The tier whose checkout or plan change is running, or "manage". */
  busy: string | null;
  /** The checkout window is on Stripe's page. */
  paying: boolean;
  checkout(e: Form, tier: TierKey): void;
  /** Opens the billing portal; `key` names the button that waits meanwhile. */
  openPortal(e: Form, key: string): void;
}

export function useCheckout(
  plan: ReturnType<typeof usePlanSync>,
  { payment, initialTier }: { payment: PaymentResult | null; initialTier: TierKey | null },
): Checkout {
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
        alert(`${say(said("plans.popupBlocked"))} ${url}`);
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
        title: shownText(title),
        description: description && shownText(description),
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
        title: errorMessage(err, say(said("plans.portalFailed"))),
        variant: "destructive",
      });
    });
  }

  return { busy, paying, checkout, openPortal };
}
