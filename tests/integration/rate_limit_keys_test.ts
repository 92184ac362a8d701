// What the rate limits leave in KV (found by bench/soak.ts): a count taken back to nothing (a
// successful sign-in's per-account counts) is deleted, not kept as a zero until it expires; a
// count expires when its window ends (and a minute's margin for instances' clocks), not a whole
// window later; instances whose clocks disagree count one window, not two.
import assert from "node:assert/strict";
import {
  type Count,
  COUNT_EXPIRY_MARGIN_MS,
  countExpiresIn,
  hit,
  unhit,
} from "../../kv/rate_limits.ts";
import { startServer, TEST_IP_HEADER } from "../helpers/server.ts";
import { Client, PASSWORD, registerMember } from "../helpers/accounts.ts";

async function rateKeys(kv: Deno.Kv) {
  const out: { key: Deno.KvKey; count: number }[] = [];
  for await (const e of kv.list<Count>({ prefix: ["rate_limits"] })) {
    out.push({ key: e.key, count: e.value.count });
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
    assert.deepEqual(left.map((e) => [e.key[2], e.count]), [["b", 1]]);
    // Taking back what is not there stores nothing.
    await unhit(kv, "scope", "c", LIMIT, now);
    assert.equal((await rateKeys(kv)).length, 1);
  } finally {
    kv.close();
  }
});

Deno.test("rate limit keys: a count expires at its window's end, plus the margin", () => {
  const since = Date.now();
  assert.equal(countExpiresIn(LIMIT, since, since), LIMIT.windowMs + COUNT_EXPIRY_MARGIN_MS);
  assert.equal(countExpiresIn(LIMIT, since, since + 60_000), LIMIT.windowMs - 60_000 + 60_000);
  assert.equal(
    countExpiresIn(LIMIT, since, since + LIMIT.windowMs - 1),
    1 + COUNT_EXPIRY_MARGIN_MS,
  );
  // Never longer than a window and the margin, wherever in the window it is written.
  for (let i = 0; i < 100; i++) {
    const e = countExpiresIn(LIMIT, since, since + Math.floor(Math.random() * LIMIT.windowMs));
    assert.ok(e > COUNT_EXPIRY_MARGIN_MS && e <= LIMIT.windowMs + COUNT_EXPIRY_MARGIN_MS, `${e}`);
  }
});

Deno.test("rate limit keys: instances whose clocks are 10 s apart count one window", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const limit = { max: 3, windowMs: 60_000 };
    // 5 s before a minute's edge on one clock; the other instance's clock is 10 s ahead, past it.
    const edge = Math.ceil(Date.now() / limit.windowMs) * limit.windowMs + limit.windowMs;
    const behind = edge - 5_000;
    for (let i = 1; i <= 3; i++) assert.ok((await hit(kv, "s", "x", limit, behind)).ok);
    const ahead = await hit(kv, "s", "x", limit, behind + 10_000);
    assert.equal(ahead.ok, false, "the fourth attempt, on the instance ahead, is over the limit");
    if (!ahead.ok) assert.equal(ahead.retryAfterSeconds, 50, "the window's end, on its clock");
    // Once the window is over (by either clock), counting starts again.
    assert.ok((await hit(kv, "s", "x", limit, behind + limit.windowMs)).ok);
    assert.deepEqual((await rateKeys(kv)).map((e) => e.count), [1]);
  } finally {
    kv.close();
  }
});

Deno.test("rate limit keys: a successful sign-in leaves only its address's count", async () => {
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
      [["login-ip", "198.51.100.23", 1]],
      "no per-account count kept as a zero",
    );
  } finally {
    await server.close();
  }
});
