// The plans page's rules, shared by the server (the page, the plans API, the home screen) and the
// browser (the plans island): the plans as the cards show them, the usage line, the sessions left
// today, and which button each plan card carries for whom. Their texts are the plans catalog's
// (lib/shared/i18n/catalog/plans/).
import { type TierKey, TIERS } from "./constants.ts";
import { formatNumber, formatPrice } from "./i18n/messages.ts";
import { type Said, said } from "./i18n/said.ts";
import type plans from "./i18n/catalog/plans/en.ts";

/** A message of the plans catalog (lib/shared/i18n/catalog/plans/). */
export type PlansKey = keyof typeof plans;

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

/** The features of the plans with a daily limit, in TIERS' order. */
const DAILY_PLAN_FEATURES: readonly PlansKey[] = [
  "featureSessionsPerDay",
  "featureFilters",
  "featureFaceBlur",
  "featureShield",
  "featureReactions",
  "featureClip",
];

/**
 * Each plan's features (TIERS' `features`, in their order) by their messages in the plans
 * catalog; the daily limit's line counts the plan's sessions.
 */
export const FEATURE_KEYS: Readonly<Record<TierKey, readonly PlansKey[]>> = {
  // Free and Basic list the same features (the daily limit's count differs).
  free: DAILY_PLAN_FEATURES,
  basic: DAILY_PLAN_FEATURES,
  plus: [
    "featureUnlimited",
    "featureHd",
    "featureFaceBlur",
    "featureShield",
    "featureReactions",
    "featureClip",
  ],
  vip: [
    "featureUnlimited",
    "featureHd",
    "featureFirst",
    "featureFaceBlur",
    "featureShield",
    "featureClip",
  ],
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

/** A plan's `i`th feature with its message (the daily limit's line counts the plan's sessions). */
function planFeature(tier: TierKey, text: string, i: number): PlanFeature {
  const key = FEATURE_KEYS[tier][i] ?? null;
  return key === "featureSessionsPerDay"
    ? { text, key, count: TIERS[tier].dailySessionLimit }
    : { text, key };
}

export function planViews(): PlanView[] {
  return (Object.keys(TIERS) as TierKey[]).map((key) => ({
    key,
    name: TIERS[key].name,
    price: `$${TIERS[key].price}/month`,
    amount: TIERS[key].price,
    currency: PLAN_CURRENCY,
    features: TIERS[key].features.map((text, i) => planFeature(key, text, i)),
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
export function usageLine(u: Usage): Said {
  return u.limit === "unlimited"
    ? said("plans.unlimited")
    : said("plans.sessionsToday", { used: u.used, limit: u.limit });
}

/** Sessions left today, or null on an unlimited plan. */
export function sessionsLeft(tier: TierKey, used: number): number | null {
  const limit = TIERS[tier].dailySessionLimit;
  return limit < 0 ? null : Math.max(0, limit - used);
}

/** '1 more feature', 'N more features'. */
export function moreFeaturesText(n: number): Said {
  return said("plans.moreFeatures", { count: n });
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
