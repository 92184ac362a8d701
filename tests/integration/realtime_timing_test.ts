// Time, limits and drops over real sockets, with the 30 s and 10 s limits shortened through
// SEARCH_TIMEOUT_MS, MATCH_DURATION_MS and RECONNECT_GRACE_MS: the search time-out and its 'No
// other users' text, the live match auto-end, end_session and skip, the daily session limit
// (checked when a search starts, counted right after pairing), a searcher's ticket leaving at once, the
// grace period before partner_disconnected, and resuming a match by registering again with the old
// peer id.
import assert from "node:assert/strict";
import { WsClient } from "../helpers/realtime.ts";
import {
  closeAll,
  connectPeer,
  metric,
  pairUp,
  type Peer,
  search,
  withMembers,
} from "../helpers/realtime_members.ts";
import { eventually, sleep } from "../helpers/time.ts";
import { dayKey } from "../../kv/hashtags.ts";
import type { Match } from "../../kv/matches.ts";
import { followUpsSettled } from "../../kv/match_follow_up.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };
const NO_MATCH =
  "No other users are currently looking for connections. Please try again in a few minutes.";
const LIMIT_TEXT = "You have used all of today's sessions on your plan. Upgrade for more.";

const SEARCH_MS = 800;
const MATCH_MS = 1500;
const GRACE_MS = 1200;

const SHORT = { SEARCH_TIMEOUT_MS: String(SEARCH_MS), MATCH_DURATION_MS: String(MATCH_MS) };
const LONG_MATCH = { MATCH_DURATION_MS: "20000", RECONNECT_GRACE_MS: String(GRACE_MS) };

const CANDIDATE = {
  type: "ice-candidate",
  candidate: { candidate: "candidate:1 1 udp 2122260223 203.0.113.1 50000 typ host" },
};

/** Today's session count of a member, once the pairings' follow-ups have landed. */
async function usage(kv: Deno.Kv, userId: string): Promise<number> {
  await followUpsSettled(kv);
  const e = await kv.get<Deno.KvU64>(["usage", userId, dayKey()]);
  return Number(e.value?.value ?? 0n);
}

async function matchRecord(kv: Deno.Kv, id: string): Promise<Match | null> {
  return (await kv.get<Match>(["matches", id])).value;
}

/** A lone searcher's ticket is written after a moment held in memory (nobody in view). */
function ticketWritten(kv: Deno.Kv, userId: string): Promise<boolean> {
  return eventually(async () => !!(await kv.get(["mm", "waiting", userId])).value, 1000);
}

// ---------------------------------------------------------------- time-outs

Deno.test(
  "time: no partner within the search time-out → no_match_found with the 'No other users' text",
  opts,
  async () => {
    await withMembers(SHORT, async (server, f) => {
      const p = await connectPeer(await f.create());
      try {
        const t = performance.now();
        search(p);
        await p.ws.next("searching");
        assert.ok(await ticketWritten(server.kv, p.member.id), "ticket waiting");
        const msg = await p.ws.next("no_match_found", SEARCH_MS + 2500);
        const took = performance.now() - t;
        assert.equal(msg.message, NO_MATCH);
        assert.ok(took >= SEARCH_MS - 50, `told after ${took.toFixed(0)} ms, before the time-out`);
        assert.ok(took < SEARCH_MS + 1500, `told after ${took.toFixed(0)} ms`);
        assert.equal((await server.kv.get(["mm", "waiting", p.member.id])).value, null);
        assert.ok(await p.ws.none("no_match_found", 300), "said once");
        // The member can search again.
        search(p);
        await p.ws.next("searching");
        assert.equal((await p.ws.next("no_match_found", SEARCH_MS + 2500)).message, NO_MATCH);
      } finally {
        closeAll(p);
      }
    });
  },
);

Deno.test(
  "time: a live match ends on the server at its time limit (session_ended timeout to both)",
  opts,
  async () => {
    await withMembers(SHORT, async (server, f) => {
      const [am, bm] = await f.many(2);
      const a = await connectPeer(am), b = await connectPeer(bm);
      try {
        const [ma] = await pairUp(a, b);
        const t = performance.now();
        assert.ok(Math.abs(ma.endsAt - (Date.now() + MATCH_MS)) < 500, "endsAt is the limit");
        const [ea, eb] = await Promise.all([
          a.ws.next("session_ended", MATCH_MS + 2500),
          b.ws.next("session_ended", MATCH_MS + 2500),
        ]);
        const took = performance.now() - t;
        assert.equal(ea.reason, "timeout");
        assert.equal(eb.reason, "timeout");
        assert.ok(took >= MATCH_MS - 300, `ended after ${took.toFixed(0)} ms, too early`);
        assert.ok(took < MATCH_MS + 1500, `ended after ${took.toFixed(0)} ms`);
        const rec = await matchRecord(server.kv, ma.matchId);
        assert.equal(rec?.status, "ended");
        assert.equal(rec?.endedReason, "timeout");
        assert.equal((await server.kv.get(["mm", "active", am.id])).value, null);
        assert.equal((await server.kv.get(["mm", "active", bm.id])).value, null);
        a.ws.send({ type: "signal", to: b.peerId, signal: CANDIDATE });
        assert.equal((await a.ws.next("error")).message, "You are not in a live session");
        assert.ok(await a.ws.none("session_ended", 300), "told once");
        assert.equal(server.hub.metrics.liveMatches, 0);
      } finally {
        closeAll(a, b);
      }
    });
  },
);

// ---------------------------------------------------------------- ending and skipping

Deno.test(
  "end_session: the partner hears the reason, the ender hears nothing; find_match in a match skips",
  opts,
  async () => {
    await withMembers(LONG_MATCH, async (server, f) => {
      const [am, bm, cm] = await f.many(3);
      const a = await connectPeer(am), b = await connectPeer(bm), c = await connectPeer(cm);
      try {
        const [ma] = await pairUp(a, b);
        a.ws.send({ type: "end_session", reason: "user_ended" });
        assert.equal((await b.ws.next("session_ended")).reason, "user_ended");
        assert.ok(await a.ws.none("session_ended", 300));
        const rec = await matchRecord(server.kv, ma.matchId);
        assert.equal(rec?.status, "ended");
        assert.equal(rec?.endedReason, "user_ended");

        // Skipping: searching again while in a match ends it as user_skipped for the partner.
        const [mb] = await pairUp(b, c);
        assert.equal(mb.peerId, c.peerId);
        search(b);
        assert.equal((await c.ws.next("session_ended")).reason, "user_skipped");
        await b.ws.next("searching");
        assert.equal((await matchRecord(server.kv, mb.matchId))?.endedReason, "user_skipped");
        // And end_session without a reason is user_ended.
        search(c);
        const [mc2] = await Promise.all([c.ws.next("match_found"), b.ws.next("match_found")]);
        assert.equal(mc2.peerId, b.peerId);
        c.ws.send({ type: "end_session" });
        assert.equal((await b.ws.next("session_ended")).reason, "user_ended");
      } finally {
        closeAll(a, b, c);
      }
    });
  },
);

// ---------------------------------------------------------------- session limit

Deno.test(
  "limit: a free member with 5 sessions today gets session_limit_reached",
  opts,
  async () => {
    await withMembers(LONG_MATCH, async (server, f) => {
      const [am, bm] = await f.many(2);
      await server.kv.set(["usage", am.id, dayKey()], new Deno.KvU64(5n));
      const a = await connectPeer(am), b = await connectPeer(bm);
      try {
        search(b);
        await b.ws.next("searching");
        search(a);
        const msg = await a.ws.next("session_limit_reached");
        assert.equal(msg.message, LIMIT_TEXT);
        assert.ok(!a.ws.messages.some((m) => m.type === "searching" || m.type === "match_found"));
        assert.equal((await server.kv.get(["mm", "waiting", am.id])).value, null);
        assert.ok(await b.ws.none("match_found", 500), "b was not paired with a");
        assert.equal(await usage(server.kv, am.id), 5);
      } finally {
        closeAll(a, b);
      }
    });
  },
);

Deno.test(
  "limit: sessions are counted right after pairing; a limit reached while waiting stops the next search",
  opts,
  async () => {
    await withMembers(LONG_MATCH, async (server, f) => {
      const [am, bm, cm] = await f.many(3);
      await server.kv.set(["usage", am.id, dayKey()], new Deno.KvU64(4n));
      const a = await connectPeer(am), b = await connectPeer(bm), c = await connectPeer(cm);
      try {
        // The fifth session is allowed and counted for both.
        await pairUp(a, b);
        assert.equal(await usage(server.kv, am.id), 5);
        assert.equal(await usage(server.kv, bm.id), 1);
        a.ws.send({ type: "end_session", reason: "user_ended" });
        await b.ws.next("session_ended");
        search(a);
        assert.equal((await a.ws.next("session_limit_reached")).message, LIMIT_TEXT);

        // c waits; meanwhile c's sessions run out (another device of c, say: its pairing counts
        // the session and moves c's search version). Limits are checked when a search starts:
        // c's search began under the limit, so b's arrival pairs them (the one extra session of
        // a member racing two searches at the limit), and c's next search is refused.
        search(c);
        await c.ws.next("searching");
        assert.ok(await ticketWritten(server.kv, cm.id), "c waits in the pool");
        await server.kv.atomic()
          .set(["usage", cm.id, dayKey()], new Deno.KvU64(5n))
          .sum(["search_version", cm.id], 1n)
          .commit();
        search(b);
        const found = await c.ws.next("match_found");
        await b.ws.next("match_found");
        assert.equal(await usage(server.kv, cm.id), 6, "the extra session is counted");
        assert.equal(await usage(server.kv, bm.id), 2);
        c.ws.send({ type: "end_session", reason: "user_ended" });
        await b.ws.next("session_ended");
        assert.ok(found.matchId);
        search(c);
        assert.equal((await c.ws.next("session_limit_reached", 3000)).message, LIMIT_TEXT);
        assert.equal(await usage(server.kv, cm.id), 6, "a refused search is not counted");
      } finally {
        closeAll(a, b, c);
      }
    });
  },
);

// ---------------------------------------------------------------- drops

Deno.test("drops: a searcher's socket closing removes the ticket at once", opts, async () => {
  await withMembers(LONG_MATCH, async (server, f) => {
    const p = await connectPeer(await f.create());
    try {
      search(p);
      await p.ws.next("searching");
      assert.ok(await ticketWritten(server.kv, p.member.id), "ticket waiting");
      const t = performance.now();
      p.ws.close();
      assert.ok(
        await eventually(
          async () => (await server.kv.get(["mm", "waiting", p.member.id])).value === null,
          1000,
        ),
        "ticket gone",
      );
      const took = performance.now() - t;
      assert.ok(took < 800, `ticket removed after ${took.toFixed(0)} ms`);
      const text = await (await fetch(server.url + "/metrics")).text();
      assert.equal(metric(text, "glimpse_members_waiting"), 0);
    } finally {
      closeAll(p);
    }
  });
});

Deno.test(
  "drops: a socket closing mid-match → partner_disconnected only after the grace period",
  opts,
  async () => {
    await withMembers(LONG_MATCH, async (server, f) => {
      const [am, bm] = await f.many(2);
      const a = await connectPeer(am), b = await connectPeer(bm);
      try {
        const [ma] = await pairUp(a, b);
        const t = performance.now();
        a.ws.close();
        await a.ws.waitClosed();
        assert.ok(await b.ws.none("session_ended", GRACE_MS - 300), "not before the grace period");
        const ended = await b.ws.next("session_ended", 2500);
        const took = performance.now() - t;
        assert.equal(ended.reason, "partner_disconnected");
        assert.ok(took >= GRACE_MS - 100, `told after ${took.toFixed(0)} ms`);
        assert.ok(took < GRACE_MS + 1500, `told after ${took.toFixed(0)} ms`);
        const rec = await matchRecord(server.kv, ma.matchId);
        assert.equal(rec?.status, "ended");
        assert.equal(rec?.endedReason, "partner_disconnected");

        // Too late to resume: a fresh peer id, no match.
        const again = await WsClient.connect(server.url, am.cookie);
        try {
          again.send({ type: "register", peerId: a.peerId });
          const reg = await again.next("registered");
          assert.notEqual(reg.resumed, true);
          assert.notEqual(reg.peerId, a.peerId);
          assert.ok(await again.none("match_found", 300));
        } finally {
          again.close();
        }
      } finally {
        closeAll(a, b);
      }
    });
  },
);

Deno.test(
  "drops: a member reconnecting within the grace period resumes the same match",
  opts,
  async () => {
    await withMembers(LONG_MATCH, async (server, f) => {
      const [am, bm] = await f.many(2);
      const a = await connectPeer(am), b = await connectPeer(bm);
      const peers: (Peer | WsClient)[] = [a, b];
      try {
        const [ma, mb] = await pairUp(a, b);
        const t = performance.now();
        a.ws.close();
        await a.ws.waitClosed();
        await sleep(300);
        // The phone is back on another network: a new socket, the old peer id.
        const back = await WsClient.connect(server.url, am.cookie);
        peers.push(back);
        // Its call went on peer to peer meanwhile: it says its link is alive.
        back.send({ type: "register", peerId: a.peerId, keepsLink: true });
        const reg = await back.next("registered");
        assert.deepEqual(
          { userId: reg.userId, peerId: reg.peerId, resumed: reg.resumed },
          { userId: am.id, peerId: a.peerId, resumed: true },
        );
        const found = await back.next("match_found");
        assert.equal(found.resumed, true);
        assert.equal(found.matchId, ma.matchId);
        assert.equal(found.peerId, b.peerId);
        assert.equal(found.role, ma.role);
        assert.equal(found.hashtag, ma.hashtag);
        assert.equal(found.location, ma.location);
        // The partner learns that a's link went on, so theirs need not be rebuilt.
        assert.equal((await b.ws.next("partner_reconnected")).linkKept, true);
        assert.ok(performance.now() - t < GRACE_MS, "resumed within the grace period");

        // The match goes on: signals both ways, reactions too.
        back.send({ type: "signal", to: b.peerId, signal: CANDIDATE });
        const s1 = await b.ws.next("signal");
        assert.equal(s1.from, a.peerId);
        b.ws.send({ type: "signal", to: a.peerId, signal: CANDIDATE });
        assert.equal((await back.next("signal")).from, b.peerId);
        b.ws.send({ type: "reaction", emoji: "👏" });
        assert.equal((await back.next("reaction")).emoji, "👏");
        // Past the grace period nobody is told of a disconnect, and the match is live.
        assert.ok(await b.ws.none("session_ended", GRACE_MS + 500));
        assert.ok(!back.messages.some((m) => m.type === "session_ended"));
        const rec = await matchRecord(server.kv, ma.matchId);
        assert.equal(rec?.status, "live");
        b.ws.send({ type: "signal", to: a.peerId, signal: CANDIDATE });
        assert.equal((await back.next("signal")).from, b.peerId);
        assert.equal(mb.peerId, a.peerId);

        // A reload rejoins with no link at all: the partner is told so, to set the call up again.
        back.close();
        await back.waitClosed();
        await sleep(300);
        const reloaded = await WsClient.connect(server.url, am.cookie);
        peers.push(reloaded);
        reloaded.send({ type: "register", peerId: a.peerId });
        assert.equal((await reloaded.next("registered")).resumed, true);
        assert.equal((await b.ws.next("partner_reconnected")).linkKept, false);
      } finally {
        closeAll(...peers);
      }
    });
  },
);
