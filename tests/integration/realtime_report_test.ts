// POST /api/report: a reason is required, and details too for 'other' (with their texts), a partner
// named by peer id only when the two were matched in the last 24 hours (a stranger's peer id is
// refused and nothing is stored), a pending report with both usernames, the two-way block (on by
// default), and the live match between them ending with reason 'reported'.
import assert from "node:assert/strict";
import { assertError, Client } from "../helpers/accounts.ts";
import { followUpsSettled } from "../../kv/match_follow_up.ts";
import {
  closeAll,
  connectPeer,
  pairUp,
  type Peer,
  withMembers,
} from "../helpers/realtime_members.ts";
import type { Report } from "../../lib/server/moderation/reports.ts";
import { REPORTS_PER_DAY } from "../../lib/shared/moderation/report_texts.ts";
import { dayKey } from "../../kv/hashtags.ts";
import type { Match } from "../../kv/matches.ts";
import { keys } from "../../kv/keys.ts";
import { english } from "../helpers/english.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };
const REASON_REQUIRED = "Please select a reason for reporting";
const DETAILS_REQUIRED = "Please provide additional details for your report";

async function reports(kv: Deno.Kv): Promise<Report[]> {
  const out: Report[] = [];
  for await (const e of kv.list<Report>({ prefix: ["reports"] })) out.push(e.value);
  return out;
}

async function blockCount(kv: Deno.Kv): Promise<number> {
  let n = 0;
  for await (const e of kv.list({ prefix: ["rel"] })) if (e.key[2] === "block") n++;
  return n;
}

Deno.test("report: guests are refused", opts, async () => {
  await withMembers({ MATCH_DURATION_MS: "20000" }, async (server) => {
    const res = await new Client(server).post("/api/report", {
      reportReason: "harassment",
      partnerPeerId: "A".repeat(21),
    });
    assertError(res, 401, "User not authenticated");
    assert.equal((await reports(server.kv)).length, 0);
  });
});

Deno.test("report: the validation texts; nothing stored, the match goes on", opts, async () => {
  await withMembers({ MATCH_DURATION_MS: "20000" }, async (server, f) => {
    const [am, bm] = await f.many(2);
    const a = await connectPeer(am), b = await connectPeer(bm);
    try {
      await pairUp(a, b);
      const base = { additionalDetails: "", partnerPeerId: b.peerId };
      assertError(await am.client.post("/api/report", base), 400, REASON_REQUIRED);
      assertError(
        await am.client.post("/api/report", { ...base, reportReason: "" }),
        400,
        REASON_REQUIRED,
      );
      assertError(
        await am.client.post("/api/report", { ...base, reportReason: "spam" }),
        400,
        REASON_REQUIRED,
      );
      assertError(
        await am.client.post("/api/report", { ...base, reportReason: "other" }),
        400,
        DETAILS_REQUIRED,
      );
      assertError(
        await am.client.post("/api/report", {
          ...base,
          reportReason: "other",
          additionalDetails: "   ",
        }),
        400,
        DETAILS_REQUIRED,
      );
      assertError(
        await am.client.post("/api/report", undefined, {
          body: "{oops",
          headers: { "content-type": "application/json" },
        }),
        400,
        REASON_REQUIRED,
      );
      assert.equal((await reports(server.kv)).length, 0);
      assert.equal(await blockCount(server.kv), 0);
      assert.ok(await b.ws.none("session_ended", 300), "the match was not ended");
      assert.ok(!a.ws.messages.some((m) => m.type === "session_ended"));
    } finally {
      closeAll(a, b);
    }
  });
});

Deno.test(
  "report: a stranger's peer id → 404 and nothing stored; only partners of the last 24 hours",
  opts,
  async () => {
    await withMembers({ MATCH_DURATION_MS: "20000" }, async (server, f) => {
      const [am, bm, cm, dm] = await f.many(4);
      const a = await connectPeer(am), b = await connectPeer(bm);
      const c = await connectPeer(cm), d = await connectPeer(dm);
      const peers: Peer[] = [a, b, c, d];
      try {
        await pairUp(a, b);
        await pairUp(c, d);
        for (const partnerPeerId of [c.peerId, d.peerId, "Z".repeat(21), "", "not-a-peer-id"]) {
          const res = await am.client.post("/api/report", {
            reportReason: "harassment",
            additionalDetails: "",
            partnerPeerId,
          });
          assert.equal(res.status, 404, `${partnerPeerId}: ${res.text}`);
        }
        assert.equal((await reports(server.kv)).length, 0);
        assert.equal(await blockCount(server.kv), 0);
        assert.ok(await c.ws.none("session_ended", 200), "c's match goes on");

        // A partner of more than 24 hours ago is a stranger again.
        await followUpsSettled(server.kv);
        const key = keys.mmHistory(cm.id, dm.id);
        const entry = await server.kv.get<{ partnerId: string; matchId: string; at: number }>(key);
        assert.ok(entry.value, "the pairing remembered c's partner");
        await server.kv.set(key, { ...entry.value, at: Date.now() - 25 * 3600_000 });
        const old = await cm.client.post("/api/report", {
          reportReason: "inappropriate",
          partnerPeerId: d.peerId,
        });
        assert.equal(old.status, 404, old.text);
        assert.equal((await reports(server.kv)).length, 0);
        assert.equal(await blockCount(server.kv), 0);
      } finally {
        closeAll(...peers);
      }
    });
  },
);

Deno.test(
  "report: a real partner → 201, a pending report with both usernames, a two-way block, the match ends 'reported'",
  opts,
  async () => {
    await withMembers({ MATCH_DURATION_MS: "20000" }, async (server, f) => {
      const [am, bm] = await f.many(2);
      const a = await connectPeer(am), b = await connectPeer(bm);
      try {
        const [ma] = await pairUp(a, b);
        const res = await am.client.post("/api/report", {
          reportReason: "other",
          additionalDetails: "  Showed something awful.  ",
          partnerPeerId: b.peerId,
        });
        assert.equal(res.status, 201, res.text);
        assert.equal(typeof res.json.id, "string");

        const [ended] = await Promise.all([b.ws.next("session_ended"), a.ws.next("session_ended")]);
        assert.equal(ended.reason, "reported");
        assert.equal(a.ws.messages.find((m) => m.type === "session_ended")?.reason, "reported");
        const rec = (await server.kv.get<Match>(["matches", ma.matchId])).value;
        assert.equal(rec?.status, "ended");
        assert.equal(rec?.endedReason, "reported");
        assert.equal((await server.kv.get(["mm", "active", am.id])).value, null);
        assert.equal((await server.kv.get(["mm", "active", bm.id])).value, null);

        const stored = await reports(server.kv);
        assert.equal(stored.length, 1);
        const r = stored[0];
        assert.equal(r.id, res.json.id);
        assert.equal(r.status, "pending");
        assert.equal(r.reporterUsername, am.username);
        assert.equal(r.reportedUsername, bm.username);
        assert.equal(r.reportReason, "other");
        assert.equal(r.additionalDetails, "Showed something awful.");
        assert.equal(r.partnerPeerId, b.peerId);
        assert.equal(r.blocked, true, "blocking is on by default");
        assert.ok(!Number.isNaN(Date.parse(r.createdAt)));
        const t = Date.parse(r.createdAt);
        assert.equal((await server.kv.get(keys.reportByTime("pending", t, r.id))).value, r.id);
        // The match as it was, kept with the report (the match record expires in 48 hours).
        assert.equal(r.context?.matchStartedAt, new Date(rec!.startedAt).toISOString());
        assert.ok(r.context?.matchEndedAt && r.context.matchEndedAt >= r.context.matchStartedAt!);
        assert.equal(r.context?.reporter.locationPreference, "global");
        assert.equal(
          r.context?.reported.location,
          rec!.a.userId === am.id ? rec!.a.location : rec!.b.location,
        );
        assert.ok(r.context?.reporter.location, "where the reporter appeared to be");
        const ab = await server.kv.get<{ reason: string }>(keys.block(am.id, bm.id));
        const ba = await server.kv.get<{ reason: string }>(keys.block(bm.id, am.id));
        assert.equal(ab.value?.reason, "blocked");
        assert.equal(ba.value?.reason, "blocked_by");
      } finally {
        closeAll(a, b);
      }
    });
  },
);

Deno.test(
  "report: after the match a partner can still be reported; blockUser false stores 'reported' both ways",
  opts,
  async () => {
    await withMembers({ MATCH_DURATION_MS: "20000" }, async (server, f) => {
      const [am, bm] = await f.many(2);
      const a = await connectPeer(am), b = await connectPeer(bm);
      try {
        await pairUp(a, b);
        b.ws.send({ type: "end_session", reason: "user_ended" });
        await a.ws.next("session_ended");
        // After the match, within 24 hours, the partner can still be reported.
        const res = await bm.client.post("/api/report", {
          reportReason: "minor",
          partnerPeerId: a.peerId,
          blockUser: false,
        });
        assert.equal(res.status, 201, res.text);
        const [r] = await reports(server.kv);
        assert.equal(r.blocked, false);
        assert.equal(r.reporterUsername, bm.username);
        assert.equal(r.reportedUsername, am.username);
        assert.equal(r.reportReason, "minor");
        const ba = await server.kv.get<{ reason: string }>(keys.block(bm.id, am.id));
        const ab = await server.kv.get<{ reason: string }>(keys.block(am.id, bm.id));
        assert.equal(ba.value?.reason, "reported");
        assert.equal(ab.value?.reason, "reported_by");
      } finally {
        closeAll(a, b);
      }
    });
  },
);

Deno.test(
  "report: one report a match — a second, or two racing, store one; the others get 409",
  opts,
  async () => {
    await withMembers({ MATCH_DURATION_MS: "20000" }, async (server, f) => {
      const [am, bm] = await f.many(2);
      const a = await connectPeer(am), b = await connectPeer(bm);
      try {
        await pairUp(a, b);
        const body = { reportReason: "harassment", partnerPeerId: b.peerId };
        const responses = await Promise.all(
          Array.from({ length: 4 }, () => am.client.post("/api/report", body)),
        );
        assert.deepEqual(responses.map((r) => r.status).sort(), [201, 409, 409, 409]);
        for (const r of responses.filter((r) => r.status === 409)) {
          assertError(r, 409, english("admin.reportAlreadyReported"));
        }
        assertError(
          await am.client.post("/api/report", body),
          409,
          english("admin.reportAlreadyReported"),
        );
        assert.equal((await reports(server.kv)).length, 1);
        // The other side may still report the same match, once.
        const back = await bm.client.post("/api/report", {
          reportReason: "inappropriate",
          partnerPeerId: a.peerId,
        });
        assert.equal(back.status, 201, back.text);
        assert.equal((await reports(server.kv)).length, 2);
      } finally {
        closeAll(a, b);
      }
    });
  },
);

Deno.test(
  `report: at most ${REPORTS_PER_DAY} reports a member a day (429 with its text, nothing stored)`,
  opts,
  async () => {
    await withMembers({ MATCH_DURATION_MS: "20000" }, async (server, f) => {
      const [am, bm] = await f.many(2);
      const a = await connectPeer(am), b = await connectPeer(bm);
      try {
        await pairUp(a, b);
        // The member has filed the day's reports already (about other matches).
        await server.kv.set(keys.reportsOnDay(am.id, dayKey()), REPORTS_PER_DAY);
        const res = await am.client.post("/api/report", {
          reportReason: "harassment",
          partnerPeerId: b.peerId,
        });
        assertError(res, 429, english("admin.reportDailyLimit"));
        assert.equal((await reports(server.kv)).length, 0);
        assert.equal(await blockCount(server.kv), 0);
        // The match was not ended by the refused report.
        a.ws.send({ type: "ping" });
        await a.ws.next("pong");
        assert.equal(await b.ws.none("session_ended", 300), true);
      } finally {
        closeAll(a, b);
      }
    });
  },
);
