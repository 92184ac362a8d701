// The request body limit holds for every request, before anything reads it: a 20 MB body, with
// Content-Length or streamed without one, to a guest's JSON routes gets 413 'The request
// is too large.', the server's memory hardly moves, and nothing stored changes. The server runs
// in a process of its own, so its memory is its own.
import assert from "node:assert/strict";
import { freePort, processMemory, startServerProcess } from "../helpers/server.ts";
import { kvDump } from "../helpers/kv_dump.ts";

/** Every lasting KV entry (the instance heartbeat, health probes and counters move by themselves). */
const stored = (kv: Deno.Kv) =>
  kvDump(kv, ["rt", "health", "presence", "rate_limits", "meta"], { settle: false });

const MiB = 1024 * 1024;
const TOO_LARGE = "The request is too large.";
/** Room for the allocator's own swings; a body held in memory would be 20 MiB or more. */
const RSS_GROWTH_MAX = 15 * MiB;

/** `mb` MiB of the same 1 MiB piece, streamed: no Content-Length, and never whole in memory. */
function streamed(mb: number): ReadableStream<Uint8Array> {
  const piece = new Uint8Array(MiB).fill(0x7b);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ < mb) controller.enqueue(piece);
      else controller.close();
    },
  });
}

Deno.test({
  name: "body limit: 20 MB to a guest's JSON routes, sized or streamed, is 413 with memory bounded",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir();
    const server = await startServerProcess(`${dir}/limit.kv`, freePort());
    try {
      // A first small request warms up every code path a refusal takes.
      const warm = await fetch(`${server.url}/api/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      await warm.body?.cancel();
      const before = await stored(server.kv);
      const rssBefore = (await processMemory(server.pid)).rss;

      let peak = rssBefore;
      let sending = true;
      const sampler = (async () => {
        while (sending) {
          peak = Math.max(peak, (await processMemory(server.pid)).rss);
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      const whole = new Uint8Array(20 * MiB).fill(0x7b);
      try {
        for (const path of ["/api/register", "/api/report"]) {
          for (const chunked of [false, true]) {
            const res = await fetch(server.url + path, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: chunked ? streamed(20) : whole,
            });
            const label = `${path} ${chunked ? "streamed" : "with Content-Length"}`;
            assert.equal(res.status, 413, `${label}: ${res.status}`);
            const { requestId, ...body } = await res.json();
            assert.deepEqual(body, { error: TOO_LARGE, message: TOO_LARGE }, label);
            assert.equal(requestId, res.headers.get("x-request-id"), label);
          }
        }
      } finally {
        sending = false;
        await sampler;
      }
      peak = Math.max(peak, (await processMemory(server.pid)).rss);
      assert.ok(
        peak - rssBefore < RSS_GROWTH_MAX,
        `server RSS grew by ${((peak - rssBefore) / MiB).toFixed(1)} MiB`,
      );
      assert.deepEqual(await stored(server.kv), before, "nothing stored changed");

      // The server is still fine, and a body within the limit still gets its normal response.
      const ok = await fetch(`${server.url}/api/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "x" }),
      });
      await ok.body?.cancel();
      assert.equal(ok.status, 400);
    } finally {
      await server.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
