// A search ticket from a member's profile: pure. Either the ticket, or the code that refuses the
// search (signed out, deleted or banned, email not verified, no location, today's sessions used
// up).
import { HD_TIERS, TIERS } from "../../shared/constants.ts";
import { activeBan } from "../../shared/moderation/bans.ts";
import { activeHold } from "../../shared/moderation/holds.ts";
import { MAX_HASHTAGS, normalizeHashtag, readSavedFilters } from "../../shared/filters.ts";
import { splitLocation } from "../../shared/profile.ts";
import { dayKey } from "../../../kv/hashtags.ts";
import { continentOfCountry } from "../geo/geocoder.ts";
import type { SearchProfile } from "../../../kv/search_profile.ts";
import type { Ticket } from "../../../kv/tickets.ts";
import type { Inbound, RtErrorCode } from "../../shared/realtime/protocol.ts";

export type FindMatch = Extract<Inbound, { type: "find_match" }>;

export type TicketRefusal = Extract<
  RtErrorCode,
  "not_authenticated" | "on_hold" | "email_unverified" | "location_required" | "session_limit"
>;

export interface Searcher {
  peerId: string;
  instanceId: string;
  connId: string;
}

export function ticketFor(
  profile: SearchProfile,
  searcher: Searcher,
  msg: FindMatch,
  now = Date.now(),
): Ticket | TicketRefusal {
  const user = profile.user.value && !profile.user.value.deletedAt ? profile.user.value : null;
  // A banned member is signed out everywhere; a search that raced the ban is refused the same.
  if (!user || activeBan(user, now)) return "not_authenticated";
  // A member on a safety hold keeps their session but cannot search until it is lifted.
  if (activeHold(user)) return "on_hold";
  // Going live needs a verified email address (the mailed link, or an administrator's Verify).
  if (!user.emailVerified) return "email_unverified";
  if (!user.location.trim()) return "location_required";
  const limit = TIERS[user.tier].dailySessionLimit;
  const usage = profile.usage.day === dayKey(now) ? profile.usage : undefined;
  if (limit >= 0 && usage && usage.count >= limit) return "session_limit";
  const filters = readSavedFilters(profile.filters.value);
  const place = profile.place.value;
  const asked = (msg.preferences?.hashtags ?? []).map(normalizeHashtag).filter(Boolean);
  const hashtags = [...new Set(asked.length ? asked : filters.hashtags)].slice(0, MAX_HASHTAGS);
  const hide = user.hideExactLocation || msg.preferences?.hideLocation === true;
  const typed = splitLocation(user.location);
  const [city, country] = [typed.city || null, typed.country || null];
  return {
    userId: user.id,
    username: user.username,
    peerId: searcher.peerId,
    instanceId: searcher.instanceId,
    connId: searcher.connId,
    enqueuedAt: now,
    seenAt: now,
    hashtags,
    pref: {
      location: filters.locationPreference,
      country: filters.countryPreference,
      continent: filters.continentPreference,
      language: filters.languagePreference,
    },
    me: {
      language: user.language,
      city: place?.city ?? city,
      country: place?.country ?? country,
      // A member with no geocoded place is on the continent of the country they typed.
      continent: place?.continent ?? (country ? continentOfCountry(country) : null),
      cell: place?.cell ?? null,
    },
    shownLocation: hide ? (place?.country ?? country ?? "Unknown Location") : user.location,
    vip: user.tier === "vip",
    hd: HD_TIERS.includes(user.tier),
    ...(user.hideIpAddress !== undefined ? { hideIp: user.hideIpAddress } : {}),
    dailyLimit: limit,
    usage,
    avoid: profile.avoid,
    recent: profile.recent,
  };
}
