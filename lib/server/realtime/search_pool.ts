// The searches of this instance and its view of everyone else's. A search moves through
// held → putting → put (docs/realtime.md, "A search"); the matcher (matcher.ts) chooses among
// the searches held or put here and the other instances' tickets as last listed.
import { type Ticket, type TicketEntry, ticketKey } from "../../../kv/tickets.ts";
import { dropListedTicket, listTickets, putTickets, setTicketPref } from "../../../kv/tickets.ts";
import { retrying } from "../../../kv/retry.ts";
import { lastingRefusal } from "../../../kv/storage.ts";
import { CLOCK_SKEW_TOLERANCE_MS } from "../../shared/realtime/clock.ts";
import type { Core } from "./core.ts";
import type { FindMatch } from "./ticket.ts";
import { errorFields, logger } from "../../shared/log.ts";

/**
 * How long a search stays in memory before its ticket is written, when no partner was in view
 * as it arrived: a partner arriving meanwhile pairs with it without any ticket written.
 */
export const HOLD_MS = 20;
/** How old the view of other instances' searchers may grow while someone here waits. */
export const LIST_EVERY_MS = 150;

interface SearchBase {
  entry: TicketEntry;
  /** What the ticket was built from: the search version, checked by its put. */
  checks: Deno.AtomicCheck[];
  /**
   * What a claim of the search checks while held (the held-search rule): the version, and the
   * "in a match" key if one was under way when the profile was read (another socket's).
   */
  heldChecks: Deno.AtomicCheck[];
  /** The request it responds to, to build it again (absent for a search found in the list). */
  msg?: FindMatch;
  /** 0: the member's own request; more: built again after a refused put or a lost claim. */
  attempt: number;
}

/**
 * A search of this instance's. "held": in memory only, since `heldAt`; "putting": its ticket is
 * being written, not chosen meanwhile (a claim landing before the put would leave a ticket
 * behind); "put": in the pool for every instance to see, with its versionstamp, known to have
 * landed at `putAt`.
 */
export type Search =
  | SearchBase & { state: "held"; heldAt: number }
  | SearchBase & { state: "putting" }
  | SearchBase & { state: "put"; putAt: number };

export interface PoolEvents {
  /** Something changed that a matching pass may pair. */
  changed(): void;
  /**
   * A put was refused (what the ticket came from changed) or not written (the file stayed busy):
   * build the search again.
   */
  refused(search: Search): void;
  /** The search cannot go on. */
  failed(userId: string, connId: string, err: unknown): void;
  /** Is a pass about to run? (A held search is put after it: it may pair yet.) */
  passQueued(): boolean;
  /** The instances alive among some: a ticket of any other is a dead instance's searcher. */
  alive(ids: Iterable<string>): Promise<ReadonlySet<string>>;
}

export class SearchPool {
  /** This instance's searches, by member. */
  private local = new Map<string, Search>();
  /** The other instances' tickets as last listed, and when. */
  private remote: Deno.KvEntry<Ticket>[] = [];
  private listedAt = 0;
  private refreshing: Promise<void> | null = null;
  private relistTimer: ReturnType<typeof setTimeout> | undefined;
  private putTimer: ReturnType<typeof setTimeout> | undefined;
  /** Ticket writes under way (stop waits for them). */
  private writes = new Set<Promise<void>>();
  private readonly ticketStaleMs: number;

  constructor(private core: Core, private events: PoolEvents) {
    // seenAt is the owner's clock: stale past 6 of its heartbeats and the clock tolerance.
    this.ticketStaleMs = 6 * core.config.realtime.heartbeatMs + CLOCK_SKEW_TOLERANCE_MS;
  }

  get size() {
    return this.local.size;
  }

  get(userId: string): Search | undefined {
    return this.local.get(userId);
  }

  /** Holds a new search in memory (attempt 0) or writes it at once (a later attempt). */
  add(ticket: Ticket, checks: Omit<SearchBase, "entry">) {
    const search: Search = {
      ...checks,
      entry: { key: ticketKey(ticket.userId), value: ticket, versionstamp: null },
      state: "held",
      heldAt: Date.now(),
    };
    this.local.set(ticket.userId, search);
    if (checks.attempt > 0) this.put([search]);
    else this.schedulePut();
  }

  /** Forgets this instance's search of a member (if it is that connection's). */
  drop(userId: string, connId: string) {
    if (this.local.get(userId)?.entry.value.connId === connId) this.local.delete(userId);
  }

  /** What a pass chooses from: this instance's searches not being written, and the whole pool. */
  view(): { mine: TicketEntry[]; pool: TicketEntry[] } {
    const mine = [...this.local.values()].filter((l) => l.state !== "putting").map((l) => l.entry);
    return { mine, pool: mine.concat(this.remote) };
  }

  /** Every search in view, this instance's in any state: what the search screen's figures count. */
  everyone(): Ticket[] {
    return [...this.local.values()].map((l) => l.entry.value)
      .concat(this.remote.map((e) => e.value));
  }

  /**
   * Changes a search's location filter in place (a widened search): no new ticket, the same place
   * in line. A held search changes in memory; a put one in KV (kv/tickets.ts setTicketPref), after
   * its write. False: no running search of that connection's (it was paired or ended meanwhile).
   */
  async setPref(userId: string, connId: string, pref: Ticket["pref"]): Promise<boolean> {
    const mine = () => {
      const l = this.local.get(userId);
      return l?.entry.value.connId === connId ? l : undefined;
    };
    await this.core.conns.get(connId)?.putting;
    const l = mine();
    if (l?.state === "held") {
      l.entry = { ...l.entry, value: { ...l.entry.value, pref } };
      this.events.changed();
      return true;
    }
    const entry = await retrying(() => setTicketPref(this.core.kv, userId, connId, pref));
    if (!entry) return false;
    // Taken out by a pass meanwhile: its claim checks the old entry and fails; the list brings
    // the new one back.
    const now = mine();
    if (now?.state === "put") now.entry = entry;
    this.events.changed();
    return true;
  }

  /**
   * Takes chosen members out of the view at once (the next pass must not choose them again
   * meanwhile); returns the held searches among them, whose claims check their versions.
   */
  takeOut(userIds: Iterable<string>): Map<string, Search> {
    const held = new Map<string, Search>();
    const out = new Set(userIds);
    for (const id of out) {
      const l = this.local.get(id);
      if (l?.state === "held") held.set(id, l);
      if (l) this.local.delete(id);
    }
    this.remote = this.remote.filter((e) => !out.has(e.value.userId));
    return held;
  }

  /** Looks at the whole pool again (someone was taken elsewhere, or a ticket changed). */
  relistNow() {
    this.listedAt = 0;
    this.refresh();
  }

  /** Called as a pass begins: a view older than LIST_EVERY_MS is listed again. */
  beforePass() {
    if (Date.now() - this.listedAt >= LIST_EVERY_MS) this.refresh();
  }

  /** Called as a pass ends: keeps the view fresh while anyone here waits. */
  afterPass() {
    if (this.local.size && !this.relistTimer) {
      this.relistTimer = setTimeout(() => {
        this.relistTimer = undefined;
        if (this.local.size) this.refresh();
      }, Math.max(0, this.listedAt + LIST_EVERY_MS - Date.now()));
    }
  }

  /** The tickets touched by the heartbeat, as they now stand. */
  touched(entries: Deno.KvEntry<Ticket>[]) {
    for (const e of entries) {
      const l = this.local.get(e.value.userId);
      if (l?.state === "put" && l.entry.value.connId === e.value.connId) l.entry = e;
    }
  }

  stop() {
    clearTimeout(this.relistTimer);
    clearTimeout(this.putTimer);
  }

  async settled() {
    await this.refreshing;
    await Promise.all(this.writes);
  }

  /** Writes the tickets of searches held for HOLD_MS and still unpaired. */
  private schedulePut() {
    if (this.putTimer || this.core.stopped) return;
    let first = Infinity;
    for (const l of this.local.values()) if (l.state === "held") first = Math.min(first, l.heldAt);
    if (first === Infinity) return;
    this.putTimer = setTimeout(() => this.putHeld(), Math.max(0, first + HOLD_MS - Date.now()));
  }

  private putHeld() {
    this.putTimer = undefined;
    // A pass about to run (a busy loop can hold both back) may pair them yet: put after it.
    if (this.events.passQueued()) {
      this.putTimer = setTimeout(() => this.putHeld(), 0);
      return;
    }
    const now = Date.now();
    const ready = [...this.local.values()].filter((l) =>
      l.state === "held" && l.heldAt + HOLD_MS <= now
    );
    if (ready.length) this.put(ready);
    this.schedulePut();
  }

  /**
   * Writes searches' tickets (many share a commit), each only if the member's search version is
   * unchanged; a refused one is handed back to be built again from a fresh read.
   */
  private put(searches: Search[]) {
    const putting = searches.map((l) => {
      const p: Search = { ...l, state: "putting" };
      this.local.set(l.entry.value.userId, p);
      return p;
    });
    const conns = putting.map((l) => this.core.conns.get(l.entry.value.connId));
    const write = (async () => {
      let results: (string | null)[] | null = null;
      let error: unknown = null;
      try {
        results = await putTickets(
          this.core.kv,
          putting.map((l) => ({ ticket: l.entry.value, checks: l.checks })),
        );
      } catch (err) {
        // The file stayed busy past the puts' retries (instances on one file lock each other out
        // in a burst): the searches are built again and put once more, as refused ones are. A
        // put that landed after all is put again: the same ticket. A full disk or a read-only
        // file ends the searches at once, with the store's refusal (trying again cannot help).
        error = err;
        logger.warn("writing search tickets failed; the searches are tried again", {
          searches: putting.length,
          ...errorFields(err),
        });
      }
      putting.forEach((l, i) => {
        const conn = conns[i];
        const userId = l.entry.value.userId;
        // Replaced by a newer search, closed or timed out meanwhile: nothing more to do here
        // (a close or time-out waits for this write, then removes the ticket).
        if (this.local.get(userId) !== l || !conn?.search) return;
        const versionstamp = results?.[i];
        if (versionstamp) {
          this.core.metrics.ticketsWritten++;
          this.local.set(userId, {
            ...l,
            entry: { ...l.entry, versionstamp },
            state: "put",
            putAt: Date.now(),
          });
          return;
        }
        this.local.delete(userId);
        if (l.msg && l.attempt < 4 && !lastingRefusal(error)) this.events.refused(l);
        else this.events.failed(userId, l.entry.value.connId, error ?? "ticket refused 5 times");
      });
      this.events.changed();
    })();
    for (const conn of conns) if (conn) conn.putting = write;
    this.writes.add(write);
    write.finally(() => {
      this.writes.delete(write);
      for (const conn of conns) if (conn?.putting === write) conn.putting = null;
    });
  }

  /**
   * Lists the pool (one refresh at a time), then asks for a pass. KV is the truth for this
   * instance's put tickets too: one put before the list began and missing from it is gone
   * (paired by another instance, replaced by another socket of the member, or swept). A ticket
   * of an instance not alive, or not seen for long, is a dead instance's searcher: out of view
   * and out of the pool (the ghost rule).
   */
  private refresh() {
    if (this.refreshing || this.core.stopped) return;
    this.refreshing = (async () => {
      try {
        const began = Date.now();
        const all = await retrying(() => listTickets(this.core.kv));
        const alive = await this.events.alive(all.map((e) => e.value.instanceId));
        const listed = all.filter((e) => {
          const fresh = began - e.value.seenAt <= this.ticketStaleMs;
          if (alive.has(e.value.instanceId) && fresh) return true;
          dropListedTicket(this.core.kv, e).catch(() => {}); // best effort; retried later
          return false;
        });
        this.listedAt = Date.now();
        const own = new Map<string, Deno.KvEntry<Ticket>>();
        this.remote = [];
        for (const e of listed) {
          if (e.value.instanceId === this.core.instanceId) own.set(e.value.userId, e);
          else this.remote.push(e);
        }
        for (const [userId, l] of this.local) {
          if (l.state !== "put") continue; // not written yet: not in the list
          const e = own.get(userId);
          if (e && e.value.connId === l.entry.value.connId) l.entry = e;
          else if (l.putAt < began) this.local.delete(userId);
        }
        // A searcher here whose claim failed (its partner was taken elsewhere) is back in view.
        for (const [userId, e] of own) {
          if (!this.local.has(userId) && this.core.conns.get(e.value.connId)?.search) {
            this.local.set(userId, {
              entry: e,
              state: "put",
              putAt: began,
              checks: [e],
              heldChecks: [],
              attempt: 0,
            });
          }
        }
        this.remote = this.remote.filter((e) => !this.local.has(e.value.userId));
      } catch (err) {
        logger.error("listing the pool failed", err);
      } finally {
        this.refreshing = null;
      }
      this.events.changed();
    })();
  }
}
