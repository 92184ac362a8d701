// Product constants and user-facing texts (screen labels, messages, limits), kept in one place.

export const APP_NAME = "Glimpse";

export const NAV_ITEMS = [
  { href: "/", label: "Home", icon: "home" },
  { href: "/subscriptions", label: "Premium", icon: "crown" },
  { href: "/map-discovery", label: "Discover", icon: "compass" },
  { href: "/profile", label: "Profile", icon: "user" },
] as const;

export const TOAST_MS = { failure: 5000, success: 3000 } as const;
export const TOOLTIP_DELAY_MS = 700;

export const POPULAR_HASHTAGS = ["travel", "art", "food", "music", "tech", "nature"] as const;

export const REACTIONS = [
  { key: "heart", emoji: "❤️", label: "Heart" },
  { key: "thumbsUp", emoji: "👍", label: "Thumbs up" },
  { key: "surprised", emoji: "😮", label: "Surprised" },
  { key: "fire", emoji: "🔥", label: "Fire" },
  { key: "clap", emoji: "👏", label: "Clap" },
] as const;

/** The reaction emoji, the only ones a reaction may carry. */
export const REACTION_EMOJI: readonly string[] = REACTIONS.map((r) => r.emoji);

export const MIN_PASSWORD_LENGTH = 6;
export const MIN_AGE = 18;

export type TierKey = "free" | "basic" | "plus" | "vip";

export interface Tier {
  name: string;
  /** US dollars per month; 0 for free. */
  price: number;
  /** Sessions a day; -1 means unlimited. */
  dailySessionLimit: number;
  features: string[];
}

// Tier prices and daily session limits are our own choice (docs/payments.md).
export const TIERS: Record<TierKey, Tier> = {
  free: {
    name: "Free",
    price: 0,
    dailySessionLimit: 5,
    features: [
      "5 POV sessions per day",
      "Location, hashtag and language filters",
      "On-device face blur",
      "On-device safety shield",
      "Emoji reactions",
      "30-second clip recorder",
    ],
  },
  basic: {
    name: "Basic",
    price: 5,
    dailySessionLimit: 20,
    features: [
      "20 POV sessions per day",
      "Location, hashtag and language filters",
      "On-device face blur",
      "On-device safety shield",
      "Emoji reactions",
      "30-second clip recorder",
    ],
  },
  plus: {
    name: "Plus",
    price: 10,
    dailySessionLimit: -1,
    features: [
      "Unlimited POV sessions",
      "HD video quality",
      "On-device face blur",
      "On-device safety shield",
      "Emoji reactions",
      "30-second clip recorder",
    ],
  },
  vip: {
    name: "VIP",
    price: 20,
    dailySessionLimit: -1,
    features: [
      "Unlimited POV sessions",
      "HD video quality",
      "Served first when matching",
      "On-device face blur",
      "On-device safety shield",
      "30-second clip recorder",
    ],
  },
};

export const TIER_ORDER: TierKey[] = ["free", "basic", "plus", "vip"];

/**
 * What a member's camera sends: the size and frame rate the camera is opened at and the most
 * the sender's encoder may spend. The server names the profile in match_found, from the
 * sender's own plan (HD on plus and vip).
 */
export interface MediaProfile {
  maxWidth: number;
  maxHeight: number;
  maxFrameRate: number;
  maxBitrateKbps: number;
}

export const MEDIA_PROFILES = {
  sd: { maxWidth: 640, maxHeight: 480, maxFrameRate: 30, maxBitrateKbps: 600 },
  hd: { maxWidth: 1280, maxHeight: 720, maxFrameRate: 30, maxBitrateKbps: 2500 },
} as const satisfies Record<string, MediaProfile>;

/** Plans whose video is sent in HD. */
export const HD_TIERS: readonly TierKey[] = ["plus", "vip"];

export function mediaProfileFor(hd: boolean): MediaProfile {
  return hd ? MEDIA_PROFILES.hd : MEDIA_PROFILES.sd;
}

export function tierPriceLabel(tier: Tier): string {
  return tier.price === 0 ? "Free" : `$${tier.price}/month`;
}
