// TRUST_PROXY: behind N proxies the caller's address is the N-th X-Forwarded-For entry from the
// right; entries further left are the caller's own words and never count.
import assert from "node:assert/strict";
import { Hono } from "hono";
import { clientIpBehind } from "../../lib/server/http/request.ts";
import { loadConfig } from "../../lib/server/config.ts";

async function ipSeen(hops: number, forwarded?: string): Promise<string> {
  const app = new Hono();
  const ip = clientIpBehind(hops);
  app.get("/", (c) => c.text(ip(c)));
  const res = await app.request("/", {
    headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded },
  });
  return await res.text();
}

Deno.test("trust proxy: the address the trusted proxies saw, never what the caller wrote", async () => {
  // No proxy: the header is the caller's and is ignored ("local": called in-process, no socket).
  assert.equal(await ipSeen(0, "1.2.3.4"), "local");
  // One proxy: the last entry is the one the proxy appended.
  assert.equal(await ipSeen(1, "203.0.113.7"), "203.0.113.7");
  assert.equal(await ipSeen(1, "6.6.6.6, 203.0.113.7"), "203.0.113.7", "a forged left entry");
  assert.equal(await ipSeen(1, "6.6.6.6,2001:db8::1"), "2001:db8::1");
  // Two proxies (a CDN, then Caddy): the second from the right.
  assert.equal(await ipSeen(2, "6.6.6.6, 203.0.113.7, 10.0.0.2"), "203.0.113.7");
  // A request that did not pass the proxies, or a header that is not an address: the socket's.
  assert.equal(await ipSeen(2, "203.0.113.7"), "local");
  assert.equal(await ipSeen(1), "local");
  assert.equal(await ipSeen(1, "<script>"), "local");
});

Deno.test("trust proxy: TRUST_PROXY is a small whole number, 0 by default", () => {
  const base = { APP_ENV: "test", KV_PATH: ":memory:" };
  assert.equal(loadConfig(base).trustProxy, 0);
  assert.equal(loadConfig({ ...base, TRUST_PROXY: "1" }).trustProxy, 1);
  for (const bad of ["-1", "1.5", "yes", "9"]) {
    assert.throws(() => loadConfig({ ...base, TRUST_PROXY: bad }), /TRUST_PROXY/);
  }
});
