// What a member waiting for a match is told, every few seconds: how many members are searching
// now, how many of them their filters allow (both rounded, lib/shared/waiting.ts), how long
// searches like theirs took of late, and a wider filter when theirs leaves nobody to meet
// (lib/shared/widening.ts); and the widening itself, by the member's tap or, when their filters
// say so, by itself (docs/realtime.md, "Waiting and widening").
import { accepts, compatible, type Ticket } from "./rules.ts";
import type { SearchPool } from "./search_pool.ts";
import { type Conn, enqueue, send } from "./connection.ts";
import { type Core, logFailure } from "./core.ts";
import { continentOfCountry, countryCodeByName } from "../geo/geocoder.ts";
import { type Continent, CONTINENT_CODES } from "../../shared/geo/continents.ts";
import { publishWaits, readWaits, type WaitSamples } from "../../../kv/wait_stats.ts";
import { retrying } from "../../../kv/retry.ts";
import {
  estimateWait,
  keepSamples,
  roundCount,
  SAMPLE_WINDOW_MS,
  type WaitSample,
} from "../../shared/waiting.ts";
import {
  type Reach,
  sameReach,
  widened,
  wideningSteps,
  widenOffer,
} from "../../shared/widening.ts";
import {
  type Inbound,
  type NamedReach,
  RT_MESSAGE,
  type RtErrorCode,
} from "../../shared/realtime/protocol.ts";

/** How often a searching socket hears the figures. */
export const WAITING_EVERY_MS = 3_000;
/**
 * The most searchers a socket's figures are measured on (a random sample of a larger pool), and
 * the most sockets told in one turn (the rest in the next ones, those never told first): a burst
 * of thousands of searches costs the figures a few tens of ms every WAITING_EVERY_MS, not seconds.
 */
const MAX_SCAN = 500;
const MAX_TOLD = 300;
/** How long after a search begins its first figures go out (the pool lists meanwhile). */
const FIRST_AFTER_MS = 300;
/** How often this instance's waits are published, and everyone's read, at most. */
const WAITS_EVERY_MS = 10_000;

export type Widen = Extract<Inbound, { type: "widen" }>;

/** The exact figures for one search (never sent as they are: see roundCount). */
export interface Figures {
  /** Others searching now. */
  searching: number;
  /** Of them, those the member's filters allow (and no block either way). */
  allowed: number;
  /** Of them, those the member would meet now: both members' filters hold. */
  meetNow: number;
  /** The wider filter to offer, if any. */
  offer: Reach | null;
}

/**
 * The figures for `me` among everyone searching, `elapsedMs` into the search. `everyone` may be a
 * sample of `total` searchers (a large pool): the share allowed is then measured on the sample.
 * Pure.
 */
export function figuresFor(
  me: Ticket,
  everyone: readonly Ticket[],
  elapsedMs: number,
  total = everyone.length,
): Figures {
  const others = everyone.filter((t) => t.userId !== me.userId);
  let allowed = 0, meetNow = 0;
  for (const t of others) {
    if (compatible(me, t)) meetNow++;
    if (accepts(me, t) && !me.avoid.includes(t.userId) && !t.avoid.includes(me.userId)) allowed++;
  }
  const steps = wideningSteps(me.pref, me.me, continentOfCountry);
  const meets = steps.map((step) => {
    const wider = { ...me, pref: widened(me.pref, step) };
    return others.some((t) => compatible(wider, t));
  });
  const sampled = total > everyone.length;
  const share = sampled && others.length ? (total - 1) / others.length : 1;
  return {
    searching: sampled ? total - 1 : others.length,
    allowed: Math.floor(allowed * share),
    meetNow,
    offer: widenOffer({ elapsedMs, meetNow, steps, meets }),
  };
}

/** A step with its place's code, by which the page names it in its language. */
function named(reach: Reach): NamedReach {
  const code = reach.location === "country"
    ? countryCodeByName(reach.country)
    : reach.location === "continent"
    ? CONTINENT_CODES[reach.continent as Continent]
    : null;
  return code ? { ...reach, code } : reach;
}

/** `n` of `all`, chosen at random. */
function sampleOf<T>(all: readonly T[], n: number): T[] {
  const copy = [...all];
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(Math.random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
}

export class WaitingRoom {
  private timer: ReturnType<typeof setInterval> | undefined;
  /** This instance's searches' waits, by kind of filter, and whether any is not yet published. */
  private mine: WaitSamples = {};
  private unpublished = false;
  /** Every instance's, as last read. */
  private everyones: WaitSamples = {};
  private syncedAt = 0;
  private syncing: Promise<void> | null = null;

  constructor(private core: Core, private pool: SearchPool) {}

  start() {
    this.timer = setInterval(() => this.tick(), WAITING_EVERY_MS);
    this.sync();
  }

  async stop() {
    clearInterval(this.timer);
    clearTimeout(this.soon);
    await this.syncing;
  }

  /** Searches told their figures at least once (the never told go first). */
  private told = new WeakSet<object>();
  private soon: ReturnType<typeof setTimeout> | undefined;
  /** Where the last turn stopped among the searching sockets, when there were too many. */
  private cursor = 0;

  /** A search began: the first figures go out once the pool has had a moment to list. */
  began(_conn: Conn) {
    this.soon ??= setTimeout(() => {
      this.soon = undefined;
      this.tick(true);
    }, FIRST_AFTER_MS);
  }

  /** A search ended: matched after `waitMs`, or with nobody found (null). */
  ended(conn: Conn, waitMs: number | null) {
    const kind = conn.search?.pref.location;
    if (!kind) return;
    const now = Date.now();
    const sample: WaitSample = { at: now, waitMs: waitMs === null ? null : Math.max(0, waitMs) };
    this.mine[kind] = keepSamples([...(this.mine[kind] ?? []), sample], now);
    this.unpublished = true;
  }

  /** A member's widen: only their running search, only to a step wider than its filter. */
  widen(conn: Conn, msg: Widen): Promise<void> | void {
    const search = conn.search;
    if (!search || search.id !== msg.searchId) return this.refuse(conn, "not_searching");
    const steps = wideningSteps(search.pref, search.place, continentOfCountry);
    if (!steps.some((s) => sameReach(s, msg.to))) return this.refuse(conn, "bad_widen");
    return this.apply(conn, msg.to);
  }

  private refuse(conn: Conn, code: RtErrorCode) {
    this.core.metrics.refused(code);
    send(conn, { type: "widen_refused", code, message: RT_MESSAGE[code] });
  }

  /** Widens the socket's running search to `reach`: the same search, the same place in line. */
  private async apply(conn: Conn, reach: Reach) {
    const search = conn.search;
    if (!search) return;
    search.widenedTo = reach;
    search.pref = widened(search.pref, reach);
    // Not in the pool at this moment (being claimed, or built again): the search's own record
    // carries the wider filter into its next ticket (Searches.enter).
    await this.pool.setPref(conn.userId, conn.id, search.pref);
    if (conn.search === search) this.update(conn);
  }

  /** Tells searching sockets their figures (`firstOnly`: only those never told). */
  private tick(firstOnly = false) {
    if (this.core.stopped) return;
    const searching = [...this.core.conns.values()].filter((c) =>
      c.search && !c.closing && !(firstOnly && this.told.has(c.search))
    );
    // Kept fresh while nobody searches too (one list every WAITS_EVERY_MS), so that a burst of
    // searches reads nothing for its first figures.
    if (!firstOnly) this.sync();
    if (!searching.length) return;
    const fresh = searching.filter((c) => !this.told.has(c.search!));
    const rest = searching.filter((c) => this.told.has(c.search!));
    const start = rest.length ? this.cursor % rest.length : 0;
    const turn = fresh.concat(rest.slice(start), rest.slice(0, start)).slice(0, MAX_TOLD);
    this.cursor = start + Math.max(0, turn.length - fresh.length);
    const all = this.pool.everyone();
    const sample = all.length > MAX_SCAN ? sampleOf(all, MAX_SCAN) : all;
    for (const conn of turn) this.update(conn, sample, all.length);
  }

  /** Sends one searching socket its figures; widens its search first when its filters say so. */
  private update(conn: Conn, everyone?: readonly Ticket[], total?: number) {
    const search = conn.search;
    const own = this.pool.get(conn.userId);
    if (!search || !own || own.entry.value.connId !== conn.id) return;
    if (!everyone) {
      const all = this.pool.everyone();
      [everyone, total] = [all.length > MAX_SCAN ? sampleOf(all, MAX_SCAN) : all, all.length];
    }
    this.told.add(search);
    const now = Date.now();
    const me = own.entry.value;
    const f = figuresFor(me, everyone, now - search.since, total);
    if (f.offer && search.autoWiden) {
      const reach = f.offer;
      enqueue(conn, () => this.apply(conn, reach), logFailure("widening a search failed"));
      return;
    }
    send(conn, {
      type: "waiting",
      searchId: search.id,
      searching: roundCount(f.searching),
      allowed: roundCount(f.allowed),
      estimate: estimateWait(this.everyones[me.pref.location] ?? [], now),
      offer: f.offer && named(f.offer),
      widenedTo: search.widenedTo && named(search.widenedTo),
    });
  }

  /** Publishes this instance's waits and reads everyone's, at most every WAITS_EVERY_MS. */
  private sync() {
    if (this.syncing || Date.now() - this.syncedAt < WAITS_EVERY_MS) return;
    this.syncedAt = Date.now();
    this.syncing = (async () => {
      const now = Date.now();
      for (const kind of Object.keys(this.mine)) {
        this.mine[kind] = keepSamples(this.mine[kind], now);
      }
      if (this.unpublished) {
        this.unpublished = false;
        const samples = this.mine;
        await retrying(() =>
          publishWaits(this.core.kv, this.core.instanceId, samples, SAMPLE_WINDOW_MS)
        );
      }
      this.everyones = await retrying(() => readWaits(this.core.kv));
    })().catch(logFailure("reading the recent waits failed")).finally(() => {
      this.syncing = null;
    });
  }
}
