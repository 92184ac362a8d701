// docs/coturn/turnserver.conf, the production coturn configuration operators copy, read as coturn
// reads it: every private, loopback, link-local, unique-local, CGNAT, "this network" and
// multicast address is denied as a peer (public ones are not), loopback peers are never allowed,
// credentials are Glimpse's time-limited ones, TLS listens on 443 without TLS 1.0/1.1, and the
// quotas are set.
import assert from "node:assert/strict";

const CONF = new URL("../../docs/coturn/turnserver.conf", import.meta.url);

/** The options as coturn reads them: `name[=value]` lines, `#` comments, repeated names kept. */
function parseConf(text: string): { name: string; value: string | null }[] {
  return text.split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#")).map((l) => {
    const eq = l.indexOf("=");
    return eq < 0
      ? { name: l, value: null }
      : { name: l.slice(0, eq).trim(), value: l.slice(eq + 1).trim() };
  });
}

/** An IPv4 or IPv6 address as a number (IPv6 may end in a dotted IPv4 part). */
function ipValue(ip: string): { v6: boolean; n: bigint } {
  const v4 = (s: string) => {
    const parts = s.split(".").map(Number);
    assert.ok(parts.length === 4 && parts.every((p) => p >= 0 && p <= 255), `IPv4 ${s}`);
    return parts.reduce((n, p) => n * 256n + BigInt(p), 0n);
  };
  if (!ip.includes(":")) return { v6: false, n: v4(ip) };
  let tail = 0n;
  let tailGroups = 0;
  let text = ip;
  const dotted = ip.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    text = dotted[1].endsWith("::") ? dotted[1] : dotted[1].slice(0, -1);
    tail = v4(dotted[2]);
    tailGroups = 2;
  }
  const [head, rest] = text.includes("::") ? text.split("::") : [text, null];
  const groups = (s: string) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const h = groups(head);
  const r = rest === null ? [] : groups(rest);
  const zeros = 8 - tailGroups - h.length - r.length;
  assert.ok(rest === null ? zeros === 0 : zeros >= 0, `IPv6 ${ip}`);
  const all = [...h, ...Array(zeros).fill(0), ...r];
  const n = all.reduce((acc, g) => acc * 65536n + BigInt(g), 0n);
  return { v6: true, n: (n << BigInt(32 * (tailGroups / 2))) + tail };
}

/** A CIDR block → its first and last address. */
function cidr(block: string): { v6: boolean; first: bigint; last: bigint } {
  const [ip, bits] = block.split("/");
  const { v6, n } = ipValue(ip);
  const size = 1n << BigInt((v6 ? 128 : 32) - Number(bits));
  return { v6, first: n, last: n + size - 1n };
}

const conf = parseConf(await Deno.readTextFile(CONF));
const values = (name: string) => conf.filter((o) => o.name === name).map((o) => o.value);
const has = (name: string) => values(name).length > 0;
const one = (name: string) => {
  const v = values(name);
  assert.equal(v.length, 1, `${name} is set once`);
  return v[0];
};

const denied = values("denied-peer-ip").map((v) => {
  const [a, b = a] = v!.split("-");
  const first = ipValue(a), last = ipValue(b);
  assert.equal(first.v6, last.v6, v!);
  assert.ok(first.n <= last.n, `${v}: first <= last`);
  return { v6: first.v6, first: first.n, last: last.n, text: v };
});

/** Whether the whole block lies inside one denied range. */
const isDenied = (block: string) => {
  const b = cidr(block);
  return denied.some((r) => r.v6 === b.v6 && r.first <= b.first && b.last <= r.last);
};

Deno.test("coturn config: never allow-loopback-peers (only the loopback test needs it)", () => {
  assert.equal(has("allow-loopback-peers"), false);
  // allowed-peer-ip is only for the relay's own address behind NAT: one address, never loopback.
  for (const allowed of values("allowed-peer-ip")) {
    assert.ok(allowed && !allowed.includes("-"), `allowed-peer-ip=${allowed} is one address`);
    const { v6, n } = ipValue(allowed);
    assert.ok(v6 ? n !== 1n : n >> 24n !== 127n, `allowed-peer-ip=${allowed} is not loopback`);
  }
});

const MUST_DENY = [
  "0.0.0.0/8", // "this network"
  "10.0.0.0/8", // private
  "100.64.0.0/10", // carrier-grade NAT
  "127.0.0.0/8", // loopback
  "169.254.0.0/16", // link-local, cloud metadata
  "172.16.0.0/12", // private
  "192.168.0.0/16", // private
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved, broadcast
  "::1/128", // loopback
  "::/128", // unspecified
  "::ffff:0.0.0.0/96", // IPv4-mapped
  "fc00::/7", // unique local
  "fe80::/10", // link-local
  "ff00::/8", // multicast
];

for (const block of MUST_DENY) {
  Deno.test(`coturn config: peers in ${block} are denied`, () => {
    assert.ok(isDenied(block), `no denied-peer-ip covers ${block}`);
  });
}

Deno.test("coturn config: public addresses stay reachable (calls need them)", () => {
  for (const ip of ["8.8.8.8", "1.1.1.1", "100.128.0.1", "172.32.0.1", "2606:4700::1111"]) {
    const block = ip.includes(":") ? `${ip}/128` : `${ip}/32`;
    assert.equal(isDenied(block), false, `${ip} must not be denied`);
  }
  assert.ok(has("no-multicast-peers"));
});

Deno.test("coturn config: Glimpse's time-limited credentials, over TLS on 443 without TLS 1.0/1.1", () => {
  assert.ok(has("use-auth-secret"));
  assert.ok(one("static-auth-secret"), "a shared secret (Glimpse's TURN_SECRET)");
  assert.equal(has("lt-cred-mech"), false, "long-term users would bypass the expiry");
  assert.equal(has("no-auth"), false);
  assert.ok(one("realm"));
  assert.equal(one("tls-listening-port"), "443");
  assert.ok(one("cert")?.startsWith("/"), "cert path");
  assert.ok(one("pkey")?.startsWith("/"), "pkey path");
  for (const flag of ["no-tlsv1", "no-tlsv1_1", "fingerprint", "no-cli"]) {
    assert.ok(has(flag), flag);
  }
  assert.equal(has("no-tls"), false, "TLS stays on");
});

Deno.test("coturn config: quotas and a relay port range", () => {
  for (const name of ["user-quota", "total-quota", "max-bps", "bps-capacity"]) {
    const n = Number(one(name));
    assert.ok(Number.isInteger(n) && n > 0, `${name}=${one(name)}`);
  }
  assert.ok(Number(one("max-bps")) * 8 >= 2_500_000, "max-bps carries HD video (2.5 Mbit/s)");
  const [min, max] = [Number(one("min-port")), Number(one("max-port"))];
  assert.ok(1024 < min && min < max && max <= 65535, `${min}-${max}`);
});

Deno.test("coturn config: the address parser reads what the ranges say", () => {
  // The checks above are only as good as this: spot values.
  assert.equal(ipValue("10.0.0.1").n, 0x0a000001n);
  assert.equal(ipValue("::1").n, 1n);
  assert.equal(ipValue("::ffff:1.2.3.4").n, 0xffff01020304n);
  assert.equal(ipValue("fe80::").n, 0xfe80n << 112n);
  assert.deepEqual(cidr("172.16.0.0/12"), { v6: false, first: 0xac100000n, last: 0xac1fffffn });
  assert.equal(isDenied("8.8.8.8/32"), false);
  assert.equal(isDenied("10.1.2.3/32"), true);
});
