// "Tell me when someone is here" (Web Push) against a push service on this machine that checks
// the VAPID signature and decrypts each payload (tests/helpers/push_service.ts): subscribing (and
// what is refused: a guest, another site's page, an address that is no push service's, malformed
// keys, an unknown time zone, someone else's subscription), a notice when someone the member would
// meet searches (signed, encrypted, naming nobody), none past the daily cap, in quiet hours, an
// hour after the last, for a member whose filter meets nobody searching or who turned Notifications
// off, and subscriptions deleted when the push service says they are gone and when the account is
// deleted; the subscription calls' rate limit.
import assert from "node:assert/strict";
import { withMembers } from "../helpers/realtime_members.ts";
import type { QuickMember } from "../helpers/realtime_members.ts";
import { closeAll, connectPeer, type Peer, search } from "../helpers/realtime_members.ts";
import { startPushService } from "../helpers/push_service.ts";
import { eventually, sleep } from "../helpers/time.ts";
import { keys } from "../../kv/keys.ts";
import { listSubscriptions } from "../../kv/push.ts";
import { saveFilters } from "../../kv/filters.ts";
import { localTime } from "../../lib/shared/push_rules.ts";
import { deleteAccount } from "../../lib/server/auth/deletion.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };
// A round every 6 heartbeats: 1.2 s.
const ENV = { HEARTBEAT_MS: "200", SEARCH_TIMEOUT_MS: "30000" };
const ZONES = [
  "Pacific/Honolulu",
  "America/Los_Angeles",
  "America/New_York",
  "Atlantic/Azores",
  "Europe/London",
  "Europe/Warsaw",
  "Asia/Dubai",
  "Asia/Kolkata",
  "Asia/Bangkok",
  "Asia/Tokyo",
  "Australia/Sydney",
  "Pacific/Auckland",
];
/** A time zone where it is day (10:00–19:59) now, and one where it is night. */
const zoneWhere = (day: boolean) =>
  ZONES.find((z) => {
    const h = localTime(z, Date.now()).hour;
    return day ? h >= 10 && h < 20 : h >= 23 || h < 7;
  })!;

Deno.test("push: subscribing, and what is refused", opts, async () => {
  const push = await startPushService();
  try {
    await withMembers(ENV, async (server, factory) => {
      const m = await factory.create();
      const other = await factory.create();
      const sub = await push.subscribe();
      const body = { ...sub, timeZone: "Europe/Warsaw" };
      const stored = () => listSubscriptions(server.kv, m.id);

      const key = await m.client.get("/api/push/key");
      assert.equal(key.status, 200);
      assert.match((key.json as { publicKey: string }).publicKey, /^[A-Za-z0-9_-]{87}$/);

      // A guest, another site's page, no push service's address, bad keys, an unknown zone.
      const guest = await fetch(`${server.url}/api/push/subscriptions`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify(body),
      });
      await guest.body?.cancel();
      assert.equal(guest.status, 401);
      const foreign = await m.client.post("/api/push/subscriptions", body, {
        headers: { origin: "https://evil.example" },
      });
      assert.equal(foreign.status, 403);
      for (
        const bad of [
          { ...body, endpoint: "http://10.0.0.5/push/x" },
          { ...body, endpoint: "https://fcm.googleapis.com.evil.example/x" },
          { ...body, endpoint: "https://user:pw@fcm.googleapis.com/x" },
          { ...body, keys: { p256dh: "not base64!", auth: sub.keys.auth } },
          { ...body, timeZone: "Mars/Olympus" },
          { ...body, extra: true },
          { ...body, endpoint: "https://fcm.googleapis.com/" + "x".repeat(1100) },
        ]
      ) {
        const res = await m.client.post("/api/push/subscriptions", bad);
        assert.equal(res.status, 400, JSON.stringify(bad).slice(0, 80));
        assert.equal(
          (res.json as { message: string }).message,
          "That is not a push subscription from a browser's push service.",
        );
      }
      const big = await m.client.request("POST", "/api/push/subscriptions", {
        body: JSON.stringify({ ...body, pad: "x".repeat(200_000) }),
        headers: { "content-type": "application/json" },
      });
      assert.equal(big.status, 413);
      assert.equal((await stored()).length, 0, "nothing stored");

      const ok = await m.client.post("/api/push/subscriptions", body);
      assert.equal(ok.status, 201, ok.text);
      assert.equal((await stored()).length, 1);
      // The same browser again replaces its subscription.
      assert.equal((await m.client.post("/api/push/subscriptions", body)).status, 201);
      assert.equal((await stored()).length, 1);

      // Someone else cannot remove it; the member can.
      const theirs = await other.client.request("DELETE", "/api/push/subscriptions", {
        json: { endpoint: sub.endpoint },
      });
      assert.equal(theirs.status, 404);
      assert.equal((await stored()).length, 1, "still there");
      const mine = await m.client.request("DELETE", "/api/push/subscriptions", {
        json: { endpoint: sub.endpoint },
      });
      assert.equal(mine.status, 200);
      assert.equal((await stored()).length, 0);
    });
  } finally {
    await push.close();
  }
});

Deno.test("push: notices when someone to meet searches, within the rules", opts, async (t) => {
  const push = await startPushService();
  const peers: Peer[] = [];
  try {
    await withMembers(ENV, async (server, factory) => {
      const subscribe = async (m: QuickMember, timeZone: string) => {
        const sub = await push.subscribe();
        const res = await m.client.post("/api/push/subscriptions", { ...sub, timeZone });
        assert.equal(res.status, 201, res.text);
        return sub;
      };
      const day = zoneWhere(true);
      const told = await factory.create();
      const capped = await factory.create();
      const night = await factory.create();
      const elsewhere = await factory.create();
      const gone = await factory.create();
      const switchedOff = await factory.create();
      const toldSub = await subscribe(told, day);
      await subscribe(capped, day);
      await subscribe(night, zoneWhere(false));
      await subscribe(elsewhere, day);
      const goneSub = await subscribe(gone, day);
      push.gone(goneSub.endpoint);
      // Subscribing turned Notifications on; the member turns it off again on /profile.
      await subscribe(switchedOff, day);
      const off = await switchedOff.client.patch("/api/user/profile", {
        notificationsEnabled: false,
      });
      assert.equal(off.status, 200, off.text);
      const { day: today } = localTime(day, Date.now());
      await server.kv.set(keys.pushSent(capped.id), { day: today, count: 3, lastAt: 0 });
      // Filtered to Tokyo: nobody searching in Warsaw fits.
      await saveFilters(server.kv, elsewhere.id, {
        locationPreference: "country",
        countryPreference: "Japan",
      });
      const subsOf = (m: QuickMember) => listSubscriptions(server.kv, m.id);

      await t.step(
        "a member searching: the one the rules allow is told, naming nobody",
        async () => {
          const searcher = await connectPeer(await factory.create({ username: "searcherxyz" }));
          peers.push(searcher);
          search(searcher);
          await searcher.ws.next("searching");
          assert.ok(await eventually(() => push.received.length >= 1, 8000), "a notice arrived");
          await eventually(async () => (await subsOf(gone)).length === 0, 5000);
          const toldId = toldSub.endpoint.split("/").pop();
          const notices = push.received.filter((r) => r.subscription === toldId);
          assert.equal(notices.length, 1);
          const [n] = notices;
          assert.ok(n.vapidOk, `VAPID signed for this origin: ${JSON.stringify(n.claims)}`);
          const key = await told.client.get("/api/push/key");
          assert.equal(n.vapidKey, (key.json as { publicKey: string }).publicKey);
          assert.deepEqual(JSON.parse(n.payload!), {
            title: "Someone is here",
            body: "Members who fit your filters are searching now. Tap to search.",
            url: "/connecting",
          });
          assert.ok(!n.payload!.includes("searcherxyz"), "no name in a notice");
          // Nobody else: capped, in quiet hours, filtered elsewhere; the gone one was deleted.
          assert.equal(
            push.received.length,
            1,
            JSON.stringify(push.received.map((r) => r.subscription)),
          );
          assert.equal((await subsOf(gone)).length, 0, "a gone subscription is deleted");
        },
      );

      await t.step("an hour between notices: none in the next rounds", async () => {
        await sleep(3_000);
        assert.equal(push.received.length, 1);
        const sent = await server.kv.get<{ count: number }>(keys.pushSent(told.id));
        assert.equal(sent.value?.count, 1);
      });

      await t.step("a deleted account's subscriptions are gone", async () => {
        assert.equal((await subsOf(told)).length, 1);
        assert.ok(await deleteAccount(server.kv, told.id));
        assert.equal((await subsOf(told)).length, 0);
        assert.equal((await server.kv.get(keys.pushSent(told.id))).value, null);
      });
    });
  } finally {
    closeAll(...peers);
    await push.close();
  }
});

Deno.test("push: subscribing is rate-limited per member; five browsers at most", opts, async () => {
  const push = await startPushService();
  try {
    await withMembers({ ...ENV, RATE_LIMITS: "on" }, async (server, factory) => {
      const m = await factory.create();
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const sub = await push.subscribe();
        statuses.push(
          (await m.client.post("/api/push/subscriptions", { ...sub, timeZone: "Europe/Warsaw" }))
            .status,
        );
      }
      assert.deepEqual(statuses.slice(0, 20), Array(20).fill(201));
      assert.equal(statuses[20], 429);
      // Five browsers a member at most: the newest kept.
      assert.equal((await listSubscriptions(server.kv, m.id)).length, 5);
    });
  } finally {
    await push.close();
  }
});
