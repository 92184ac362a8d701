// HTTP throughput on loopback: requests/s and latency (p50, p99) with 100 concurrent connections
// for the welcome page, the sign-in page (guests), a signed-in member's home page and GET
// /api/user/profile, served by the real app (main.ts in a process of its own, on a KV file, request
// log on as in production), beside a bare `Deno.serve` responding "hello" in the same run on the
// same machine. The figure that matters is the ratio to the bare server (targets, issue 44: at least
// 0.33 for the profile API, 0.3 for /welcome, 0.2 for a member's home page; docs/http.md "What a
// request costs" has the figures before and after its changes). On a machine others share, the
// figures move with their load: the targets are measured in rounds (bare server first in each),
// each ratio taken to its own round's bare figure, and the median round is shown with the range.
// Beside them, "session read alone" (bench/session_floor.ts): a server doing only what every
// member request must, the session and the member read from KV; its ratio is a ceiling for the
// profile API.
// Figures only. `deno run -A bench/http.ts [seconds per target] [rounds]`
import { freePort, PROCESS_SESSION_SECRET, startServerProcess } from "../tests/helpers/server.ts";
import { registerMember } from "../tests/helpers/accounts.ts";
import { sleep } from "../tests/helpers/time.ts";
import { quantile } from "./stats.ts";

const CONNECTIONS = 100;

interface Run {
  rps: number;
  /** The serving process's CPU time per response, in µs (null where it cannot be read). */
  cpuUs: number | null;
  p50: number;
  p99: number;
  errors: number;
}

/** CONNECTIONS loops, each sending the next request when its response is read, for `seconds`. */
async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  pid?: number,
): Promise<Run> {
  const latencies: number[] = [];
  const cpuBefore = pid === undefined ? null : cpuMs(pid);
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
  const cpuAfter = pid === undefined ? null : cpuMs(pid);
  return {
    rps: latencies.length / seconds,
    cpuUs: cpuBefore === null || cpuAfter === null
      ? null
      : (cpuAfter - cpuBefore) * 1000 / latencies.length,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    errors,
  };
}

/** A server in a process of its own (`args` after `deno`), once it answers on `port`. */
async function childServer(port: number, args: string[], env: Record<string, string> = {}) {
  const child = new Deno.Command(Deno.execPath(), {
    args,
    env,
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

function helloServer(port: number) {
  const code =
    `Deno.serve({ port: ${port}, hostname: "127.0.0.1", onListen() {} }, () => new Response("hello"));`;
  return childServer(port, ["eval", code]);
}

/** bench/session_floor.ts on the app's KV file: what every member's request must do, alone. */
function sessionFloorServer(port: number, kvPath: string) {
  const script = new URL("./session_floor.ts", import.meta.url).pathname;
  return childServer(port, ["run", "-A", script, String(port), kvPath], {
    APP_ENV: "test",
    SESSION_SECRET: PROCESS_SESSION_SECRET,
  });
}

/** A process's CPU time so far (user and system), in ms; null where /proc cannot tell. */
function cpuMs(pid: number): number | null {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    // The fields after the command name (which may hold spaces) in parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime (fields 14 and 15), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The middle value (the upper one of an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function benchHttp(seconds = 5, rounds = 1) {
  const dir = await Deno.makeTempDir();
  const helloPort = freePort();
  const hello = await helloServer(helloPort);
  const server = await startServerProcess(`${dir}/bench.kv`, freePort(), { REQUEST_LOG: "on" });
  const floorPort = freePort();
  const floor = await sessionFloorServer(floorPort, `${dir}/bench.kv`);
  try {
    const member = await registerMember(server);
    const cookie = { cookie: `glimpse_session=${member.client.session}` };
    // Warm both (JIT, KV caches) before measuring.
    await load(`http://127.0.0.1:${helloPort}/`, {}, 1);
    await load(`${server.url}/welcome`, {}, 1);
    const targets: [string, string, Record<string, string>, number][] = [
      ["bare Deno.serve 'hello'", `http://127.0.0.1:${helloPort}/`, {}, hello.pid],
      ["/welcome (guest)", `${server.url}/welcome`, {}, server.pid],
      ["/auth (guest)", `${server.url}/auth`, {}, server.pid],
      ["/ (member's home)", `${server.url}/`, cookie, server.pid],
      ["GET /api/user/profile", `${server.url}/api/user/profile`, cookie, server.pid],
      // The floor under any member's request: the session read alone (bench/session_floor.ts).
      ["session read alone", `http://127.0.0.1:${floorPort}/`, cookie, floor.pid],
    ];
    // runs[target][round]
    const runs: Run[][] = targets.map(() => []);
    for (let round = 0; round < rounds; round++) {
      for (const [i, [, url, headers, pid]] of targets.entries()) {
        runs[i].push(await load(url, headers, seconds, pid));
      }
    }
    console.log(
      `\nHTTP on loopback, ${CONNECTIONS} concurrent connections, ${seconds} s each` +
        (rounds > 1 ? `, ${rounds} rounds (median round; ratio range)` : "") +
        ` (client and servers share this machine's ${navigator.hardwareConcurrency} cores):`,
    );
    for (const [i, [name]] of targets.entries()) {
      const ratios = runs[i].map((r, round) => r.rps / runs[0][round].rps);
      const mid = runs[i].indexOf(
        runs[i].find((_, round) => ratios[round] === median(ratios))!,
      );
      const r = runs[i][mid];
      const errors = runs[i].reduce((sum, run) => sum + run.errors, 0);
      const range = rounds > 1
        ? ` (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`
        : "";
      console.log(
        `  ${name.padEnd(26)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1)} ms  ` +
          `p99 ${r.p99.toFixed(1)} ms  ratio ${ratios[mid].toFixed(2)}${range}` +
          (errors ? `  (${errors} not 200)` : ""),
      );
    }
    // What the load of others on the machine moves least: the server's own CPU time per response.
    const cpu = runs.map((r) => {
      const known = r.map((run) => run.cpuUs).filter((us): us is number => us !== null);
      return known.length ? median(known) : null;
    });
    if (cpu[0] !== null) {
      console.log("Server CPU time per response (median of rounds; 10 ms clock ticks):");
      for (const [i, [name]] of targets.entries()) {
        console.log(`  ${name.padEnd(26)} ${cpu[i]!.toFixed(0).padStart(6)} µs`);
      }
    }
  } finally {
    await server.close();
    for (const child of [hello, floor]) {
      child.kill("SIGTERM");
      await child.status;
    }
    await Deno.remove(dir, { recursive: true });
  }
}

if (import.meta.main) await benchHttp(Number(Deno.args[0] ?? 5), Number(Deno.args[1] ?? 1));
