// The /ws socket itself: admission by the session cookie only, registration and peer ids, bad input
// responded to without harm, the per-socket flood limit that leaves neighbours alone, and /metrics in
// Prometheus text format.
import assert from "node:assert/strict";
import { WsClient } from "../helpers/realtime.ts";
import {
  closeAll,
  connectPeer,
  metric,
  pairUp,
  type Peer,
  search,
  withMembers,
} from "../helpers/realtime_members.ts";
import { eventually, sleep } from "../helpers/time.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };

async function pingPong(ws: WsClient, ms = 2000): Promise<number> {
  const t = performance.now();
  ws.send({ type: "ping" });
  await ws.next("pong", ms);
  return performance.now() - t;
}

Deno.test(
  "ws: a guest gets an error message and a close, and can never register",
  opts,
  async () => {
    await withMembers({}, async (server) => {
      const guest = await WsClient.connect(server.url);
      try {
        const closed = await guest.waitClosed();
        const err = guest.messages.find((m) => m.type === "error");
        assert.ok(err, `an error message before the close; got ${JSON.stringify(guest.messages)}`);
        assert.equal(err.message, "Please sign in to connect.");
        assert.equal(closed.code, 4401);
        assert.ok(!guest.messages.some((m) => m.type === "registered"));
        assert.equal(server.hub.metrics.socketsOpen, 0, "no hub connection for a guest");
      } finally {
        guest.close();
      }
      // A forged or stale cookie is a guest too.
      const forged = await WsClient.connect(server.url, "glimpse_session=not-a-token");
      try {
        assert.equal((await forged.waitClosed()).code, 4401);
        assert.equal(forged.messages[0]?.type, "error");
      } finally {
        forged.close();
      }
      // A plain GET is not an upgrade.
      const plain = await fetch(server.url + "/ws");
      assert.equal(plain.status, 426);
      await plain.body?.cancel();
    });
  },
);

Deno.test(
  "ws: register responds with a 21-character peer id for the session's own member",
  opts,
  async () => {
    await withMembers({}, async (server, f) => {
      const [a, b] = await f.many(2);
      const ws = await WsClient.connect(server.url, a.cookie);
      const ws2 = await WsClient.connect(server.url, a.cookie);
      try {
        // The client claims to be b: the server decides who the socket belongs to.
        ws.send({ type: "register", userId: b.id });
        const reg = await ws.next("registered");
        assert.equal(reg.userId, a.id);
        assert.notEqual(reg.userId, b.id);
        assert.match(reg.peerId, /^[A-Za-z0-9_-]{21}$/);
        // A second socket of the same member gets its own peer id.
        ws2.send({ type: "register", userId: "someone-else" });
        const reg2 = await ws2.next("registered");
        assert.equal(reg2.userId, a.id);
        assert.match(reg2.peerId, /^[A-Za-z0-9_-]{21}$/);
        assert.notEqual(reg2.peerId, reg.peerId);
        // Registering again keeps the socket's peer id; an unknown old peer id is not adopted.
        ws.send({ type: "register", peerId: "Z".repeat(21) });
        const again = await ws.next("registered");
        assert.equal(again.peerId, reg.peerId);
        assert.notEqual(again.resumed, true);
        // find_match before register is refused.
        const ws3 = await WsClient.connect(server.url, a.cookie);
        try {
          ws3.send({ type: "find_match" });
          assert.equal((await ws3.next("error")).message, "Register first");
        } finally {
          ws3.close();
        }
      } finally {
        closeAll(ws, ws2);
      }
    });
  },
);

Deno.test(
  "ws: a few malformed or unknown messages get errors and the socket keeps working; an oversized one closes it (1009)",
  opts,
  async () => {
    await withMembers({}, async (_server, f) => {
      const peer = await connectPeer(await f.create());
      const { ws } = peer;
      try {
        ws.send("{not json");
        assert.equal((await ws.next("error")).message, "Malformed message");
        ws.send(JSON.stringify([1, 2, 3]));
        assert.equal((await ws.next("error")).message, "Unknown message type");
        ws.send({ type: "teleport", to: "mars" });
        assert.equal((await ws.next("error")).message, "Unknown message type");
        ws.send({ type: "signal", to: "short", signal: { type: "offer" } });
        assert.equal((await ws.next("error")).message, "Malformed message");
        ws.send({ type: "reaction" });
        assert.equal((await ws.next("error")).message, "Malformed message");
        // Binary frames are not JSON text.
        ws.socket.send(new Uint8Array([1, 2, 3]));
        assert.equal((await ws.next("error")).message, "Malformed message");
        // Still alive and responding, and no message crashed the hub.
        assert.ok(await pingPong(ws) < 1000);
        assert.equal(ws.closed, null);
        // Over 64 KiB, even when it would otherwise be a valid ping: responded to, then closed.
        ws.send(JSON.stringify({ type: "ping", pad: "x".repeat(64 * 1024) }));
        assert.equal((await ws.next("error")).message, "Message too large");
        assert.equal((await ws.waitClosed()).code, 1009);
        const after = await connectPeer(await f.create());
        try {
          assert.ok(await pingPong(after.ws) < 1000);
        } finally {
          closeAll(after);
        }
      } finally {
        closeAll(peer);
      }
    });
  },
);

Deno.test(
  "ws: a flood is dropped and responded to; a neighbour's ping and match stay prompt",
  opts,
  async () => {
    await withMembers({}, async (server, f) => {
      const [fm, n1m, n2m] = await f.many(3);
      const flooder = await connectPeer(fm);
      const n1 = await connectPeer(n1m);
      const n2 = await connectPeer(n2m);
      try {
        const before = flooder.ws.messages.length;
        for (let i = 0; i < 500; i++) flooder.ws.send({ type: "ping" });
        const err = await flooder.ws.next("error", 3000);
        assert.equal(err.message, "Too many messages. Please slow down.");
        // The neighbour is served at once while the flood is being handled.
        const rtt = await pingPong(n1.ws);
        assert.ok(rtt < 500, `neighbour ping took ${rtt.toFixed(0)} ms`);
        const t = performance.now();
        const [m1] = await pairUp(n1, n2, 3000);
        const took = performance.now() - t;
        assert.ok(took < 1500, `neighbour match took ${took.toFixed(0)} ms`);
        assert.equal(m1.peerId, n2.peerId);
        // Most of the flood was dropped, not queued.
        await sleep(300);
        const pongs = flooder.ws.messages.slice(before).filter((m) => m.type === "pong").length;
        assert.ok(pongs >= 30 && pongs < 200, `the flooder got ${pongs} pongs for 500 pings`);
        const floodErrors = flooder.ws.messages.filter((m) =>
          m.type === "error" && m.message === "Too many messages. Please slow down."
        ).length;
        assert.ok(floodErrors <= 2, `flood warnings are not one per message (${floodErrors})`);
        assert.ok(server.hub.metrics.messagesDropped >= 300);
        // After a pause the flooder is served again.
        await sleep(1100);
        assert.ok(await pingPong(flooder.ws) < 1000);
      } finally {
        closeAll(flooder, n1, n2);
      }
    });
  },
);

Deno.test(
  "metrics: Prometheus text with sockets, waiting, live matches, matches made and relay latency",
  opts,
  async () => {
    await withMembers({}, async (server, f) => {
      const peers: Peer[] = [];
      try {
        const get = async () => {
          const res = await fetch(server.url + "/metrics");
          assert.equal(res.status, 200);
          assert.match(res.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
          return await res.text();
        };
        const empty = await get();
        for (const name of ["glimpse_sockets_open", "glimpse_members_waiting"]) {
          assert.match(empty, new RegExp(`^# TYPE ${name} gauge$`, "m"));
        }
        assert.match(empty, /^# TYPE glimpse_live_matches gauge$/m);
        assert.match(empty, /^# TYPE glimpse_matches_made_total counter$/m);
        assert.match(empty, /^# TYPE glimpse_match_seconds_total counter$/m);
        assert.match(empty, /^# TYPE glimpse_relay_latency_ms histogram$/m);
        assert.equal(metric(empty, "glimpse_sockets_open"), 0);
        assert.equal(metric(empty, "glimpse_relay_latency_ms_count"), 0);

        const [am, bm, cm] = await f.many(3);
        const a = await connectPeer(am), b = await connectPeer(bm), c = await connectPeer(cm);
        peers.push(a, b, c);
        search(c);
        await c.ws.next("searching");
        const one = await get();
        assert.equal(metric(one, "glimpse_sockets_open"), 3);
        assert.equal(metric(one, "glimpse_members_waiting"), 1);
        assert.equal(metric(one, "glimpse_live_matches"), 0);
        assert.equal(metric(one, "glimpse_matches_made_total"), 0);

        // a pairs with the waiting c; b starts waiting alone.
        search(a);
        const ma = await a.ws.next("match_found");
        await c.ws.next("match_found");
        search(b);
        await b.ws.next("searching");
        a.ws.send({
          type: "signal",
          to: ma.peerId,
          signal: {
            type: "ice-candidate",
            candidate: { candidate: "candidate:1 1 udp 1 1.2.3.4 9 typ host" },
          },
        });
        await c.ws.next("signal");
        const two = await get();
        assert.equal(metric(two, "glimpse_members_waiting"), 1);
        assert.equal(metric(two, "glimpse_live_matches"), 1);
        assert.equal(metric(two, "glimpse_matches_made_total"), 1);
        assert.equal(metric(two, "glimpse_relay_latency_ms_count"), 1);
        assert.equal(metric(two, 'glimpse_relay_latency_ms_bucket{le="+Inf"}'), 1);
        assert.ok((metric(two, 'glimpse_relay_latency_ms_bucket{le="1000"}') ?? 0) >= 1);
        assert.ok(metric(two, "glimpse_relay_latency_ms_sum") !== null);

        assert.equal(metric(two, "glimpse_match_seconds_total"), 0, "counted as a match ends");
        // a ends the call 300 ms or more after it began: its seconds are counted once.
        await sleep(300);
        a.ws.send({ type: "end_session", reason: "user_ended" });
        await c.ws.next("session_ended");
        const ended = await eventually(async () =>
          metric(await get(), "glimpse_live_matches") === 0
        );
        assert.ok(ended, "the match left the live gauge");
        const seconds = metric(await get(), "glimpse_match_seconds_total") ?? 0;
        assert.ok(seconds >= 0.3 && seconds < 10, `match seconds ${seconds}`);

        closeAll(b);
        assert.ok(
          await eventually(async () => metric(await get(), "glimpse_sockets_open") === 2),
          "a closed socket leaves the gauge",
        );
        assert.equal(metric(await get(), "glimpse_members_waiting"), 0);
      } finally {
        closeAll(...peers);
      }
    });
  },
);
