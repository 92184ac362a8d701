// Several server instances on one KV: three Deno Worker instances on one KV file, members spread
// across them. Everyone is paired exactly once and told so, signals, reactions and endings cross
// instances (in the order sent), a killed instance's member is reported as partner_disconnected to
// a partner on another instance (heartbeat + grace), and a dead instance's searcher is never handed
// out as a partner once its ticket has gone stale.
import assert from "node:assert/strict";
import { type Instance, startInstances } from "../helpers/instances.ts";
import {
  closeAll,
  connectPeer,
  liveMatchCounts,
  MemberFactory,
  pairUp,
  type Peer,
  retryLocked,
  search,
  SHARED_SESSION_SECRET,
} from "../helpers/realtime_members.ts";
import { eventually, sleep } from "../helpers/time.ts";
import { dayKey } from "../../kv/hashtags.ts";
import { getTicket } from "../../kv/tickets.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };
const HEARTBEAT_MS = 300;
const GRACE_MS = 600;
const SEARCH_MS = 2500;
const ENV = {
  SESSION_SECRET: SHARED_SESSION_SECRET,
  HEARTBEAT_MS: String(HEARTBEAT_MS),
  RECONNECT_GRACE_MS: String(GRACE_MS),
  SEARCH_TIMEOUT_MS: String(SEARCH_MS),
  MATCH_DURATION_MS: "30000",
};
const NO_MATCH =
  "No other users are currently looking for connections. Please try again in a few minutes.";
const CANDIDATE = {
  type: "ice-candidate",
  candidate: { candidate: "candidate:1 1 udp 2122260223 203.0.113.1 50000 typ host" },
};

interface Cluster {
  kv: Deno.Kv;
  instances: Instance[];
  factory: MemberFactory;
  /** Uncaught errors the instances raised (each ends its worker). */
  errors: string[];
}

/** Three instances on a fresh KV file; this process opens the file too, for members and checks. */
async function withCluster(fn: (c: Cluster) => Promise<void>, env: Record<string, string> = {}) {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/cluster.kv`;
  const kv = await Deno.openKv(kvPath);
  let instances: Instance[] = [];
  const errors: string[] = [];
  try {
    instances = await startInstances(3, kvPath, { ...ENV, ...env });
    instances.forEach((inst, i) => {
      inst.worker.onerror = (e) => {
        e.preventDefault();
        errors.push(`instance ${i}: ${e.message}`);
      };
    });
    const factory = await MemberFactory.forKv(kv, instances[0].url);
    await fn({ kv, instances, factory, errors });
  } finally {
    await sleep(300);
    // A clean stop when the instance still responds, else (it died) a kill.
    await Promise.all(instances.map((inst) => Promise.race([inst.stop(), sleep(3000)])));
    for (const inst of instances) inst.kill();
    kv.close();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/** A member's ticket in the pool, if any. */
async function ticketOf(c: Cluster, userId: string) {
  return (await retryLocked(() => getTicket(c.kv, userId))).value;
}

async function peerOn(c: Cluster, i: number): Promise<Peer> {
  const m = await c.factory.create({}, c.instances[i].url);
  return await connectPeer(m, c.instances[i].url);
}

Deno.test("instances: pairing and relay across 3 instances on one KV file", opts, async (t) => {
  await withCluster(async (c) => {
    const peers: Peer[] = [];
    try {
      await t.step("12 members spread over 3 instances: each paired once and told so", async () => {
        const twelve: Peer[] = [];
        for (let i = 0; i < 12; i++) twelve.push(await peerOn(c, i % 3));
        peers.push(...twelve);
        for (const p of twelve) search(p);
        const settled = await Promise.allSettled(
          twelve.map((p) => p.ws.next("match_found", 8000)),
        );
        const counts = await retryLocked(() => liveMatchCounts(c.kv));
        for (const p of twelve) {
          assert.equal(counts.get(p.member.id), 1, `${p.member.username} in one live match`);
        }
        const missing = twelve.filter((_, i) => settled[i].status === "rejected");
        assert.deepEqual(
          missing.map((p) => `${p.member.username} on instance ${twelve.indexOf(p) % 3}`),
          [],
          "members paired in KV but never told match_found (lost, neither matched nor timed out)",
        );
        // deno-lint-ignore no-explicit-any
        const found = settled.map((r) => (r as PromiseFulfilledResult<any>).value);
        const index = new Map(twelve.map((p, i) => [p.peerId, i]));
        found.forEach((m, i) => {
          const j = index.get(m.peerId);
          assert.ok(j !== undefined && j !== i);
          assert.equal(found[j!].peerId, twelve[i].peerId, "mutual");
          assert.equal(found[j!].matchId, m.matchId);
        });
        await sleep(300);
        for (const p of twelve) {
          assert.equal(p.ws.messages.filter((m) => m.type === "match_found").length, 1);
        }
        for (let i = 0; i < twelve.length; i++) {
          const j = index.get(found[i].peerId)!;
          if (i > j) continue;
          twelve[i].ws.send({ type: "signal", to: twelve[j].peerId, signal: CANDIDATE });
          assert.equal((await twelve[j].ws.next("signal", 3000)).from, twelve[i].peerId);
          twelve[j].ws.send({ type: "signal", to: twelve[i].peerId, signal: CANDIDATE });
          assert.equal((await twelve[i].ws.next("signal", 3000)).from, twelve[j].peerId);
        }
      });

      await t.step(
        "a pair across two instances: signals, reactions and the ending relay",
        async () => {
          const a = await peerOn(c, 0), b = await peerOn(c, 1);
          peers.push(a, b);
          await pairUp(a, b);
          const offer = { type: "offer", sdp: "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n" };
          const started = performance.now();
          a.ws.send({ type: "signal", to: b.peerId, signal: offer });
          const got = await b.ws.next("signal", 3000);
          assert.deepEqual({ from: got.from, signal: got.signal }, {
            from: a.peerId,
            signal: offer,
          });
          const took = performance.now() - started;
          assert.ok(took < 1500, `cross-instance relay took ${took.toFixed(0)} ms`);
          a.ws.send({ type: "signal", to: "Q".repeat(21), signal: offer });
          assert.equal((await a.ws.next("error")).message, "Signals go only to your partner");
          b.ws.send({ type: "reaction", emoji: "🔥" });
          assert.equal((await a.ws.next("reaction", 3000)).emoji, "🔥");
          a.ws.send({ type: "end_session", reason: "user_ended" });
          assert.equal((await b.ws.next("session_ended", 3000)).reason, "user_ended");
        },
      );

      await t.step("a burst of signals crosses instances in the order sent", async () => {
        const a = await peerOn(c, 1), b = await peerOn(c, 2);
        peers.push(a, b);
        await pairUp(a, b);
        const sent = [
          { type: "offer", sdp: "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n" },
          ...Array.from({ length: 19 }, (_, i) => ({
            type: "ice-candidate",
            candidate: { candidate: `candidate:${i} 1 udp 1 203.0.113.1 ${50000 + i} typ host` },
          })),
        ];
        for (const signal of sent) a.ws.send({ type: "signal", to: b.peerId, signal });
        const got = [];
        for (let i = 0; i < sent.length; i++) got.push((await b.ws.next("signal", 3000)).signal);
        assert.deepEqual(got, sent, "signals crossed instances out of order");
      });

      await t.step("no instance died of an uncaught error", () => {
        assert.deepEqual(c.errors, []);
      });
    } finally {
      closeAll(...peers);
    }
  });
});

Deno.test(
  "instances: killing an instance mid-match → the partner elsewhere hears partner_disconnected",
  opts,
  async () => {
    await withCluster(async (c) => {
      const a = await peerOn(c, 2), b = await peerOn(c, 0);
      try {
        const [ma] = await pairUp(a, b);
        const started = performance.now();
        c.instances[2].kill();
        // Dead after 3 missed beats, noticed at b's next beat, then the grace period.
        const ended = await b.ws.next("session_ended", 3 * HEARTBEAT_MS + GRACE_MS + 5000);
        const took = performance.now() - started;
        assert.equal(ended.reason, "partner_disconnected");
        assert.ok(took >= GRACE_MS, `told after ${took.toFixed(0)} ms, before the grace period`);
        const rec = await retryLocked(() =>
          c.kv.get<{ status: string; endedReason: string }>(["matches", ma.matchId])
        );
        assert.equal(rec.value?.status, "ended");
        assert.equal(rec.value?.endedReason, "partner_disconnected");
      } finally {
        closeAll(a, b);
      }
    });
  },
);

Deno.test(
  "instances: a dead instance's searcher is dropped from the pool, never handed out",
  opts,
  async () => {
    await withCluster(async (c) => {
      const ghost = await peerOn(c, 2);
      const d = await peerOn(c, 0);
      try {
        search(ghost);
        await ghost.ws.next("searching");
        c.instances[2].kill();
        // A ticket not refreshed for 6 beats is stale.
        await sleep(6 * HEARTBEAT_MS + 500);
        search(d);
        const outcome = await Promise.race([
          d.ws.next("match_found", SEARCH_MS + 3000).then((m) => `paired with ${m.peerId}`),
          d.ws.next("no_match_found", SEARCH_MS + 3000).then((m) => m.message),
        ]);
        assert.equal(outcome, NO_MATCH);
        assert.ok(
          await eventually(
            async () => (await ticketOf(c, ghost.member.id)) === null,
            2000,
          ),
          "the ghost's ticket is removed",
        );
      } finally {
        closeAll(ghost, d);
      }
    });
  },
);

Deno.test(
  "instances: killed while its member searches → a member searching at once elsewhere is never told of the ghost and meets the next real searcher",
  opts,
  async () => {
    await withCluster(async (c) => {
      const ghost = await peerOn(c, 2);
      const live = await peerOn(c, 0);
      const real = await peerOn(c, 1);
      try {
        search(ghost);
        await ghost.ws.next("searching");
        // The ghost's ticket is in the pool for every instance to see.
        assert.ok(
          await eventually(
            async () => (await ticketOf(c, ghost.member.id)) !== null,
            2000,
          ),
        );
        c.instances[2].kill();
        // At once, while the dead instance still counts as alive.
        search(live);
        await live.ws.next("searching");
        await sleep(300);
        search(real);
        const met = await live.ws.next("match_found", 8000);
        assert.equal(met.peerId, real.peerId, "meets the real searcher");
        assert.equal((await real.ws.next("match_found", 3000)).peerId, live.peerId);
        const told = live.ws.messages.filter((m) => m.type !== "registered");
        assert.deepEqual(
          told.map((m) => m.type),
          ["searching", "match_found"],
          "nothing but searching, then the real match",
        );
        assert.ok(!told.some((m) => m.peerId === ghost.peerId), "never told of the ghost");
        // Stored data: the ghost is in no live match, and the live member's session is counted
        // once (the undone pairing is not).
        const counts = await liveMatchCounts(c.kv);
        assert.equal(counts.get(ghost.member.id) ?? 0, 0);
        assert.equal(counts.get(live.member.id), 1);
        const day = dayKey();
        const used = await retryLocked(() => c.kv.get<Deno.KvU64>(["usage", live.member.id, day]));
        assert.equal(Number(used.value?.value ?? 0n), 1);
      } finally {
        closeAll(ghost, live, real);
      }
    }, { SEARCH_TIMEOUT_MS: "15000" });
  },
);
