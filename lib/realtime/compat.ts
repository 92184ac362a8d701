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
  /**
   * Today's session count as read when the ticket was written: the pairing commit checks that
   * entry is unchanged instead of reading it again (a changed one falls back to a fresh read).
   */
  usage?: { day: string; count: number; versionstamp: string | null };
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

function sharedCount(a: Ticket, b: Ticket): number {
  let n = 0;
  for (const t of a.hashtags) if (b.hashtags.includes(t)) n++;
  return n;
}

/** Oldest first, then by user id: the order in which equal candidates win. */
export function byWaiting(x: Ticket, y: Ticket): number {
  return x.enqueuedAt - y.enqueuedAt || (x.userId < y.userId ? -1 : x.userId > y.userId ? 1 : 0);
}

/**
 * The best partner for `me` among `pool`: someone not met in the last 24 hours if anyone fits,
 * VIP members first, then more shared hashtags, then longest waiting.
 */
export function bestCandidate(me: Ticket, pool: Iterable<Ticket>): Ticket | null {
  const sorted = [...pool].sort(byWaiting);
  return bestInOrder(me, sorted, null, sorted.some((t) => t.vip));
}

/**
 * bestCandidate over a pool already sorted by `byWaiting`, skipping members in `taken`. The
 * scan stops at the first candidate nobody later can beat (fresh, VIP if any VIP waits, every
 * hashtag of `me` shared), so a pool of members who all fit costs one step, not a full pass.
 */
export function bestInOrder(
  me: Ticket,
  sorted: readonly Ticket[],
  taken: ReadonlySet<string> | null,
  anyVip: boolean,
): Ticket | null {
  let best: Ticket | null = null;
  let bFresh = -1, bVip = -1, bShared = -1;
  const maxShared = me.hashtags.length;
  const maxVip = anyVip ? 1 : 0;
  for (const t of sorted) {
    if (taken?.has(t.userId) || !compatible(me, t)) continue;
    const fresh = !me.recent.includes(t.userId) && !t.recent.includes(me.userId) ? 1 : 0;
    const vip = t.vip ? 1 : 0;
    // Larger is better, field by field; on a tie the earlier one (older, lower id) stays.
    if (fresh !== bFresh ? fresh < bFresh : vip !== bVip ? vip < bVip : bShared === maxShared) {
      continue;
    }
    const shared = sharedCount(me, t);
    if (fresh === bFresh && vip === bVip && shared <= bShared) continue;
    best = t;
    bFresh = fresh;
    bVip = vip;
    bShared = shared;
    if (fresh === 1 && vip >= maxVip && shared >= maxShared) break;
  }
  return best;
}

/** The topic a member sees for the match: a shared hashtag, else the partner's first. */
export function matchHashtag(me: Ticket, partner: Ticket): string {
  const tag = sharedHashtags(me, partner)[0] ?? partner.hashtags[0];
  return tag ? `#${tag}` : "#exploring";
}
