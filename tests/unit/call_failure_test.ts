// Why a call could not connect (lib/client/call_failure.ts), from what the page observed, and how
// a connection's quality is judged (lib/client/net_quality.ts).
import assert from "node:assert/strict";
import { diagnose, UNREACHABLE, wayOf, waysText } from "../../lib/client/call_failure.ts";
import { figuresBetween, levelOf, thinUplink } from "../../lib/client/net_quality.ts";

const ALL_WAYS = ["udp", "tcp", "tls"] as const;
const unreachable = ALL_WAYS.map((way) => ({ way, code: UNREACHABLE }));

Deno.test("why: the TURN URLs name their way to the relay; STUN is none", () => {
  assert.equal(wayOf("turn:relay.example:3478"), "udp");
  assert.equal(wayOf("turn:relay.example:3478?transport=tcp"), "tcp");
  assert.equal(wayOf("turns:relay.example:443?transport=tcp"), "tls");
  assert.equal(wayOf("stun:relay.example:3478"), null);
  assert.equal(waysText(["tls", "udp"]), "UDP, TLS");
});

Deno.test("why: nothing got out, not even the member's own public address: the network blocks", () => {
  assert.deepEqual(
    diagnose({
      policy: "all",
      ways: [...ALL_WAYS],
      local: { srflx: 0, relay: 0 },
      errors: unreachable,
    }),
    { kind: "network" },
  );
});

Deno.test("why: the internet is reachable but the relay is not, over any way it is offered", () => {
  // UDP still retrying when the page judges: no way gave an address, so none got through.
  assert.deepEqual(
    diagnose({
      policy: "all",
      ways: ["udp", "tls"],
      local: { srflx: 1, relay: 0 },
      errors: [{ way: "tls", code: UNREACHABLE }],
    }),
    { kind: "relay-unreachable", ways: ["udp", "tls"] },
  );
  // A member who hides their address tries only the relay: what failed is the relay.
  assert.deepEqual(
    diagnose({ policy: "relay", ways: [...ALL_WAYS], local: { srflx: 0, relay: 0 }, errors: [] }),
    { kind: "relay-unreachable", ways: [...ALL_WAYS] },
  );
});

Deno.test("why: the relay answered with a refusal (wrong credentials, over quota)", () => {
  assert.deepEqual(
    diagnose({
      policy: "relay",
      ways: [...ALL_WAYS],
      local: { srflx: 0, relay: 0 },
      errors: [{ way: "udp", code: 401 }, { way: "tls", code: UNREACHABLE }],
    }),
    { kind: "relay-refused" },
  );
});

Deno.test("why: this side had a way in, so the partner's network is the one not reached", () => {
  assert.deepEqual(
    diagnose({ policy: "relay", ways: [...ALL_WAYS], local: { srflx: 0, relay: 2 }, errors: [] }),
    { kind: "partner" },
  );
  // No relay configured at all, and a public address found: nothing more this side could offer.
  assert.deepEqual(
    diagnose({ policy: "all", ways: [], local: { srflx: 1, relay: 0 }, errors: [] }),
    { kind: "partner" },
  );
});

Deno.test("quality: the worst of loss, round trip and outgoing bitrate, in three steps", () => {
  const fine = { loss: 0, rttMs: 40, outgoingBps: 2_000_000 };
  assert.equal(levelOf(fine), "good");
  assert.equal(levelOf({ ...fine, loss: 0.03 }), "fair");
  assert.equal(levelOf({ ...fine, loss: 0.1 }), "poor");
  assert.equal(levelOf({ ...fine, rttMs: 300 }), "fair");
  assert.equal(levelOf({ ...fine, rttMs: 800 }), "poor");
  assert.equal(levelOf({ ...fine, outgoingBps: 450_000 }), "fair");
  assert.equal(levelOf({ ...fine, outgoingBps: 200_000 }), "poor");
  assert.equal(levelOf({ loss: null, rttMs: null, outgoingBps: null }), "good");
});

Deno.test("quality: a second's loss from the counters; an idle sender's estimate is not judged", () => {
  const before = {
    packetsSent: 1_000,
    packetsLost: 10,
    framesSent: 100,
    rttMs: 50,
    outgoingBps: 100_000,
  };
  const now = {
    packetsSent: 1_100,
    packetsLost: 20,
    framesSent: 100,
    rttMs: 60,
    outgoingBps: 100_000,
  };
  const f = figuresBetween(before, now);
  assert.equal(f.loss, 10 / 100);
  assert.equal(f.rttMs, 60);
  // No video frame sent in that second (camera off): the falling estimate says nothing.
  assert.equal(f.outgoingBps, null);
  assert.equal(figuresBetween(before, { ...now, framesSent: 130 }).outgoingBps, 100_000);
  // Nothing sent: no loss figure.
  assert.equal(figuresBetween(before, before).loss, null);
});

Deno.test("quality: an uplink under 300 kbit/s while video is sent is thin (motion kept over size)", () => {
  assert.equal(thinUplink({ loss: 0, rttMs: 50, outgoingBps: 200_000 }), true);
  assert.equal(thinUplink({ loss: 0, rttMs: 50, outgoingBps: 900_000 }), false);
  // Not measured (no video sent that second): not judged thin.
  assert.equal(thinUplink({ loss: 0, rttMs: 50, outgoingBps: null }), false);
});
