// The search screen's figures and widening, on two instances sharing one KV file: a searcher on one
// instance hears how many search on the other (rounded: "fewer than 5" below five) and how many of
// them its filters allow, is offered the narrowest wider filter that would meet someone, and
// widening keeps its search (the same ticket, the same place in line) until it meets a member
// elsewhere. A widen for a search that is not the socket's running one, or to a filter that is not
// wider, is refused and changes nothing stored; so is a malformed one. A widen racing a match made on
// the other instance never double-books, and the estimate comes from recent searches.
// deno-lint-ignore-file no-explicit-any
import assert from "node:assert/strict";
import { type Instance, startInstances } from "../helpers/instances.ts";
import {
  closeAll,
  connectPeer,
  liveMatchCounts,
  MemberFactory,
  type Peer,
  retryLocked,
  search,
  SHARED_SESSION_SECRET,
  withMembers,
} from "../helpers/realtime_members.ts";
import { eventually, sleep } from "../helpers/time.ts";
import { getTicket } from "../../kv/tickets.ts";
import { saveFilters } from "../../kv/filters.ts";
import type { FiltersPatch } from "../../lib/shared/filters_schema.ts";
import type { WsClient } from "../helpers/realtime.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };
const ENV = {
  SESSION_SECRET: SHARED_SESSION_SECRET,
  HEARTBEAT_MS: "300",
  RECONNECT_GRACE_MS: "600",
  SEARCH_TIMEOUT_MS: "30000",
  MATCH_DURATION_MS: "30000",
};

interface Two {
  kv: Deno.Kv;
  instances: Instance[];
  factory: MemberFactory;
}

async function withTwo(fn: (c: Two) => Promise<void>) {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/waiting.kv`;
  const kv = await Deno.openKv(kvPath);
  let instances: Instance[] = [];
  try {
    instances = await startInstances(2, kvPath, ENV);
    const factory = await MemberFactory.forKv(kv, instances[0].url);
    await fn({ kv, instances, factory });
  } finally {
    await sleep(300);
    await Promise.all(instances.map((inst) => Promise.race([inst.stop(), sleep(3000)])));
    for (const inst of instances) inst.kill();
    kv.close();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/** A member at `location` with `filters`, connected to instance `i`. */
async function member(c: Two, i: number, location: string, filters: FiltersPatch): Promise<Peer> {
  const m = await c.factory.create({ location }, c.instances[i].url);
  await retryLocked(() => saveFilters(c.kv, m.id, filters));
  return await connectPeer(m, c.instances[i].url);
}

/** The latest message of `type` once one satisfies `ok`, waiting up to `ms`. */
async function latest(ws: WsClient, type: string, ok: (m: any) => boolean, ms = 8000) {
  let found: any = null;
  await eventually(() => {
    found = ws.messages.filter((m) => m.type === type).at(-1) ?? null;
    return found !== null && ok(found);
  }, ms);
  assert.ok(found && ok(found), `no ${type} as wanted; last: ${JSON.stringify(found)}`);
  return found;
}

async function ticketOf(c: Two, userId: string) {
  return await retryLocked(() => getTicket(c.kv, userId));
}

Deno.test("waiting: figures across instances, widening offered and taken", opts, async (t) => {
  await withTwo(async (c) => {
    const peers: Peer[] = [];
    try {
      // On instance 1: five members in Warsaw who speak English but want German speakers (they
      // meet nobody here, but a Warsaw city filter allows them), four in other Polish cities with
      // a city filter each, and nobody who would take a member from Warsaw.
      for (let i = 0; i < 5; i++) {
        peers.push(
          await member(c, 1, "Warsaw, Poland", {
            locationPreference: "city",
            languagePreference: "de",
          }),
        );
      }
      for (const city of ["Gdansk", "Lodz", "Poznan", "Wroclaw"]) {
        peers.push(await member(c, 1, `${city}, Poland`, { locationPreference: "city" }));
      }
      for (const p of peers) search(p);
      await Promise.all(peers.map((p) => p.ws.next("searching")));
      // On instance 0: a member in Warsaw filtered to their city.
      const a = await member(c, 0, "Warsaw, Poland", { locationPreference: "city" });
      peers.push(a);
      search(a);
      await a.ws.next("searching");

      let searchId = "";
      await t.step("the other instance's searchers are counted, rounded", async () => {
        const w = await latest(a.ws, "waiting", (m) => m.searching === 5);
        // 9 others: "5+"; 5 allowed by a Warsaw city filter: "5+"; nobody to meet and no wider
        // filter meets anyone either, so nothing is offered.
        assert.equal(w.allowed, 5);
        assert.equal(w.offer, null);
        assert.equal(w.widenedTo, null);
        assert.deepEqual(w.estimate, { kind: "unknown" });
        searchId = w.searchId;
        assert.match(searchId, /^[0-9a-f-]{36}$/);
      });

      // On instance 1: a member in Krakow open to anyone, who meets a Warsaw member once their
      // filter takes Poland.
      const b = await member(c, 1, "Krakow, Poland", { locationPreference: "global" });
      peers.push(b);
      const before = await ticketOf(c, a.member.id);
      assert.equal(before.value?.pref.location, "city");

      await t.step("the narrowest wider filter that meets someone is offered", async () => {
        search(b);
        const w = await latest(a.ws, "waiting", (m) => m.offer !== null);
        assert.deepEqual(w.offer, { location: "country", country: "Poland", code: "PL" });
        assert.equal(w.searching, 10, "10 others: '10+'");
        assert.equal(w.searchId, searchId, "the same search");
      });

      await t.step(
        "a widen that is not the socket's running search's changes nothing",
        async () => {
          const refusals = async (p: Peer, msg: unknown, code: string) => {
            const n = p.ws.messages.filter((m) => m.type === "widen_refused").length;
            p.ws.send(msg);
            const r = await latest(
              p.ws,
              "widen_refused",
              () => p.ws.messages.filter((m) => m.type === "widen_refused").length > n,
            );
            assert.equal(r.code, code);
          };
          const toPoland = { location: "country", country: "Poland" };
          // Someone else's search (b names a's search id).
          await refusals(b, { type: "widen", searchId, to: toPoland }, "not_searching");
          // A search id that is no search at all.
          await refusals(
            a,
            { type: "widen", searchId: "x".repeat(64), to: toPoland },
            "not_searching",
          );
          // Not a wider filter of a's search: another country, a continent a is not on.
          await refusals(a, {
            type: "widen",
            searchId,
            to: { location: "country", country: "Japan" },
          }, "bad_widen");
          await refusals(a, {
            type: "widen",
            searchId,
            to: { location: "continent", continent: "Asia" },
          }, "bad_widen");
          // A second socket of a's, not searching.
          const other = await connectPeer(a.member, c.instances[1].url);
          peers.push(other);
          await refusals(other, { type: "widen", searchId, to: toPoland }, "not_searching");
          // Malformed: an oversized id, a location that is none.
          const errors = a.ws.messages.filter((m) => m.type === "error").length;
          a.ws.send({ type: "widen", searchId: "y".repeat(65), to: toPoland });
          a.ws.send({ type: "widen", searchId, to: { location: "mars" } });
          await eventually(() =>
            a.ws.messages.filter((m) => m.type === "error").length >= errors + 2
          );
          assert.deepEqual(
            a.ws.messages.filter((m) => m.type === "error").slice(errors).map((m) => m.code),
            ["malformed", "malformed"],
          );
          // Only the heartbeat's seenAt may have moved.
          const after = await ticketOf(c, a.member.id);
          assert.deepEqual({ ...after.value, seenAt: 0 }, { ...before.value, seenAt: 0 });
          assert.ok(!a.ws.messages.some((m) => m.type === "match_found"), "no match yet");
        },
      );

      await t.step("widening keeps the search and its place in line, and meets b", async () => {
        const searching = a.ws.messages.filter((m) => m.type === "searching").length;
        a.ws.send({ type: "widen", searchId, to: { location: "country", country: "Poland" } });
        const [ma, mb] = await Promise.all([
          a.ws.next("match_found", 8000),
          b.ws.next("match_found", 8000),
        ]);
        assert.equal(ma.peerId, b.peerId);
        assert.equal(mb.peerId, a.peerId);
        assert.equal(
          a.ws.messages.filter((m) => m.type === "searching").length,
          searching,
          "no new search began",
        );
        // The pairing claimed a's one ticket: nothing of a's is left in the pool.
        assert.equal((await ticketOf(c, a.member.id)).value, null);
      });
    } finally {
      closeAll(...peers);
    }
  });
});

Deno.test(
  "waiting: a widened ticket keeps its key and place in line; auto-widen",
  opts,
  async (t) => {
    await withTwo(async (c) => {
      const peers: Peer[] = [];
      try {
        const a = await member(c, 0, "Warsaw, Poland", { locationPreference: "city" });
        peers.push(a);
        search(a);
        await a.ws.next("searching");
        const w = await latest(a.ws, "waiting", () => true);
        assert.equal(w.searching, 0, "nobody else: 'fewer than 5'");
        // Written once held past a moment: then widened in place.
        await eventually(async () => (await ticketOf(c, a.member.id)).value !== null);
        const before = await ticketOf(c, a.member.id);

        await t.step(
          "a step nobody meets yet is taken all the same (the member asked)",
          async () => {
            a.ws.send({
              type: "widen",
              searchId: w.searchId,
              to: { location: "continent", continent: "Europe" },
            });
            await latest(a.ws, "waiting", (m) => m.widenedTo?.location === "continent");
            const after = await ticketOf(c, a.member.id);
            assert.notEqual(after.versionstamp, before.versionstamp);
            assert.deepEqual(after.value!.pref, {
              location: "continent",
              continent: "Europe",
              language: "any",
            });
            assert.equal(after.value!.enqueuedAt, before.value!.enqueuedAt, "same place in line");
            assert.equal(after.value!.connId, before.value!.connId);
            // Narrowing back is no widening.
            a.ws.send({
              type: "widen",
              searchId: w.searchId,
              to: { location: "country", country: "Poland" },
            });
            const r = await latest(a.ws, "widen_refused", () => true);
            assert.equal(r.code, "bad_widen");
            // Only the heartbeat's seenAt may have moved.
            assert.deepEqual((await ticketOf(c, a.member.id)).value!.pref, after.value!.pref);
          },
        );

        await t.step(
          "a member who widens automatically meets someone far away by themselves",
          async () => {
            const d = await member(c, 1, "Lisbon, Portugal", {
              locationPreference: "country",
              countryPreference: "Portugal",
              widenAutomatically: true,
            });
            peers.push(d);
            search(d);
            // d's filter (Portugal) meets nobody; a (Warsaw, Europe) meets d's continent.
            const [md, ma] = await Promise.all([
              d.ws.next("match_found", 10_000),
              a.ws.next("match_found", 10_000),
            ]);
            assert.equal(md.peerId, a.peerId);
            assert.equal(ma.peerId, d.peerId);
          },
        );
      } finally {
        closeAll(...peers);
      }
    });
  },
);

Deno.test(
  "waiting: the estimate comes from recent searches with the same kind of filter",
  opts,
  async () => {
    await withMembers(ENV, async (_server, factory) => {
      const peers: Peer[] = [];
      try {
        // Five pairs of members open to anyone meet at once: ten global searches that waited ~0 s.
        for (let i = 0; i < 5; i++) {
          const [x, y] = [
            await connectPeer(await factory.create()),
            await connectPeer(await factory.create()),
          ];
          peers.push(x, y);
          search(x);
          search(y);
          await Promise.all([x.ws.next("match_found"), y.ws.next("match_found")]);
        }
        // A member alone with a global filter hears "usually under 10 seconds" once the waits are
        // read again (every 10 s at most); a member filtered to a country hears nothing known.
        const alone = await connectPeer(await factory.create());
        const other = await connectPeer(await factory.create({ location: "Lisbon, Portugal" }));
        await retryLocked(() =>
          saveFilters(factory.kv, other.member.id, {
            locationPreference: "country",
            countryPreference: "Spain",
          })
        );
        peers.push(alone, other);
        search(other);
        await other.ws.next("searching");
        search(alone);
        const w = await latest(alone.ws, "waiting", (m) => m.estimate.kind === "under", 20_000);
        assert.deepEqual(w.estimate, { kind: "under", seconds: 10 });
        const o = await latest(other.ws, "waiting", () => true);
        assert.deepEqual(o.estimate, { kind: "unknown" });
      } finally {
        closeAll(...peers);
      }
    });
  },
);

Deno.test("waiting: a widen racing a match across instances never double-books", opts, async () => {
  await withTwo(async (c) => {
    const peers: Peer[] = [];
    try {
      for (let round = 0; round < 5; round++) {
        const a = await member(c, 0, "Warsaw, Poland", { locationPreference: "city" });
        const b = await member(c, 1, "Warsaw, Poland", { locationPreference: "global" });
        peers.push(a, b);
        search(a);
        const w = await latest(a.ws, "waiting", () => true);
        // b arrives (they meet under a's own filter) as a widens: whichever lands first.
        search(b);
        if (round % 2) await sleep(round * 5);
        a.ws.send({ type: "widen", searchId: w.searchId, to: { location: "global" } });
        const [ma, mb] = await Promise.all([
          a.ws.next("match_found", 8000),
          b.ws.next("match_found", 8000),
        ]);
        assert.equal(ma.peerId, b.peerId, `round ${round}`);
        assert.equal(mb.peerId, a.peerId, `round ${round}`);
        await sleep(300);
        const counts = await retryLocked(() => liveMatchCounts(c.kv));
        assert.equal(counts.get(a.member.id), 1, `round ${round}: a in one live match`);
        assert.equal(counts.get(b.member.id), 1, `round ${round}: b in one live match`);
        assert.equal((await ticketOf(c, a.member.id)).value, null, "no ticket of a's left");
        assert.equal(a.ws.messages.filter((m) => m.type === "match_found").length, 1);
        for (const r of a.ws.messages.filter((m) => m.type === "widen_refused")) {
          assert.equal(r.code, "not_searching", `round ${round}`);
        }
        assert.deepEqual(a.ws.messages.filter((m) => m.type === "error"), []);
      }
    } finally {
      closeAll(...peers);
    }
  });
});
