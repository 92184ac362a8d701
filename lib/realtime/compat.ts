// Who may meet whom (issue: Realtime, point 3): pure rules over two search tickets, and the
// ranking of the candidates that fit.
import { type Cell, isNearby } from "../geo/geocoder.ts";
import type { LanguagePreference, LocationPreference } from "../filters.ts";

export interface Ticket {
  userId: string;
  username: string;
  peerId: string;
  instanceId: string;
  connId: string;
  enqueuedAt: number;
  seenAt: number;
  hashtags: string[];
  pref: {
    location: LocationPreference;
    country?: string;
    continent?: string;
    language: LanguagePreference;
  };
  me: {
    language: string;
    city: string | null;
    country: string | null;
    continent: string | null;
    cell: Cell | null;
  };
  /** What the partner sees: 'City, Country', the country alone, or 'Unknown Location'. */
  shownLocation: string;
  vip: boolean;
  /** Sessions a day on the member's plan (-1: unlimited), checked again at pairing. */
  dailyLimit: number;
  /** Members this one blocked, reported, was reported or blocked by: they never meet. */
  avoid: string[];
  /** Members met in the last 24 hours: only when nobody else fits. */
  recent: string[];
}

/** Does `a`'s preference accept `b`? */
export function accepts(a: Ticket, b: Ticket): boolean {
  switch (a.pref.location) {
    case "continent":
      if (!b.me.continent || b.me.continent !== a.pref.continent) return false;
      break;
    case "country":
      if (!b.me.country || b.me.country !== a.pref.country) return false;
      break;
    case "city":
      if (!a.me.city || b.me.city !== a.me.city || b.me.country !== a.me.country) return false;
      break;
    case "nearby":
      if (!a.me.cell || !b.me.cell || !isNearby(a.me.cell, b.me.cell)) return false;
      break;
  }
  return a.pref.language === "any" || b.me.language === a.pref.language;
}

export function compatible(a: Ticket, b: Ticket): boolean {
  return a.userId !== b.userId && !a.avoid.includes(b.userId) && !b.avoid.includes(a.userId) &&
    accepts(a, b) && accepts(b, a);
}

export function sharedHashtags(a: Ticket, b: Ticket): string[] {
  return a.hashtags.filter((t) => b.hashtags.includes(t));
}

/**
 * The best partner for `me` among `pool`: someone not met in the last 24 hours if anyone fits,
 * VIP members first, then more shared hashtags, then longest waiting.
 */
export function bestCandidate(me: Ticket, pool: Iterable<Ticket>): Ticket | null {
  let best: Ticket | null = null;
  let bestKey: [number, number, number, number] | null = null;
  for (const t of pool) {
    if (!compatible(me, t)) continue;
    const fresh = !me.recent.includes(t.userId) && !t.recent.includes(me.userId);
    // Larger is better: fresh first, then VIP, then shared hashtags, then longest waiting.
    const key: [number, number, number, number] = [
      Number(fresh),
      Number(t.vip),
      sharedHashtags(me, t).length,
      -t.enqueuedAt,
    ];
    if (!bestKey || greater(key, bestKey) || (equal(key, bestKey) && t.userId < best!.userId)) {
      best = t;
      bestKey = key;
    }
  }
  return best;
}

function greater(a: number[], b: number[]) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return false;
}

function equal(a: number[], b: number[]) {
  return a.every((v, i) => v === b[i]);
}

/** The topic a member sees for the match: a shared hashtag, else the partner's first. */
export function matchHashtag(me: Ticket, partner: Ticket): string {
  const tag = sharedHashtags(me, partner)[0] ?? partner.hashtags[0];
  return tag ? `#${tag}` : "#exploring";
}
