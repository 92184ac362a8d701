// HTTP throughput on loopback: requests/s and latency (p50, p99) with 100 concurrent connections
// for the welcome page, a signed-in member's home page and GET /api/user/profile, served by the
// real app (main.ts in a process of its own, on a KV file, request log on as in production),
// beside a bare `Deno.serve` responding "hello" in the same run on the same machine. The figure
// that matters is the ratio to the bare server (target: at least 0.3 for server-rendered pages).
// Figures only. `deno run -A bench/http.ts [seconds per target]`
import { freePort, startServerProcess } from "../tests/helpers/server.ts";
import { registerMember } from "../tests/helpers/accounts.ts";
import { sleep } from "../tests/helpers/time.ts";
import { quantile } from "./stats.ts";

const CONNECTIONS = 100;

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** CONNECTIONS loops, each sending the next request when its response is read, for `seconds`. */
async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const clients = Array.from({ length: CONNECTIONS }, () => Deno.createHttpClient({}));
  await Promise.all(clients.map(async (client) => {
    while (performance.now() < end) {
      const t = performance.now();
      try {
        const res = await fetch(url, { headers, client });
        await res.arrayBuffer();
        if (res.status !== 200) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t);
    }
  }));
  for (const c of clients) c.close();
  return {
    rps: latencies.length / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    errors,
  };
}

async function helloServer(port: number) {
  const code =
    `Deno.serve({ port: ${port}, hostname: "127.0.0.1", onListen() {} }, () => new Response("hello"));`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["eval", code],
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      (r) => r.text().then(() => true),
      () => false,
    );
    if (up) break;
    await sleep(100);
  }
  return child;
}

export async function benchHttp(seconds = 5) {
  const dir = await Deno.makeTempDir();
  const helloPort = freePort();
  const hello = await helloServer(helloPort);
  const server = await startServerProcess(`${dir}/bench.kv`, freePort(), { REQUEST_LOG: "on" });
  try {
    const member = await registerMember(server);
    const cookie = { cookie: `glimpse_session=${member.client.session}` };
    // Warm both (JIT, KV caches) before measuring.
    await load(`http://127.0.0.1:${helloPort}/`, {}, 1);
    await load(`${server.url}/welcome`, {}, 1);
    const targets: [string, string, Record<string, string>][] = [
      ["bare Deno.serve 'hello'", `http://127.0.0.1:${helloPort}/`, {}],
      ["/welcome (guest)", `${server.url}/welcome`, {}],
      ["/ (member's home)", `${server.url}/`, cookie],
      ["GET /api/user/profile", `${server.url}/api/user/profile`, cookie],
    ];
    const results: [string, Run][] = [];
    for (const [name, url, headers] of targets) {
      results.push([name, await load(url, headers, seconds)]);
    }
    const base = results[0][1].rps;
    console.log(
      `\nHTTP on loopback, ${CONNECTIONS} concurrent connections, ${seconds} s each ` +
        `(client and servers share this machine's ${navigator.hardwareConcurrency} cores):`,
    );
    for (const [name, r] of results) {
      console.log(
        `  ${name.padEnd(26)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1)} ms  ` +
          `p99 ${r.p99.toFixed(1)} ms  ratio ${(r.rps / base).toFixed(2)}` +
          (r.errors ? `  (${r.errors} not 200)` : ""),
      );
    }
  } finally {
    await server.close();
    hello.kill("SIGTERM");
    await hello.status;
    await Deno.remove(dir, { recursive: true });
  }
}

if (import.meta.main) await benchHttp(Number(Deno.args[0] ?? 5));
