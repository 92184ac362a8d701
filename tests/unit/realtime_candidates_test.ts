// The candidate screen (lib/server/realtime/candidates.ts): which candidate addresses a partner's browser
// may be handed, in a separate ice-candidate signal and inside an SDP, and the related address
// zeroed on every candidate that passes.
import assert from "node:assert/strict";
import {
  addressAllowed,
  addressKind,
  screenCandidate,
  screenSdp,
  screenSignal,
} from "../../lib/server/realtime/candidates.ts";

const PRODUCTION = { allowLoopback: false };
const DEVELOPMENT = { allowLoopback: true };
const MDNS = "9f3c2a1e-4b5d-4c6e-8f70-1a2b3c4d5e6f.local";

const host = (address: string) =>
  `candidate:1 1 udp 2122260223 ${address} 50000 typ host generation 0 network-id 1`;

Deno.test("candidates: IPv4 addresses by kind", () => {
  const cases: [string, string][] = [
    ["203.0.113.7", "public"],
    ["192.0.2.2", "public"],
    ["8.8.8.8", "public"],
    ["172.15.255.255", "public"],
    ["172.32.0.1", "public"],
    ["100.63.255.255", "public"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.254", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "private"],
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback"],
    ["169.254.10.20", "link-local"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.251", "multicast"],
    ["255.255.255.255", "multicast"],
  ];
  for (const [address, kind] of cases) assert.equal(addressKind(address), kind, address);
});

Deno.test("candidates: IPv6 forms by kind, IPv4 inside IPv6 judged as IPv4", () => {
  const cases: [string, string][] = [
    ["2001:db8::1", "public"],
    ["2a00:1450:4001:82a::200e", "public"],
    ["2001:0DB8:0000:0000:0000:0000:0000:0001", "public"],
    ["fd00::2", "private"],
    ["fc00::1", "private"],
    ["FDAB:1234::9", "private"],
    ["fec0::1", "private"],
    ["fe80::fc:ff:fe00:1", "link-local"],
    ["febf::1", "link-local"],
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["::", "unspecified"],
    ["ff02::1", "multicast"],
    ["::ffff:192.168.1.1", "private"],
    ["::ffff:c0a8:101", "private"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:203.0.113.7", "public"],
    ["::10.1.2.3", "private"],
  ];
  for (const [address, kind] of cases) assert.equal(addressKind(address), kind, address);
});

Deno.test("candidates: only a browser's mDNS name, never another name or a loose IPv4 form", () => {
  assert.equal(addressKind(MDNS), "mdns");
  assert.equal(addressKind(MDNS.toUpperCase().replace(".LOCAL", ".local")), "mdns");
  for (
    const other of [
      "router.local",
      "printer.example.com",
      "localhost",
      "3232235777", // 192.168.1.1 as one number
      "0xc0a80101",
      "012.0.0.1", // octal to a resolver: 10.0.0.1
      "192.168.1",
      "192.168.001.001",
      "fe80::1%eth0",
      "[2001:db8::1]",
      "",
    ]
  ) {
    assert.equal(addressKind(other), "other", other);
    assert.equal(addressAllowed(other, DEVELOPMENT), false, other);
  }
});

Deno.test("candidates: loopback passes only where allowed; private and link-local never", () => {
  for (const address of ["127.0.0.1", "::1"]) {
    assert.equal(screenCandidate(host(address), DEVELOPMENT), host(address), address);
    assert.equal(screenCandidate(host(address), PRODUCTION), null, address);
  }
  for (const address of ["192.168.1.1", "10.0.0.1", "172.20.3.4", "169.254.1.1", "fd00::2"]) {
    assert.equal(screenCandidate(host(address), DEVELOPMENT), null, address);
    assert.equal(screenCandidate(host(address), PRODUCTION), null, address);
  }
  for (const address of ["0.0.0.0", "::", "fe80::1", "ff02::1", "::ffff:192.168.1.1"]) {
    assert.equal(screenCandidate(host(address), DEVELOPMENT), null, address);
  }
  for (const address of ["203.0.113.7", "2001:db8::1", MDNS]) {
    assert.equal(screenCandidate(host(address), PRODUCTION), host(address), address);
  }
});

Deno.test("candidates: srflx and relay pass with their related address zeroed", () => {
  const srflx = "candidate:842163049 1 udp 1677729535 203.0.113.7 46154 typ srflx " +
    "raddr 192.168.1.23 rport 46154 generation 0 ufrag EsAw network-cost 999";
  assert.equal(
    screenCandidate(srflx, PRODUCTION),
    "candidate:842163049 1 udp 1677729535 203.0.113.7 46154 typ srflx " +
      "raddr 0.0.0.0 rport 0 generation 0 ufrag EsAw network-cost 999",
  );
  // A relay's related address is the member's own public address: zeroed too.
  const relay = "candidate:3 1 udp 41885439 198.51.100.9 61234 typ relay raddr 2001:db8::77 " +
    "rport 50001 generation 0";
  assert.equal(
    screenCandidate(relay, PRODUCTION),
    "candidate:3 1 udp 41885439 198.51.100.9 61234 typ relay raddr :: rport 0 generation 0",
  );
  // Typed relay or not, an address on the partner's network is dropped.
  const fakeRelay = "candidate:3 1 udp 41885439 192.168.1.1 80 typ relay raddr 0.0.0.0 rport 0";
  assert.equal(screenCandidate(fakeRelay, PRODUCTION), null);
  // Firefox's form, with a TCP candidate's tcptype.
  const firefox = "candidate:1 1 TCP 2105524479 203.0.113.7 9 typ host tcptype active";
  assert.equal(screenCandidate(firefox, PRODUCTION), firefox);
});

Deno.test("candidates: a candidate that does not parse is dropped", () => {
  for (
    const bad of [
      "not a candidate",
      "candidate:1 1 udp 1 203.0.113.7 9 host",
      "candidate:1 1 udp 1 203.0.113.7 9 typ",
      "candidate:1 1 udp 1 203.0.113.7 9 typ host generation",
      "candidate:1  1 udp 1 203.0.113.7 9 typ host",
      "candidate:1 1 udp 1 203.0.113.7 9 typ host\r\na=candidate:2 1 udp 1 10.0.0.1 9 typ host",
    ]
  ) {
    assert.equal(screenCandidate(bad, DEVELOPMENT), null, bad);
  }
});

Deno.test("candidates: an SDP keeps its lines but the candidates the partner may not see", () => {
  const sdp = [
    "v=0",
    "o=- 4611731400430051336 2 IN IP4 127.0.0.1",
    "s=-",
    "m=video 9 UDP/TLS/RTP/SAVPF 96",
    "c=IN IP4 192.168.1.23",
    "a=rtcp:9 IN IP4 192.168.1.23",
    `a=candidate:1 1 udp 2122260223 ${MDNS} 50000 typ host generation 0`,
    "a=candidate:2 1 udp 2122260223 192.168.1.23 50000 typ host generation 0",
    "a=candidate:3 1 udp 2122260223 fe80::1 50002 typ host generation 0",
    "a=candidate:4 1 udp 1677729535 203.0.113.7 46154 typ srflx raddr 192.168.1.23 rport 50000",
    "a=candidate:5 1 udp 2122260223 127.0.0.1 50003 typ host",
    "a=end-of-candidates",
    "",
  ].join("\r\n");
  assert.equal(
    screenSdp(sdp, PRODUCTION),
    [
      "v=0",
      "o=- 4611731400430051336 2 IN IP4 127.0.0.1",
      "s=-",
      "m=video 9 UDP/TLS/RTP/SAVPF 96",
      "c=IN IP4 0.0.0.0",
      "a=rtcp:9 IN IP4 0.0.0.0",
      `a=candidate:1 1 udp 2122260223 ${MDNS} 50000 typ host generation 0`,
      "a=candidate:4 1 udp 1677729535 203.0.113.7 46154 typ srflx raddr 0.0.0.0 rport 0",
      "a=end-of-candidates",
      "",
    ].join("\r\n"),
  );
  assert.match(screenSdp(sdp, DEVELOPMENT), /a=candidate:5 1 udp 2122260223 127\.0\.0\.1 /);
  // A public connection address stays.
  assert.equal(screenSdp("c=IN IP6 2001:db8::1\n", PRODUCTION), "c=IN IP6 2001:db8::1\n");
});

Deno.test("candidates: signals screened, the end of gathering as it is", () => {
  const end = { type: "ice-candidate" as const, candidate: null };
  assert.deepEqual(screenSignal(end, PRODUCTION), end);
  const empty = { type: "ice-candidate" as const, candidate: { candidate: "", sdpMid: "0" } };
  assert.deepEqual(screenSignal(empty, PRODUCTION), empty);
  const lan = {
    type: "ice-candidate" as const,
    candidate: { candidate: host("192.168.1.1"), sdpMid: "0", sdpMLineIndex: 0 },
  };
  assert.equal(screenSignal(lan, DEVELOPMENT), null);
  const pub = { ...lan, candidate: { ...lan.candidate, candidate: host("203.0.113.7") } };
  assert.deepEqual(screenSignal(pub, PRODUCTION), pub);
  const offer = { type: "offer" as const, sdp: `v=0\r\na=${host("10.1.1.1")}\r\n` };
  assert.deepEqual(screenSignal(offer, PRODUCTION), { type: "offer", sdp: "v=0\r\n" });
});
