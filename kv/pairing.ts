// The pairing commit: two waiting searchers become a match in one atomic commit that checks
// both are still waiting and still free, so no member is ever in two matches, whichever
// instances race for them (see docs/realtime.md, "What a claim checks"). It writes only what
// makes the pair exactly-once; the session counts and "met" records follow in a second commit
// (kv/match_follow_up.ts).
import { keys } from "./keys.ts";
import { dayKey } from "./hashtags.ts";
import { followedUp, getMatch, type Match, MATCH_RECORD_TTL_MS } from "./matches.ts";
import { bumpSearchVersion } from "./search_version.ts";
import type { TicketEntry } from "./tickets.ts";
import { BURST_RETRY, retrying, type RetryPolicy } from "./retry.ts";
import { laneOf } from "./write_lane.ts";
import { getManyChunked } from "./db.ts";
import { followUp } from "./match_follow_up.ts";

export type PairResult =
  /** versionstamp: the commit's, now that of both members' search versions. */
  | { ok: true; match: Match; versionstamp: string }
  | { ok: false; reason: "taken" };

/**
 * A claim of two searchers: both unchanged and neither in a live match. The commit makes the
 * match, sets both "in a match" keys and moves both search versions (which stand for the session
 * and the partner the follow-up adds). Plan limits are not checked here: a search is refused when
 * it starts (lib/server/realtime/ticket.ts).
 */
export interface PairRequest {
  a: TicketEntry;
  b: TicketEntry;
  build: (id: string) => Match;
  /**
   * What stands for a side's ticket in the commit's checks. By default the ticket entry itself
   * (unchanged since it was put) and the member's "in a match" key (none). A search held in
   * memory and never put brings the member's search version instead, which also stands for its
   * "in a match" key (plus that key's check when the profile saw a match): the held-search rule
   * of docs/realtime.md. Its claim then deletes whatever ticket the member may have in the pool
   * (another socket's, which this search replaces).
   */
  checks?: { a?: Deno.AtomicCheck[]; b?: Deno.AtomicCheck[] };
}

interface Prepared {
  match: Match;
  apply: (op: Deno.AtomicOperation) => void;
  /** The checks the claim brings, and their count. */
  checked: Deno.AtomicCheck[];
  checks: number;
  /** An upper estimate of the bytes its writes take in a commit. */
  bytes: number;
}

/**
 * What a claim checks, and the writes that make it; nothing is read. A held side brings its
 * search version (the held-search rule: every claim moves both versions, below); a put side its
 * ticket entry and the absence of its "in a match" key.
 */
function prepare(r: PairRequest): Prepared {
  const { a, b } = r;
  const match: Match = { ...r.build(crypto.randomUUID()), followUp: "due" };
  const free = (userId: string) => ({ key: keys.mmActive(userId), versionstamp: null });
  const checks = [
    ...(r.checks?.a ?? [a, free(a.value.userId)]),
    ...(r.checks?.b ?? [b, free(b.value.userId)]),
  ];
  const apply = (op: Deno.AtomicOperation) => {
    op.check(...checks)
      .delete(a.key)
      .delete(b.key)
      .set(keys.match(match.id), match, { expireIn: MATCH_RECORD_TTL_MS })
      .set(keys.mmActive(a.value.userId), match.id, { expireIn: MATCH_RECORD_TTL_MS })
      .set(keys.mmActive(b.value.userId), match.id, { expireIn: MATCH_RECORD_TTL_MS });
    bumpSearchVersion(op, a.value.userId, b.value.userId);
  };
  // The match is the one large value; keys and the small values take well under 2 KiB.
  const bytes = JSON.stringify(match).length + 2048;
  return { match, apply, checked: checks, checks: checks.length, bytes };
}

/** A claim that landed: its follow-up is handed in, and the result made. */
function landed(kv: Deno.Kv, match: Match, versionstamp: string): PairResult {
  followUp(kv, match, versionstamp);
  return { ok: true, match, versionstamp };
}

/** One pair claimed on its own. */
export async function pair(kv: Deno.Kv, r: PairRequest): Promise<PairResult> {
  return await claimAlone(kv, prepare(r));
}

async function claimAlone(kv: Deno.Kv, p: Prepared): Promise<PairResult> {
  const op = kv.atomic();
  p.apply(op);
  const res = await op.commit();
  return res.ok ? landed(kv, p.match, res.versionstamp) : { ok: false, reason: "taken" };
}

/**
 * What KV allows in one atomic commit (Deno 2.9.6, found by trying: one more throws "Too many
 * checks (max 100)", "Too many mutations (max 1000)", "Total mutation size too large (max
 * 819200 bytes)").
 */
export const KV_COMMIT_LIMITS = { checks: 100, mutations: 1_000, bytes: 819_200 } as const;

/** What one claim writes: 2 ticket deletes, the match, 2 active keys, 2 version sums. */
const MUTATIONS_PER_CLAIM = 7;

/**
 * Claims many pairs with few commits. Claims share commits (the claim packer, below) up to KV's
 * limits; a shared commit holds only if every claim in it still holds. Results come back in the
 * order of `requests`. A member named by two requests is never claimed twice: the second claim
 * goes to a later commit, where its checks fail.
 */
export async function pairMany(kv: Deno.Kv, requests: PairRequest[]): Promise<PairResult[]> {
  // Never retry the whole batch: pairs claimed by an earlier commit would read as "taken" and
  // their members would never be told. Each fallback claim retries on its own.
  return await Promise.all(
    requests.map((request) =>
      new Promise<PairResult>((done) =>
        packerOf(kv).add({ prepared: prepare(request), request, done })
      )
    ),
  );
}

/** A claim waiting for its commit. */
interface Waiting {
  prepared: Prepared;
  request: PairRequest;
  /** Settles the claim (only its first call counts). */
  done: (r: PairResult) => void;
}

/**
 * The claim packer: one per KV connection. Claims wait in one line (oldest first) and each
 * commit takes as many from its head as KV allows when the write lane gives it a slot, so that
 * while commits are under way the claims of later passes gather into full ones instead of many
 * small ones. A commit never holds two claims naming the same member: KV checks every claim of a
 * commit against the state before it, so both would hold. The later one waits for the next commit.
 */
class ClaimPacker {
  private line: Waiting[] = [];
  /** A slot is asked of the lane and not yet given (it takes whatever waits by then). */
  private asked = false;

  constructor(private kv: Deno.Kv) {}

  add(w: Waiting) {
    this.line.push(w);
    this.ask();
  }

  private ask() {
    if (this.asked || !this.line.length) return;
    this.asked = true;
    // Asked once the claims added in this turn are all in line (a free slot runs at once).
    queueMicrotask(() => this.slot());
  }

  private slot() {
    laneOf(this.kv).run(async () => {
      this.asked = false;
      const group = this.take();
      this.ask();
      try {
        await claimGroup(this.kv, group);
      } catch {
        // Not expected (every step catches its own failures), but no claim may wait forever.
        for (const w of group) w.done({ ok: false, reason: "taken" });
      }
    });
  }

  /** The head of the line, as much of it as one commit may hold, members distinct. */
  private take(): Waiting[] {
    const group: Waiting[] = [];
    const rest: Waiting[] = [];
    const members = new Set<string>();
    let checks = 0, mutations = 0, bytes = 0, i = 0;
    for (; i < this.line.length; i++) {
      const w = this.line[i], p = w.prepared;
      const full = group.length > 0 && (
        checks + p.checks > KV_COMMIT_LIMITS.checks ||
        mutations + MUTATIONS_PER_CLAIM > KV_COMMIT_LIMITS.mutations ||
        bytes + p.bytes > CLAIM_BYTES
      );
      if (full) break;
      const ids = [w.request.a.value.userId, w.request.b.value.userId];
      if (ids.some((id) => members.has(id))) {
        rest.push(w);
        continue;
      }
      for (const id of ids) members.add(id);
      group.push(w);
      checks += p.checks;
      mutations += MUTATIONS_PER_CLAIM;
      bytes += p.bytes;
    }
    // The rest keeps its order: the claims passed over first, then those not looked at.
    this.line = i < this.line.length ? rest.concat(this.line.slice(i)) : rest;
    return group;
  }
}

/** The bytes a commit of claims may write: well under KV's limit, since `bytes` is an estimate. */
const CLAIM_BYTES = KV_COMMIT_LIMITS.bytes * 0.75;

const packers = new WeakMap<Deno.Kv, ClaimPacker>();

function packerOf(kv: Deno.Kv): ClaimPacker {
  let p = packers.get(kv);
  if (!p) packers.set(kv, p = new ClaimPacker(kv));
  return p;
}

/** How many times a group that lost some claims is committed again without them. */
const REGROUPS = 3;

/**
 * Commits a group of claims. A group whose commit fails (a member's entry changed: taken
 * elsewhere, left, changed their profile) reads what its checks name, settles the claims whose
 * entries changed on their own (claimed alone: usually "taken") and commits the
 * others together again; after REGROUPS tries, or when the file stays busy, each is claimed alone.
 */
async function claimGroup(kv: Deno.Kv, group: Waiting[]): Promise<void> {
  let left = group;
  for (let round = 0; left.length && round <= REGROUPS; round++) {
    const res = await commitGroup(kv, left.map((w) => w.prepared));
    if (res?.ok) {
      for (const w of left) w.done(landed(kv, w.prepared.match, res.versionstamp));
      return;
    }
    if (res === null || left.length === 1) break;
    const changed = await changedClaims(kv, left).catch(() => null);
    if (!changed?.size) break;
    await Promise.all([...changed].map((w) => alone(kv, w)));
    left = left.filter((w) => !changed.has(w));
  }
  for (const w of left) await alone(kv, w);
}

/** A claim settled on its own. */
async function alone(kv: Deno.Kv, w: Waiting) {
  w.done(
    await retrying(() => claimAlone(kv, w.prepared), BURST_RETRY).catch(
      () => ({ ok: false, reason: "taken" }) as PairResult,
    ),
  );
}

/** The claims of a group at least one of whose checked entries is no longer as checked. */
async function changedClaims(kv: Deno.Kv, group: Waiting[]): Promise<Set<Waiting>> {
  const all = group.flatMap((w) => w.prepared.checked.map((c) => ({ w, c })));
  const read = await retrying(() => getManyChunked(kv, all.map(({ c }) => c.key)), BURST_RETRY);
  const out = new Set<Waiting>();
  all.forEach(({ w, c }, i) => {
    if (read[i].versionstamp !== c.versionstamp) out.add(w);
  });
  return out;
}

/**
 * How a group's commit tries again while the file is locked (another instance writing): longer
 * than a burst's single writes (~1.5 s in all), since a group given up is claimed pair by pair,
 * which only makes more commits for the lock.
 */
const GROUP_RETRY: RetryPolicy = {
  attempts: 16,
  pause: (i) => Math.min(64, 2 ** i) * (1 + Math.random()),
};

/**
 * Commits a group of claims, again after a pause while the file is busy. The landed-throw rule
 * (docs/realtime.md): a commit that threw may still have landed, so before trying again the
 * first pair's active key tells (the group is one commit, so one pair speaks for all). Null:
 * the file stayed busy (or the group was empty); `{ ok: false }`: a check failed.
 */
async function commitGroup(
  kv: Deno.Kv,
  group: Prepared[],
): Promise<Deno.KvCommitResult | Deno.KvCommitError | null> {
  const first = group[0];
  if (!first) return null;
  for (let attempt = 1;; attempt++) {
    const op = kv.atomic();
    for (const p of group) p.apply(op);
    try {
      return await op.commit();
    } catch {
      const probe = await retrying(
        () => kv.get<string>(keys.mmActive(first.match.a.userId)),
        BURST_RETRY,
      ).catch(() => null);
      if (probe?.value === first.match.id) return { ok: true, versionstamp: probe.versionstamp };
      if (attempt >= GROUP_RETRY.attempts) return null;
      await new Promise((r) => setTimeout(r, GROUP_RETRY.pause(attempt)));
    }
  }
}

/**
 * Undoes a claim whose pairing was never confirmed (a side's instance died or its socket was
 * gone): the match ends as "unconfirmed", both members are free again, neither is the other's
 * recent partner and the session is not counted. Once, whoever races; false if the match was
 * no longer live. The search versions stay moved (a version only ever moves forward). A
 * follow-up not yet landed is dropped in the same commit: nothing was counted to give back.
 */
export async function cancelPairing(kv: Deno.Kv, match: Match, now = Date.now()) {
  const day = dayKey(match.startedAt);
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await getMatch(kv, match.id);
    if (!entry.value || entry.value.status !== "live") return false;
    const { a, b } = entry.value;
    const due = entry.value.followUp === "due";
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
        { ...followedUp(entry.value), status: "ended", endedReason: "unconfirmed", endedAt: now },
        {
          expireIn: MATCH_RECORD_TTL_MS,
        },
      )
      .delete(keys.mmHistory(a.userId, b.userId))
      .delete(keys.mmHistory(b.userId, a.userId));
    if (actA.value === match.id) op.delete(actA.key);
    if (actB.value === match.id) op.delete(actB.key);
    for (const u of due ? [] : [usageA, usageB]) {
      const n = u.value?.value ?? 0n;
      if (n > 0n) op.set(u.key, new Deno.KvU64(n - 1n));
    }
    bumpSearchVersion(op, a.userId, b.userId);
    if ((await op.commit()).ok) return true;
  }
  return false;
}
