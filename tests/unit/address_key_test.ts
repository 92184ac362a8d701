// Per-address limits count an IPv6 address by its /64 (one subscriber's block: a fresh address in
// it is the same caller) and an IPv4 address by itself, an IPv4-mapped IPv6 address as its IPv4.
import assert from "node:assert/strict";
import { addressKey } from "../../lib/server/http/request.ts";

Deno.test("address key: IPv4 is the address itself", () => {
  assert.equal(addressKey("203.0.113.7"), "203.0.113.7");
  assert.equal(addressKey(" 203.0.113.7 "), "203.0.113.7");
  assert.notEqual(addressKey("203.0.113.7"), addressKey("203.0.113.8"));
});

Deno.test("address key: IPv6 counts by its /64, however it is written", () => {
  const key = "2001:db8:0:1::/64";
  for (
    const written of [
      "2001:db8:0:1::1",
      "2001:db8:0:1:ffff:ffff:ffff:ffff",
      "2001:0DB8:0000:0001:0000:0000:0000:0001",
      "2001:db8::1:0:0:0:1",
      "2001:db8:0:1:a:b:c:d",
      "2001:db8:0:1::",
      "[2001:db8:0:1::2]",
      "2001:db8:0:1::3%eth0",
      "2001:db8:0:1:0:0:192.0.2.1",
      "2001:db8:0:1::192.0.2.1",
    ]
  ) assert.equal(addressKey(written), key, written);
  assert.equal(addressKey("2001:db8:0:2::1"), "2001:db8:0:2::/64", "the next /64 is another");
  assert.equal(addressKey("2001:db8::"), "2001:db8:0:0::/64");
  assert.equal(addressKey("::"), "0:0:0:0::/64");
  assert.equal(addressKey("::1"), "0:0:0:0::/64");
  assert.equal(addressKey("fe80::1%eth0"), "fe80:0:0:0::/64", "a zone id is dropped");
  assert.equal(addressKey("fe80::2%25wlan0"), "fe80:0:0:0::/64");
  assert.equal(addressKey("1:2:3:4:5:6:7::"), "1:2:3:4::/64");
});

Deno.test("address key: an IPv4-mapped IPv6 address is its IPv4 address", () => {
  assert.equal(addressKey("::ffff:192.0.2.1"), "192.0.2.1");
  assert.equal(addressKey("::FFFF:192.0.2.1"), "192.0.2.1");
  assert.equal(addressKey("::ffff:c000:201"), "192.0.2.1");
  assert.equal(addressKey("0:0:0:0:0:ffff:192.0.2.1"), "192.0.2.1");
  assert.equal(addressKey("[::ffff:192.0.2.1]"), "192.0.2.1");
  // Two mapped addresses are two IPv4 callers, not one /64.
  assert.notEqual(addressKey("::ffff:192.0.2.1"), addressKey("::ffff:192.0.2.2"));
});

Deno.test("address key: what is not an address is counted as written", () => {
  assert.equal(addressKey("local"), "local");
  assert.equal(addressKey("1:2:3:4:5:6:7:8:9"), "1:2:3:4:5:6:7:8:9");
  assert.equal(addressKey("1::2::3"), "1::2::3");
  assert.equal(addressKey("::ffff:300.0.2.1"), "::ffff:300.0.2.1");
  assert.equal(addressKey("1:2:3:4:5:6:7:8::"), "1:2:3:4:5:6:7:8::");
});
