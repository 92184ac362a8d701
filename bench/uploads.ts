// Oversized uploads against the real server in a process of its own: 20 concurrent 50 MB bodies
// (half with Content-Length, half streamed without) to JSON and form routes, while /healthz is
// polled. Prints the server's peak memory, /healthz latency during the burst and how long each
// refusal took. Figures only: nothing here passes or fails on time.
import { freePort, processMemory, startServerProcess } from "../tests/helpers/server.ts";
import { sleep } from "../tests/helpers/time.ts";
import { quantile } from "./stats.ts";

const MiB = 1024 * 1024;
const UPLOADS = 20;
const UPLOAD_MB = 50;
const PATHS = ["/api/register", "/api/report", "/api/user/avatar", "/api/filters"];

/**
 * Polls the URL every 10 ms until its stdin closes, then prints [start (epoch ms), latency (ms)]
 * of each poll as JSON.
 */
const POLLER = `
const url = Deno.args[0];
let open = true;
Deno.stdin.readable.pipeTo(new WritableStream()).finally(() => { open = false; });
const out = [];
while (open) {
  const at = Date.now(), t = performance.now();
  const res = await fetch(url);
  await res.body?.cancel();
  out.push([at, performance.now() - t]);
  await new Promise((r) => setTimeout(r, 10));
}
console.log(JSON.stringify(out));
`;

/** A body of `mb` MiB streamed in 1 MiB pieces, without a Content-Length. */
function streamed(mb: number, piece: Uint8Array): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ < mb) controller.enqueue(piece);
      else controller.close();
    },
  });
}

export async function benchUploads() {
  const dir = await Deno.makeTempDir();
  const server = await startServerProcess(`${dir}/bench.kv`, freePort());
  try {
    const before = await processMemory(server.pid);
    const whole = new Uint8Array(UPLOAD_MB * MiB).fill(0x7b);
    const piece = new Uint8Array(MiB).fill(0x7b);

    // /healthz is polled from a process of its own, so its latency is the server's and not the
    // time this process, busy sending a gigabyte, takes to get round to reading the response.
    const poller = new Deno.Command(Deno.execPath(), {
      args: ["eval", POLLER, `${server.url}/healthz`],
      stdout: "piped",
      stdin: "piped",
    }).spawn();
    await sleep(300);

    let bursting = true;
    let peakRss = before.rss;
    const sampleMemory = (async () => {
      while (bursting) {
        peakRss = Math.max(peakRss, (await processMemory(server.pid)).rss);
        await sleep(5);
      }
    })();

    const refusals: number[] = [];
    const statuses = new Map<string, number>();
    const burstFrom = Date.now();
    const start = performance.now();
    await Promise.all(Array.from({ length: UPLOADS }, async (_, i) => {
      const path = PATHS[i % PATHS.length];
      const chunked = i % 2 === 1;
      const t = performance.now();
      let outcome: string;
      try {
        const res = await fetch(server.url + path, {
          method: "POST",
          headers: { "content-type": "application/json", origin: server.url },
          body: chunked ? streamed(UPLOAD_MB, piece) : whole,
        });
        await res.body?.cancel();
        outcome = String(res.status);
      } catch (err) {
        outcome = `error (${err instanceof Error ? err.name : "?"})`;
      }
      refusals.push(performance.now() - t);
      statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1);
    }));
    const burstMs = performance.now() - start;
    const burstTo = Date.now();
    bursting = false;
    await sampleMemory;
    await poller.stdin.close();
    const polls: [number, number][] = JSON.parse(
      new TextDecoder().decode((await poller.output()).stdout),
    );
    const health = polls.filter(([at]) => at >= burstFrom && at <= burstTo).map(([, ms]) => ms);
    const after = await processMemory(server.pid);
    peakRss = Math.max(peakRss, after.rss);

    // One upload at a time, for the refusal's own time.
    const alone: string[] = [];
    for (const chunked of [false, true]) {
      const t = performance.now();
      const res = await fetch(`${server.url}/api/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: chunked ? streamed(UPLOAD_MB, piece) : whole,
      });
      await res.body?.cancel();
      alone.push(
        `${chunked ? "streamed" : "with Content-Length"} ${res.status} in ${
          (performance.now() - t).toFixed(0)
        } ms`,
      );
    }

    const p50 = quantile(health, 0.5), p99 = quantile(health, 0.99);
    console.log(
      `Uploads (${UPLOADS} concurrent ${UPLOAD_MB} MB bodies, half with Content-Length, half streamed)`,
    );
    console.log(
      `  answers: ${[...statuses].map(([s, n]) => `${n}× ${s}`).join(", ")}; burst ${
        burstMs.toFixed(0)
      } ms`,
    );
    console.log(
      `  server RSS: ${(before.rss / MiB).toFixed(0)} MiB before, peak ${
        (peakRss / MiB).toFixed(0)
      } MiB (target < 300 MB)`,
    );
    console.log(
      `  /healthz during the burst (${health.length} polls): p50 ${p50.toFixed(1)} ms, p99 ${
        p99.toFixed(1)
      } ms (target p99 < 100 ms)`,
    );
    console.log(
      `  time to refuse an upload in the burst (as this process, sending them all, sees it): p50 ${
        quantile(refusals, 0.5).toFixed(0)
      } ms, max ${Math.max(...refusals).toFixed(0)} ms`,
    );
    console.log(`  one ${UPLOAD_MB} MB upload alone: ${alone.join("; ")}`);
  } finally {
    await server.close();
    await Deno.remove(dir, { recursive: true });
  }
}

if (import.meta.main) await benchUploads();
