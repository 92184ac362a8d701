// Profile texts (validation and failure messages) and helpers shared by the profile page and the
// API.
import { type Language, LANGUAGES } from "./auth/types.ts";
import { PROFILE_RULE_TEXT } from "./auth/rules.ts";
import { currentLocale, displayName, sortByName } from "./i18n/messages.ts";

/** The profile's languages in English (the server's texts); pages name them with Intl instead. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  es: "Spanish",
  fr: "French",
  de: "German",
  zh: "Chinese",
  ja: "Japanese",
};

/**
 * The profile's languages as a select lists them: each named by Intl in the page's language
 * (first letter raised, as a list item starts), in the order of the page language's collation.
 */
export function languageOptions(): { code: Language; name: string }[] {
  const locale = currentLocale();
  return sortByName(
    LANGUAGES.map((code) => {
      const name = displayName("language", code);
      return { code, name: name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) };
    }),
    (option) => option.name,
  );
}

export const PROFILE_TEXT = {
  locationRequired: PROFILE_RULE_TEXT.locationRequired,
  updateFailed: "Failed to update profile. Please try again.",
  passwordFailed: "Failed to update password. Please try again.",
  avatarFailed: "Failed to update your profile picture. Please try again.",
  deleteFailed: "Failed to delete account. Please try again.",
  notImage: "Please select an image file.",
  deleteConfirm:
    "Are you sure you want to delete your account? You will be signed out and this cannot be undone.",
} as const;

/** 'City, Country' → its parts; the country is what follows the last comma. */
export function splitLocation(location: string): { city: string; country: string } {
  const i = location.lastIndexOf(",");
  if (i < 0) return { city: "", country: location.trim() };
  return { city: location.slice(0, i).trim(), country: location.slice(i + 1).trim() };
}

/** What this site can do about a member's IP address: a relay to hide it behind, and the default. */
export interface IpRelay {
  /** A TURN server is configured: calls can go through it. */
  available: boolean;
  /** Whether a member who has not chosen hides their address. */
  byDefault: boolean;
  /** The site sends every call through its relay (ICE_TRANSPORT_POLICY=relay): always hidden. */
  always: boolean;
}

/**
 * Whether a member's calls hide their IP address from partners: always where the site sends
 * every call through its relay; else their choice (absent: the site's default), and only where a
 * relay is configured.
 */
export function hidesIpAddress(choice: boolean | null | undefined, relay: IpRelay): boolean {
  return relay.always || (relay.available && (choice ?? relay.byDefault));
}

/** The "Hide my IP address from partners" switch and what the connection check says of it. */
export const HIDE_IP_TEXT = {
  label: "Hide my IP address from partners",
  help:
    "Your calls go through our relay server, so partners see the relay's address instead of yours. A relayed call can take a little longer to start. The relay passes on your audio and video encrypted: it cannot see or hear them. When off, a partner's browser can see your IP address, which tells roughly where you are and who your internet provider is.",
  unavailable: "No relay server is configured on this site, so calls cannot hide your address.",
  always:
    "This site sends every call through its relay server, so partners never see your address. A relayed call can take a little longer to start; the relay passes on only encrypted audio and video.",
  networkHidden:
    "A relay server answered: your calls go through it, so partners see its address, not yours (Hide my IP address is on). A relayed call can take a little longer to start; the relay passes on only encrypted audio and video.",
  networkHiddenUnreachable:
    "No relay server reachable: calls cannot connect while Hide my IP address is on (your profile's Privacy tab), as they go only through the relay.",
} as const;
