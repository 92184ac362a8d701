// pairMany claims many pairs with few commits; a group in which one pair no longer holds falls
// back to claiming pair by pair, so the others still pair and nobody is in two matches.
import assert from "node:assert/strict";
import { openKv } from "../../kv/db.ts";
import { keys } from "../../kv/keys.ts";
import type { Match } from "../../kv/matches.ts";
import { pairMany, type PairRequest } from "../../kv/pairing.ts";
import { followUpsSettled } from "../../kv/match_follow_up.ts";
import type { Ticket } from "../../kv/tickets.ts";
import { dayKey } from "../../kv/hashtags.ts";
import { type Met, partnerByPeerId, relationsOf } from "../../kv/relations.ts";

function ticket(userId: string): Ticket {
  return {
    userId,
    username: userId,
    peerId: userId.padEnd(21, "x"),
    instanceId: "i1",
    connId: `c-${userId}`,
    enqueuedAt: 1,
    seenAt: Date.now(),
    hashtags: [],
    pref: { location: "global", language: "any" },
    me: { language: "en", city: "Warsaw", country: "Poland", continent: "Europe", cell: null },
    shownLocation: "Poland",
    vip: false,
    dailyLimit: -1,
    avoid: [],
    recent: [],
  };
}

const side = (t: Ticket, role: "offerer" | "answerer") => ({
  userId: t.userId,
  username: t.username,
  peerId: t.peerId,
  instanceId: t.instanceId,
  connId: t.connId,
  hashtag: "#exploring",
  location: "Poland",
  role,
  disconnectedAt: null,
});

/** The request pairing `a` (answerer) with `b` (offerer). */
function pairRequest(
  a: PairRequest["a"],
  b: PairRequest["b"],
  checks?: PairRequest["checks"],
): PairRequest {
  return {
    a,
    b,
    build: (id): Match => ({
      id,
      a: side(a.value, "answerer"),
      b: side(b.value, "offerer"),
      startedAt: Date.now(),
      endsAt: Date.now() + 60_000,
      status: "live",
    }),
    ...(checks ? { checks } : {}),
  };
}

/** Pair requests for tickets 0 and 1, 2 and 3, and so on. */
function pairsOf(entries: Deno.KvEntry<Ticket>[]): PairRequest[] {
  const requests: PairRequest[] = [];
  for (let i = 0; i + 1 < entries.length; i += 2) {
    requests.push(pairRequest(entries[i], entries[i + 1]));
  }
  return requests;
}

Deno.test("pairMany: 40 pairs claimed; a taken member only fails its own pair", async () => {
  const kv = await openKv(":memory:");
  try {
    const users = Array.from({ length: 80 }, (_, i) => `u${String(i).padStart(2, "0")}`);
    for (const u of users) await kv.set(keys.mmWaiting(u), ticket(u));
    const entries = await Promise.all(users.map((u) => kv.get<Ticket>(keys.mmWaiting(u))));
    // Member u05 is put in another match after the tickets were read: pair (u04, u05) must fail.
    await kv.set(keys.mmActive("u05"), "elsewhere");
    const requests = pairsOf(entries as Deno.KvEntry<Ticket>[]);
    const results = await pairMany(kv, requests);
    assert.equal(results.filter((r) => r.ok).length, 39);
    assert.deepEqual(results[2], { ok: false, reason: "taken" });
    // Every other member is in exactly one live match; u04 still waits, u05 is elsewhere.
    for (const u of users) {
      const active = (await kv.get<string>(keys.mmActive(u))).value;
      if (u === "u04") assert.equal(active, null);
      else if (u === "u05") assert.equal(active, "elsewhere");
      else assert.ok(active && active !== "elsewhere", `${u} is matched`);
    }
    assert.ok((await kv.get(keys.mmWaiting("u04"))).value, "u04's ticket stays in the pool");
    // Each pair made carries the versionstamp of the commit that made it.
    for (const r of results) if (r.ok) assert.match(r.versionstamp, /^[0-9a-f]{20}$/);
  } finally {
    kv.close();
  }
});

Deno.test("pairMany: a busy KV failing one group's commit loses no pair that was made", async () => {
  const kv = await openKv(":memory:");
  try {
    const users = Array.from({ length: 64 }, (_, i) => `v${String(i).padStart(2, "0")}`);
    for (const u of users) await kv.set(keys.mmWaiting(u), ticket(u));
    const entries = await Promise.all(users.map((u) => kv.get<Ticket>(keys.mmWaiting(u))));
    const requests = pairsOf(entries as Deno.KvEntry<Ticket>[]);
    // The second commit (the second group of 16 pairs) and the first claim of its fallback throw,
    // as a locked SQLite file does.
    const realAtomic = kv.atomic.bind(kv);
    let commits = 0;
    // deno-lint-ignore no-explicit-any
    (kv as any).atomic = () => {
      const op = realAtomic();
      const realCommit = op.commit.bind(op);
      op.commit = () => {
        commits++;
        if (commits === 2 || commits === 3) {
          return Promise.reject(new TypeError("database is locked"));
        }
        return realCommit();
      };
      return op;
    };
    const results = await pairMany(kv, requests);
    // deno-lint-ignore no-explicit-any
    delete (kv as any).atomic;
    assert.equal(results.filter((r) => r.ok).length, 32, "every pair made is reported as made");
    const matched = new Map<string, string>();
    for (const r of results) {
      if (!r.ok) continue;
      for (const s of [r.match.a, r.match.b]) {
        assert.equal(matched.has(s.userId), false, `${s.userId} is in one match only`);
        matched.set(s.userId, r.match.id);
        assert.equal((await kv.get<string>(keys.mmActive(s.userId))).value, r.match.id);
      }
    }
    assert.equal(matched.size, 64);
  } finally {
    kv.close();
  }
});

/**
 * What a held search's claim checks, as its profile read saw it (the held-search rule): the
 * member's search version, and that the live match it saw, if any, is over.
 */
async function heldChecks(kv: Deno.Kv, userId: string): Promise<Deno.AtomicCheck[]> {
  const [version, active] = await kv.getMany([keys.searchVersion(userId), keys.mmActive(userId)]);
  return active.value ? [version, { key: active.key, versionstamp: null }] : [version];
}

/** Held searches (never put): each claim checks what its members' profile reads saw. */
async function heldPairs(kv: Deno.Kv, pairs: [string, string][]): Promise<PairRequest[]> {
  const requests: PairRequest[] = [];
  for (const [x, y] of pairs) {
    const [vx, vy] = [await heldChecks(kv, x), await heldChecks(kv, y)];
    // Today's session count as read with the profile (none yet): nothing more to read or check.
    const usage = { day: dayKey(), count: 0, versionstamp: null };
    const a = { key: keys.mmWaiting(x), value: { ...ticket(x), usage }, versionstamp: null };
    const b = { key: keys.mmWaiting(y), value: { ...ticket(y), usage }, versionstamp: null };
    requests.push(pairRequest(a, b, { a: vx, b: vy }));
  }
  return requests;
}

/** Live matches per member, from KV: the active keys and the match records they name. */
async function liveMatchesOf(kv: Deno.Kv, users: string[]) {
  const out = new Map<string, string[]>();
  for await (const e of kv.list<Match>({ prefix: keys.match("").slice(0, -1) })) {
    if (e.value.status !== "live") continue;
    for (const s of [e.value.a, e.value.b]) {
      out.set(s.userId, [...out.get(s.userId) ?? [], e.key.at(-1) as string]);
    }
  }
  for (const u of users) {
    const ids = out.get(u) ?? [];
    assert.ok(ids.length <= 1, `${u} is in ${ids.length} live matches`);
    const active = (await kv.get<string>(keys.mmActive(u))).value;
    assert.equal(active, ids[0] ?? null, `${u}'s active key names its one live match`);
  }
  return out;
}

/** Counts the commits made through `kv` (and lets a test act before one). */
function countCommits(kv: Deno.Kv, before?: (n: number) => Promise<void>) {
  const realAtomic = kv.atomic.bind(kv);
  const seen = { commits: 0, restore: () => {} };
  // deno-lint-ignore no-explicit-any
  (kv as any).atomic = () => {
    const op = realAtomic();
    const realCommit = op.commit.bind(op);
    op.commit = async () => {
      const n = ++seen.commits;
      if (before) await before(n);
      return realCommit();
    };
    return op;
  };
  // deno-lint-ignore no-explicit-any
  seen.restore = () => delete (kv as any).atomic;
  return seen;
}

Deno.test("pairMany: 500 held pairs take 10 commits of 50 (KV's 100 checks), each member once", async () => {
  const kv = await openKv(":memory:");
  try {
    const users = Array.from({ length: 1000 }, (_, i) => `h${String(i).padStart(4, "0")}`);
    const pairs = users.flatMap((u, i) => i % 2 ? [] : [[u, users[i + 1]] as [string, string]]);
    const requests = await heldPairs(kv, pairs);
    const seen = countCommits(kv);
    const results = await pairMany(kv, requests);
    seen.restore();
    assert.equal(results.filter((r) => r.ok).length, 500);
    assert.equal(seen.commits, 10);
    const live = await liveMatchesOf(kv, users);
    assert.equal(live.size, 1000);
  } finally {
    kv.close();
  }
});

Deno.test("pairMany: a member named by two claims of one call is paired once, never twice", async () => {
  const kv = await openKv(":memory:");
  try {
    // m0 is chosen twice (with m1 and with m2), m3 twice (with m4 and m5): one claim of each wins.
    const users = ["m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7"];
    const requests = await heldPairs(kv, [["m0", "m1"], ["m0", "m2"], ["m3", "m4"], [
      "m5",
      "m3",
    ], ["m6", "m7"]]);
    const results = await pairMany(kv, requests);
    assert.deepEqual(results.map((r) => r.ok), [true, false, true, false, true]);
    const live = await liveMatchesOf(kv, users);
    assert.deepEqual([...live.keys()].sort(), ["m0", "m1", "m3", "m4", "m6", "m7"]);
  } finally {
    kv.close();
  }
});

Deno.test("pairMany: two instances racing for overlapping members on one KV file never pair one twice", async () => {
  const dir = await Deno.makeTempDir();
  const one = await openKv(`${dir}/race.kv`);
  const two = await openKv(`${dir}/race.kv`);
  try {
    // 200 members; each instance chose its own pairs from the same pool, overlapping everywhere.
    const users = Array.from({ length: 200 }, (_, i) => `r${String(i).padStart(3, "0")}`);
    const mine = users.flatMap((u, i) => i % 2 ? [] : [[u, users[i + 1]] as [string, string]]);
    const theirs = users.flatMap((_, i) =>
      i % 2 || i + 2 >= users.length ? [] : [[users[i + 1], users[i + 2]] as [string, string]]
    );
    const [a, b] = await Promise.all([
      heldPairs(one, mine).then((r) => pairMany(one, r)),
      heldPairs(two, theirs).then((r) => pairMany(two, r)),
    ]);
    const made = [...a, ...b].filter((r) => r.ok);
    const live = await liveMatchesOf(one, users);
    assert.equal(live.size, made.length * 2, "every pair reported made is live, and no other");
    for (const r of made) {
      if (!r.ok) continue;
      assert.deepEqual(live.get(r.match.a.userId), [r.match.id]);
      assert.deepEqual(live.get(r.match.b.userId), [r.match.id]);
    }
    assert.ok(made.length >= 50, `most pairs are made (${made.length})`);
  } finally {
    one.close();
    two.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("pairMany: a member leaving mid-batch fails only their pair; the rest commit together again", async () => {
  const kv = await openKv(":memory:");
  try {
    const users = Array.from({ length: 40 }, (_, i) => `l${String(i).padStart(2, "0")}`);
    const pairs = users.flatMap((u, i) => i % 2 ? [] : [[u, users[i + 1]] as [string, string]]);
    const requests = await heldPairs(kv, pairs);
    // Between the choice and the commit, l07 changes something its search was built from (its
    // version moves: a profile change, a block, another socket's match).
    const seen = countCommits(kv, async (n) => {
      if (n === 1) await kv.atomic().sum(keys.searchVersion("l07"), 1n).commit();
    });
    const results = await pairMany(kv, requests);
    seen.restore();
    assert.deepEqual(results.map((r, i) => r.ok || i), results.map((_, i) => i === 3 ? 3 : true));
    // 1: the version's own write; 2: the group, which fails; 3: its other 19 pairs again, together;
    // 4: the changed pair alone, from fresh reads (it holds now: nobody took l06 or l07).
    assert.ok(seen.commits <= 4, `${seen.commits} commits`);
    const live = await liveMatchesOf(kv, users);
    assert.equal(live.size, 38 + (results[3].ok ? 2 : 0));
  } finally {
    kv.close();
  }
});

Deno.test("pairMany: a member taken elsewhere mid-batch is not paired again; the others are", async () => {
  const kv = await openKv(":memory:");
  try {
    const users = Array.from({ length: 20 }, (_, i) => `t${String(i).padStart(2, "0")}`);
    const pairs = users.flatMap((u, i) => i % 2 ? [] : [[u, users[i + 1]] as [string, string]]);
    const requests = await heldPairs(kv, pairs);
    // Another instance pairs t04 with someone else (its version moves, its active key is set).
    const seen = countCommits(kv, async (n) => {
      if (n === 1) {
        await kv.atomic().set(keys.mmActive("t04"), "elsewhere").sum(keys.searchVersion("t04"), 1n)
          .commit();
      }
    });
    const results = await pairMany(kv, requests);
    seen.restore();
    assert.deepEqual(results[2], { ok: false, reason: "taken" });
    assert.equal(results.filter((r) => r.ok).length, 9);
    assert.equal((await kv.get<string>(keys.mmActive("t04"))).value, "elsewhere");
    assert.equal((await kv.get<string>(keys.mmActive("t05"))).value, null, "t05 searches on");
    for (const u of users.filter((u) => u !== "t04" && u !== "t05")) {
      assert.ok((await kv.get<string>(keys.mmActive(u))).value, `${u} is matched`);
    }
  } finally {
    kv.close();
  }
});

Deno.test("met history: one record per partner, of the latest meeting, which a report names", async () => {
  const kv = await openKv(":memory:");
  try {
    const waiting = async (userId: string, peerId: string) => {
      await kv.set(keys.mmWaiting(userId), { ...ticket(userId), peerId });
      return (await kv.get<Ticket>(keys.mmWaiting(userId))) as Deno.KvEntry<Ticket>;
    };
    const meet = async (peer1: string, peer2: string) => {
      const [r] = await pairMany(kv, [
        pairRequest(await waiting("u1", peer1), await waiting("u2", peer2)),
      ]);
      assert.ok(r.ok, "paired");
      // The "met" records come with the pairing's follow-up, right after the claim.
      await followUpsSettled(kv);
      // The match ends: both are free to meet again.
      await kv.delete(keys.mmActive("u1"));
      await kv.delete(keys.mmActive("u2"));
    };
    const first = "F".repeat(21), second = "S".repeat(21);
    await meet("a".repeat(21), first);
    await meet("b".repeat(21), second);
    const met = await Array.fromAsync(kv.list<Met>({ prefix: keys.metPrefix("u1") }));
    assert.deepEqual(met.map((e) => [e.key, e.value.partnerId, e.value.peerId]), [
      [keys.mmHistory("u1", "u2"), "u2", second],
    ]);
    assert.equal((await partnerByPeerId(kv, "u1", second))?.partnerId, "u2");
    assert.equal(await partnerByPeerId(kv, "u1", first), null, "an earlier meeting's peer id");
    assert.equal(await partnerByPeerId(kv, "u1", "u2"), null, "a member id is not a peer id");
    assert.equal((await partnerByPeerId(kv, "u2", "b".repeat(21)))?.partnerId, "u1");

    // A record written in the earlier form (keyed by the peer id, none inside) still counts.
    const legacy = "L".repeat(21);
    await kv.set(keys.mmHistory("u1", legacy), { partnerId: "u3", matchId: "m", at: Date.now() });
    assert.equal((await partnerByPeerId(kv, "u1", legacy))?.partnerId, "u3");
    assert.deepEqual((await relationsOf(kv, "u1")).recent.sort(), ["u2", "u3"]);
    // Both forms are forgotten after 24 hours.
    const later = Date.now() + 25 * 3600_000;
    assert.equal(await partnerByPeerId(kv, "u1", second, later), null);
    assert.equal(await partnerByPeerId(kv, "u1", legacy, later), null);
  } finally {
    kv.close();
  }
});
