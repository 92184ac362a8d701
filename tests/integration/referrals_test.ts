// Referral figures on counters: events written at chosen dates through the real writers
// (registration with a code, a verified address, a session's end) give the points, ranks,
// countries and earned invitations of each period; challenge rewards are credited once, also
// when two events race; a deleted member leaves every board. Then GET /api/invitations over HTTP.
import assert from "node:assert/strict";
import { keys } from "../../kv/keys.ts";
import {
  createInvitations,
  createUserWithInvitation,
  listInvitationsOf,
  putUserIn,
  updateUser,
} from "../../kv/users.ts";
import { endMatch, type Match } from "../../kv/matches.ts";
import {
  countryCounts,
  figuresAt,
  rankFor,
  sweepReferralTallies,
  topOf,
} from "../../kv/referrals.ts";
import { backfillReferrals } from "../../kv/referrals_backfill.ts";
import { addSession } from "../helpers/legacy_stats.ts";
import { newUserRecord, type UserRecord } from "../../lib/shared/auth/types.ts";
import { deleteAccount, purgeAccount } from "../../lib/server/auth/deletion.ts";
import { leaderboard, viral } from "../../lib/server/referrals/board.ts";
import type { Period } from "../../lib/shared/referrals/rules.ts";
import { english } from "../helpers/english.ts";
import { withServer } from "../helpers/server.ts";
import { storeLiveMatch } from "../helpers/matches.ts";
import { Client, kvUser, registerMember } from "../helpers/accounts.ts";

const at = (iso: string) => Date.parse(iso);
/** The clock of the pages: Wednesday of ISO week 2026-W48, in November 2026. */
const NOW = at("2026-11-25T12:00:00Z");
const OCT = at("2026-10-20T10:00:00Z"); // last month
const NOV_EARLY = at("2026-11-10T10:00:00Z"); // this month, week 46
const THIS_WEEK = at("2026-11-24T10:00:00Z"); // this week
const DAY = 86400_000;

type Member = UserRecord & { codes: string[] };

async function join(
  kv: Deno.Kv,
  username: string,
  code: string,
  when: number,
  location = "",
): Promise<Member> {
  const user = newUserRecord({
    username,
    email: `${username}@example.test`,
    passwordHash: "not-a-hash",
    createdAt: new Date(when).toISOString(),
    location,
  });
  const r = await createUserWithInvitation(kv, user, code);
  assert.ok(r.ok, `${username} joins`);
  return { ...r.user, codes: r.codes };
}

async function verify(kv: Deno.Kv, id: string, when: number) {
  const r = await updateUser(kv, id, (u) => ({ ...u, emailVerified: true }), undefined, when);
  assert.ok(r.ok);
}

async function endAt(kv: Deno.Kv, match: Match, when: number) {
  assert.ok(await endMatch(kv, match.id, "timeout", when), "the match ends");
}

async function played(
  kv: Deno.Kv,
  a: Member,
  aMet: string | null,
  b: Member,
  bMet: string | null,
  when: number,
) {
  await endAt(kv, await storeLiveMatch(kv, a, aMet, b, bMet, when), when);
}

/** The ranking of a period at NOW as "username:points". */
async function board(kv: Deno.Kv, period: Period, names: Map<string, string>) {
  return (await topOf(kv, period, 10, NOW)).map((r) =>
    `#${r.rank} ${names.get(r.userId)}:${r.points}`
  );
}

async function unusedOf(kv: Deno.Kv, id: string) {
  return (await listInvitationsOf(kv, id)).filter((i) => !i.usedBy).length;
}

Deno.test("referrals: three members' friends, verifications and sessions, period by period", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const [ca, cb, cc] = await createInvitations(kv, null, 3);
    const alice = await join(kv, "alice", ca, OCT, "Berlin, Germany");
    const bob = await join(kv, "bob", cb, OCT, "Lyon, France");
    const carol = await join(kv, "carol", cc, OCT, "Warsaw, Poland");
    for (const m of [alice, bob, carol]) await verify(kv, m.id, OCT);
    const names = new Map([alice, bob, carol].map((m) => [m.id, m.username]));

    // Alice: a friend in October (verified then), one joined early this month and verified this
    // week, one joined this week who never verifies.
    const fa1 = await join(kv, "fa1", alice.codes[0], OCT);
    await verify(kv, fa1.id, OCT);
    const fa2 = await join(kv, "fa2", alice.codes[1], NOV_EARLY);
    await verify(kv, fa2.id, THIS_WEEK);
    await join(kv, "fa3", alice.codes[2], THIS_WEEK);
    // Sessions: alice and carol in October (Germany met Poland), then alice with her friends:
    // Poland again early this month, Japan twice and Brazil this week.
    await played(kv, alice, "Poland", carol, "Germany", OCT + 3600_000);
    await played(kv, alice, "Poland", fa1, "Germany", NOV_EARLY + 3600_000);
    await played(kv, alice, "Japan", fa1, "Germany", THIS_WEEK + 1000);
    await played(kv, alice, "Japan", fa1, "Germany", THIS_WEEK + 2000);
    await played(kv, alice, "Brazil", fa1, "Germany", THIS_WEEK + 3000);

    // Bob: five friends join this week and all verify: the weekly friends challenge, and each
    // verified friend gives back a code.
    const bobFriends: Member[] = [];
    for (let i = 0; i < 5; i++) bobFriends.push(await join(kv, `fb${i}`, bob.codes[i], THIS_WEEK));
    assert.equal(await unusedOf(kv, bob.id), 0, "bob's five codes are used");
    for (const f of bobFriends) await verify(kv, f.id, THIS_WEEK + 5000);
    assert.equal(await unusedOf(kv, bob.id), 5, "five verified friends earned five codes");
    const earned = (await listInvitationsOf(kv, bob.id)).filter((i) => !i.usedBy);
    assert.ok(earned.every((i) => i.earned && !bob.codes.includes(i.code)), "new codes");

    const a = await figuresAt(kv, alice.id, NOW);
    // All time: 2 verified friends (20), 5 sessions (5), 3 new countries (15), the sessions
    // challenge this week (10).
    assert.deepEqual(
      { ...a.all, at: 0 },
      { joined: 3, referrals: 2, sessions: 5, countries: 3, points: 50, badges: 0, at: 0 },
    );
    // November: fa2 and fa3 joined, fa2 verified; 4 sessions; Poland, Japan, Brazil met, of
    // which Japan and Brazil were new (10); the challenge (10).
    assert.deepEqual(
      { ...a.month, at: 0 },
      { joined: 2, referrals: 1, sessions: 4, countries: 3, points: 34, badges: 0, at: 0 },
    );
    // This week: fa3 joined, fa2 verified (10); 3 sessions (3); Japan, Brazil new (10); the
    // challenge (10).
    assert.deepEqual(
      { ...a.week, at: 0 },
      { joined: 1, referrals: 1, sessions: 3, countries: 2, points: 33, badges: 0, at: 0 },
    );
    const october = await figuresAt(kv, alice.id, OCT);
    assert.equal(october.month.points, 16, "October: a verified friend, a session, Poland");

    const b = await figuresAt(kv, bob.id, NOW);
    for (const p of ["week", "month", "all"] as const) {
      assert.deepEqual({ ...b[p], at: 0 }, {
        joined: 5,
        referrals: 5,
        sessions: 0,
        countries: 0,
        points: 100,
        badges: 0,
        at: 0,
      }, `bob, ${p}`);
    }
    const c = await figuresAt(kv, carol.id, NOW);
    assert.equal(c.week.points, 0);
    assert.equal(c.month.points, 0);
    assert.deepEqual(
      { sessions: c.all.sessions, countries: c.all.countries, points: c.all.points },
      {
        sessions: 1,
        countries: 1,
        points: 6,
      },
    );

    // Alice's friend fa1 played with her: 4 sessions, Germany met on Nov 10 (new: +5 in
    // November and all time), three sessions this week (the sessions challenge, +10).
    names.set(fa1.id, "fa1");
    assert.deepEqual(await board(kv, "week", names), ["#1 bob:100", "#2 alice:33", "#3 fa1:13"]);
    assert.deepEqual(await board(kv, "month", names), ["#1 bob:100", "#2 alice:34", "#3 fa1:19"]);
    assert.deepEqual(await board(kv, "all", names), [
      "#1 bob:100",
      "#2 alice:50",
      "#3 fa1:19",
      "#4 carol:6",
    ]);
    assert.deepEqual(await rankFor(kv, "all", 50, NOW), { rank: 2, ranked: 4 });
    assert.deepEqual(await rankFor(kv, "week", 0, NOW), { rank: null, ranked: 3 });

    // What the pages read.
    const v = await viral(kv, alice.id, NOW);
    assert.deepEqual(v.rankAll, { rank: 2, ranked: 4 });
    assert.deepEqual(v.rankWeek, { rank: 2, ranked: 3 });
    assert.deepEqual(
      v.challenges.map((ch) => `${ch.id} ${ch.progress}/${ch.goal} ${ch.credited}`),
      ["friends 1/5 false", "sessions 3/3 true", "countries 2/3 false"],
    );
    const lb = await leaderboard(kv, "week", NOW);
    assert.equal(lb.totalMembers, 3 + 3 + 5);
    assert.deepEqual(lb.countries, [
      { country: "France", members: 1 },
      { country: "Germany", members: 1 },
      { country: "Poland", members: 1 },
    ]);
    assert.deepEqual(lb.referrers.map((r) => [r.username, r.country, r.referrals]), [
      ["bob", "France", 5],
      ["alice", "Germany", 1],
      ["fa1", "Unknown", 0],
    ]);

    // A third country this week: the badge, once; more sessions credit nothing more.
    // (The next day: the pair's three sessions of Nov 24 are all a day counts.)
    await played(kv, alice, "Chile", fa1, "Germany", THIS_WEEK + DAY + 4000);
    await played(kv, alice, "Japan", fa1, "Germany", THIS_WEEK + DAY + 5000);
    const after = await figuresAt(kv, alice.id, NOW);
    assert.equal(after.week.badges, 1);
    assert.equal(after.week.points, 33 + 1 + 5 + 1, "two sessions and a new country");

    // A member moving country moves the counts; a deleted member leaves every board and count.
    await updateUser(kv, carol.id, (u) => ({ ...u, location: "Lyon, France" }));
    assert.deepEqual((await countryCounts(kv)).map((x) => `${x.country}:${x.members}`), [
      "France:2",
      "Germany:1",
    ]);
    assert.ok(await deleteAccount(kv, bob.id, NOW));
    assert.deepEqual(await board(kv, "week", names), ["#1 alice:40", "#2 fa1:15"]);
    assert.deepEqual((await board(kv, "all", names)).slice(0, 1), ["#1 alice:57"]);
    assert.deepEqual((await countryCounts(kv)).map((x) => `${x.country}:${x.members}`), [
      "France:1",
      "Germany:1",
    ]);
    assert.deepEqual(await rankFor(kv, "all", 57, NOW), { rank: 1, ranked: 3 });
    await purgeAccount(kv, bob.id);
    for (const p of ["week", "month", "all"] as const) {
      const ids = (await topOf(kv, p, 10, NOW)).map((r) => r.userId);
      assert.ok(!ids.includes(bob.id), `bob is off the ${p} board after the purge`);
    }
    let left = 0;
    for await (const _ of kv.list({ prefix: keys.refFiguresPrefix(bob.id) })) left++;
    assert.equal(left, 0, "bob's figures are gone");

    // A backfill on data that already has counters changes nothing (it ran once, at start).
    await kv.set(keys.meta("referral_counters_v1"), "done");
    assert.equal(await backfillReferrals(kv, NOW), 0);
  } finally {
    kv.close();
  }
});

Deno.test("referrals: a reward is credited once, also when its events repeat or race", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const [cd, ce] = await createInvitations(kv, null, 2);
    const dave = await join(kv, "dave", cd, OCT);
    const eve = await join(kv, "eve", ce, OCT);
    // Two sessions this week, then two more ending at the same moment the next day: both would
    // be the third.
    await played(kv, dave, null, eve, null, THIS_WEEK);
    await played(kv, dave, null, eve, null, THIS_WEEK + 1);
    const m1 = await storeLiveMatch(kv, dave, null, eve, null, THIS_WEEK + DAY + 2);
    const m2 = await storeLiveMatch(kv, dave, null, eve, null, THIS_WEEK + DAY + 2);
    await Promise.all([endAt(kv, m1, THIS_WEEK + DAY + 2), endAt(kv, m2, THIS_WEEK + DAY + 2)]);
    for (const m of [dave, eve]) {
      const f = await figuresAt(kv, m.id, NOW);
      assert.equal(f.week.sessions, 4);
      assert.equal(f.week.points, 4 + 10, "four sessions and the challenge once");
    }
    // Dave's friends: four verified, then two verifying at once (both the fifth).
    const friends: Member[] = [];
    for (let i = 0; i < 5; i++) friends.push(await join(kv, `fd${i}`, dave.codes[i], THIS_WEEK));
    assert.equal(await unusedOf(kv, dave.id), 0, "all five codes are used, none verified yet");
    for (const f of friends.slice(0, 3)) await verify(kv, f.id, THIS_WEEK + 10);
    // One by the mailed link, one by an administrator's Verify (putUserIn), at the same moment.
    await Promise.all([
      verify(kv, friends[3].id, THIS_WEEK + 20),
      (async () => {
        for (let attempt = 0; attempt < 10; attempt++) {
          const op = kv.atomic();
          const put = await putUserIn(
            kv,
            op,
            friends[4].id,
            (u) => ({ ...u, emailVerified: true }),
            THIS_WEEK + 20,
          );
          assert.ok(put);
          if ((await op.commit()).ok) return;
        }
        throw new Error("the administrator's verify never landed");
      })(),
    ]);
    const f = await figuresAt(kv, dave.id, NOW);
    assert.equal(f.week.referrals, 5);
    assert.equal(f.week.points, 14 + 5 * 10 + 50, "the friends challenge once");
    // A friend verified again (an email change, then the new address verified) counts once.
    await updateUser(kv, friends[0].id, (u) => ({ ...u, emailVerified: false }));
    await verify(kv, friends[0].id, THIS_WEEK + 30);
    assert.equal((await figuresAt(kv, dave.id, NOW)).week.referrals, 5);
    assert.equal(await unusedOf(kv, dave.id), 5, "five verified friends, five codes back");
    // At most five unused: an extra code held (say, issued earlier), and the next verified
    // friend earns none.
    const fd = await join(
      kv,
      "fd6",
      (await listInvitationsOf(kv, dave.id)).find((i) => !i.usedBy)!
        .code,
      THIS_WEEK,
    );
    const extra = "EXTRACODE2";
    await kv.atomic()
      .set(keys.invitation(extra), { code: extra, ownerId: dave.id, createdAt: "2026-11-24" })
      .set(keys.invitationByOwner(dave.id, extra), true).commit();
    assert.equal(await unusedOf(kv, dave.id), 5);
    await verify(kv, fd.id, THIS_WEEK + 40);
    assert.equal(await unusedOf(kv, dave.id), 5, "still five: the cap");
    assert.equal((await figuresAt(kv, dave.id, NOW)).week.referrals, 6, "the referral counts");
  } finally {
    kv.close();
  }
});

Deno.test("GET /api/invitations: the member's own codes, who joined, who verified", async () => {
  await withServer(async (server) => {
    const guest = await new Client(server).get("/api/invitations");
    assert.equal(guest.status, 401);
    const ann = await registerMember(server);
    const ben = await registerMember(server);
    const mine = await ann.client.get("/api/invitations");
    assert.equal(mine.status, 200);
    assert.deepEqual(mine.json, { unused: [...ann.codes].sort(), used: [] }, "oldest, then A–Z");
    assert.equal(mine.headers.get("cache-control"), "no-store");

    // A friend joins with ann's first code, unverified, then verifies.
    const friend = await registerMember(server, { invitationCode: ann.codes[0], verified: false });
    let now = (await ann.client.get("/api/invitations")).json;
    assert.deepEqual(now.unused, ann.codes.filter((c) => c !== ann.codes[0]).sort());
    assert.deepEqual(now.used, [{
      code: ann.codes[0],
      joinedAs: friend.username,
      verified: false,
    }]);
    await updateUser(server.kv, friend.id, (u) => ({ ...u, emailVerified: true }));
    now = (await ann.client.get("/api/invitations")).json;
    assert.deepEqual(now.used, [{ code: ann.codes[0], joinedAs: friend.username, verified: true }]);
    assert.equal(now.unused.length, 5, "the verified friend earned a code");
    assert.ok(!ann.codes.includes(now.unused[4]));

    // Ben never sees ann's codes, whatever he asks for.
    for (
      const path of [
        "/api/invitations",
        `/api/invitations?userId=${ann.id}`,
        `/api/invitations/${ann.id}`,
      ]
    ) {
      const res = await ben.client.get(path);
      const text = res.text;
      for (const code of [...ann.codes, ...now.unused]) {
        assert.ok(!text.includes(code), `${path} shows none of ann's codes`);
      }
    }
    assert.deepEqual((await ben.client.get("/api/invitations")).json.unused, [...ben.codes].sort());
    assert.equal((await kvUser(server.kv, friend.id))?.invitedBy, ann.id);

    // /viral shows the friend and the earned-invitation rule.
    const page = await ann.client.get("/viral");
    assert.equal(page.status, 200);
    assert.ok(page.text.includes(friend.username));
    assert.ok(
      page.text.includes(
        "Each friend who joins with your code and verifies their email earns you a new one.",
      ),
    );
    assert.ok(page.text.includes("#1 of 1"), "ann ranks first of one all time");

    // Every code used (by friends who have not verified yet): the page says how one is earned.
    for (const code of now.unused) {
      await registerMember(server, { invitationCode: code, verified: false });
    }
    assert.deepEqual((await ann.client.get("/api/invitations")).json.unused, []);
    const full = await ann.client.get("/viral");
    assert.ok(full.text.includes(english("plans.inviteAllUsed")));
    assert.ok(!full.text.includes("/auth?invite="), "no link to hand out");
  });
});

Deno.test("GET /api/invitations: reads are limited per member", async () => {
  await withServer(async (server) => {
    const ann = await registerMember(server, { awaitMail: false });
    let last = 0;
    for (let i = 0; i < 121; i++) last = (await ann.client.get("/api/invitations")).status;
    assert.equal(last, 429);
  }, { RATE_LIMITS: "on" });
});

Deno.test("backfill: data stored before the counters is counted once", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    // Members, a used invitation and session statistics as they were stored before.
    const owner = newUserRecord({
      username: "old_owner",
      email: "o@example.test",
      passwordHash: "x",
      location: "Porto, Portugal",
    });
    const friend = newUserRecord({
      username: "old_friend",
      email: "f@example.test",
      passwordHash: "x",
      emailVerified: true,
      invitedBy: owner.id,
    });
    const gone = newUserRecord({
      username: "old_gone",
      email: "g@example.test",
      passwordHash: "x",
      deletedAt: "2026-11-01T00:00:00Z",
    });
    for (const u of [owner, friend, gone]) await kv.set(keys.user(u.id), u);
    await kv.set(keys.invitation("OLDCODE234"), {
      code: "OLDCODE234",
      ownerId: owner.id,
      createdAt: "2026-10-01T00:00:00Z",
      usedBy: friend.id,
      usedAt: new Date(THIS_WEEK).toISOString(),
    });
    const op = kv.atomic();
    addSession(op, owner.id, "Japan", OCT);
    addSession(op, owner.id, "Japan", THIS_WEEK);
    addSession(op, owner.id, "Chile", THIS_WEEK);
    addSession(op, gone.id, "Japan", THIS_WEEK);
    await op.commit();

    assert.equal(await backfillReferrals(kv, NOW), 1, "the owner (the deleted member is skipped)");
    const f = await figuresAt(kv, owner.id, NOW);
    // All time: a verified friend (10), 3 sessions (3), Japan (Oct) and Chile (Nov) new (10).
    assert.deepEqual({ ...f.all, at: 0 }, {
      joined: 1,
      referrals: 1,
      sessions: 3,
      countries: 2,
      points: 23,
      badges: 0,
      at: 0,
    });
    // This week: the friend (10) and 2 sessions (2); old weeks carry no country points.
    assert.equal(f.week.points, 12);
    assert.equal(f.week.countries, 2);
    // November: the friend, 2 sessions, Chile new (Japan was met in October).
    assert.equal(f.month.points, 10 + 2 + 5);
    assert.deepEqual(await rankFor(kv, "all", 23, NOW), { rank: 1, ranked: 1 });
    assert.deepEqual(await countryCounts(kv), [{ country: "Portugal", members: 1 }]);
    assert.ok((await kv.get(keys.refFriend(friend.id))).value, "the friend counted once");
    assert.equal(await backfillReferrals(kv, NOW), 0, "once");
    assert.equal((await figuresAt(kv, owner.id, NOW)).all.points, 23);
  } finally {
    kv.close();
  }
});

Deno.test("sweep: the tallies of weeks and months past their keeping go, the current ones stay", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const [cd, ce] = await createInvitations(kv, null, 2);
    const dave = await join(kv, "dave", cd, OCT);
    const eve = await join(kv, "eve", ce, OCT);
    await played(kv, dave, "Japan", eve, "Chile", at("2026-01-05T10:00:00Z"));
    await played(kv, dave, "Japan", eve, "Chile", THIS_WEEK);
    const tallies = async () => {
      const out: string[] = [];
      for (const root of [keys.refPointsRoot(), keys.refHundredsRoot()]) {
        for await (const e of kv.list({ prefix: root })) out.push(String(e.key[1]));
      }
      return [...new Set(out)].sort();
    };
    assert.deepEqual(await tallies(), [
      "all",
      "month:2026-01",
      "month:2026-11",
      "week:2026-W02",
      "week:2026-W48",
    ]);
    assert.ok((await sweepReferralTallies(kv, NOW)) > 0);
    assert.deepEqual(await tallies(), ["all", "month:2026-01", "month:2026-11", "week:2026-W48"]);
    assert.equal(await sweepReferralTallies(kv, NOW), 0, "idempotent");
    // This week: a session each (their countries were new in January, not now).
    assert.deepEqual((await figuresAt(kv, dave.id, NOW)).week.points, 1);
    assert.deepEqual(await rankFor(kv, "week", 1, NOW), { rank: 1, ranked: 2 });
  } finally {
    kv.close();
  }
});
