// Leaderboard farming over real sockets: two members who end match after match at once earn no
// sessions, points or countries. A match counts for the referral figures only once a page said
// its link connected and the two were matched at least COUNTED_SESSION.minMs (10 s) before the
// end, and at most COUNTED_SESSION.perPairPerDay (3) times per pair and UTC day. The matches'
// starts are moved back in KV instead of waiting out the 10 s of each.
import assert from "node:assert/strict";
import {
  closeAll,
  connectPeer,
  pairUp,
  type Peer,
  withMembers,
} from "../helpers/realtime_members.ts";
import { eventually } from "../helpers/time.ts";
import { backdateMatch } from "../helpers/matches.ts";
import { keys } from "../../kv/keys.ts";
import type { Match } from "../../kv/matches.ts";
import { figuresAt } from "../../kv/referrals.ts";
import { CHALLENGES, COUNTED_SESSION, POINTS } from "../../lib/shared/referrals/rules.ts";
import type { TestServer } from "../helpers/server.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };

interface Play {
  /** A page says the call's link connected. */
  linked: boolean;
  /** How long before the end the two were matched (moved back in KV), ms. */
  together: number;
}

/** One match between `x` and `y`, ended by `x` as the script did. */
async function play(server: TestServer, x: Peer, y: Peer, how: Play) {
  const [found] = await pairUp(x, y);
  const id = String(found.matchId);
  const match = async () => (await server.kv.get<Match>(keys.match(id))).value;
  if (how.linked) {
    y.ws.send({ type: "link_connected" });
    assert.ok(await eventually(async () => (await match())?.linkedAt !== undefined), "linked");
  }
  if (how.together) await backdateMatch(server.kv, id, how.together);
  x.ws.send({ type: "end_session", reason: "user_skipped" });
  await y.ws.next("session_ended");
  assert.ok(await eventually(async () => (await match())?.status === "ended"), "ended");
}

/** Sessions, points and countries of each member, all time. */
async function figures(server: TestServer, ...ids: string[]) {
  return await Promise.all(ids.map(async (id) => {
    const f = (await figuresAt(server.kv, id)).all;
    return [f.sessions, f.points, f.countries];
  }));
}

Deno.test(
  "farming: matches ended at once, or never connected, earn nothing; a connected 10 s call counts",
  opts,
  async () => {
    await withMembers({}, async (server, f) => {
      const am = await f.create({ tier: "vip", location: "Lyon, France" });
      const bm = await f.create({ tier: "vip", location: "Kyoto, Japan" });
      const a = await connectPeer(am), b = await connectPeer(bm);
      try {
        // The script: connected, and ended at once, five times over.
        for (let i = 0; i < 5; i++) await play(server, a, b, { linked: true, together: 0 });
        // Long enough, but no page ever said its link connected.
        await play(server, a, b, { linked: false, together: COUNTED_SESSION.minMs });
        // Connected, ended just before the minimum.
        await play(server, a, b, { linked: true, together: COUNTED_SESSION.minMs - 1500 });
        assert.deepEqual(await figures(server, am.id, bm.id), [[0, 0, 0], [0, 0, 0]]);
        const viral = await am.client.get("/viral");
        assert.match(viral.text, /<dt>POV sessions<\/dt>\s*<dd>0<\/dd>/);

        // A call that connected and lasted 10 s counts for both: a session, its point, and the
        // partner's country met for the first time.
        await play(server, a, b, { linked: true, together: COUNTED_SESSION.minMs });
        const first = POINTS.session + POINTS.newCountry;
        assert.deepEqual(await figures(server, am.id, bm.id), [[1, first, 1], [1, first, 1]]);
      } finally {
        closeAll(a, b);
      }
    });
  },
);

Deno.test(
  "farming: a pair's counted sessions stop at 3 a UTC day, whoever ends them; other pairs still count",
  opts,
  async () => {
    await withMembers({}, async (server, f) => {
      const [am, bm, cm] = await f.many(3, { tier: "vip" });
      const a = await connectPeer(am), b = await connectPeer(bm);
      let c: Peer | null = null;
      const call = { linked: true, together: COUNTED_SESSION.minMs };
      try {
        await play(server, a, b, call);
        await play(server, b, a, call);
        await play(server, a, b, call);
        // Three sessions, Poland met once, and this week's 'Complete 3 POV sessions' reward.
        const reward = CHALLENGES.find((ch) => ch.id === "sessions")!.points;
        const three = 3 * POINTS.session + POINTS.newCountry + reward;
        assert.deepEqual(await figures(server, am.id, bm.id), [[3, three, 1], [3, three, 1]]);
        // The fourth and fifth calls of the day, either way round, count nothing.
        await play(server, b, a, call);
        await play(server, a, b, call);
        assert.deepEqual(await figures(server, am.id, bm.id), [[3, three, 1], [3, three, 1]]);
        // a meets someone else: that pair has its own three.
        c = await connectPeer(cm);
        await play(server, c, a, call);
        const cFirst = POINTS.session + POINTS.newCountry;
        assert.deepEqual(await figures(server, am.id, cm.id), [[4, three + 1, 1], [1, cFirst, 1]]);
      } finally {
        closeAll(a, b, c);
      }
    });
  },
);
