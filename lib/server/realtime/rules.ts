// Who may meet whom: pure rules over two search tickets, the ranking of the candidates that fit,
// and the choice of a matching pass's pairs (docs/realtime.md, "Pairing rules").
import { isNearby } from "../geo/geocoder.ts";
import type { Ticket, TicketEntry } from "../../../kv/tickets.ts";

export type { Ticket, TicketEntry };

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

/** Oldest first, then by member id (`userId`): the order in which equal candidates win. */
export function byWaiting(x: Ticket, y: Ticket): number {
  return x.enqueuedAt - y.enqueuedAt || (x.userId < y.userId ? -1 : x.userId > y.userId ? 1 : 0);
}

/**
 * The best partner for `me` among `pool`: someone not met in the last 24 hours if anyone fits,
 * VIP members first, then someone who speaks `me`'s language (a member open to any language
 * still meets a partner who shares theirs when one waits), then more shared hashtags, then
 * longest waiting.
 */
export function bestCandidate(me: Ticket, pool: Iterable<Ticket>): Ticket | null {
  const sorted = [...pool].sort(byWaiting);
  return bestInOrder(me, sorted, null, sorted.some((t) => t.vip));
}

/**
 * bestCandidate over a pool already sorted by `byWaiting`, skipping members in `taken` and the
 * first `from` (the caller knows them taken). The scan stops at the first candidate nobody later
 * can beat (fresh, VIP if any VIP waits, same language, every hashtag of `me` shared), so a pool
 * of members who all fit costs one step, not a full pass.
 */
export function bestInOrder(
  me: Ticket,
  sorted: readonly Ticket[],
  taken: ReadonlySet<string> | null,
  anyVip: boolean,
  from = 0,
): Ticket | null {
  let best: Ticket | null = null;
  // The best's rank: `head` packs fresh, VIP and same language (larger is better, in that
  // order), then the hashtags shared.
  let bestHead = -1, bestShared = -1;
  const maxShared = me.hashtags.length;
  const maxHead = 4 + (anyVip ? 2 : 0) + 1;
  for (let i = from; i < sorted.length; i++) {
    const t = sorted[i];
    if (taken?.has(t.userId) || !compatible(me, t)) continue;
    const fresh = !me.recent.includes(t.userId) && !t.recent.includes(me.userId) ? 1 : 0;
    const head = fresh * 4 + (t.vip ? 2 : 0) + (t.me.language === me.me.language ? 1 : 0);
    // On a tie the earlier one (older, lower id) stays.
    if (head < bestHead || (head === bestHead && bestShared === maxShared)) continue;
    const shared = sharedCount(me, t);
    if (head === bestHead && shared <= bestShared) continue;
    best = t;
    bestHead = head;
    bestShared = shared;
    if (head >= maxHead && shared >= maxShared) break;
  }
  return best;
}

/** The topic a member sees for the match: a shared hashtag, else the partner's first. */
export function matchHashtag(me: Ticket, partner: Ticket): string {
  const tag = sharedHashtags(me, partner)[0] ?? partner.hashtags[0];
  return tag ? `#${tag}` : "#exploring";
}

/**
 * The pairs of one matching pass, chosen in memory: each of this instance's searches (`mine`,
 * VIP members first, then longest waiting) in turn takes the best partner still free in `pool`
 * (every search anywhere, `mine` included). A member is in at most one pair.
 */
export function choosePairs(
  mine: readonly TicketEntry[],
  pool: readonly TicketEntry[],
): [TicketEntry, TicketEntry][] {
  const sorted = [...pool].sort((x, y) => byWaiting(x.value, y.value));
  const byUser = new Map(sorted.map((e) => [e.value.userId, e]));
  const tickets = sorted.map((e) => e.value);
  const anyVip = tickets.some((t) => t.vip);
  const order = [...mine].sort((x, y) =>
    Number(y.value.vip) - Number(x.value.vip) || byWaiting(x.value, y.value)
  );
  const taken = new Set<string>();
  const chosen: [TicketEntry, TicketEntry][] = [];
  // The pool's oldest members are paired first, so the taken ones gather at the head of
  // `tickets`: each scan starts past them (a burst of members who all fit is then linear in
  // its size, not quadratic). A member never fits themselves (`compatible`).
  let head = 0;
  for (const me of order) {
    if (taken.has(me.value.userId)) continue;
    while (head < tickets.length && taken.has(tickets[head].userId)) head++;
    const best = bestInOrder(me.value, tickets, taken, anyVip, head);
    if (!best) continue;
    taken.add(me.value.userId);
    taken.add(best.userId);
    chosen.push([me, byUser.get(best.userId)!]);
  }
  return chosen;
}
