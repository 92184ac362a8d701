// Helpers shared by the profile page and the API: the languages a profile may speak, a place's
// parts and whether a member's calls hide their IP address.
import { type Language, LANGUAGES } from "./auth/types.ts";
import { currentLocale, displayName, sortByName } from "./i18n/messages.ts";

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
