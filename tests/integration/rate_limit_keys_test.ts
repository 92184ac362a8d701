// What the rate limits leave in KV (found by bench/soak.ts): a count taken back to nothing (a
// successful sign-in's per-account counts) is deleted, not kept as a zero until it expires; a
// count expires when its window ends (and a minute's margin for instances' clocks), not a whole
// window later.
import assert from "node:assert/strict";
import { COUNT_EXPIRY_MARGIN_MS, countExpiresIn, hit, unhit } from "../../kv/rate_limits.ts";
import { startServer, TEST_IP_HEADER } from "../helpers/server.ts";
import { Client, PASSWORD, registerMember } from "../helpers/accounts.ts";
import { sleep } from "../helpers/time.ts";

async function rateKeys(kv: Deno.Kv) {
  const out: { key: Deno.KvKey; count: bigint }[] = [];
  for await (const e of kv.list<Deno.KvU64>({ prefix: ["rate_limits"] })) {
    out.push({ key: e.key, count: e.value.value });
  }
  return out;
}

const LIMIT = { max: 5, windowMs: 15 * 60_000 };

Deno.test("rate limit keys: a count taken back to nothing is deleted", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const now = Date.now();
    await hit(kv, "scope", "a", LIMIT, now);
    await hit(kv, "scope", "b", LIMIT, now);
    await hit(kv, "scope", "b", LIMIT, now);
    await unhit(kv, "scope", "a", LIMIT, now);
    await unhit(kv, "scope", "b", LIMIT, now);
    const left = await rateKeys(kv);
    assert.deepEqual(left.map((e) => [e.key[2], e.count]), [["b", 1n]]);
    // Taking back what is not there stores nothing.
    await unhit(kv, "scope", "c", LIMIT, now);
    assert.equal((await rateKeys(kv)).length, 1);
  } finally {
    kv.close();
  }
});

Deno.test("rate limit keys: a count expires at its window's end, plus the margin", () => {
  const start = Math.floor(Date.now() / LIMIT.windowMs) * LIMIT.windowMs;
  assert.equal(countExpiresIn(LIMIT, start), LIMIT.windowMs + COUNT_EXPIRY_MARGIN_MS);
  assert.equal(countExpiresIn(LIMIT, start + 60_000), LIMIT.windowMs - 60_000 + 60_000);
  assert.equal(countExpiresIn(LIMIT, start + LIMIT.windowMs - 1), 1 + COUNT_EXPIRY_MARGIN_MS);
  // Never longer than a window and the margin, wherever in the window it is written.
  for (let i = 0; i < 100; i++) {
    const at = start + Math.floor(Math.random() * LIMIT.windowMs);
    const e = countExpiresIn(LIMIT, at);
    assert.ok(e > COUNT_EXPIRY_MARGIN_MS && e <= LIMIT.windowMs + COUNT_EXPIRY_MARGIN_MS, `${e}`);
  }
});

Deno.test("rate limit keys: a successful sign-in leaves only its address's count", async () => {
  // Counts are per window: begin with time to spare before one ends.
  const left = LIMIT.windowMs - (Date.now() % LIMIT.windowMs);
  if (left < 30_000) await sleep(left + 100);
  const server = await startServer({ RATE_LIMITS: "on" });
  try {
    const m = await registerMember(server);
    const res = await new Client(server).post(
      "/api/simple-login",
      { identifier: m.username, password: PASSWORD },
      { headers: { [TEST_IP_HEADER]: "198.51.100.23" } },
    );
    assert.equal(res.status, 200, res.text);
    // The registration's own counts (its address's) aside: those naming the address or member.
    const added = (await rateKeys(server.kv)).filter((e) =>
      String(e.key[2]).includes("198.51.100.23") || String(e.key[2]).includes(m.id)
    );
    assert.deepEqual(
      added.map((e) => [e.key[1], e.key[2], e.count]),
      [["login-ip", "198.51.100.23", 1n]],
      "no per-account count kept as a zero",
    );
  } finally {
    await server.close();
  }
});
