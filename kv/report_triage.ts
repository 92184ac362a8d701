// The pending reports' triage order: pending_rank/<-count>/<createdMs>/<id>, where count is how
// many distinct members reported the same member in the last 30 days (from
// report_marks/<reported>/<reporter>, one mark per reporter, refreshed by each report). A report
// about a member re-ranks that member's pending reports; pending_state/<member> (the count, how
// many are pending, when the count next drops) is checked by every commit that moves the member's
// pending reports, so racing reports and reviews never leave a stale rank behind. Stored reports
// and their other indexes are kv/reports.ts.
import { keys } from "./keys.ts";
import { getManyChunked } from "./db.ts";

/** The window in which distinct reporters of a member are counted for triage. */
export const REPORTERS_WINDOW_MS = 30 * 86400_000;
/** Pending reports about one member re-ranked per commit (KV allows 1,000 mutations). */
export const RERANK_CHUNK = 200;
/** A recount that found nothing left the window looks again no sooner than this. */
const RECOUNT_AGAIN_MS = 3600_000;

/** The triage state of a member with pending reports about them. */
export interface PendingState {
  /** Distinct reporters in the window, when last counted. */
  count: number;
  /** How many reports about the member are pending. */
  pending: number;
  /** When the count next drops (the oldest counted mark leaves the window), ms. */
  recountAt: number;
}

/** A pending report as the queue places it: its time (ms) and id. */
export interface PendingRef {
  t: number;
  id: string;
}

/**
 * The distinct reporters of a member within the window at `now` (who, and how many), and when
 * that count next drops.
 */
export async function countReporters(kv: Deno.Kv, reportedId: string, now: number) {
  const reporters = new Set<string>();
  let oldest = Infinity;
  for await (const e of kv.list<number>({ prefix: keys.reportMarksPrefix(reportedId) })) {
    if (e.value > now - REPORTERS_WINDOW_MS) {
      reporters.add(String(e.key[2]));
      oldest = Math.min(oldest, e.value);
    }
  }
  return {
    reporters,
    count: reporters.size,
    recountAt: oldest === Infinity ? now : oldest + REPORTERS_WINDOW_MS,
  };
}

/** Distinct members who reported each of `memberIds` in the window at `now`. */
export async function reporterCounts(
  kv: Deno.Kv,
  memberIds: string[],
  now = Date.now(),
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  await Promise.all([...new Set(memberIds)].map(async (id) => {
    out.set(id, (await countReporters(kv, id, now)).count);
  }));
  return out;
}

/** The pending reports about a member. */
export async function pendingOf(kv: Deno.Kv, reportedId: string): Promise<PendingRef[]> {
  const out: PendingRef[] = [];
  for await (const e of kv.list({ prefix: keys.pendingOfPrefix(reportedId) })) {
    out.push({ t: Number(e.key[2]), id: String(e.key[3]) });
  }
  return out;
}

/** Moves a pending report's rank entry from count `from` (null: not ranked yet) to `to`. */
export function rerank(op: Deno.AtomicOperation, p: PendingRef, from: number | null, to: number) {
  if (from !== null && from !== to) op.delete(keys.pendingRank(from, p.t, p.id));
  return op.set(keys.pendingRank(to, p.t, p.id), p.id).set(keys.pendingRankOf(p.id), to);
}

/**
 * Re-ranks every pending report about the member that is not ranked under their state's count
 * (a member with more than RERANK_CHUNK of them, a recount, a rebuild), RERANK_CHUNK per commit,
 * each checking the state did not move again meanwhile.
 */
export async function rerankStale(kv: Deno.Kv, reportedId: string) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const state = await kv.get<PendingState>(keys.pendingState(reportedId));
    if (!state.value) return;
    const count = state.value.count;
    const all = await pendingOf(kv, reportedId);
    const ranks = await getManyChunked<number>(kv, all.map((p) => keys.pendingRankOf(p.id)));
    const stale = all.map((p, i) => ({ p, from: ranks[i].value }))
      .filter(({ from }) => from !== count);
    if (!stale.length) return;
    const op = kv.atomic().check(state);
    for (const { p, from } of stale.slice(0, RERANK_CHUNK)) rerank(op, p, from, count);
    await op.commit();
  }
}

/**
 * Recounts the distinct reporters of every member with pending reports whose count is due to
 * drop (a mark left the 30-day window), and re-ranks their pending reports. Idempotent; any
 * instance may run it. Returns how many members were recounted.
 */
export async function recountPending(kv: Deno.Kv, now = Date.now()): Promise<number> {
  let n = 0;
  for await (const e of kv.list<PendingState>({ prefix: keys.pendingStatePrefix() })) {
    if (e.value.recountAt > now) continue;
    const reportedId = String(e.key[1]);
    const counted = await countReporters(kv, reportedId, now);
    const next: PendingState = { ...e.value, count: counted.count, recountAt: counted.recountAt };
    if (counted.count === e.value.count) {
      // Nothing left the window yet (or the count is 0): look again after the next drop.
      next.recountAt = Math.max(counted.recountAt, now + RECOUNT_AGAIN_MS);
    }
    if ((await kv.atomic().check(e).set(e.key, next).commit()).ok) {
      await rerankStale(kv, reportedId);
      n++;
    }
  }
  return n;
}

/**
 * Rebuilds a member's triage state from their pending reports and reporter marks, and re-ranks
 * those reports: used by the backfill, and safe to run at any time (it checks the state).
 */
export async function rebuildPending(kv: Deno.Kv, reportedId: string, now = Date.now()) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const state = await kv.get<PendingState>(keys.pendingState(reportedId));
    const pending = (await pendingOf(kv, reportedId)).length;
    const counted = await countReporters(kv, reportedId, now);
    const op = kv.atomic().check(state);
    if (pending) {
      op.set(
        keys.pendingState(reportedId),
        {
          count: counted.count,
          pending,
          recountAt: counted.recountAt,
        } satisfies PendingState,
      );
    } else op.delete(keys.pendingState(reportedId));
    if ((await op.commit()).ok) return await rerankStale(kv, reportedId);
  }
}
