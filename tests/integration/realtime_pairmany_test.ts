// pairMany claims many pairs with few commits; a group in which one pair no longer holds falls
// back to claiming pair by pair, so the others still pair and nobody is in two matches.
import assert from "node:assert/strict";
import { openKv } from "../../kv/db.ts";
import { keys } from "../../kv/keys.ts";
import type { Match } from "../../kv/matches.ts";
import { pairMany, type PairRequest } from "../../kv/pairing.ts";
import type { Ticket } from "../../kv/tickets.ts";

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

/** Pair requests for tickets 0 and 1, 2 and 3, and so on (no session limits). */
function pairsOf(entries: Deno.KvEntry<Ticket>[]): PairRequest[] {
  const requests: PairRequest[] = [];
  for (let i = 0; i + 1 < entries.length; i += 2) {
    const a = entries[i], b = entries[i + 1];
    requests.push({
      a,
      b,
      build: (id): Match => ({
        id,
        a: side(a.value, "answerer"),
        b: side(b.value, "offerer"),
        startedAt: 1,
        endsAt: 2,
        status: "live",
      }),
      limits: { a: -1, b: -1 },
    });
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
