// The server's CPU time per response of the app at a git revision and of the working tree, both
// loaded at the same moment by one client (half the connections each, on one KV file): on a
// machine others share, their load moves both servers alike, where bench/http.ts's ratio to a
// bare server moves with it (the bare server alone went from 4,200 to 16,400 requests a second
// between runs there). Each window gives the working tree's CPU per response over the revision's;
// the median window and the range are printed, with each side's median CPU per response.
// The revision runs with the working tree's browser build (static/ linked, never rebuilt): compare
// revisions whose islands are the working tree's, e.g. server-side changes.
// Figures only. `deno run -A bench/http_side_by_side.ts [rev] [path] [seconds a window] [windows]`
import { freePort, PROCESS_SESSION_SECRET } from "../tests/helpers/server.ts";
import { registerMember } from "../tests/helpers/accounts.ts";
import { sleep } from "../tests/helpers/time.ts";
import { openKv } from "../kv/db.ts";

const CONNECTIONS = 100;
const ROOT = new URL("..", import.meta.url).pathname;

/** A process's CPU time so far (user and system), in ms (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** `main` (a main.ts) serving on `port` with the KV file, once it answers /healthz. */
async function server(main: string, port: number, kvPath: string, env: Record<string, string>) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", main],
    env: {
      APP_ENV: "test",
      KV_PATH: kvPath,
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      RATE_LIMITS: "off",
      ICE_SERVERS: "[]",
      PASSWORD_ITERATIONS: "1000",
      SESSION_SECRET: PROCESS_SESSION_SECRET,
      REQUEST_LOG: "on",
      ...env,
    },
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.body?.cancel().then(() => r.ok),
      () => false,
    );
    if (up) return child;
    if (Date.now() > deadline) throw new Error(`${main} did not answer in 60 s`);
    await sleep(100);
  }
}

/** The revision's server files, in a folder inside the project (its deno.json applies there). */
async function snapshot(rev: string): Promise<string> {
  const dir = await Deno.makeTempDir({ dir: ROOT, prefix: ".side-by-side-" });
  const out = await new Deno.Command("sh", {
    args: [
      "-c",
      `git -C "${ROOT}" archive "${rev}" main.ts routes lib kv components islands | tar -x -C "${dir}"`,
    ],
  }).output();
  if (!out.success) {
    await Deno.remove(dir, { recursive: true });
    throw new Error(`git archive ${rev}: ${new TextDecoder().decode(out.stderr)}`);
  }
  await Deno.symlink(`${ROOT}static`, `${dir}/static`);
  return dir;
}

export async function sideBySide(
  rev = "HEAD",
  path = "/api/user/profile",
  seconds = 3,
  windows = 12,
) {
  const dir = await Deno.makeTempDir();
  const snap = await snapshot(rev);
  const kvPath = `${dir}/bench.kv`;
  const children: Deno.ChildProcess[] = [];
  try {
    const revPort = freePort();
    // DENO_DEPLOY: the shipped build as it is (the working tree's), never rebuilt from the
    // revision's sources into the working tree's static/.
    const atRev = await server(`${snap}/main.ts`, revPort, kvPath, { DENO_DEPLOY: "true" });
    children.push(atRev);
    const treePort = freePort();
    const tree = await server(`${ROOT}main.ts`, treePort, kvPath, {});
    children.push(tree);
    const kv = await openKv(kvPath);
    const member = await registerMember({ url: `http://127.0.0.1:${treePort}`, kv });
    kv.close();
    const guest = path === "/welcome" || path === "/auth";
    const headers: Record<string, string> = guest
      ? {}
      : { cookie: `glimpse_session=${member.client.session}` };

    const window = async (secs: number) => {
      const count = [0, 0];
      const errors = [0, 0];
      const pids = [atRev.pid, tree.pid];
      const before = pids.map(cpuMs);
      const end = performance.now() + secs * 1000;
      const clients = Array.from({ length: CONNECTIONS }, () => Deno.createHttpClient({}));
      await Promise.all(clients.map(async (client, i) => {
        const side = i % 2;
        const url = `http://127.0.0.1:${side ? treePort : revPort}${path}`;
        while (performance.now() < end) {
          const res = await fetch(url, { headers, client });
          await res.arrayBuffer();
          count[side]++;
          if (res.status !== 200) errors[side]++;
        }
      }));
      for (const c of clients) c.close();
      const cpu = pids.map((pid, side) => (cpuMs(pid) - before[side]) * 1000 / count[side]);
      return { rev: cpu[0], tree: cpu[1], errors: errors[0] + errors[1] };
    };
    await window(1);
    const runs = [];
    for (let i = 0; i < windows; i++) runs.push(await window(seconds));
    const ratios = runs.map((r) => r.tree / r.rev);
    const errors = runs.reduce((n, r) => n + r.errors, 0);
    console.log(
      `\n${path}: ${rev} and the working tree side by side, ${CONNECTIONS / 2} connections each, ` +
        `${windows} windows of ${seconds} s (${navigator.hardwareConcurrency} cores)` +
        (errors ? ` (${errors} not 200)` : "") +
        `\n  server CPU per response: ${rev} ${median(runs.map((r) => r.rev)).toFixed(0)} µs, ` +
        `working tree ${median(runs.map((r) => r.tree)).toFixed(0)} µs (medians)` +
        `\n  working tree / ${rev}, per window: median ${median(ratios).toFixed(2)} ` +
        `(${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
    );
  } finally {
    for (const child of children) {
      child.kill("SIGTERM");
      await child.status;
    }
    await Deno.remove(snap, { recursive: true });
    await Deno.remove(dir, { recursive: true });
  }
}

if (import.meta.main) {
  const [rev, path, seconds, windows] = Deno.args;
  await sideBySide(
    rev,
    path,
    seconds ? Number(seconds) : undefined,
    windows ? Number(windows) : undefined,
  );
}
