// A match whose link never connected counts as no session: the server judges a member's end that
// says the link failed ('end_session' with linkFailed) by what it saw itself (an answer relayed
// between the two, a page saying its link connected), never by the claim alone. A free end gives
// both members their session back (the daily cap then lets them search again), counts nothing on
// the referral pages and tells the partner; a claim the server's facts refute changes nothing.
import assert from "node:assert/strict";
import {
  closeAll,
  connectPeer,
  pairUp,
  type Peer,
  search,
  withMembers,
} from "../helpers/realtime_members.ts";
import { eventually } from "../helpers/time.ts";
import { keys } from "../../kv/keys.ts";
import { followUpsSettled } from "../../kv/match_follow_up.ts";
import { dayKey } from "../../kv/hashtags.ts";
import type { Match } from "../../kv/matches.ts";
import { figuresAt } from "../../kv/referrals.ts";
import type { TestServer } from "../helpers/server.ts";
import { backdateMatch } from "../helpers/matches.ts";
import { COUNTED_SESSION } from "../../lib/shared/referrals/rules.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };
const OFFER = { type: "offer", sdp: "v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\n" };
const ANSWER = { type: "answer", sdp: "v=0\r\no=- 2 1 IN IP4 127.0.0.1\r\n" };

/** Today's session count of a member, once the pairings' follow-ups have landed. */
async function used(server: TestServer, userId: string): Promise<number> {
  await followUpsSettled(server.kv);
  const e = await server.kv.get<Deno.KvU64>(keys.usage(userId, dayKey()));
  return Number(e.value?.value ?? 0n);
}

async function matchOf(server: TestServer, id: string): Promise<Match> {
  const e = await server.kv.get<Match>(keys.match(id));
  assert.ok(e.value, `match ${id}`);
  return e.value;
}

/** Pairs the two; returns them as offerer and answerer, with the match's id. */
async function paired(x: Peer, y: Peer) {
  const [mx] = await pairUp(x, y);
  const [offerer, answerer] = mx.role === "offerer" ? [x, y] : [y, x];
  return { offerer, answerer, matchId: String(mx.matchId) };
}

/** The offer goes from the offerer to the answerer, and (unless `answer` is false) back. */
async function signal(server: TestServer, m: Awaited<ReturnType<typeof paired>>, answer: boolean) {
  m.offerer.ws.send({ type: "signal", to: m.answerer.peerId, signal: OFFER });
  await m.answerer.ws.next("signal");
  if (!answer) return;
  m.answerer.ws.send({ type: "signal", to: m.offerer.peerId, signal: ANSWER });
  await m.offerer.ws.next("signal");
  assert.ok(
    await eventually(async () => (await matchOf(server, m.matchId)).answeredAt !== undefined),
    "the server noted the answer it relayed",
  );
}

/** `who`'s page says its link connected; the server notes it. */
async function linkConnected(server: TestServer, who: Peer, matchId: string) {
  who.ws.send({ type: "link_connected" });
  assert.ok(
    await eventually(async () => (await matchOf(server, matchId)).linkedAt !== undefined),
    "the server noted the connected link",
  );
}

Deno.test(
  "free next: no answer went between them; the failed end gives both their session back",
  opts,
  async () => {
    await withMembers({ SEARCH_TIMEOUT_MS: "3000" }, async (server, f) => {
      const [am, bm, cm] = await f.many(3);
      // A free member with 4 of today's 5 sessions used: this match is their fifth.
      await server.kv.set(keys.usage(am.id, dayKey()), new Deno.KvU64(4n));
      const a = await connectPeer(am), b = await connectPeer(bm);
      let c: Peer | null = null;
      try {
        const m = await paired(a, b);
        assert.deepEqual([await used(server, am.id), await used(server, bm.id)], [5, 1]);
        // The offer went out and no answer came: a (whichever side) ends it as failed.
        await signal(server, m, false);
        a.ws.send({ type: "end_session", reason: "user_skipped", linkFailed: true });
        const told = await b.ws.next("session_ended");
        assert.deepEqual([told.reason, told.counted], ["user_skipped", false]);
        assert.deepEqual([await used(server, am.id), await used(server, bm.id)], [4, 0]);
        const match = await matchOf(server, m.matchId);
        assert.deepEqual([match.status, match.counted], ["ended", false]);
        // The referral pages count no session for either.
        for (const id of [am.id, bm.id]) {
          assert.equal((await figuresAt(server.kv, id)).all.sessions, 0);
        }
        // a's fifth session is still there: a's next search (on the same socket) meets c.
        c = await connectPeer(cm);
        await pairUp(a, c);
        assert.equal(await used(server, am.id), 5);
      } finally {
        closeAll(a, b, c);
      }
    });
  },
);

Deno.test(
  "free next: a claim the server's facts refute counts the session, and the cap holds",
  opts,
  async () => {
    await withMembers({ SEARCH_TIMEOUT_MS: "3000" }, async (server, f) => {
      const [am, bm] = await f.many(2);
      await server.kv.set(keys.usage(am.id, dayKey()), new Deno.KvU64(4n));
      const a = await connectPeer(am), b = await connectPeer(bm);
      try {
        // The answer went through and b's page said its link connected: a's claim that the
        // link failed is not taken.
        const m = await paired(a, b);
        await signal(server, m, true);
        await linkConnected(server, b, m.matchId);
        // Long enough to count on the referral pages too (COUNTED_SESSION).
        await backdateMatch(server.kv, m.matchId, COUNTED_SESSION.minMs);
        a.ws.send({ type: "end_session", reason: "user_skipped", linkFailed: true });
        const told = await b.ws.next("session_ended");
        assert.equal(told.counted, undefined);
        assert.equal((await matchOf(server, m.matchId)).counted, undefined);
        assert.deepEqual([await used(server, am.id), await used(server, bm.id)], [5, 1]);
        assert.equal((await figuresAt(server.kv, am.id)).all.sessions, 1);
        // a's five sessions are used: the next search is refused.
        search(a);
        await a.ws.next("session_limit_reached");
      } finally {
        closeAll(a, b);
      }
    });
  },
);

Deno.test(
  "free next: an answer but no connected link is free; a connected link without an answer too",
  opts,
  async (t) => {
    await withMembers({ SEARCH_TIMEOUT_MS: "3000" }, async (server, f) => {
      await t.step(
        "the answer went through, and neither link connected (a refused relay)",
        async () => {
          const [am, bm] = await f.many(2);
          const a = await connectPeer(am), b = await connectPeer(bm);
          try {
            const m = await paired(a, b);
            await signal(server, m, true);
            b.ws.send({ type: "end_session", reason: "user_ended", linkFailed: true });
            assert.equal((await a.ws.next("session_ended")).counted, false);
            assert.deepEqual([await used(server, am.id), await used(server, bm.id)], [0, 0]);
          } finally {
            closeAll(a, b);
          }
        },
      );
      await t.step("a page says its link connected, but no answer ever went through", async () => {
        const [am, bm] = await f.many(2);
        const a = await connectPeer(am), b = await connectPeer(bm);
        try {
          const m = await paired(a, b);
          await signal(server, m, false);
          await linkConnected(server, a, m.matchId);
          b.ws.send({ type: "end_session", reason: "user_skipped", linkFailed: true });
          assert.equal((await a.ws.next("session_ended")).counted, false);
          assert.deepEqual([await used(server, am.id), await used(server, bm.id)], [0, 0]);
        } finally {
          closeAll(a, b);
        }
      });
      await t.step("an end that does not say the link failed counts, as always", async () => {
        const [am, bm] = await f.many(2);
        const a = await connectPeer(am), b = await connectPeer(bm);
        try {
          await paired(a, b);
          a.ws.send({ type: "end_session", reason: "user_skipped" });
          assert.equal((await b.ws.next("session_ended")).counted, undefined);
          assert.deepEqual([await used(server, am.id), await used(server, bm.id)], [1, 1]);
        } finally {
          closeAll(a, b);
        }
      });
    });
  },
);
