// Appeals on a real server: a banned member signs in with their password, is refused with the
// ban and handed an appeal pass, and sends one appeal (a second, an over-long one, an empty one
// and one without a pass are refused; nothing is stored). Administrators list appeals (pending
// first, with the ban and the member) and answer each once: uphold keeps the ban, lift ends it
// through the unban path (the member signs in again). The member is mailed the decision in their
// language; two answers at once: one wins. Every step is in the audit log.
import assert from "node:assert/strict";
import { startServer, type TestServer } from "../helpers/server.ts";
import {
  assertError,
  awaitMails,
  Client,
  kvUser,
  mailsTo,
  queueMessagesTaken,
  registerMember,
  signIn,
} from "../helpers/accounts.ts";
import { kvDump } from "../helpers/kv_dump.ts";
import { updateUser } from "../../kv/users.ts";
import type { UserRecord } from "../../lib/shared/auth/types.ts";
import { listAudit } from "../../kv/audit.ts";
import { purgeMemberRecords } from "../../kv/deletion.ts";
import { APPEAL_MAX } from "../../lib/shared/moderation/appeals.ts";
import { english } from "../helpers/english.ts";

const ADMIN = { ADMIN_EMAIL: "appeals@example.test", ADMIN_PASSWORD: "admin-pass-1" };
const APPEAL_COOKIE = "glimpse_appeal";

async function withAdmin(fn: (s: TestServer, admin: Client) => Promise<void>) {
  const server = await startServer(ADMIN);
  try {
    await fn(server, await signIn(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD));
  } finally {
    await server.close();
  }
}

/** A member banned by `admin` (in `language`), and a browser holding their appeal pass. */
async function bannedMember(
  server: TestServer,
  admin: Client,
  language: UserRecord["language"] = "en",
  days?: number,
) {
  const member = await registerMember(server);
  await updateUser(server.kv, member.id, (u) => ({ ...u, language }));
  const ban = await admin.post(`/api/admin/users/${member.id}/ban`, {
    reason: "Spam links",
    ...(days ? { days } : {}),
  });
  assert.equal(ban.status, 200, ban.text);
  const browser = new Client(server);
  const login = await browser.post("/api/simple-login", {
    identifier: member.username,
    password: member.password,
  });
  assert.equal(login.status, 403, login.text);
  assert.ok(browser.cookies.get(APPEAL_COOKIE), "the refusal hands over an appeal pass");
  assert.deepEqual(login.json.appeal, { maxLength: APPEAL_MAX, sent: null }, "and says so");
  assert.equal(browser.session, undefined, "and no session");
  return { member, browser };
}

Deno.test("appeals: send once, refusals store nothing, the pass is for nothing else", async () => {
  await withAdmin(async (server, admin) => {
    const { member, browser } = await bannedMember(server, admin);
    const line = (await new Client(server).post("/api/simple-login", {
      identifier: member.email,
      password: member.password,
    })).setCookies.find((l) => l.startsWith(`${APPEAL_COOKIE}=`))!;
    assert.match(line, /HttpOnly/i);
    assert.match(line, /Path=\/api\/appeal/);
    assert.match(line, /SameSite=Strict/i);

    const state = await browser.get("/api/appeal");
    assert.equal(state.status, 200, state.text);
    assert.deepEqual(state.json, { maxLength: APPEAL_MAX, sent: null });

    // The pass opens nothing a session would.
    assert.equal((await browser.get("/api/simple-user")).status, 401);

    const good = await registerMember(server);
    const dump = await kvDump(server.kv);
    assertError(
      await browser.post("/api/appeal", { text: "x".repeat(APPEAL_MAX + 1) }),
      400,
      english("auth.appealTooLong"),
    );
    assertError(
      await browser.post("/api/appeal", { text: "   " }),
      400,
      english("auth.appealRequired"),
    );
    assertError(await browser.post("/api/appeal", {}), 400, english("auth.appealRequired"));
    assertError(
      await browser.post("/api/appeal", { text: "hi", more: 1 }),
      400,
      english("auth.appealRequired"),
    );
    assertError(
      await browser.post("/api/appeal", { text: "hi" }, {
        headers: { origin: "https://evil.test" },
      }),
      403,
      english("texts.crossSite"),
    );
    assertError(
      await browser.request("POST", "/api/appeal", {
        body: JSON.stringify({ text: "x".repeat(20_000) }),
        headers: { "content-type": "application/json" },
      }),
      413,
      english("texts.tooLarge"),
    );
    // No pass, a made-up pass, and a member in good standing with a session.
    assertError(
      await new Client(server).post("/api/appeal", { text: "hi" }),
      401,
      english("auth.appealNoPass"),
    );
    const forged = new Client(server);
    forged.cookies.set(APPEAL_COOKIE, "made-up");
    assertError(
      await forged.post("/api/appeal", { text: "hi" }),
      401,
      english("auth.appealNoPass"),
    );
    assertError(
      await good.client.post("/api/appeal", { text: "hi" }),
      401,
      english("auth.appealNoPass"),
    );
    assert.deepEqual(await kvDump(server.kv), dump, "refusals store nothing");

    // Exactly 1,000 characters (emoji count as one each) is accepted.
    const text = "🙂".repeat(10) + "y".repeat(APPEAL_MAX - 10);
    const sent = await browser.post("/api/appeal", { text });
    assert.equal(sent.status, 201, sent.text);
    assert.equal(sent.json.message, english("auth.appealSentNotice"));
    assert.equal((await browser.get("/api/appeal")).json.sent.status, "pending");

    // A new sign-in, a new pass: still the same ban, still refused.
    const again = new Client(server);
    const relogin = await again.post("/api/simple-login", {
      identifier: member.username,
      password: member.password,
    });
    const after = await kvDump(server.kv);
    assertError(
      await browser.post("/api/appeal", { text: "again" }),
      409,
      english("auth.appealAlreadySent"),
    );
    assertError(
      await again.post("/api/appeal", { text: "again" }),
      409,
      english("auth.appealAlreadySent"),
    );
    assert.equal(relogin.json.appeal.sent.status, "pending", "the refusal says it was sent");
    assert.deepEqual(await kvDump(server.kv), after, "a second appeal stores nothing");

    // A member cannot list or answer.
    assert.equal((await good.client.get("/api/admin/appeals")).status, 403);
    const id = (await admin.get("/api/admin/appeals")).json.pending[0].id;
    assert.equal(
      (await good.client.post(`/api/admin/appeals/${id}`, { decision: "lift" })).status,
      403,
    );
    assert.equal(
      (await browser.post(`/api/admin/appeals/${id}`, { decision: "lift" })).status,
      401,
    );
    assert.deepEqual(await kvDump(server.kv), after, "nothing answered");
  });
});

Deno.test("appeals: the admin list, uphold, lift (signs in again), mail in the member's language, audit", async () => {
  await withAdmin(async (server, admin) => {
    const kept = await bannedMember(server, admin, "de", 7);
    const freed = await bannedMember(server, admin, "fr");
    assert.equal((await kept.browser.post("/api/appeal", { text: "I did not spam." })).status, 201);
    assert.equal(
      (await freed.browser.post("/api/appeal", { text: "It was my brother." })).status,
      201,
    );

    const list = await admin.get("/api/admin/appeals");
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(list.json.pending.map((a: { username: string }) => a.username), [
      kept.member.username,
      freed.member.username,
    ], "pending, oldest first");
    const [a, b] = list.json.pending;
    assert.equal(a.subject.reason, "Spam links");
    assert.ok(a.subject.until && a.subject.at);
    assert.equal(b.subject.until, null);
    assert.equal(a.text, "I did not spam.");
    assert.equal(a.banInForce, true);

    // Bad decisions and unknown ids change nothing.
    const dump = await kvDump(server.kv);
    assertError(
      await admin.post(`/api/admin/appeals/${a.id}`, { decision: "maybe" }),
      400,
      english("admin.appealBadDecision"),
    );
    assertError(
      await admin.post(`/api/admin/appeals/${a.id}`, {}),
      400,
      english("admin.appealBadDecision"),
    );
    assertError(
      await admin.post("/api/admin/appeals/no-such-appeal", { decision: "lift" }),
      404,
      english("admin.appealNotFound"),
    );
    assertError(
      await admin.post("/api/admin/appeals/%20bad%20", { decision: "lift" }),
      404,
      english("admin.appealNotFound"),
    );
    assert.deepEqual(await kvDump(server.kv), dump);

    const mailsBefore = await queueMessagesTaken(server.kv);
    const upheld = await admin.post(`/api/admin/appeals/${a.id}`, { decision: "uphold" });
    assert.equal(upheld.status, 200, upheld.text);
    assert.equal(upheld.json.appeal.status, "upheld");
    assert.equal(
      upheld.json.message,
      english("admin.appealUpheldDescription", { username: kept.member.username }),
    );
    assert.ok((await kvUser(server.kv, kept.member.id))?.ban, "the ban stays");
    const [keptMail] = await awaitMails(server.kv, kept.member.email, 1, "/terms-of-service");
    assert.equal(keptMail.subject, "Dein Einspruch bei Glimpse wurde beantwortet");
    assert.match(keptMail.text, /Sperre deines Kontos bestehen bleibt/);

    const lifted = await admin.post(`/api/admin/appeals/${b.id}`, { decision: "lift" });
    assert.equal(lifted.status, 200, lifted.text);
    assert.equal(lifted.json.appeal.status, "lifted");
    assert.equal((await kvUser(server.kv, freed.member.id))?.ban, null, "the ban is lifted");
    const [freedMail] = await awaitMails(
      server.kv,
      freed.member.email,
      1,
      "a levé le bannissement",
    );
    assert.equal(freedMail.subject, "Votre compte Glimpse est de nouveau ouvert");
    assert.match(freedMail.text, /vous reconnecter/);
    assert.equal(await queueMessagesTaken(server.kv), mailsBefore + 2, "one mail per answer");
    // The member signs in again.
    await signIn(server, freed.member.username, freed.member.password);

    // Answered once: a second answer is refused and stores nothing.
    const answered = await kvDump(server.kv);
    assertError(
      await admin.post(`/api/admin/appeals/${a.id}`, { decision: "lift" }),
      409,
      english("admin.appealAlreadyAnswered"),
    );
    assertError(
      await admin.post(`/api/admin/appeals/${b.id}`, { decision: "uphold" }),
      409,
      english("admin.appealAlreadyAnswered"),
    );
    assert.deepEqual(await kvDump(server.kv), answered);
    assert.equal(
      (await mailsTo(server.kv, kept.member.email)).filter((m) =>
        m.text.includes("/terms-of-service")
      ).length,
      1,
    );

    const after = (await admin.get("/api/admin/appeals")).json;
    assert.deepEqual(after.pending, []);
    assert.deepEqual(
      after.answered.map((x: { id: string }) => x.id),
      [b.id, a.id],
      "newest answer first",
    );
    assert.equal(
      after.answered[0].answeredByUsername,
      (await admin.get("/api/simple-user")).json.username,
    );

    // The audit log: sent twice, upheld, lifted and the unban the lift did.
    const { entries } = await listAudit(server.kv, 50);
    const of = (action: string) => entries.filter((e) => e.action === action);
    assert.deepEqual(
      of("appeal_sent").map((e) => e.actorId).sort(),
      [kept.member.id, freed.member.id].sort(),
    );
    assert.equal(of("appeal_upheld")[0].targetId, kept.member.id);
    assert.equal(of("appeal_upheld")[0].details.appealId, a.id);
    assert.equal(of("appeal_lifted")[0].targetId, freed.member.id);
    assert.equal(of("unban")[0].details.appealId, b.id, "the lift went through the unban path");
    assert.ok(of("appeal_lifted")[0].actorUsername && of("appeal_lifted")[0].at);
  });
});

Deno.test("appeals: two answers at once, one wins; the loser is refused and mails nothing", async () => {
  await withAdmin(async (server, admin) => {
    // Each pairing a few times: the two requests interleave differently from run to run.
    const pairs = [["lift", "uphold"], ["uphold", "lift"], ["lift", "lift"], ["uphold", "uphold"]];
    for (const [first, second] of [...pairs, ...pairs, ...pairs]) {
      const { member, browser } = await bannedMember(server, admin);
      assert.equal((await browser.post("/api/appeal", { text: "Please." })).status, 201);
      const id = (await admin.get("/api/admin/appeals")).json.pending[0].id;
      const other = await signIn(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
      const answers = await Promise.all([
        admin.post(`/api/admin/appeals/${id}`, { decision: first }),
        other.post(`/api/admin/appeals/${id}`, { decision: second }),
      ]);
      const statuses = answers.map((r) => r.status).sort();
      assert.deepEqual(statuses, [200, 409], answers.map((r) => r.text).join(" | "));
      const loser = answers.find((r) => r.status === 409)!;
      assert.equal(loser.json.error, english("admin.appealAlreadyAnswered"));
      const winner = answers.find((r) => r.status === 200)!;
      const stored = await kvUser(server.kv, member.id);
      assert.equal(!stored?.ban, winner.json.appeal.status === "lifted");
      await queueMessagesTaken(server.kv);
      const decided = (await mailsTo(server.kv, member.email)).filter((m) =>
        m.text.includes("/terms-of-service") || m.subject.includes("open again")
      );
      assert.equal(decided.length, 1, "one decision mailed");
      const { entries } = await listAudit(server.kv, 100);
      const answersLogged = entries.filter((e) =>
        (e.action === "appeal_lifted" || e.action === "appeal_upheld") && e.details.appealId === id
      );
      assert.equal(answersLogged.length, 1, "one answer audited");
    }
  });
});

Deno.test("appeals: a ban that ended meanwhile; the pass ends with its ban", async () => {
  await withAdmin(async (server, admin) => {
    const { member, browser } = await bannedMember(server, admin);
    assert.equal((await browser.post("/api/appeal", { text: "Sorry." })).status, 201);
    const id = (await admin.get("/api/admin/appeals")).json.pending[0].id;
    // Lifted from the Users tab before the appeal is answered.
    assert.equal((await admin.delete(`/api/admin/users/${member.id}/ban`)).status, 200);
    assertError(await browser.get("/api/appeal"), 403, english("auth.appealNotBanned"));
    assert.equal((await admin.get("/api/admin/appeals")).json.pending[0].banInForce, false);
    assertError(
      await admin.post(`/api/admin/appeals/${id}`, { decision: "uphold" }),
      409,
      english("admin.appealBanEnded"),
    );
    const lifted = await admin.post(`/api/admin/appeals/${id}`, { decision: "lift" });
    assert.equal(lifted.status, 200, lifted.text);
    assert.equal((await kvUser(server.kv, member.id))?.ban, null);
    assertError(
      await admin.delete(`/api/admin/users/${member.id}/ban`),
      409,
      english("admin.notBanned"),
    );
    assert.equal(english("admin.userNotFound"), "User not found");
  });
});

Deno.test("appeals: the purge of a deleted account removes its appeals", async () => {
  await withAdmin(async (server, admin) => {
    const { member, browser } = await bannedMember(server, admin);
    assert.equal((await browser.post("/api/appeal", { text: "Mine." })).status, 201);
    await purgeMemberRecords(server.kv, member.id);
    assert.deepEqual((await admin.get("/api/admin/appeals")).json, { pending: [], answered: [] });
    const left = (await kvDump(server.kv)).filter((line) => line.startsWith('["appeal'));
    assert.deepEqual(left.filter((line) => !line.startsWith('["appeal_passes"')), []);
  });
});
