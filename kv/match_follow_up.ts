// A pairing's follow-up: the pairing commit (kv/pairing.ts) writes only what makes the pair
// exactly-once (the match, both "in a match" keys); both members' session counts and their two
// "met" records follow in a second commit right after, which clears the match's `followUp` in the
// same commit, so it is applied once whoever races (the follow-up rule, docs/realtime.md). A
// follow-up that never landed (the instance died between the two commits, the store refused it)
// is repaired from the match record by the sweep here, which any instance runs at start-up and
// hourly.
import { keys } from "./keys.ts";
import { followedUp, followUpWrites, type Match, MATCH_RECORD_TTL_MS } from "./matches.ts";
import type { Met } from "./relations.ts";
import { bumpSearchVersion } from "./search_version.ts";
import { laneOf } from "./write_lane.ts";
import { BURST_RETRY, retrying } from "./retry.ts";
import { getManyChunked } from "./db.ts";

/** A claim just landed whose follow-up is due: the match as written, and the commit's stamp. */
interface Due {
  match: Match;
  versionstamp: string;
  since: number;
}

/**
 * How long a follow-up gives way to the claims and ticket writes under way before it takes its
 * turn in the write lane anyway (a busy site never starves it).
 */
const GIVE_WAY_MS = 10_000;

/** Follow-ups a commit holds: one check and 5 writes each, well inside KV's limits. */
const PER_COMMIT = 100;

/** How old a due follow-up must be before a sweep repairs it (the pairing instance's own first). */
export const REPAIR_AFTER_MS = 60_000;

/**
 * The follow-ups of one KV connection: they wait while the write lane is busy with claims and
 * ticket writes (a burst's members are told sooner), then go 100 a commit, each checking its match
 * as the claim wrote it. A commit refused (a match changed meanwhile: a link noted, a side left,
 * the match ended or undone) gives each of its follow-ups a try of its own from a fresh read.
 */
class FollowUps {
  private line: Due[] = [];
  private running = false;
  /** Settles when the line is empty and nothing is under way. */
  private drained: Promise<void> = Promise.resolve();
  private drainedNow: (() => void) | null = null;

  constructor(private kv: Deno.Kv) {}

  add(match: Match, versionstamp: string) {
    if (cutOff.has(this.kv)) return;
    this.line.push({ match, versionstamp, since: Date.now() });
    if (this.running) return;
    this.running = true;
    this.drained = new Promise((r) => this.drainedNow = r);
    this.run().finally(() => {
      this.running = false;
      this.drainedNow?.();
    });
  }

  /** Settles once every follow-up handed in so far has landed or was given up (to the sweep). */
  settled(): Promise<void> {
    return this.drained;
  }

  private async run() {
    const lane = laneOf(this.kv);
    while (this.line.length) {
      const waited = Date.now() - this.line[0].since;
      if (waited < GIVE_WAY_MS) await lane.whenIdle(GIVE_WAY_MS - waited);
      const group = this.line.splice(0, PER_COMMIT);
      await lane.run(() => commitFollowUps(this.kv, group)).catch(() => {});
    }
  }
}

const queues = new WeakMap<Deno.Kv, FollowUps>();

function queueOf(kv: Deno.Kv): FollowUps {
  let q = queues.get(kv);
  if (!q) queues.set(kv, q = new FollowUps(kv));
  return q;
}

/** Hands the follow-up of a claim that just landed (with the claim commit's versionstamp) in. */
export function followUp(kv: Deno.Kv, match: Match, versionstamp: string) {
  queueOf(kv).add(match, versionstamp);
}

/** Resolves once the follow-ups handed in on this connection so far have landed (or failed). */
export function followUpsSettled(kv: Deno.Kv): Promise<void> {
  return queues.get(kv)?.settled() ?? Promise.resolve();
}

/** Connections whose follow-ups are dropped (see cutFollowUps). */
const cutOff = new WeakSet<Deno.Kv>();

/**
 * A fault for tests: from now on, follow-ups on this connection are dropped after their claim
 * landed, as if the process died between the two commits. `false` lifts it.
 */
export function cutFollowUps(kv: Deno.Kv, cut = true) {
  if (cut) cutOff.add(kv);
  else cutOff.delete(kv);
}

/**
 * Commits a group of follow-ups. A refused commit reads the group's matches: those unchanged since
 * their claim go together again (once), the others each alone from a fresh read.
 */
async function commitFollowUps(kv: Deno.Kv, group: Due[], regroup = true): Promise<void> {
  const now = Date.now();
  const op = kv.atomic();
  for (const { match, versionstamp } of group) {
    op.check({ key: keys.match(match.id), versionstamp })
      .set(keys.match(match.id), followedUp(match), { expireIn: MATCH_RECORD_TTL_MS });
    followUpWrites(op, match, now, { usage: true });
  }
  const res = await retrying(() => op.commit(), BURST_RETRY).catch(() => null);
  if (res?.ok) return;
  // A commit that threw may have landed (the landed-throw rule): the reads below tell.
  const read = await retrying(
    () => getManyChunked(kv, group.map((d) => keys.match(d.match.id))),
    BURST_RETRY,
  ).catch(() => null);
  const same = read ? group.filter((d, i) => read[i].versionstamp === d.versionstamp) : [];
  const changed = group.filter((d) => !same.includes(d));
  if (same.length && regroup && same.length < group.length) {
    await commitFollowUps(kv, same, false);
  } else changed.push(...same);
  for (const d of changed) {
    await retrying(() => applyFollowUp(kv, d.match.id, now), BURST_RETRY).catch(() => {});
  }
}

/**
 * Applies a match's follow-up from its stored record, if it is still due; true if this call
 * applied it. A "met" record of a later meeting of the same two is kept, not replaced. With
 * `late`, both members' search versions move too: a profile read since the claim missed the
 * session and the partner (the follow-up right after the claim rides on the claim's move).
 */
export async function applyFollowUp(
  kv: Deno.Kv,
  matchId: string,
  now = Date.now(),
  late = false,
): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await kv.get<Match>(keys.match(matchId));
    const m = entry.value;
    if (!m || m.followUp !== "due") return false;
    const [metA, metB] = await kv.getMany<[Met, Met]>([
      keys.mmHistory(m.a.userId, m.b.userId),
      keys.mmHistory(m.b.userId, m.a.userId),
    ]);
    const older = (e: Deno.KvEntryMaybe<Met>) => !e.value || e.value.at <= m.startedAt;
    const op = kv.atomic().check(entry, metA, metB)
      .set(entry.key, followedUp(m), { expireIn: MATCH_RECORD_TTL_MS });
    followUpWrites(op, m, now, { usage: true, met: { a: older(metA), b: older(metB) } });
    if (late) bumpSearchVersion(op, m.a.userId, m.b.userId);
    if ((await op.commit()).ok) return true;
  }
  return false;
}

/**
 * The sweep: every match whose follow-up is still due `REPAIR_AFTER_MS` after it was made gets
 * it applied from its record, once (a match's end or undo applies or drops it too). Idempotent;
 * any instance may run it at any time. Returns how many it repaired.
 */
export async function repairFollowUps(kv: Deno.Kv, now = Date.now()): Promise<number> {
  let repaired = 0;
  for await (const e of kv.list<Match>({ prefix: keys.matchesPrefix() })) {
    const m = e.value;
    if (m.followUp !== "due" || now - m.startedAt < REPAIR_AFTER_MS) continue;
    if (await retrying(() => applyFollowUp(kv, m.id, now, true))) repaired++;
  }
  return repaired;
}

/**
 * The "met" record the member's live match is still to write (its follow-up due), when its
 * partner had that peer id: a report made in the moment between the two commits names a partner
 * the member really met.
 */
export async function dueMet(kv: Deno.Kv, userId: string, peerId: string): Promise<Met | null> {
  const id = (await kv.get<string>(keys.mmActive(userId))).value;
  const m = id ? (await kv.get<Match>(keys.match(id))).value : null;
  if (!m || m.followUp !== "due" || m.status !== "live") return null;
  const partner = m.a.userId === userId ? m.b : m.b.userId === userId ? m.a : null;
  if (!partner || partner.peerId !== peerId) return null;
  return { partnerId: partner.userId, peerId, matchId: m.id, at: m.startedAt };
}
