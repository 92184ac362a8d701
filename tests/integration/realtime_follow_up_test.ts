// A pairing in two commits: the claim (the match and both "in a match" keys) and its follow-up
// (both session counts, both "met" records). A follow-up cut off between the two (the instance
// died, the store refused it) is repaired by the sweep from the match record, exactly as if nothing
// had happened, and never twice; a match that ends, or is undone, before its follow-up landed
// settles it in the same commit.
import assert from "node:assert/strict";
import {
  closeAll,
  connectPeer,
  pairUp,
  type Peer,
  withMembers,
} from "../helpers/realtime_members.ts";
import { openKv } from "../../kv/db.ts";
import { keys } from "../../kv/keys.ts";
import { dayKey } from "../../kv/hashtags.ts";
import type { Match } from "../../kv/matches.ts";
import type { Met } from "../../kv/relations.ts";
import type { Ticket } from "../../kv/tickets.ts";
import { cancelPairing, pairMany, type PairRequest } from "../../kv/pairing.ts";
import {
  applyFollowUp,
  cutFollowUps,
  followUpsSettled,
  REPAIR_AFTER_MS,
  repairFollowUps,
} from "../../kv/match_follow_up.ts";
import { startJobs } from "../../lib/server/jobs.ts";
import { OutboxSender } from "../../lib/server/email/mod.ts";
import { eventually } from "../helpers/time.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };

async function count(kv: Deno.Kv, userId: string): Promise<number> {
  return Number((await kv.get<Deno.KvU64>(keys.usage(userId, dayKey()))).value?.value ?? 0n);
}

async function matchOf(kv: Deno.Kv, id: string): Promise<Match> {
  const m = (await kv.get<Match>(keys.match(id))).value;
  assert.ok(m, `match ${id}`);
  return m;
}

/** What a member's "met" record of the partner says (null: none). */
async function met(kv: Deno.Kv, userId: string, partnerId: string): Promise<Met | null> {
  return (await kv.get<Met>(keys.mmHistory(userId, partnerId))).value;
}

/** The record a pairing's follow-up writes for `me`, who met `partner` in `m`. */
function metRecord(m: Match, partner: Peer): Met {
  return { partnerId: partner.member.id, peerId: partner.peerId, matchId: m.id, at: m.startedAt };
}

Deno.test(
  "follow-up: cut off after the claim, the sweep's repair counts and remembers as if nothing happened",
  opts,
  async () => {
    await withMembers({ MATCH_DURATION_MS: "20000" }, async (server, f) => {
      const kv = server.kv;
      const members = await f.many(6);
      const [a, b, c, d, e, g] = await Promise.all(members.map((m) => connectPeer(m)));
      try {
        // The control: a pairing whose follow-up landed as it should.
        const [ab] = await pairUp(a, b);
        await followUpsSettled(kv);
        const control = await matchOf(kv, ab.matchId);
        assert.equal(control.followUp, undefined, "the follow-up cleared its mark");
        assert.deepEqual([await count(kv, a.member.id), await count(kv, b.member.id)], [1, 1]);
        assert.deepEqual(await met(kv, a.member.id, b.member.id), metRecord(control, b));
        assert.deepEqual(await met(kv, b.member.id, a.member.id), metRecord(control, a));

        // From here the follow-ups are cut off after their claims, as if the instance died
        // between the two commits. The pairs are made all the same, and told.
        cutFollowUps(kv);
        const [cd] = await pairUp(c, d);
        const [eg] = await pairUp(e, g);
        await followUpsSettled(kv);
        for (const [id, x, y] of [[cd.matchId, c, d], [eg.matchId, e, g]] as const) {
          assert.equal((await matchOf(kv, id)).followUp, "due");
          assert.deepEqual([await count(kv, x.member.id), await count(kv, y.member.id)], [0, 0]);
          assert.equal(await met(kv, x.member.id, y.member.id), null);
          assert.equal((await kv.get(keys.mmActive(x.member.id))).value, id, "the claim held");
        }
        cutFollowUps(kv, false);

        // e ends their match before any sweep: the end applies the follow-up in its commit.
        e.ws.send({ type: "end_session", reason: "user_ended" });
        await g.ws.next("session_ended");
        const ended = await matchOf(kv, eg.matchId);
        assert.equal(ended.status, "ended");
        assert.equal(ended.followUp, undefined);
        assert.deepEqual([await count(kv, e.member.id), await count(kv, g.member.id)], [1, 1]);
        assert.deepEqual(await met(kv, e.member.id, g.member.id), metRecord(ended, g));

        // Too fresh for the sweep: the pairing instance's own follow-up may still be under way.
        assert.equal(await repairFollowUps(kv), 0);
        // The hourly (or start-up) sweep, later: c and d's live match is repaired, once.
        const versions = await kv.getMany([
          keys.searchVersion(c.member.id),
          keys.searchVersion(d.member.id),
        ]);
        const later = Date.now() + REPAIR_AFTER_MS;
        assert.equal(await repairFollowUps(kv, later), 1);
        assert.equal(await repairFollowUps(kv, later), 0, "a second sweep finds nothing to do");
        const repaired = await matchOf(kv, cd.matchId);
        assert.equal(repaired.followUp, undefined);
        assert.equal(repaired.status, "live", "the match goes on");
        assert.deepEqual([await count(kv, c.member.id), await count(kv, d.member.id)], [1, 1]);
        assert.deepEqual(
          { ...await met(kv, c.member.id, d.member.id) },
          metRecord(repaired, d),
        );
        assert.deepEqual(await met(kv, d.member.id, c.member.id), metRecord(repaired, c));
        // A late repair moves both search versions: a profile read since the claim is stale.
        const after = await kv.getMany([
          keys.searchVersion(c.member.id),
          keys.searchVersion(d.member.id),
        ]);
        after.forEach((v, i) => assert.notEqual(v.versionstamp, versions[i].versionstamp));
        // Nothing else was counted twice: the control and the ended pair are as they were.
        for (const p of [a, b, e, g]) assert.equal(await count(kv, p.member.id), 1);
      } finally {
        closeAll(a, b, c, d, e, g);
      }
    });
  },
);

/** Two tickets in the pool, for members `x` and `y`, and the request pairing them. */
async function waitingPair(kv: Deno.Kv, x: string, y: string): Promise<PairRequest> {
  const ticket = (userId: string): Ticket => ({
    userId,
    username: userId,
    peerId: userId.padEnd(21, "p"),
    instanceId: "i1",
    connId: `c-${userId}`,
    enqueuedAt: Date.now(),
    seenAt: Date.now(),
    hashtags: [],
    pref: { location: "global", language: "any" },
    me: { language: "en", city: null, country: null, continent: null, cell: null },
    shownLocation: "Lyon, France",
    vip: false,
    hd: false,
    dailyLimit: 5,
    avoid: [],
    recent: [],
  });
  const entry = async (userId: string) => {
    await kv.set(keys.mmWaiting(userId), ticket(userId));
    return (await kv.get<Ticket>(keys.mmWaiting(userId))) as Deno.KvEntry<Ticket>;
  };
  const [ea, eb] = [await entry(x), await entry(y)];
  const side = (t: Ticket, role: "offerer" | "answerer") => ({
    userId: t.userId,
    username: t.username,
    peerId: t.peerId,
    instanceId: t.instanceId,
    connId: t.connId,
    hashtag: "#exploring",
    location: t.shownLocation,
    role,
    disconnectedAt: null,
  });
  return {
    a: ea,
    b: eb,
    build: (id) => ({
      id,
      a: side(ea.value, "answerer"),
      b: side(eb.value, "offerer"),
      startedAt: Date.now(),
      endsAt: Date.now() + 60_000,
      status: "live",
    }),
  };
}

Deno.test("follow-up: racing repairs apply it exactly once", async () => {
  const kv = await openKv(":memory:");
  try {
    await kv.set(keys.usage("x", dayKey()), new Deno.KvU64(2n));
    cutFollowUps(kv);
    const [r] = await pairMany(kv, [await waitingPair(kv, "x", "y")]);
    assert.ok(r.ok);
    cutFollowUps(kv, false);
    const later = Date.now() + REPAIR_AFTER_MS;
    const applied = await Promise.all([
      ...Array.from({ length: 6 }, () => applyFollowUp(kv, r.match.id, later, true)),
      repairFollowUps(kv, later).then((n) => n === 1),
      repairFollowUps(kv, later).then((n) => n === 1),
    ]);
    assert.equal(applied.filter(Boolean).length, 1, "one of eight racing repairs applied it");
    assert.deepEqual([await count(kv, "x"), await count(kv, "y")], [3, 1]);
  } finally {
    kv.close();
  }
});

Deno.test("follow-up: a pairing undone before its follow-up landed gives back nothing", async () => {
  const kv = await openKv(":memory:");
  try {
    await kv.set(keys.usage("x", dayKey()), new Deno.KvU64(3n));
    cutFollowUps(kv);
    const [r] = await pairMany(kv, [await waitingPair(kv, "x", "y")]);
    assert.ok(r.ok);
    cutFollowUps(kv, false);
    assert.equal(await cancelPairing(kv, r.match), true);
    const undone = await matchOf(kv, r.match.id);
    assert.equal(undone.endedReason, "unconfirmed");
    assert.equal(undone.followUp, undefined, "the undo dropped the follow-up");
    assert.deepEqual([await count(kv, "x"), await count(kv, "y")], [3, 0]);
    assert.equal(await repairFollowUps(kv, Date.now() + REPAIR_AFTER_MS), 0);
    assert.deepEqual([await count(kv, "x"), await count(kv, "y")], [3, 0]);
    assert.equal(await met(kv, "x", "y"), null);
    // The follow-up handed in late (its instance was slow, not dead) finds nothing to do.
    assert.equal(await applyFollowUp(kv, r.match.id), false);
    assert.deepEqual([await count(kv, "x"), await count(kv, "y")], [3, 0]);
  } finally {
    kv.close();
  }
});

Deno.test("follow-up: one landing right after the claim is undone with it", async () => {
  const kv = await openKv(":memory:");
  try {
    const [r] = await pairMany(kv, [await waitingPair(kv, "x", "y")]);
    assert.ok(r.ok);
    await followUpsSettled(kv);
    assert.deepEqual([await count(kv, "x"), await count(kv, "y")], [1, 1]);
    assert.equal(await cancelPairing(kv, r.match), true);
    assert.deepEqual([await count(kv, "x"), await count(kv, "y")], [0, 0]);
    assert.equal(await met(kv, "x", "y"), null);
  } finally {
    kv.close();
  }
});

Deno.test("follow-up: a server starting finds one its stopped predecessor left, and repairs it", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/glimpse.kv`;
  // The instance that made the match stops between the two commits (its handle closes with the
  // follow-up never written), a minute and more ago.
  const before = await openKv(path);
  cutFollowUps(before);
  const request = await waitingPair(before, "x", "y");
  const made = Date.now() - 2 * REPAIR_AFTER_MS;
  const [r] = await pairMany(before, [{
    ...request,
    build: (id) => ({ ...request.build(id), startedAt: made }),
  }]);
  assert.ok(r.ok);
  before.close();
  // The next server's start-up sweep (lib/server/jobs.ts) repairs it.
  const kv = await openKv(path);
  const jobs = startJobs(kv, new OutboxSender(kv, "test@example.test", false));
  try {
    assert.ok(
      await eventually(async () => (await count(kv, "x")) === 1 && (await count(kv, "y")) === 1),
      "both sessions counted",
    );
    const m = await matchOf(kv, r.match.id);
    assert.equal(m.followUp, undefined);
    assert.equal((await met(kv, "x", "y"))?.at, made, "met when the match was made");
    assert.equal((await met(kv, "y", "x"))?.matchId, r.match.id);
  } finally {
    jobs.stop();
    kv.close();
    await jobs.listening;
    await Deno.remove(dir, { recursive: true });
  }
});
