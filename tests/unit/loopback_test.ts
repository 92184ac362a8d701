// Who counts as "this machine" for /dev/outbox: the socket's address decides, and a request a
// proxy passed on counts only when every address the proxy named is loopback too.
import assert from "node:assert/strict";
import { Hono } from "hono";
import { fromThisMachine, isLoopback } from "../../lib/server/http/loopback.ts";

Deno.test("loopback: addresses", () => {
  for (const a of ["127.0.0.1", "127.8.9.10", "::1", "[::1]", "::ffff:127.0.0.1", "local"]) {
    assert.ok(isLoopback(a), a);
  }
  for (
    const a of [
      "192.0.2.2",
      "10.0.0.1",
      "0.0.0.0",
      "128.0.0.1",
      "::",
      "fd00::2",
      "::ffff:192.0.2.2",
      "127.0.0.1.evil",
      "127.0.0.256",
      "localhost",
      "",
      "unknown",
    ]
  ) {
    assert.ok(!isLoopback(a), a);
  }
});

async function decided(socket: string | null, headers: Record<string, string> = {}) {
  const app = new Hono();
  app.get("/", (c) => c.text(fromThisMachine(c) ? "yes" : "no"));
  const env = socket === null
    ? undefined
    : { remoteAddr: { transport: "tcp", hostname: socket, port: 40000 } };
  return await (await app.request("/", { headers }, env)).text();
}

Deno.test("loopback: the socket decides; a header can only refuse", async () => {
  assert.equal(await decided("127.0.0.1"), "yes");
  assert.equal(await decided("::1"), "yes");
  assert.equal(await decided(null), "yes", "in-process, no socket");
  // Another machine, whatever it writes.
  assert.equal(await decided("192.0.2.2"), "no");
  assert.equal(await decided("192.0.2.2", { "x-forwarded-for": "127.0.0.1" }), "no");
  assert.equal(await decided("fd00::2", { "x-real-ip": "::1" }), "no");
  // A proxy on this machine passing on another machine's request.
  assert.equal(await decided("127.0.0.1", { "x-forwarded-for": "203.0.113.7" }), "no");
  assert.equal(await decided("127.0.0.1", { "x-forwarded-for": "127.0.0.1, 203.0.113.7" }), "no");
  assert.equal(await decided("127.0.0.1", { "x-real-ip": "203.0.113.7" }), "no");
  assert.equal(await decided("127.0.0.1", { forwarded: "for=127.0.0.1" }), "no");
  // A proxy on this machine passing on a request from this machine.
  assert.equal(await decided("127.0.0.1", { "x-forwarded-for": "127.0.0.1" }), "yes");
});
