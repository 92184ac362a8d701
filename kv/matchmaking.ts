// The waiting pool, matches, blocks, daily usage and the per-instance mailboxes, in KV. Every
// pairing is one atomic commit that checks both tickets are still waiting and both members are
// still free, so no member is ever in two matches, whichever instances race for them.
import { keys } from "./keys.ts";
import { dayKey } from "./hashtags.ts";
import { addSession } from "./stats.ts";
import type { Ticket } from "../lib/realtime/compat.ts";
import type { Outbound } from "../lib/realtime/protocol.ts";

export const MATCH_RECORD_TTL_MS = 48 * 3600_000;
export const HISTORY_TTL_MS = 24 * 3600_000;

export interface MatchSide {
  userId: string;
  username: string;
  peerId: string;
  instanceId: string;
  connId: string;
  /** The topic this side sees. */
  hashtag: string;
  /** The partner's location as this side sees it. */
  location: string;
  role: "offerer" | "answerer";
  disconnectedAt: number | null;
}

export interface Match {
  id: string;
  a: MatchSide;
  b: MatchSide;
  startedAt: number;
  endsAt: number;
  status: "live" | "ended";
  endedReason?: string;
  endedAt?: number;
}

export function sideOf(match: Match, userId: string): MatchSide | null {
  return match.a.userId === userId ? match.a : match.b.userId === userId ? match.b : null;
}

export function otherSide(match: Match, userId: string): MatchSide | null {
  return match.a.userId === userId ? match.b : match.b.userId === userId ? match.a : null;
}

// ---------- Tickets ----------

/** A ticket to put, with the entries it was built from: the put holds only if they are current. */
export interface TicketPut {
  ticket: Ticket;
  checks: Deno.AtomicCheck[];
}

/**
 * Bulk commits (tickets, claims) one KV connection keeps under way at once: enough to keep its
 * writer busy, few enough that several instances on one SQLite file do not lock each other out.
 * They start in the order asked, so the claims of an earlier pass land before a later one's.
 */
const WRITES_IN_FLIGHT = 4;

class WriteLane {
  private running = 0;
  private queue: (() => void)[] = [];

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running < WRITES_IN_FLIGHT) this.running++;
    else await new Promise<void>((go) => this.queue.push(go));
    try {
      return await fn();
    } finally {
      // The slot passes straight to the next in line, or frees up.
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const lanes = new WeakMap<Deno.Kv, WriteLane>();
function lane(kv: Deno.Kv): WriteLane {
  let l = lanes.get(kv);
  if (!l) lanes.set(kv, l = new WriteLane());
  return l;
}

/** Tickets per commit: KV allows 100 checks a commit, and a ticket brings 1. */
const TICKETS_PER_COMMIT = 100;

/**
 * Puts searchers in the pool. Many tickets share one commit (a burst of searches costs a few
 * writes, not one each). Each ticket holds only if what it was built from (the member's search
 * version) is unchanged; a commit in which one is not is put again ticket by ticket. Answers, for each ticket, the
 * versionstamp it was put with (null: not put, an entry it came from changed).
 */
export async function putTickets(kv: Deno.Kv, puts: TicketPut[]): Promise<(string | null)[]> {
  const out = new Array<string | null>(puts.length).fill(null);
  const chunks: number[][] = [];
  for (let i = 0; i < puts.length; i += TICKETS_PER_COMMIT) {
    chunks.push(puts.slice(i, i + TICKETS_PER_COMMIT).map((_, k) => i + k));
  }
  // A few commits under way at once (several instances on one SQLite file lock each other out
  // when many writes queue); each retries on its own when the file is busy (a ticket put twice
  // is the same ticket).
  await Promise.all(chunks.map((chunk) =>
    lane(kv).run(async () => {
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
  for (const { ticket: t, checks } of puts) op.check(...checks).set(keys.mmWaiting(t.userId), t);
  const res = await op.commit();
  return res.ok ? res.versionstamp : null;
}

export async function listTickets(kv: Deno.Kv): Promise<Deno.KvEntry<Ticket>[]> {
  const out: Deno.KvEntry<Ticket>[] = [];
  // The largest batches KV allows: each batch is a trip through a possibly busy KV queue.
  const list = kv.list<Ticket>({ prefix: keys.mmWaitingPrefix() }, { batchSize: 500 });
  for await (const e of list) out.push(e);
  return out;
}

/** Removes a ticket only if it is still the one this connection put there. */
export async function removeTicket(kv: Deno.Kv, userId: string, connId?: string) {
  const entry = await kv.get<Ticket>(keys.mmWaiting(userId));
  if (!entry.value || (connId && entry.value.connId !== connId)) return false;
  return (await kv.atomic().check(entry).delete(entry.key).commit()).ok;
}

/**
 * Refreshes seenAt of the tickets this instance holds (heartbeat); answers the tickets as they
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
    const entry = await kv.get<Ticket>(keys.mmWaiting(userId));
    if (!entry.value || entry.value.instanceId !== instanceId) continue;
    const value = { ...entry.value, seenAt: now };
    const res = await kv.atomic().check(entry).set(entry.key, value).commit();
    if (res.ok) out.push({ key: entry.key, value, versionstamp: res.versionstamp });
  }
  return out;
}

// ---------- Usage (sessions a day) ----------

export const today = dayKey;

export async function usageToday(kv: Deno.Kv, userId: string, now = Date.now()) {
  const e = await kv.get<Deno.KvU64>(keys.usage(userId, today(now)));
  return Number(e.value?.value ?? 0n);
}

// ---------- Pairing ----------

export type PairResult =
  /** versionstamp: the commit's, now that of both members' session counts. */
  | { ok: true; match: Match; versionstamp: string }
  | { ok: false; reason: "taken" | "limit_a" | "limit_b" };

/**
 * Pairs two waiting tickets in one atomic commit: both tickets unchanged, neither member in a
 * live match, and (for limited tiers) each member's count of today's sessions unchanged and
 * under the limit; the commit counts the session for both and moves both search versions.
 */
export interface PairRequest {
  a: TicketEntry;
  b: TicketEntry;
  build: (id: string) => Match;
  limits: { a: number; b: number };
  /**
   * What stands for a side's ticket in the commit's checks. By default the ticket entry itself
   * (unchanged since it was put). A ticket held in memory and never put (a member paired as they
   * arrive) brings the member's search version instead (keys.searchVersion), which also stands
   * for its session count and its "in a match" key (plus that key's check when the profile saw
   * a match); its claim then deletes whatever ticket the member may have in the pool (another
   * socket's, which this search replaces).
   */
  checks?: { a?: Deno.AtomicCheck[]; b?: Deno.AtomicCheck[] };
}

/** A ticket as put in the pool (with its versionstamp), or held in memory (versionstamp null). */
export interface TicketEntry {
  key: Deno.KvKey;
  value: Ticket;
  versionstamp: string | null;
}

type Prepared =
  | { ok: false; reason: "taken" | "limit_a" | "limit_b" }
  | { ok: true; match: Match; apply: (op: Deno.AtomicOperation) => void; checks: number };

/** The two members' ends of a match made: what the referral pages count, written afterwards. */
export interface SessionRecord {
  userId: string;
  partnerCountry: string | null;
  at: number;
}

/**
 * What a pairing must check, and the writes that claim it. With `fresh` false and both tickets
 * carrying today's session counts, nothing is read: the commit checks that neither member has a
 * live match (no active key) and that both counts are the ones the tickets saw. Otherwise the
 * four entries are read first.
 */
async function prepare(kv: Deno.Kv, r: PairRequest, now: number, fresh = false): Promise<Prepared> {
  const { a, b } = r;
  const day = today(now);
  const ua = a.value.usage, ub = b.value.usage;
  const quick = !fresh && ua?.day === day && ub?.day === day;
  const [activeA, activeB, usageA, usageB] = quick
    ? [
      { key: keys.mmActive(a.value.userId), value: null, versionstamp: null },
      { key: keys.mmActive(b.value.userId), value: null, versionstamp: null },
      counter(keys.usage(a.value.userId, day), ua),
      counter(keys.usage(b.value.userId, day), ub),
    ]
    : await kv.getMany<[string, string, Deno.KvU64, Deno.KvU64]>([
      keys.mmActive(a.value.userId),
      keys.mmActive(b.value.userId),
      keys.usage(a.value.userId, day),
      keys.usage(b.value.userId, day),
    ]);
  if (activeA.value || activeB.value) return { ok: false, reason: "taken" };
  const used = (e: Deno.KvEntryMaybe<Deno.KvU64>) => Number(e.value?.value ?? 0n);
  if (r.limits.a >= 0 && used(usageA) >= r.limits.a) return { ok: false, reason: "limit_a" };
  if (r.limits.b >= 0 && used(usageB) >= r.limits.b) return { ok: false, reason: "limit_b" };

  const match = r.build(crypto.randomUUID());
  // Every claim moves both members' search versions (below), so a held side's version check
  // also stands for the session count its ticket saw and for any match made since its profile
  // was read (which saw no match then, or brings the active key's check itself): neither needs
  // a check of its own.
  const heldA = !!r.checks?.a && quick, heldB = !!r.checks?.b && quick;
  const checks = [
    ...(r.checks?.a ?? [a]),
    ...(r.checks?.b ?? [b]),
    ...(heldA ? [] : [activeA, usageA]),
    ...(heldB ? [] : [activeB, usageB]),
  ];
  const apply = (op: Deno.AtomicOperation) =>
    op.check(...checks)
      .delete(a.key)
      .delete(b.key)
      .set(keys.match(match.id), match, { expireIn: MATCH_RECORD_TTL_MS })
      .set(keys.mmActive(a.value.userId), match.id, { expireIn: MATCH_RECORD_TTL_MS })
      .set(keys.mmActive(b.value.userId), match.id, { expireIn: MATCH_RECORD_TTL_MS })
      .set(keys.mmHistory(a.value.userId, b.value.peerId), {
        partnerId: b.value.userId,
        matchId: match.id,
        at: now,
      }, { expireIn: HISTORY_TTL_MS })
      .set(keys.mmHistory(b.value.userId, a.value.peerId), {
        partnerId: a.value.userId,
        matchId: match.id,
        at: now,
      }, { expireIn: HISTORY_TTL_MS })
      .sum(keys.usage(a.value.userId, day), 1n)
      .sum(keys.usage(b.value.userId, day), 1n)
      .sum(keys.searchVersion(a.value.userId), 1n)
      .sum(keys.searchVersion(b.value.userId), 1n);
  return { ok: true, match, apply, checks: checks.length };
}

/** The day's session counter as a ticket saw it. */
function counter(
  key: Deno.KvKey,
  seen: { count: number; versionstamp: string | null },
): Deno.KvEntryMaybe<Deno.KvU64> {
  return seen.versionstamp === null
    ? { key, value: null, versionstamp: null }
    : { key, value: new Deno.KvU64(BigInt(seen.count)), versionstamp: seen.versionstamp };
}

/** One pair claimed on its own, from fresh reads (see PairRequest). */
export async function pair(kv: Deno.Kv, r: PairRequest, now = Date.now()): Promise<PairResult> {
  const p = await prepare(kv, r, now, true);
  if (!p.ok) return p;
  const op = kv.atomic();
  p.apply(op);
  const res = await op.commit();
  return res.ok
    ? { ok: true, match: p.match, versionstamp: res.versionstamp }
    : { ok: false, reason: "taken" };
}

/** Checks KV allows in one commit: claims share commits up to this (2 to 6 a pair). */
const CHECKS_PER_COMMIT = 100;

/**
 * Claims many disjoint pairs with few commits: groups of pairs share one atomic commit, whose
 * checks are each pair's own, so a group commits only if every pair in it still holds. A group
 * that fails (someone else took a member meanwhile) is claimed again pair by pair.
 */
export async function pairMany(
  kv: Deno.Kv,
  requests: PairRequest[],
  now = Date.now(),
): Promise<PairResult[]> {
  // Never retry the whole batch: pairs claimed by an earlier group would read as "taken" and
  // their members would never be told. Each read and each fallback claim retries on its own.
  const prepared = await Promise.all(requests.map((r) => retrying(() => prepare(kv, r, now))));
  const results: PairResult[] = prepared.map((p) => // A claim not yet committed: "taken" unless its commit below says otherwise.
  ({ ok: false, reason: p.ok ? "taken" : p.reason }));
  const ready = prepared.map((p, i) => [p, i] as const).filter(([p]) => p.ok);
  const groups: (typeof ready)[] = [];
  let checks = Infinity;
  for (const item of ready) {
    const [p] = item;
    const n = p.ok ? p.checks : 0;
    if (checks + n > CHECKS_PER_COMMIT) {
      groups.push([]);
      checks = 0;
    }
    groups[groups.length - 1].push(item);
    checks += n;
  }
  // The groups hold disjoint members, so a few commit side by side.
  await Promise.all(groups.map((group) =>
    lane(kv).run(async () => {
      const res = await commitGroup(kv, group.map(([p]) => p));
      if (res?.ok) {
        for (const [p, i] of group) {
          if (p.ok) results[i] = { ok: true, match: p.match, versionstamp: res.versionstamp };
        }
        return;
      }
      for (const [, i] of group) {
        const r = requests[i];
        results[i] = await retrying(() => pair(kv, r, now), BURST_RETRY).catch(
          () => ({ ok: false, reason: "taken" }) as PairResult,
        );
      }
    })
  ));
  return results;
}

/**
 * Commits a group of claims, again after a pause while the file is busy. A commit that threw
 * may still have landed: before trying again, the first pair's active key tells (the group is
 * one commit, so one pair answers for all). Null: the group did not land.
 */
async function commitGroup(
  kv: Deno.Kv,
  group: Prepared[],
): Promise<{ ok: true; versionstamp: string } | null> {
  const first = group.find((p) => p.ok);
  if (!first?.ok) return null;
  for (let attempt = 1;; attempt++) {
    const op = kv.atomic();
    for (const p of group) if (p.ok) p.apply(op);
    try {
      const res = await op.commit();
      return res.ok ? res : null;
    } catch {
      const probe = await retrying(
        () => kv.get<string>(keys.mmActive(first.match.a.userId)),
        BURST_RETRY,
      )
        .catch(() => null);
      if (probe?.value === first.match.id) return { ok: true, versionstamp: probe.versionstamp };
      if (attempt >= BURST_RETRY.attempts) return null;
      await new Promise((r) => setTimeout(r, BURST_RETRY.pause(attempt)));
    }
  }
}

/**
 * Counts the sessions of matches made, for the referral pages: write-only keys, no read. Each
 * commit retries on its own while the file is busy (retrying the whole list would count the
 * sessions of commits that had landed twice).
 */
export async function recordSessions(kv: Deno.Kv, sessions: SessionRecord[]) {
  // Up to 4 mutations each: 200 a commit stays inside KV's 1,000.
  for (let i = 0; i < sessions.length; i += 200) {
    await retrying(() => {
      const op = kv.atomic();
      for (const s of sessions.slice(i, i + 200)) addSession(op, s.userId, s.partnerCountry, s.at);
      return op.commit();
    });
  }
}

// ---------- Matches ----------

export async function getMatch(kv: Deno.Kv, id: string) {
  return await kv.get<Match>(keys.match(id));
}

export async function activeMatchOf(kv: Deno.Kv, userId: string) {
  const id = (await kv.get<string>(keys.mmActive(userId))).value;
  if (!id) return null;
  const m = await getMatch(kv, id);
  return m.value && m.value.status === "live" ? m : null;
}

/** Ends a live match once; returns the ended match, or null if it had already ended. */
export async function endMatch(
  kv: Deno.Kv,
  id: string,
  reason: string,
  now = Date.now(),
): Promise<Match | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await getMatch(kv, id);
    if (!entry.value || entry.value.status !== "live") return null;
    const ended: Match = { ...entry.value, status: "ended", endedReason: reason, endedAt: now };
    const [actA, actB] = await kv.getMany<[string, string]>([
      keys.mmActive(ended.a.userId),
      keys.mmActive(ended.b.userId),
    ]);
    const op = kv.atomic().check(entry, actA, actB)
      .set(entry.key, ended, { expireIn: MATCH_RECORD_TTL_MS });
    if (actA.value === id) op.delete(actA.key);
    if (actB.value === id) op.delete(actB.key);
    if ((await op.commit()).ok) return ended;
  }
  return null;
}

/** Updates one side of a live match (resume, disconnect). */
export async function updateSide(
  kv: Deno.Kv,
  id: string,
  userId: string,
  change: (s: MatchSide) => MatchSide,
): Promise<Match | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await getMatch(kv, id);
    if (!entry.value || entry.value.status !== "live") return null;
    const m = entry.value;
    const next: Match = m.a.userId === userId
      ? { ...m, a: change(m.a) }
      : m.b.userId === userId
      ? { ...m, b: change(m.b) }
      : m;
    if (next === m) return null;
    const res = await kv.atomic().check(entry).set(entry.key, next, {
      expireIn: MATCH_RECORD_TTL_MS,
    }).commit();
    if (res.ok) return next;
  }
  return null;
}

/** The member a peer id stood for, if the two were matched in the last 24 hours. */
export async function partnerByPeerId(kv: Deno.Kv, userId: string, peerId: string) {
  const e = await kv.get<Met>(keys.mmHistory(userId, peerId));
  return e.value && Date.now() - e.value.at <= HISTORY_TTL_MS ? e.value : null;
}

// ---------- Blocks and recent partners ----------

export interface Block {
  reason: "blocked" | "blocked_by" | "reported" | "reported_by";
  at: string;
}

interface Met {
  partnerId: string;
  matchId: string;
  at: number;
}

/**
 * A member's relations in one list: `avoid`, members blocked or reported either way round
 * (they never meet); `recent`, partners of the last 24 hours (met again only if nobody else
 * fits).
 */
export async function relationsOf(
  kv: Deno.Kv,
  userId: string,
  now = Date.now(),
): Promise<{ avoid: string[]; recent: string[] }> {
  const avoid: string[] = [];
  const recent = new Set<string>();
  for await (const e of kv.list<Block | Met>({ prefix: keys.relationsPrefix(userId) })) {
    if (e.key[2] === "block") avoid.push(String(e.key[3]));
    else if (e.key[2] === "met") {
      const met = e.value as Met;
      if (now - met.at <= HISTORY_TTL_MS) recent.add(met.partnerId);
    }
  }
  return { avoid, recent: [...recent] };
}

// ---------- Instance mailboxes ----------

export interface InboxMessage {
  id: string;
  sentAt: number;
  userId: string;
  connId: string;
  /** Internal events let the receiving instance update its own view before delivering. */
  event?: "matched" | "ended" | "partner_moved";
  matchId?: string;
  /** With "matched": the match just made, so the receiver need not read it back. */
  match?: Match;
  /** With "matched": the pairing commit's versionstamp (see Hub.profileMatched). */
  versionstamp?: string;
  payload?: Outbound;
}

/**
 * Drops a message into another instance's mailbox and bumps the counter it watches. Keys sort
 * by send time, then by the sender's own message number (the id), so messages of one sender
 * sent within the same millisecond keep their order.
 */
export async function post(kv: Deno.Kv, instanceId: string, msg: InboxMessage) {
  const key = keys.rtInbox(instanceId, `${msg.sentAt.toString().padStart(15, "0")}-${msg.id}`);
  await kv.atomic()
    .set(key, msg, { expireIn: 5 * 60_000 })
    .sum(keys.rtInboxSignal(instanceId), 1n)
    .commit();
}

/** The messages waiting for this instance, oldest first (the caller deletes each it takes). */
export async function inbox(kv: Deno.Kv, instanceId: string) {
  const out: Deno.KvEntry<InboxMessage>[] = [];
  for await (const e of kv.list<InboxMessage>({ prefix: keys.rtInboxPrefix(instanceId) })) {
    out.push(e);
  }
  return out;
}

// ---------- Instance heartbeats ----------

export async function beat(kv: Deno.Kv, instanceId: string, ttlMs: number, now = Date.now()) {
  await kv.set(keys.rtInstance(instanceId), now, { expireIn: ttlMs });
}

export async function instanceAlive(
  kv: Deno.Kv,
  instanceId: string,
  ttlMs: number,
  now = Date.now(),
) {
  const at = (await kv.get<number>(keys.rtInstance(instanceId))).value;
  return at !== null && now - at < ttlMs;
}

export interface RetryPolicy {
  attempts: number;
  /** The pause before try `i + 1` (i from 1). */
  pause: (i: number) => number;
}

const STEADY_RETRY: RetryPolicy = { attempts: 5, pause: (i) => 20 * 2 ** i };

/**
 * For the bulk writes of a burst (tickets, claims): a busy SQLite file answers "database is
 * locked" at once when another connection holds the write lock, which it does for a few
 * milliseconds; a quick, jittered try again finds it free, where 40 ms and more would leave
 * the members waiting. Up to ~0.5 s in all.
 */
export const BURST_RETRY: RetryPolicy = {
  attempts: 8,
  pause: (i) => 2 ** i * (1 + Math.random()),
};

/**
 * For what must not be lost when many sockets close at once (several instances on one SQLite
 * file then lock each other out for seconds): more tries, jittered, up to ~5 s in all.
 */
export const PATIENT_RETRY: RetryPolicy = {
  attempts: 12,
  pause: (i) => Math.min(640, 5 * 2 ** i) * (0.5 + Math.random()),
};

/**
 * Runs a KV operation again after a short pause when it throws (a busy SQLite file answers
 * "database is locked" under load); the last error is thrown after the policy's attempts.
 */
export async function retrying<T>(
  fn: () => Promise<T>,
  policy: RetryPolicy = STEADY_RETRY,
): Promise<T> {
  for (let i = 1;; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= policy.attempts) throw err;
      await new Promise((r) => setTimeout(r, policy.pause(i)));
    }
  }
}
