// The heavy pages and lists (/leaderboard, /map-discovery, GET /api/regions, the admin lists) are
// read at most READ_RULE.limit.max times a minute per signed-in member, counted together: past it
// a page returns 429 with Retry-After and the rate limits' text, and the API the same as JSON.
// Another member, and the member's other pages, are not held back; a refused read stores nothing.
import assert from "node:assert/strict";
import { withServer } from "../helpers/server.ts";
import { registerMember, signIn } from "../helpers/accounts.ts";
import { kvDump } from "../helpers/kv_dump.ts";
import { sleep } from "../helpers/time.ts";
import { READ_RULE } from "../../lib/server/http/rate_limit.ts";
import { english } from "../helpers/english.ts";

const { max, windowMs } = READ_RULE.limit;
const HEAVY = ["/leaderboard", "/map-discovery", "/api/regions"];

/** Waits for a fresh window when the current one has less than 20 s left. */
async function freshWindow() {
  const left = windowMs - (Date.now() % windowMs);
  if (left < 20_000) await sleep(left + 50);
}

Deno.test("read limit: a member's reads of the heavy pages stop at the limit with 429 and Retry-After", async () => {
  await withServer(async (server) => {
    const a = await registerMember(server);
    const b = await registerMember(server);
    await freshWindow();
    // The limit's worth of reads, spread over the heavy pages, 10 at a time.
    const statuses: number[] = [];
    for (let i = 0; i < max; i += 10) {
      const batch = HEAVY.length;
      const responses = await Promise.all(
        Array.from(
          { length: Math.min(10, max - i) },
          (_, j) => a.client.get(HEAVY[(i + j) % batch]),
        ),
      );
      statuses.push(...responses.map((r) => r.status));
    }
    assert.deepEqual(statuses, Array(max).fill(200));

    const before = await kvDump(server.kv);
    const page = await a.client.get("/leaderboard");
    assert.equal(page.status, 429);
    assert.equal(page.text, english("texts.tooMany", { minutes: "1", count: 1 }));
    const wait = Number(page.headers.get("retry-after"));
    assert.ok(wait >= 1 && wait <= windowMs / 1000, `Retry-After ${wait}`);
    const api = await a.client.get("/api/regions");
    assert.equal(api.status, 429);
    assert.equal(api.json.error, english("texts.tooMany", { minutes: "1", count: 1 }));
    assert.ok(api.headers.get("retry-after"));
    assert.equal((await a.client.get("/map-discovery")).status, 429);
    assert.deepEqual(await kvDump(server.kv), before, "a refused read stores nothing");

    // The member's other pages, and another member's reads, go on.
    assert.equal((await a.client.get("/viral")).status, 200);
    assert.equal((await a.client.get("/profile")).status, 200);
    for (const path of HEAVY) assert.equal((await b.client.get(path)).status, 200, path);
  }, { RATE_LIMITS: "on" });
});

Deno.test("read limit: an administrator's list reads count too; with rate limits off nothing is counted", async () => {
  const admin = { ADMIN_EMAIL: "reads-admin@example.test", ADMIN_PASSWORD: "reads-admin-pass-1" };
  await withServer(async (server) => {
    const client = await signIn(server, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD);
    await freshWindow();
    const lists = ["/api/admin/users", "/api/admin/reports", "/api/admin/audit", "/admin/users"];
    for (let i = 0; i < max; i++) {
      assert.equal((await client.get(lists[i % lists.length])).status, 200, `read ${i + 1}`);
    }
    for (const path of [...lists, "/admin/reports", "/admin/audit"]) {
      const res = await client.get(path);
      assert.equal(res.status, 429, path);
      assert.ok(res.headers.get("retry-after"), path);
    }
  }, { ...admin, RATE_LIMITS: "on" });
  await withServer(async (server) => {
    const m = await registerMember(server);
    for (let i = 0; i <= max; i++) {
      assert.equal((await m.client.get("/api/regions")).status, 200, `read ${i + 1}`);
    }
  });
});
