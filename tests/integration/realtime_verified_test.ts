// Going live needs a verified email address: over a real socket, an unverified member's search is
// refused with its code and text (the socket stays open) and never meets a verified searcher,
// while their profile and filters work as before; once the mailed link or an administrator's
// Verify has verified them, the same member searches and is paired.
// deno-lint-ignore-file no-explicit-any
import assert from "node:assert/strict";
import { startServer, type TestServer } from "../helpers/server.ts";
import { WsClient } from "../helpers/realtime.ts";
import {
  awaitMails,
  type Member,
  openVerificationLink,
  registerMember,
  SESSION_COOKIE,
  signIn,
} from "../helpers/accounts.ts";
import { closeAll, closeServer, kvMatches } from "../helpers/realtime_members.ts";
import { keys } from "../../kv/keys.ts";
import { rtEnglish } from "../helpers/rt_english.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };
const ADMIN = { ADMIN_EMAIL: "chief@example.test", ADMIN_PASSWORD: "admin-pass-1" };
const UNVERIFIED = "Please verify your email address before starting a live session. " +
  "We sent you a link when you registered.";

/** A member registered through the API, with a profile location (the only other requirement). */
async function member(server: TestServer, verified: boolean): Promise<Member> {
  const m = await registerMember(server, { verified });
  const res = await m.client.patch("/api/user/profile", { location: "Warsaw, Poland" });
  assert.equal(res.status, 200, res.text);
  return m;
}

/** The member's registered socket (the live page's). */
async function socketOf(server: TestServer, m: Member): Promise<WsClient> {
  const ws = await WsClient.connect(server.url, `${SESSION_COOKIE}=${m.client.session}`);
  await ws.register();
  return ws;
}

/** The peer id the server gave the socket. */
const peerOf = (ws: WsClient): string =>
  ws.messages.find((m: any) => m.type === "registered").peerId;

/** Sends find_match and returns the refusal, asserting it is the unverified one. */
async function expectRefused(ws: WsClient) {
  ws.send({ type: "find_match" });
  const err = await ws.next("error");
  assert.deepEqual(
    { code: err.code, message: err.message },
    { code: "email_unverified", message: UNVERIFIED },
  );
  assert.equal(rtEnglish("email_unverified"), UNVERIFIED);
}

/** Both search, the first one first; each must be told of the other. */
async function expectPaired(first: WsClient, second: WsClient) {
  first.send({ type: "find_match" });
  await first.next("searching");
  second.send({ type: "find_match" });
  await second.next("searching");
  const [a, b] = await Promise.all([first.next("match_found"), second.next("match_found")]);
  return [a, b];
}

async function refusedCount(server: TestServer): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split("\n").find((l) =>
    l.startsWith('glimpse_ws_refused_total{reason="email_unverified"} ')
  );
  return line ? Number(line.split(" ")[1]) : 0;
}

Deno.test(
  "verified before live: an unverified member's search is refused over the socket and never paired; profile and filters still work",
  opts,
  async () => {
    const server = await startServer({ SEARCH_TIMEOUT_MS: "1500" });
    const sockets: WsClient[] = [];
    try {
      const verified = await member(server, true);
      const unverified = await member(server, false);

      // Profile and filters: browsing and editing are open to an unverified member.
      const profile = await unverified.client.patch("/api/user/profile", { bio: "Still here" });
      assert.equal(profile.status, 200, profile.text);
      assert.equal(profile.json.bio, "Still here");
      assert.equal(profile.json.emailVerified, false);
      const saved = await unverified.client.post("/api/filters", { hashtags: ["cats"] });
      assert.equal(saved.status, 200, saved.text);
      assert.deepEqual((await unverified.client.get("/api/filters")).json.hashtags, ["cats"]);

      // A verified member is already waiting when the unverified one asks to search.
      const v = await socketOf(server, verified);
      sockets.push(v);
      v.send({ type: "find_match" });
      await v.next("searching");
      const u = await socketOf(server, unverified);
      sockets.push(u);
      await expectRefused(u);
      // Asked again, refused again: no search starts, and the socket stays open.
      await expectRefused(u);
      assert.equal(u.messages.filter((m: any) => m.type === "searching").length, 0);
      u.send({ type: "ping" });
      await u.next("pong");
      assert.equal(u.closed, null, "the socket stays open");
      assert.equal((await server.kv.get(keys.mmWaiting(unverified.id))).value, null, "no ticket");

      // The verified searcher never meets them: their own search simply times out.
      const none = await v.next("no_match_found", 5000);
      assert.equal(none.code, "no_match");
      assert.equal(u.messages.some((m: any) => m.type === "match_found"), false);
      assert.deepEqual(await kvMatches(server.kv), [], "no match was made");
      assert.equal(await refusedCount(server), 2, "each refusal is counted");
    } finally {
      closeAll(...sockets);
      await closeServer(server);
    }
  },
);

Deno.test(
  "verified before live: after the mailed link (same socket) or an administrator's Verify (after a reload), the member searches and is paired",
  opts,
  async () => {
    const server = await startServer(ADMIN);
    const sockets: WsClient[] = [];
    try {
      const admin = await signIn(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
      const [linked, byAdmin] = [await member(server, false), await member(server, false)];
      const [partner1, partner2] = [await member(server, true), await member(server, true)];

      // The link: the socket that was refused searches once the member has opened it.
      const u1 = await socketOf(server, linked);
      sockets.push(u1);
      await expectRefused(u1);
      const [mail] = await awaitMails(server.kv, linked.email, 1, "/verify-email?token=");
      await openVerificationLink(server, mail, linked.id);
      const p1 = await socketOf(server, partner1);
      sockets.push(p1);
      const [m1, mp1] = await expectPaired(u1, p1);
      assert.deepEqual([m1.peerId, mp1.peerId], [peerOf(p1), peerOf(u1)], "each other's partner");
      assert.equal(mp1.matchId, m1.matchId, "one match for both");

      // The administrator's Verify: refused before; a reload (a new socket) searches and pairs.
      const before = await socketOf(server, byAdmin);
      sockets.push(before);
      await expectRefused(before);
      const res = await admin.post(`/api/admin/users/${byAdmin.id}/verify-email`);
      assert.equal(res.status, 200, res.text);
      before.close();
      const u2 = await socketOf(server, byAdmin);
      sockets.push(u2);
      const p2 = await socketOf(server, partner2);
      sockets.push(p2);
      const [m2, mp2] = await expectPaired(p2, u2);
      assert.deepEqual([m2.peerId, mp2.peerId], [peerOf(u2), peerOf(p2)], "each other's partner");
      assert.equal(m2.matchId, mp2.matchId, "one match for both");

      const live = (await kvMatches(server.kv)).filter((m) => m.status === "live");
      const pairs = live.map((m) => [m.a.userId, m.b.userId].sort().join("+")).sort();
      assert.deepEqual(
        pairs,
        [[linked.id, partner1.id].sort().join("+"), [byAdmin.id, partner2.id].sort().join("+")]
          .sort(),
      );
    } finally {
      closeAll(...sockets);
      await closeServer(server);
    }
  },
);
