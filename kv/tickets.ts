// The waiting pool: one search ticket per searching member (keys.mmWaiting), written in bulk,
// listed by every instance, removed by the socket that put it or claimed by a pairing
// (kv/pairing.ts).
import { keys } from "./keys.ts";
import type { Cell } from "../lib/shared/geo/types.ts";
import type { LanguagePreference, LocationPreference } from "../lib/shared/filters.ts";
import { BURST_RETRY, retrying } from "./retry.ts";
import { laneOf } from "./write_lane.ts";

/** What the pool knows of a searcher: enough to choose a partner with no read. */
export interface Ticket {
  userId: string;
  username: string;
  peerId: string;
  /** The instance serving the searcher's socket, and that socket. */
  instanceId: string;
  connId: string;
  enqueuedAt: number;
  /** Refreshed by the instance's heartbeat: a ticket not seen for long is a dead instance's. */
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
  /** Whether the member's plan sends HD video (absent on tickets from before: SD). */
  hd?: boolean;
  /** The member's choice to hide their IP address (absent: not chosen, the site's default). */
  hideIp?: boolean;
  /** Sessions a day on the member's plan (-1: unlimited), checked when the search starts. */
  dailyLimit: number;
  /** Today's session count as read when the search started (and judged against the limit). */
  usage?: { day: string; count: number; versionstamp: string | null };
  /** Members this one blocked, reported, was reported or blocked by: they never meet. */
  avoid: string[];
  /** Members met in the last 24 hours: only when nobody else fits. */
  recent: string[];
}

/** A ticket as put in the pool (with its versionstamp), or held in memory (versionstamp null). */
export interface TicketEntry {
  key: Deno.KvKey;
  value: Ticket;
  versionstamp: string | null;
}

/** A ticket to put, with the entries it was built from: the put holds only if they are current. */
export interface TicketPut {
  ticket: Ticket;
  checks: Deno.AtomicCheck[];
}

export function ticketKey(userId: string): Deno.KvKey {
  return keys.mmWaiting(userId);
}

/** Tickets per commit: KV allows 100 checks a commit, and a ticket brings 1. */
const TICKETS_PER_COMMIT = 100;

/**
 * Puts searchers in the pool, many tickets to a commit. Each ticket holds only if what it was
 * built from (its checks: the member's search version) is unchanged; a commit in which one is
 * not is put again ticket by ticket. Returns, for each ticket, the versionstamp it was put with
 * (null: not put, an entry it came from changed).
 */
export async function putTickets(kv: Deno.Kv, puts: TicketPut[]): Promise<(string | null)[]> {
  const out = new Array<string | null>(puts.length).fill(null);
  const chunks: number[][] = [];
  for (let i = 0; i < puts.length; i += TICKETS_PER_COMMIT) {
    chunks.push(puts.slice(i, i + TICKETS_PER_COMMIT).map((_, k) => i + k));
  }
  // Each commit retries on its own when the file is busy (a ticket put twice is the same
  // ticket).
  await Promise.all(chunks.map((chunk) =>
    laneOf(kv).run(async () => {
      const versionstamp = await retrying(
        () => commitTickets(kv, chunk.map((i) => puts[i])),
        BURST_RETRY,
      );
      if (versionstamp) {
        for (const i of chunk) out[i] = versionstamp;
        return;
      }
      if (chunk.length === 1) return;
      for (const i of chunk) {
        out[i] = await retrying(() => commitTickets(kv, [puts[i]]), BURST_RETRY);
      }
    })
  ));
  return out;
}

async function commitTickets(kv: Deno.Kv, puts: TicketPut[]): Promise<string | null> {
  const op = kv.atomic();
  for (const { ticket: t, checks } of puts) op.check(...checks).set(ticketKey(t.userId), t);
  const res = await op.commit();
  return res.ok ? res.versionstamp : null;
}

/** The whole pool. */
export async function listTickets(kv: Deno.Kv): Promise<Deno.KvEntry<Ticket>[]> {
  const out: Deno.KvEntry<Ticket>[] = [];
  // The largest batches KV allows: each batch is a trip through a possibly busy KV queue.
  const list = kv.list<Ticket>({ prefix: keys.mmWaitingPrefix() }, { batchSize: 500 });
  for await (const e of list) out.push(e);
  return out;
}

/** A member's ticket, if any. */
export async function getTicket(kv: Deno.Kv, userId: string) {
  return await kv.get<Ticket>(ticketKey(userId));
}

/**
 * Changes a put ticket's location filter in place (a widened search): same key, same place in
 * line, only if the ticket is still this connection's; a ticket that changed meanwhile (touched
 * by the heartbeat) is read and tried again. Returns the new entry, or null: no ticket of this
 * connection's is there any more (it was claimed, replaced or removed).
 */
export async function setTicketPref(
  kv: Deno.Kv,
  userId: string,
  connId: string,
  pref: Ticket["pref"],
): Promise<Deno.KvEntry<Ticket> | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await getTicket(kv, userId);
    if (!entry.value || entry.value.connId !== connId) return null;
    const value = { ...entry.value, pref };
    const done = await kv.atomic().check(entry).set(entry.key, value).commit();
    if (done.ok) return { key: entry.key, value, versionstamp: done.versionstamp };
  }
  return null;
}

/** Removes a ticket only if it is still the one this connection put there. */
export async function removeTicket(kv: Deno.Kv, userId: string, connId?: string) {
  const entry = await getTicket(kv, userId);
  if (!entry.value || (connId && entry.value.connId !== connId)) return false;
  return (await kv.atomic().check(entry).delete(entry.key).commit()).ok;
}

/** Removes a listed ticket if it is unchanged (a dead instance's searcher). */
export async function dropListedTicket(kv: Deno.Kv, entry: Deno.KvEntry<Ticket>) {
  return (await kv.atomic().check(entry).delete(entry.key).commit()).ok;
}

/**
 * Refreshes seenAt of the tickets this instance holds (heartbeat); returns the tickets as they
 * now stand.
 */
export async function touchTickets(
  kv: Deno.Kv,
  userIds: string[],
  instanceId: string,
  now = Date.now(),
): Promise<Deno.KvEntry<Ticket>[]> {
  const out: Deno.KvEntry<Ticket>[] = [];
  for (const userId of userIds) {
    const entry = await getTicket(kv, userId);
    if (!entry.value || entry.value.instanceId !== instanceId) continue;
    const value = { ...entry.value, seenAt: now };
    const res = await kv.atomic().check(entry).set(entry.key, value).commit();
    if (res.ok) out.push({ key: entry.key, value, versionstamp: res.versionstamp });
  }
  return out;
}
