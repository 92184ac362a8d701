// A socket keeps a copy of what a search needs of its member (read when it registers), so a
// search costs no read. These tests change that data behind the socket's back, through the HTTP
// API as a second tab would, and check that the next search on the same socket still follows
// the change: filters, a report with a block made right after a match, and the referral-page
// session counts that are now written just after the members are told.
import assert from "node:assert/strict";
import {
  closeAll,
  connectPeer,
  metric,
  pairUp,
  search,
  withMembers,
} from "../helpers/realtime_members.ts";
import { eventually, sleep } from "../helpers/time.ts";
import { figuresAt } from "../../kv/referrals.ts";
import { keys } from "../../kv/keys.ts";
import type { Ticket } from "../../kv/tickets.ts";
import type { Match } from "../../kv/matches.ts";
import { backdateMatch } from "../helpers/matches.ts";
import { COUNTED_SESSION } from "../../lib/shared/referrals/rules.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };
const SEARCH_TIMEOUT_MS = 900;

Deno.test(
  "profile copy: filters changed over HTTP after the socket registered rule the next search",
  opts,
  async (t) => {
    // a's socket has read a's profile (English, anyone); a then asks for French speakers over
    // HTTP. Whether a's search is still held in memory when b's arrives (the claim of the pair
    // chosen from a's old copy must fail on a's search version) or was written first (its put
    // fails on the version, and a's profile is read again), b never meets a.
    for (const when of ["held", "written"] as const) {
      await t.step(`a's search ${when} when b searches`, async () => {
        await withMembers({ SEARCH_TIMEOUT_MS: String(SEARCH_TIMEOUT_MS) }, async (server, f) => {
          const [am, bm] = await f.many(2);
          const a = await connectPeer(am), b = await connectPeer(bm);
          try {
            const res = await am.client.post("/api/filters", { languagePreference: "fr" });
            assert.equal(res.status, 200, res.text);
            search(a);
            if (when === "written") {
              await a.ws.next("searching");
              const written = async () => !!(await server.kv.get(keys.mmWaiting(am.id))).value;
              assert.ok(await eventually(written, 2000), "a's ticket is written");
            }
            search(b);
            await b.ws.next("searching");
            if (when === "held") await a.ws.next("searching");
            assert.ok(await a.ws.none("match_found", SEARCH_TIMEOUT_MS - 300), "b speaks English");
            assert.ok(await b.ws.none("match_found", 50));
            await Promise.all([
              a.ws.next("no_match_found", 2000),
              b.ws.next("no_match_found", 2000),
            ]);

            // And back: the same socket, the same two members, now they fit.
            const back = await am.client.post("/api/filters", { languagePreference: "any" });
            assert.equal(back.status, 200, back.text);
            await pairUp(a, b);
          } finally {
            closeAll(a, b);
          }
        });
      });
    }
  },
);

Deno.test(
  "profile copy: a report right after a match keeps the two apart on 'next', on the same sockets",
  opts,
  async () => {
    await withMembers({ SEARCH_TIMEOUT_MS: String(SEARCH_TIMEOUT_MS) }, async (_server, f) => {
      const [am, bm, cm] = await f.many(3);
      const a = await connectPeer(am), b = await connectPeer(bm);
      try {
        await pairUp(a, b);
        a.ws.send({ type: "end_session", reason: "user_ended" });
        await b.ws.next("session_ended");
        const res = await am.client.post("/api/report", {
          reportReason: "harassment",
          additionalDetails: "",
          partnerPeerId: b.peerId,
          blockUser: true,
        });
        assert.equal(res.status, 201, res.text);
        // Both press "next" on the sockets that read their profiles before the block.
        search(a);
        await a.ws.next("searching");
        search(b);
        await b.ws.next("searching");
        assert.ok(await a.ws.none("match_found", SEARCH_TIMEOUT_MS - 200), "blocked: never again");
        await a.ws.next("no_match_found", 2000);
        await b.ws.next("no_match_found", 2000);

        // A third member still meets a.
        const c = await connectPeer(cm);
        try {
          await pairUp(a, c);
        } finally {
          closeAll(c);
        }
      } finally {
        closeAll(a, b);
      }
    });
  },
);

Deno.test(
  "profile copy: after a match, 'next' searches with the partner as a recent one; counts land",
  opts,
  async () => {
    await withMembers({ SEARCH_TIMEOUT_MS: String(SEARCH_TIMEOUT_MS) }, async (server, f) => {
      const [am, bm] = await f.many(2);
      const a = await connectPeer(am), b = await connectPeer(bm);
      try {
        const [found] = await pairUp(a, b);
        // A call that connected and lasted long enough to count on the referral pages.
        const matchId = String(found.matchId);
        b.ws.send({ type: "link_connected" });
        assert.ok(
          await eventually(async () =>
            (await server.kv.get<Match>(keys.match(matchId))).value?.linkedAt !== undefined
          ),
          "the server noted the connected link",
        );
        await backdateMatch(server.kv, matchId, COUNTED_SESSION.minMs);
        a.ws.send({ type: "end_session", reason: "user_ended" });
        await b.ws.next("session_ended");
        // a alone presses "next": the ticket it writes (from the socket's copy, no read; after
        // a moment held in memory, as nobody is in view) knows b as a partner of the last 24
        // hours, which ranks b last (tests/unit/realtime_compat).
        search(a);
        await a.ws.next("searching");
        assert.ok(
          await eventually(async () => !!(await server.kv.get(keys.mmWaiting(am.id))).value, 2000),
          "a's ticket is written",
        );
        const ticket = await server.kv.get<Ticket>(keys.mmWaiting(am.id));
        assert.deepEqual(ticket.value?.recent, [bm.id]);
        assert.equal(ticket.value?.usage?.count, 1, "today's count includes the session");
        // The referral pages counted the session for both when it ended. Nothing else is kept
        // of it per member: a moment later (writes after the match were batched by the second),
        // no statistics of the layout before the referral counters.
        await sleep(1_500);
        for (const m of [am, bm]) {
          const figures = await figuresAt(server.kv, m.id);
          assert.deepEqual(
            [figures.week.sessions, figures.month.sessions, figures.all.sessions],
            [1, 1, 1],
          );
          const legacy = await Array.fromAsync(server.kv.list({ prefix: keys.stats(m.id) }));
          assert.deepEqual(legacy.map((e) => e.key), []);
        }
      } finally {
        closeAll(a, b);
      }
    });
  },
);

// ---------------------------------------------------------------- searches held in memory

async function ticketsWritten(url: string): Promise<number> {
  return metric(
    await (await fetch(url + "/metrics")).text(),
    "glimpse_search_tickets_written_total",
  ) ??
    NaN;
}

Deno.test(
  "held searches: two members searching together pair from memory, no ticket written",
  opts,
  async () => {
    await withMembers({ SEARCH_TIMEOUT_MS: "5000" }, async (server, f) => {
      const [am, bm, cm] = await f.many(3);
      const a = await connectPeer(am), b = await connectPeer(bm);
      const version = async (id: string) =>
        (await server.kv.get(keys.searchVersion(id))).versionstamp;
      const before = [await version(am.id), await version(bm.id)];
      try {
        search(a);
        search(b);
        const [ma, mb] = await Promise.all([a.ws.next("match_found"), b.ws.next("match_found")]);
        assert.equal(ma.peerId, b.peerId);
        assert.equal(mb.peerId, a.peerId);
        assert.equal(await ticketsWritten(server.url), 0, "paired before any ticket was written");
        // The pairing counted a session for both and moved both search versions (a held search
        // checks its version in place of its session count).
        assert.notEqual(await version(am.id), before[0]);
        assert.notEqual(await version(bm.id), before[1]);
        assert.equal((await server.kv.get(keys.mmWaiting(am.id))).value, null);
        assert.equal((await server.kv.get(keys.mmWaiting(bm.id))).value, null);

        // A member alone has nobody in view: after the hold, the ticket is in the pool, where
        // a member arriving later (or on another instance) finds it.
        const c = await connectPeer(cm);
        try {
          search(c);
          await c.ws.next("searching");
          assert.ok(
            await eventually(async () => (await ticketsWritten(server.url)) === 1, 2000),
            "the lone searcher's ticket is written",
          );
          assert.ok((await server.kv.get(keys.mmWaiting(cm.id))).value);
        } finally {
          closeAll(c);
        }
      } finally {
        closeAll(a, b);
      }
    });
  },
);

Deno.test(
  "held searches: a member live on one socket is never paired from another, held or not",
  opts,
  async () => {
    await withMembers({ SEARCH_TIMEOUT_MS: "4000" }, async (server, f) => {
      const [mm, pm, qm] = await f.many(3);
      // m's second socket reads m's profile before m's first socket is in a match...
      const s2 = await connectPeer(mm);
      const s1 = await connectPeer(mm), p = await connectPeer(pm), q = await connectPeer(qm);
      let s3: Awaited<ReturnType<typeof connectPeer>> | null = null;
      try {
        await pairUp(s1, p);
        // ...so its copy knows of no match: the match moved m's search version, and the claim
        // of s2's held search with q's must fail on it.
        search(s2);
        search(q);
        assert.ok(await s2.ws.none("match_found", 600), "m is in a match on another socket");
        assert.ok(await q.ws.none("match_found", 50));
        // A third socket reads m's profile while the match is live: its held search checks the
        // "in a match" key as well.
        s3 = await connectPeer(mm);
        search(s3);
        search(q);
        assert.ok(await s3.ws.none("match_found", 600), "still in a match on another socket");
        assert.ok(await q.ws.none("match_found", 50));
        // s2 goes away first, and the server has handled it: its search would otherwise be free
        // to pair with q's the moment the match ends, and q would meet s2 before s3.
        closeAll(s2);
        assert.ok(
          await eventually(() => server.hub.metrics.socketsOpen === 4, 2000),
          "s2's close is handled",
        );
        // The match ends: m searches again from the third socket and meets q.
        s1.ws.send({ type: "end_session", reason: "user_ended" });
        await p.ws.next("session_ended");
        await pairUp(s3, q);
      } finally {
        closeAll(s1, s2, s3, p, q);
      }
    });
  },
);
