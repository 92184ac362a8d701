// The pairing commit: two waiting searchers become a match in one atomic commit that checks
// both are still waiting and still free, so no member is ever in two matches, whichever
// instances race for them (see docs/realtime.md, "What a claim checks").
import { keys } from "./keys.ts";
import { dayKey } from "./hashtags.ts";
import { getMatch, type Match, MATCH_RECORD_TTL_MS } from "./matches.ts";
import { HISTORY_TTL_MS } from "./relations.ts";
import { bumpSearchVersion } from "./search_version.ts";
import type { TicketEntry } from "./tickets.ts";
import { BURST_RETRY, retrying } from "./retry.ts";
import { laneOf } from "./write_lane.ts";

export type PairResult =
  /** versionstamp: the commit's, now that of both members' session counts and versions. */
  | { ok: true; match: Match; versionstamp: string }
  | { ok: false; reason: "taken" | "limit_a" | "limit_b" };

/**
 * A claim of two searchers: both unchanged, neither in a live match, and (for limited plans)
 * each member's count of today's sessions unchanged and under the limit. The commit makes the
 * match, counts the session for both, remembers each as the other's recent partner and moves
 * both search versions.
 */
export interface PairRequest {
  a: TicketEntry;
  b: TicketEntry;
  build: (id: string) => Match;
  limits: { a: number; b: number };
  /**
   * What stands for a side's ticket in the commit's checks. By default the ticket entry itself
   * (unchanged since it was put). A search held in memory and never put brings the member's
   * search version instead, which also stands for its session count and its "in a match" key
   * (plus that key's check when the profile saw a match): the held-search rule of
   * docs/realtime.md. Its claim then deletes whatever ticket the member may have in the pool
   * (another socket's, which this search replaces).
   */
  checks?: { a?: Deno.AtomicCheck[]; b?: Deno.AtomicCheck[] };
}

type Prepared =
  | { ok: false; reason: "taken" | "limit_a" | "limit_b" }
  | { ok: true; match: Match; apply: (op: Deno.AtomicOperation) => void; checks: number };

/**
 * What a claim must check, and the writes that make it. With `fresh` false and both tickets
 * carrying today's session counts, nothing is read: the commit checks that neither member has a
 * live match (no active key) and that both counts are the ones the tickets saw. Otherwise the
 * four entries are read first.
 */
async function prepare(kv: Deno.Kv, r: PairRequest, now: number, fresh = false): Promise<Prepared> {
  const { a, b } = r;
  const day = dayKey(now);
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
  // The held-search rule: a held side's version check stands for its session count and its
  // active key, since every claim moves both versions (below).
  const heldA = !!r.checks?.a && quick, heldB = !!r.checks?.b && quick;
  const checks = [
    ...(r.checks?.a ?? [a]),
    ...(r.checks?.b ?? [b]),
    ...(heldA ? [] : [activeA, usageA]),
    ...(heldB ? [] : [activeB, usageB]),
  ];
  const apply = (op: Deno.AtomicOperation) => {
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
      .sum(keys.usage(b.value.userId, day), 1n);
    bumpSearchVersion(op, a.value.userId, b.value.userId);
  };
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

/** One pair claimed on its own, from fresh reads. */
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
  // A claim not yet committed: "taken" unless its commit below says otherwise.
  const results: PairResult[] = prepared.map((p) => ({
    ok: false,
    reason: p.ok ? "taken" : p.reason,
  }));
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
    laneOf(kv).run(async () => {
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
 * Commits a group of claims, again after a pause while the file is busy. The landed-throw rule
 * (docs/realtime.md): a commit that threw may still have landed, so before trying again the
 * first pair's active key tells (the group is one commit, so one pair speaks for all). Null:
 * the group did not land.
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
      ).catch(() => null);
      if (probe?.value === first.match.id) return { ok: true, versionstamp: probe.versionstamp };
      if (attempt >= BURST_RETRY.attempts) return null;
      await new Promise((r) => setTimeout(r, BURST_RETRY.pause(attempt)));
    }
  }
}

/**
 * Undoes a claim whose pairing was never confirmed (a side's instance died or its socket was
 * gone): the match ends as "unconfirmed", both members are free again, neither is the other's
 * recent partner and the session is not counted. Once, whoever races; false if the match was
 * no longer live. The search versions stay moved (a version only ever moves forward).
 */
export async function cancelPairing(kv: Deno.Kv, match: Match, now = Date.now()) {
  const day = dayKey(match.startedAt);
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await getMatch(kv, match.id);
    if (!entry.value || entry.value.status !== "live") return false;
    const { a, b } = entry.value;
    const [actA, actB, usageA, usageB] = await kv.getMany<[string, string, Deno.KvU64, Deno.KvU64]>(
      [
        keys.mmActive(a.userId),
        keys.mmActive(b.userId),
        keys.usage(a.userId, day),
        keys.usage(b.userId, day),
      ],
    );
    const op = kv.atomic().check(entry, actA, actB, usageA, usageB)
      .set(
        entry.key,
        { ...entry.value, status: "ended", endedReason: "unconfirmed", endedAt: now },
        {
          expireIn: MATCH_RECORD_TTL_MS,
        },
      )
      .delete(keys.mmHistory(a.userId, b.peerId))
      .delete(keys.mmHistory(b.userId, a.peerId));
    if (actA.value === match.id) op.delete(actA.key);
    if (actB.value === match.id) op.delete(actB.key);
    for (const u of [usageA, usageB]) {
      const n = u.value?.value ?? 0n;
      if (n > 0n) op.set(u.key, new Deno.KvU64(n - 1n));
    }
    bumpSearchVersion(op, a.userId, b.userId);
    if ((await op.commit()).ok) return true;
  }
  return false;
}
