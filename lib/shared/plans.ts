// The plans page's texts and rules, shared by the server (the page, the plans API, the home
// screen) and the browser (the plans island): checkout's responses, the payment banners, the usage
// line, the sessions left today, and which button each plan card carries for whom.
import { type TierKey, TIERS } from "./constants.ts";
import { formatNumber, formatPrice } from "./i18n/messages.ts";
import type plans from "./i18n/catalog/plans/en.ts";

/** A message of the plans catalog (lib/shared/i18n/catalog/plans/). */
export type PlansKey = keyof typeof plans;

export const CHECKOUT_TEXT = {
  notConfigured: "Stripe is not configured yet. Please contact support to enable payments.",
  failed: "Failed to create checkout session. Please try again.",
  /** A checkout request that got no response at all. */
  network: "Checkout failed. Please try again.",
  badTier: "Please choose the basic, plus or vip plan.",
  unreachable: "The payment provider could not be reached. No payment was taken.",
  noSubscription: "You have no subscription to manage yet.",
  /** A checkout while a subscription runs would start a second one. */
  alreadySubscribed: "You already have a subscription. Change your plan in the billing portal.",
  portalFailed: "Could not open the billing portal. Please try again.",
  /** window.open gave nothing: the link is shown instead. */
  popupBlocked: "Your browser blocked the payment window. Open this link to pay:",
  /** A form post (no scripts): the CSP keeps form posts on this site, so Stripe cannot open. */
  needsScript:
    "Payments open in a secure Stripe window, which needs JavaScript. Please turn it on.",
} as const;

export const PLANS_TEXT = {
  heading: "Choose your plan",
  intro: "Unlimited sessions and HD quality with Premium.",
  success: "Payment successful! Your subscription has been upgraded.",
  cancelled: "Payment cancelled. You can try again anytime.",
  dismiss: "Dismiss",
  /** While the page waits for Stripe's webhook to change the plan. */
  updating: "Updating your plan…",
  /** The plan had not changed after the page's last look. */
  processing: "Your payment is being processed. Your plan will update in a moment.",
  loadFailed: "Failed to load subscription options. Please try again.",
  retry: "Retry",
  usageTitle: "Your plan",
  unlimited: "Unlimited sessions",
  renews: "Renews at midnight UTC",
  popular: "Popular",
  current: "Current Plan",
  /** The Free card of a member on a paid plan, and of a guest. */
  freePlan: "Free plan",
  upgrade: "Upgrade",
  upgrading: "Upgrading...",
  signIn: "Sign in to upgrade",
  /** A paid member moves between paid plans in Stripe's billing portal. */
  change: "Change plan",
  manage: "Manage subscription",
  opening: "Opening...",
  /** While the checkout window is open. */
  paying: "Finish paying in the Stripe window. This page updates when you close it.",
  /** Shown in the checkout window until Stripe's page loads. */
  popupLoading: "Opening secure checkout…",
  /** The home screen's link when no session is left today. */
  seePlans: "see plans",
  whyTitle: "Why Choose Premium?",
  cancelAnytime: "Cancel anytime. Your plan stays active until the end of the period you paid for.",
} as const;

/** The name of the checkout window, so the page Stripe sends it back to knows where it is. */
export const CHECKOUT_WINDOW = "glimpse-checkout";
/** The plan a checkout was started for (sessionStorage), which the return page waits for. */
export const CHECKOUT_TIER_KEY = "glimpse_checkout_tier";
/** After a payment the page re-reads the plan this often, for at most this long. */
export const PLAN_SYNC = { everyMs: 2000, forMs: 20_000 } as const;
/** The checkout window is checked this often; the page reloads once it is closed. */
export const POPUP_POLL_MS = 1000;
export const POPUP_SIZE = { width: 800, height: 600 } as const;
export const SHOWN_FEATURES = 3;

/** The currency of the plans' prices (TIERS' prices are US dollars). */
export const PLAN_CURRENCY = "USD";

/** Each plan's name in the plans catalog. */
export const TIER_NAME_KEYS: Record<TierKey, PlansKey> = {
  free: "tierFree",
  basic: "tierBasic",
  plus: "tierPlus",
  vip: "tierVip",
};

/** TIERS' feature texts in the plans catalog ('N POV sessions per day' aside, see planViews). */
export const FEATURE_KEYS: Readonly<Record<string, PlansKey>> = {
  "Unlimited POV sessions": "featureUnlimited",
  "Location, hashtag and language filters": "featureFilters",
  "On-device face blur": "featureFaceBlur",
  "On-device safety shield": "featureShield",
  "Emoji reactions": "featureReactions",
  "30-second clip recorder": "featureClip",
  "HD video quality": "featureHd",
  "Served first when matching": "featureFirst",
};

/** A plan's feature: its English text, and its message (with the count it needs) if it has one. */
export interface PlanFeature {
  text: string;
  key: PlansKey | null;
  count?: number;
}

/** A plan as the page shows it (JSON, for the island's props). */
export interface PlanView {
  key: TierKey;
  name: string;
  /** '$N/month'; '$0/month' for Free, whose name already says Free. */
  price: string;
  /** The monthly price in `currency` (the card writes it in the page's language). */
  amount: number;
  currency: string;
  features: PlanFeature[];
  popular: boolean;
}

/** A plan's feature with its message: the daily limit's line counts the plan's sessions. */
function planFeature(tier: TierKey, text: string): PlanFeature {
  const limit = TIERS[tier].dailySessionLimit;
  if (limit >= 0 && text === `${limit} POV sessions per day`) {
    return { text, key: "featureSessionsPerDay", count: limit };
  }
  return { text, key: FEATURE_KEYS[text] ?? null };
}

export function planViews(): PlanView[] {
  return (Object.keys(TIERS) as TierKey[]).map((key) => ({
    key,
    name: TIERS[key].name,
    price: `$${TIERS[key].price}/month`,
    amount: TIERS[key].price,
    currency: PLAN_CURRENCY,
    features: TIERS[key].features.map((text) => planFeature(key, text)),
    popular: key === "plus",
  }));
}

/**
 * A price in the page's language: whole amounts without cents ('$5' in English, '5 $' in
 * German), others with them ('$4.99', '4,99 $').
 */
export function priceText(amount: number, currency: string): string {
  return Number.isInteger(amount)
    ? formatNumber(amount, {
      style: "currency",
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    })
    : formatPrice(amount, currency);
}

/** Today's sessions: how many were used and the plan's daily limit. */
export interface Usage {
  used: number;
  limit: number | "unlimited";
}

export function usageOf(tier: TierKey, used: number): Usage {
  const limit = TIERS[tier].dailySessionLimit;
  return { used, limit: limit < 0 ? "unlimited" : limit };
}

/** 'Sessions today: N of M', or 'Unlimited sessions'. */
export function usageLine(u: Usage): string {
  return u.limit === "unlimited" ? PLANS_TEXT.unlimited : `Sessions today: ${u.used} of ${u.limit}`;
}

/** Sessions left today, or null on an unlimited plan. */
export function sessionsLeft(tier: TierKey, used: number): number | null {
  const limit = TIERS[tier].dailySessionLimit;
  return limit < 0 ? null : Math.max(0, limit - used);
}

/** The home screen's line: 'N sessions left today' / '1 session left today' / none left. */
export function sessionsLeftText(left: number): string {
  if (left === 0) return "No sessions left today";
  return left === 1 ? "1 session left today" : `${left} sessions left today`;
}

/** '1 more feature', 'N more features'. */
export function moreFeaturesText(n: number): string {
  return n === 1 ? "1 more feature" : `${n} more features`;
}

/**
 * What a plan card offers:
 * - current: the member's own plan (a disabled 'Current Plan');
 * - free: the Free card for anyone not on it (a disabled 'Free plan': leaving a paid plan is
 *   cancelling it in the billing portal);
 * - signin: a guest's way to upgrade;
 * - checkout: Stripe Checkout for a member without a Stripe subscription to change;
 * - change: a member on a paid plan bought through Stripe changes it in the billing portal (a
 *   second checkout would start a second subscription).
 */
export type CardAction = "current" | "free" | "signin" | "checkout" | "change";

export function cardAction(
  card: TierKey,
  tier: TierKey | null,
  hasCustomer: boolean,
): CardAction {
  if (tier === card) return "current";
  if (card === "free") return "free";
  if (tier === null) return "signin";
  return tier !== "free" && hasCustomer ? "change" : "checkout";
}
