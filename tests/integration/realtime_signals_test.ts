// What a partner receives of a member's signals, over real sockets: the parsed signal with its
// known fields only (junk the sender added stays behind), no session description over 16 KB
// (refused as malformed), and no candidate naming an address on the partner's own network (a
// private, link-local or unspecified address, alone or as an SDP's a=candidate line), while
// public, mDNS and relay candidates pass with their related address zeroed. Loopback candidates
// pass in a test server (both browsers on one machine) and are dropped in production.
import assert from "node:assert/strict";
import {
  closeAll,
  connectPeer,
  MemberFactory,
  pairUp,
  type Peer,
  withMembers,
} from "../helpers/realtime_members.ts";
import { withProductionServer } from "../helpers/production.ts";
import { eventually } from "../helpers/time.ts";
import { MAX_SDP_CHARS } from "../../lib/shared/realtime/protocol.ts";
import { rtEnglish } from "../helpers/rt_english.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };
const ENV = { MATCH_DURATION_MS: "30000" };
const MDNS = "9f3c2a1e-4b5d-4c6e-8f70-1a2b3c4d5e6f.local";

const candidate = (address: string, rest = "typ host generation 0") => ({
  type: "ice-candidate",
  candidate: {
    candidate: `candidate:1 1 udp 2122260223 ${address} 50000 ${rest}`,
    sdpMid: "0",
    sdpMLineIndex: 0,
    usernameFragment: "abcd",
  },
});

/** Sends signals from a to b, then a public marker; returns what b received before the marker. */
async function throughPartner(a: Peer, b: Peer, signals: unknown[]): Promise<unknown[]> {
  for (const signal of signals) a.ws.send({ type: "signal", to: b.peerId, signal });
  const marker = candidate("198.51.100.250");
  a.ws.send({ type: "signal", to: b.peerId, signal: marker });
  const got: unknown[] = [];
  for (;;) {
    const msg = await b.ws.next("signal");
    assert.equal(msg.from, a.peerId);
    if (JSON.stringify(msg.signal) === JSON.stringify(marker)) return got;
    got.push(msg.signal);
  }
}

/** A matched pair on a fresh test server. */
async function withPair(fn: (a: Peer, b: Peer) => Promise<void>) {
  await withMembers(ENV, async (_server, members) => {
    const [a, b] = await Promise.all([members.create(), members.create()]).then((ms) =>
      Promise.all(ms.map((m) => connectPeer(m)))
    );
    try {
      await pairUp(a, b);
      await fn(a, b);
    } finally {
      closeAll(a, b);
    }
  });
}

Deno.test("signals: junk fields the sender adds are not relayed", opts, async () => {
  await withPair(async (a, b) => {
    const junk = "x".repeat(20_000);
    const offer = { type: "offer", sdp: "v=0\r\ns=-\r\n" };
    a.ws.send({ type: "signal", to: b.peerId, signal: { ...offer, junk }, junk });
    const got = await throughPartner(a, b, [{
      type: "ice-candidate",
      candidate: { ...candidate("203.0.113.7").candidate, junk, relayed: { deep: junk } },
    }]);
    assert.deepEqual(got, [offer, candidate("203.0.113.7")]);
    assert.ok(!b.ws.messages.some((m) => JSON.stringify(m).includes("xxxxxxxxxx")));
  });
});

Deno.test(
  "signals: an SDP over 16 KB is refused as malformed and never relayed",
  opts,
  async () => {
    await withPair(async (a, b) => {
      const big = "v=0\r\n" + "a=x-filler:".padEnd(100, "y").concat("\r\n").repeat(170);
      assert.ok(big.length > 17_000 && big.length > MAX_SDP_CHARS);
      a.ws.send({ type: "signal", to: b.peerId, signal: { type: "offer", sdp: big } });
      const { code, message } = await a.ws.next("error");
      assert.deepEqual({ code, message }, { code: "malformed", message: rtEnglish("malformed") });
      // The largest allowed passes.
      const largest = "v=0\r\n".padEnd(MAX_SDP_CHARS, "s");
      a.ws.send({ type: "signal", to: b.peerId, signal: { type: "answer", sdp: largest } });
      const got = await throughPartner(a, b, []);
      assert.deepEqual(got, [{ type: "answer", sdp: largest }]);
      assert.ok(!b.ws.messages.some((m) => m.signal?.sdp === big), "the 17 KB offer never arrived");
    });
  },
);

Deno.test(
  "signals: a candidate naming the partner's own network never reaches the partner",
  opts,
  async () => {
    await withPair(async (a, b) => {
      const got = await throughPartner(a, b, [
        candidate("192.168.1.1"),
        candidate("10.0.0.1"),
        candidate("172.16.5.4"),
        candidate("169.254.1.1"),
        candidate("fd00::2"),
        candidate("fe80::1"),
        candidate("0.0.0.0"),
        candidate("::ffff:192.168.1.1"),
        candidate("router.local"),
        candidate(MDNS),
        candidate("203.0.113.7", "typ srflx raddr 192.168.1.1 rport 50000"),
        candidate("198.51.100.9", "typ relay raddr 203.0.113.7 rport 40000"),
        candidate("127.0.0.1"),
        { type: "ice-candidate", candidate: null },
      ]);
      assert.deepEqual(got, [
        candidate(MDNS),
        candidate("203.0.113.7", "typ srflx raddr 0.0.0.0 rport 0"),
        candidate("198.51.100.9", "typ relay raddr 0.0.0.0 rport 0"),
        candidate("127.0.0.1"),
        { type: "ice-candidate", candidate: null },
      ]);
      // Inside an SDP: the LAN line is gone, the public one stays, the c= address is zeroed.
      const sdp = [
        "v=0",
        "m=audio 9 UDP/TLS/RTP/SAVPF 111",
        "c=IN IP4 192.168.1.1",
        "a=candidate:1 1 udp 2122260223 192.168.1.1 50000 typ host generation 0",
        "a=candidate:2 1 udp 1677729535 203.0.113.7 50001 typ srflx raddr 192.168.1.1 rport 1",
        "",
      ].join("\r\n");
      const [offer] = await throughPartner(a, b, [{ type: "offer", sdp }]);
      assert.deepEqual(offer, {
        type: "offer",
        sdp: [
          "v=0",
          "m=audio 9 UDP/TLS/RTP/SAVPF 111",
          "c=IN IP4 0.0.0.0",
          "a=candidate:2 1 udp 1677729535 203.0.113.7 50001 typ srflx raddr 0.0.0.0 rport 0",
          "",
        ].join("\r\n"),
      });
      assert.ok(!JSON.stringify(b.ws.messages).includes("192.168.1.1"));
    });
  },
);

Deno.test("signals: in production a loopback candidate is dropped too", opts, async () => {
  await withProductionServer(async (server) => {
    const members = await MemberFactory.forServer(server);
    const [a, b] = await Promise.all([members.create(), members.create()]).then((ms) =>
      Promise.all(ms.map((m) => connectPeer(m)))
    );
    try {
      await pairUp(a, b);
      const got = await throughPartner(a, b, [
        candidate("127.0.0.1"),
        candidate("::1"),
        candidate("192.168.1.1"),
        candidate("203.0.113.7"),
      ]);
      assert.deepEqual(got, [candidate("203.0.113.7")]);
    } finally {
      closeAll(a, b);
      await eventually(() => server.hub.metrics.socketsOpen === 0, 3000);
    }
  }, ENV);
});
