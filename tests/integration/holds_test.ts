// Safety holds on a real server: "Underage User" reports from two distinct members within the
// window (or one from a member in good standing) put the reported member on hold at once. Their
// live call ends (the partner hears only that it ended), a search is refused with its text, the
// hold shows first in the admin queue and on the member list, an administrator lifts it or bans
// (both audited, the member mailed in their language). One new reporter alone, the same reporter
// twice and reports older than the window do not hold; two reports at once place one hold; bad
// input is refused with nothing stored.
import assert from "node:assert/strict";
import { assertError, awaitMails, signIn } from "../helpers/accounts.ts";
import {
  closeAll,
  connectPeer,
  MemberFactory,
  pairUp,
  type Peer,
  type QuickMember,
  search,
} from "../helpers/realtime_members.ts";
import { closeServer } from "../helpers/realtime_members.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { seedReport } from "../helpers/reports.ts";
import { kvDump } from "../helpers/kv_dump.ts";
import { getUser, updateUser } from "../../kv/users.ts";
import { listAudit } from "../../kv/audit.ts";
import { keys } from "../../kv/keys.ts";
import { rtEnglish } from "../helpers/rt_english.ts";
import { RT_MESSAGE } from "../../lib/shared/realtime/texts.ts";
import { sayIn } from "../../lib/server/i18n/catalogs.ts";
import { loadConfig } from "../../lib/server/config.ts";
import { english } from "../helpers/english.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };
const ADMIN = { ADMIN_EMAIL: "holds@example.test", ADMIN_PASSWORD: "admin-pass-1" };
const DAY = 86400_000;

async function withHolds(
  fn: (server: TestServer, f: MemberFactory) => Promise<void>,
  env: Record<string, string> = {},
) {
  const server = await startServer({ MATCH_DURATION_MS: "20000", ...ADMIN, ...env });
  try {
    await fn(server, await MemberFactory.forServer(server));
  } finally {
    await closeServer(server);
  }
}

/** The two meet in a live match, which `x` ends; returns their peers (still connected). */
async function meet(x: Peer, y: Peer) {
  await pairUp(x, y);
  x.ws.send({ type: "end_session" });
  await y.ws.next("session_ended");
}

function report(reporter: Peer, partner: Peer, reportReason = "minor") {
  return reporter.member.client.post("/api/report", {
    reportReason,
    additionalDetails: "",
    partnerPeerId: partner.peerId,
  });
}

const held = async (kv: Deno.Kv, m: QuickMember) => (await getUser(kv, m.id))?.hold ?? null;
const audits = async (kv: Deno.Kv, action: string) =>
  (await listAudit(kv, 100)).entries.filter((e) => e.action === action);

/** A member whose account is `days` old (email verified, as the factory makes them). */
async function aged(kv: Deno.Kv, m: QuickMember, days: number) {
  await updateUser(kv, m.id, (u) => ({
    ...u,
    createdAt: new Date(Date.now() - days * DAY).toISOString(),
  }));
}

Deno.test(
  "holds: two distinct reporters hold at once; the live call with a third ends",
  opts,
  () =>
    withHolds(async (server, f) => {
      const [r1m, r2m, bm, cm] = await f.many(4);
      await updateUser(server.kv, bm.id, (u) => ({ ...u, language: "de" }));
      const r1 = await connectPeer(r1m), r2 = await connectPeer(r2m);
      const b = await connectPeer(bm), c = await connectPeer(cm);
      try {
        await meet(r1, b);
        await meet(r2, b);
        const first = await report(r1, b);
        assert.equal(first.status, 201, first.text);
        assert.equal(await held(server.kv, bm), null, "one new reporter alone does not hold");
        // The same reporter again (a report of an earlier session) still counts once.
        await seedReport(server.kv, {
          reportedId: bm.id,
          reporterId: r1m.id,
          reportReason: "minor",
        });
        const { considerHold } = await import("../../lib/server/moderation/holds.ts");
        assert.equal(
          await considerHold(server.kv, bm.id, server.config.holds, server.config.origin),
          null,
        );
        assert.equal(await held(server.kv, bm), null);

        // b is in a live call with c when the second report lands.
        r1.ws.close();
        await pairUp(b, c);
        const second = await report(r2, b);
        assert.equal(second.status, 201, second.text);
        const bEnd = await b.ws.next("error");
        assert.equal(bEnd.code, "on_hold");
        // Said in b's language (German), as b's socket speaks it.
        assert.equal(bEnd.message, sayIn("de", RT_MESSAGE.on_hold));
        assert.notEqual(bEnd.message, rtEnglish("on_hold"));
        const cEnd = await c.ws.next("session_ended");
        assert.equal(cEnd.reason, "signed_out", "the partner hears only that the session ended");
        const hold = await held(server.kv, bm);
        assert.ok(hold, "b is on hold");
        assert.equal(hold.reporters, 2);
        assert.equal(hold.goodStanding, false);
        assert.equal((await audits(server.kv, "hold")).length, 1);
        assert.equal(
          (await server.kv.get(keys.hold(Date.parse(hold.at), bm.id))).value,
          bm.id,
        );

        // Searching is refused with its text; the session stays (the profile still opens).
        search(b);
        const refused = await b.ws.next("error");
        assert.equal(refused.code, "on_hold");
        assert.equal(refused.message, sayIn("de", RT_MESSAGE.on_hold));
        assert.equal((await bm.client.get("/api/simple-user")).status, 200);
        // Every page but the profile says so, with the way to the profile.
        // (b reads German.)
        const BANNER = "Dein Konto wird nach einer Sicherheitsmeldung überprüft";
        const home = await bm.client.get("/");
        assert.ok(home.text.includes(BANNER), "the banner in the member's language");
        assert.ok(home.text.includes('class="verify-banner hold-banner"'));
        const profile = await bm.client.get("/profile");
        assert.equal(profile.status, 200);
        assert.ok(!profile.text.includes(BANNER), "the profile says it in its own notice");
        assert.ok(!(await r1m.client.get("/")).text.includes("hold-banner"), "nobody else sees it");
        // Told by email, in their language, without who reported them.
        const [mail] = await awaitMails(server.kv, `${bm.username}@example.test`, 1, "überprüft");
        assert.ok(!mail.text.includes(r1m.username) && !mail.text.includes(r2m.username));
      } finally {
        closeAll(r1, r2, b, c);
      }
    }),
);

Deno.test(
  "holds: a searching member's search stops when the hold lands",
  opts,
  () =>
    withHolds(async (server, f) => {
      const [r1m, r2m, bm] = await f.many(3);
      const r1 = await connectPeer(r1m), r2 = await connectPeer(r2m), b = await connectPeer(bm);
      try {
        await meet(r1, b);
        await meet(r2, b);
        assert.equal((await report(r1, b)).status, 201);
        search(b);
        await b.ws.next("searching");
        assert.equal((await report(r2, b)).status, 201);
        assert.equal((await b.ws.next("error")).code, "on_hold");
        assert.equal((await server.kv.get(["mm", "ticket", bm.id])).value, null, "ticket gone");
      } finally {
        closeAll(r1, r2, b);
      }
    }),
);

Deno.test(
  "holds: one reporter in good standing holds; one new reporter does not",
  opts,
  () =>
    withHolds(async (server, f) => {
      const [newm, oldm, bm, dm, em] = await f.many(5);
      await aged(server.kv, oldm, 31);
      const fresh = await connectPeer(newm), old = await connectPeer(oldm);
      const b = await connectPeer(bm), d = await connectPeer(dm);
      try {
        await meet(fresh, b);
        assert.equal((await report(fresh, b)).status, 201);
        assert.equal(await held(server.kv, bm), null, "a new account alone does not hold");
        fresh.ws.close();
        b.ws.close();
        // Another reason from a member in good standing does not hold.
        await meet(old, d);
        assert.equal((await report(old, d, "harassment")).status, 201);
        assert.equal(await held(server.kv, dm), null);
        d.ws.close();
        const e = await connectPeer(em);
        await meet(old, e);
        assert.equal((await report(old, e)).status, 201);
        const hold = await held(server.kv, em);
        assert.ok(hold, "one report from a member in good standing holds");
        assert.equal(hold.goodStanding, true);
        assert.equal(hold.reporters, 1);
        e.ws.close();
      } finally {
        closeAll(fresh, old, b, d);
      }
    }),
);

Deno.test(
  "holds: good standing needs a verified, unreported account of 30 days",
  opts,
  () =>
    withHolds(async (server, f) => {
      const [am, bm] = await f.many(2);
      await aged(server.kv, am, 31);
      // A report about the reporter that an administrator upheld (reviewed) takes it away.
      const against = await seedReport(server.kv, { reportedId: am.id, reporterId: bm.id });
      await server.kv.set(keys.report(against.id), { ...against, status: "reviewed" });
      const a = await connectPeer(am), b = await connectPeer(bm);
      try {
        await meet(a, b);
        assert.equal((await report(a, b)).status, 201);
        assert.equal(await held(server.kv, bm), null);
      } finally {
        closeAll(a, b);
      }
    }),
);

Deno.test(
  "holds: a report older than the window does not count",
  opts,
  () =>
    withHolds(async (server, f) => {
      const [am, bm, oldm] = await f.many(3);
      await seedReport(server.kv, {
        reportedId: bm.id,
        reporterId: oldm.id,
        reportReason: "minor",
        createdAt: new Date(Date.now() - 31 * DAY).toISOString(),
      });
      const a = await connectPeer(am), b = await connectPeer(bm);
      try {
        await meet(a, b);
        assert.equal((await report(a, b)).status, 201);
        assert.equal(await held(server.kv, bm), null, "31 days ago is outside the 30");
        // Within the window it counts: the same seeded report, 29 days old, makes two.
        await seedReport(server.kv, {
          reportedId: bm.id,
          reporterId: oldm.id,
          reportReason: "minor",
          createdAt: new Date(Date.now() - 29 * DAY).toISOString(),
        });
        const { considerHold } = await import("../../lib/server/moderation/holds.ts");
        assert.ok(await considerHold(server.kv, bm.id, server.config.holds, server.config.origin));
      } finally {
        closeAll(a, b);
      }
    }),
);

Deno.test(
  "holds: two reports at once place one hold and one audit entry",
  opts,
  () =>
    withHolds(async (server, f) => {
      const [r1m, r2m, r3m, bm] = await f.many(4);
      const [r1, r2, r3, b] = await Promise.all([r1m, r2m, r3m, bm].map((m) => connectPeer(m)));
      try {
        await meet(r1, b);
        await meet(r2, b);
        await meet(r3, b);
        const answers = await Promise.all([report(r1, b), report(r2, b), report(r3, b)]);
        assert.deepEqual(answers.map((a) => a.status), [201, 201, 201]);
        assert.ok(await held(server.kv, bm));
        assert.equal((await audits(server.kv, "hold")).length, 1);
        let entries = 0;
        for await (const _ of server.kv.list({ prefix: keys.holdsPrefix() })) entries++;
        assert.equal(entries, 1);
        await awaitMails(server.kv, `${bm.username}@example.test`, 1, "on hold");
        await new Promise((r) => setTimeout(r, 300));
        const mails = (await awaitMails(server.kv, `${bm.username}@example.test`, 1))
          .filter((m) => m.text.includes("on hold"));
        assert.equal(mails.length, 1, "one mail");
      } finally {
        closeAll(r1, r2, r3, b);
      }
    }),
);

Deno.test(
  "holds: first in the admin queue and on the member list; lift and ban, audited",
  opts,
  () =>
    withHolds(async (server, f) => {
      const [r1m, r2m, bm, em] = await f.many(4);
      // A pending report about someone else, with more reporters, is still below the hold.
      await seedReport(server.kv, { reportedId: em.id, reportReason: "harassment" });
      const r1 = await connectPeer(r1m), r2 = await connectPeer(r2m), b = await connectPeer(bm);
      const admin = await signIn(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
      try {
        await meet(r1, b);
        await meet(r2, b);
        await report(r1, b);
        await report(r2, b);
        const queue = await admin.get("/api/admin/reports?status=pending");
        assert.equal(queue.status, 200, queue.text);
        assert.equal(queue.json.holds.length, 1);
        assert.equal(queue.json.holds[0].id, bm.id);
        assert.equal(queue.json.holds[0].reporters, 2);
        const users = await admin.get(`/api/admin/users?q=${bm.username}`);
        assert.ok(users.json.users[0].heldAt, "the member list shows the hold");

        // Lift: audited, mailed, the member can search again.
        const lift = await admin.delete(`/api/admin/users/${bm.id}/hold`);
        assert.equal(lift.status, 200, lift.text);
        assert.equal(
          lift.json.message,
          english("admin.holdLiftedDescription", { username: bm.username }),
        );
        assert.equal(await held(server.kv, bm), null);
        assert.equal((await admin.get("/api/admin/reports?status=pending")).json.holds.length, 0);
        const lifted = await audits(server.kv, "hold_lifted");
        assert.equal(lifted.length, 1);
        assert.notEqual(lifted[0].actorId, "system", "the administrator is the actor");
        assert.equal(lifted[0].targetId, bm.id);
        await awaitMails(server.kv, `${bm.username}@example.test`, 1, "lifted the hold");
        assertError(
          await admin.delete(`/api/admin/users/${bm.id}/hold`),
          409,
          english("admin.holdNotHeld"),
        );
        search(b);
        await b.ws.next("searching");
        b.ws.close();

        // Held again (a third reporter), then banned: the ban ends the hold, audited with it.
        const [r3m] = await f.many(1);
        const r3 = await connectPeer(r3m), b2 = await connectPeer(bm);
        await meet(r3, b2);
        await report(r3, b2);
        b2.ws.close();
        const hold = await held(server.kv, bm);
        assert.ok(hold, "three reporters in the window: held again");
        const ban = await admin.post(`/api/admin/users/${bm.id}/ban`, { reason: "Underage" });
        assert.equal(ban.status, 200, ban.text);
        const user = await getUser(server.kv, bm.id);
        assert.equal(user?.hold, null);
        assert.ok(user?.ban);
        const bans = await audits(server.kv, "ban");
        assert.equal(bans[0].details.heldAt, hold.at);
        assert.equal((await admin.get("/api/admin/reports?status=pending")).json.holds.length, 0);
        r3.ws.close();
      } finally {
        closeAll(r1, r2, b);
      }
    }),
);

Deno.test(
  "holds: bad input is refused with nothing stored",
  opts,
  () =>
    withHolds(async (server, f) => {
      const [am, bm] = await f.many(2);
      const a = await connectPeer(am), b = await connectPeer(bm);
      const admin = await signIn(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
      try {
        await meet(a, b);
        const before = await kvDump(server.kv);
        assertError(await report(a, b, "underage"), 400, english("live.reasonRequired"));
        assertError(await report(a, b, "Underage User"), 400, english("live.reasonRequired"));
        const stranger = await am.client.post("/api/report", {
          reportReason: "minor",
          partnerPeerId: "Z".repeat(21),
        });
        assert.equal(stranger.status, 404);
        assertError(
          await admin.delete(`/api/admin/users/${bm.id}/hold`),
          409,
          english("admin.holdNotHeld"),
        );
        assertError(
          await admin.delete(`/api/admin/users/no-such-member/hold`),
          404,
          english("admin.userNotFound"),
        );
        assertError(
          await admin.delete(`/api/admin/users/${"x".repeat(200)}/hold`),
          404,
          english("admin.userNotFound"),
        );
        assert.equal((await bm.client.delete(`/api/admin/users/${bm.id}/hold`)).status, 403);
        assert.deepEqual(await kvDump(server.kv), before);
      } finally {
        closeAll(a, b);
      }
    }),
);

Deno.test("holds: the thresholds are settings, validated at start-up", () => {
  const base = { APP_ENV: "test", KV_PATH: ":memory:" };
  assert.deepEqual(loadConfig(base).holds, {
    reporters: 2,
    windowMs: 30 * DAY,
    standingMs: 30 * DAY,
  });
  const set = loadConfig({
    ...base,
    HOLD_REPORTERS: "3",
    HOLD_WINDOW_DAYS: "14",
    HOLD_STANDING_DAYS: "0",
  });
  assert.deepEqual(set.holds, { reporters: 3, windowMs: 14 * DAY, standingMs: 0 });
  assert.throws(() => loadConfig({ ...base, HOLD_REPORTERS: "0" }), /HOLD_REPORTERS must be at/);
  assert.throws(() => loadConfig({ ...base, HOLD_WINDOW_DAYS: "x" }), /HOLD_WINDOW_DAYS/);
  assert.throws(() => loadConfig({ ...base, HOLD_STANDING_DAYS: "1.5" }), /HOLD_STANDING_DAYS/);
});

Deno.test(
  "holds: the held member appeals once, signed in; lift ends the hold",
  opts,
  () =>
    withHolds(async (server, f) => {
      const [r1m, r2m, bm] = await f.many(3);
      const r1 = await connectPeer(r1m), r2 = await connectPeer(r2m), b = await connectPeer(bm);
      const admin = await signIn(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
      try {
        // Not held: a signed-in member has nothing to appeal (and no pass).
        assertError(
          await bm.client.post("/api/appeal", { text: "hi" }),
          401,
          english("auth.appealNoPass"),
        );
        await meet(r1, b);
        await meet(r2, b);
        await report(r1, b);
        await report(r2, b);
        const state = await bm.client.get("/api/appeal");
        assert.deepEqual(state.json, { maxLength: 1000, sent: null, kind: "hold" });
        const before = await kvDump(server.kv);
        assertError(
          await bm.client.post("/api/appeal", { text: " " }),
          400,
          english("auth.appealRequired"),
        );
        assertError(
          await bm.client.post("/api/appeal", { text: "x".repeat(1001) }),
          400,
          english("auth.appealTooLong"),
        );
        assert.deepEqual(await kvDump(server.kv), before);
        const sent = await bm.client.post("/api/appeal", { text: "I am 34; ask me for an ID." });
        assert.equal(sent.status, 201, sent.text);
        assertError(
          await bm.client.post("/api/appeal", { text: "again" }),
          409,
          english("auth.appealAlreadySentHold"),
        );
        const list = await admin.get("/api/admin/appeals");
        const appeal = list.json.pending[0];
        assert.equal(appeal.subject.kind, "hold");
        assert.equal(appeal.banInForce, true);
        const lift = await admin.post(`/api/admin/appeals/${appeal.id}`, { decision: "lift" });
        assert.equal(lift.status, 200, lift.text);
        assert.equal(
          lift.json.message,
          english("admin.appealLiftedHoldDescription", { username: bm.username }),
        );
        assert.equal(await held(server.kv, bm), null);
        const lifted = await audits(server.kv, "hold_lifted");
        assert.equal(lifted[0].details.appealId, appeal.id);
        assert.equal(
          (await audits(server.kv, "appeal_lifted"))[0].details.heldAt,
          appeal.subject.at,
        );
        await awaitMails(server.kv, `${bm.username}@example.test`, 1, "lifted the hold");
        assertError(
          await admin.post(`/api/admin/appeals/${appeal.id}`, { decision: "uphold" }),
          409,
          english("admin.appealAlreadyAnswered"),
        );
      } finally {
        closeAll(r1, r2, b);
      }
    }),
);

Deno.test(
  "holds: reported from inside the call, the held member hears why",
  opts,
  () =>
    withHolds(async (server, f) => {
      const [r1m, r2m, bm] = await f.many(3);
      const r1 = await connectPeer(r1m), r2 = await connectPeer(r2m), b = await connectPeer(bm);
      try {
        await meet(r1, b);
        assert.equal((await report(r1, b)).status, 201);
        r1.ws.close();
        await pairUp(r2, b);
        assert.equal((await report(r2, b)).status, 201);
        assert.equal((await b.ws.next("error")).code, "on_hold");
        assert.equal((await r2.ws.next("session_ended")).reason, "reported");
        assert.ok(await b.ws.none("session_ended", 300), "the held member hears only on_hold");
        assert.ok(await held(server.kv, bm));
      } finally {
        closeAll(r1, r2, b);
      }
    }),
);
