// Does a flood of socket messages hold back a KV commit of the same process? The burst's claims
// (docs/realtime.md, "Where a burst's time goes") start while the server is still reading the
// burst's searches, and none of them came back until the reading was done. This isolates that:
// a bare Deno WebSocket server (JSON in, a small JSON answer out, no KV) and, in the same
// process, commits of 350 writes (one commit of 50 claims) one after another on a fresh KV file,
// first with no sockets busy, then while clients in a child process send a burst of messages.
// With `--worker` the commits run in a Worker instead (its own event loop and its own KV handle on
// the same file), while the main thread reads the flood. Prints each phase's commit times; nothing
// here passes or fails.
//
//   deno run -A bench/kv_under_flood.ts [--sockets 3000] [--messages 4] [--worker]
import { Lines, runAgain } from "./child.ts";

const arg = (name: string, fallback: number) => {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Number(Deno.args[i + 1]) : fallback;
};

async function clients(url: string, sockets: number, messages: number) {
  const all: WebSocket[] = [];
  for (let i = 0; i < sockets; i++) {
    const ws = new WebSocket(url);
    await new Promise((r) => ws.onopen = r);
    all.push(ws);
  }
  console.log("READY");
  const input = new Lines(Deno.stdin.readable);
  await input.until("go", () => {}, 60_000);
  const body = JSON.stringify({ type: "find_match" });
  for (let k = 0; k < messages; k++) for (const ws of all) ws.send(body);
  await input.until("stop", () => {}, 60_000).catch(() => {});
  Deno.exit(0);
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? NaN;
};

/** A commit of 350 writes (one commit of 50 claims): when it started (ms since the epoch), how long. */
async function commit(kv: Deno.Kv) {
  const op = kv.atomic();
  for (let i = 0; i < 350; i++) op.set(["claim", crypto.randomUUID()], "x".repeat(100));
  const t = performance.now();
  await op.commit();
  return { at: performance.timeOrigin + t, ms: performance.now() - t };
}

/** The Worker's side (`--worker`): commits one after another until told to stop, then its times. */
function committer() {
  // deno-lint-ignore no-explicit-any
  const scope = globalThis as any;
  scope.onmessage = async (e: MessageEvent<string>) => {
    const kv = await Deno.openKv(e.data);
    let stop = false;
    scope.onmessage = () => stop = true;
    scope.postMessage("READY");
    const out: { at: number; ms: number }[] = [];
    while (!stop) {
      out.push(await commit(kv));
      await new Promise((r) => setTimeout(r, 0)); // hears "stop"
    }
    kv.close();
    scope.postMessage(out);
  };
}

async function main() {
  const sockets = arg("--sockets", 3000), messages = arg("--messages", 4);
  const inWorker = Deno.args.includes("--worker");
  const dir = await Deno.makeTempDir({ prefix: "glimpse-flood-" });
  const kv = await Deno.openKv(`${dir}/flood.kv`);
  let received = 0, lastAt = 0;
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, (req) => {
    const { socket, response } = Deno.upgradeWebSocket(req);
    socket.onmessage = (e) => {
      const m = JSON.parse(String(e.data));
      received++;
      lastAt = performance.now();
      socket.send(JSON.stringify({ type: "searching", of: m.type }));
    };
    return response;
  });
  const quiet: number[] = [];
  for (let i = 0; i < 20; i++) quiet.push((await commit(kv)).ms);
  const child = runAgain(import.meta.url, [
    "--client",
    `ws://127.0.0.1:${server.addr.port}`,
    String(sockets),
    String(messages),
  ]);
  const out = new Lines(child.stdout);
  await out.until("READY", () => {}, 120_000);
  const worker = inWorker
    ? new Worker(new URL("?committer", import.meta.url), { type: "module" })
    : null;
  if (worker) {
    const ready = new Promise((r) => worker.onmessage = r);
    worker.postMessage(`${dir}/flood.kv`);
    await ready;
  }
  const writer = child.stdin.getWriter();
  const t0 = performance.now();
  await writer.write(new TextEncoder().encode("go\n"));
  let during: { at: number; ms: number }[] = [];
  const total = sockets * messages;
  const reading = () => received < total && performance.now() - t0 < 30_000;
  if (worker) {
    while (reading()) await new Promise((r) => setTimeout(r, 5));
    const times = new Promise<MessageEvent>((r) => worker.onmessage = r);
    worker.postMessage("stop");
    const started = performance.timeOrigin + t0, ended = performance.timeOrigin + lastAt;
    during = ((await times).data as { at: number; ms: number }[])
      .filter((c) => c.at >= started && c.at <= ended)
      .map((c) => ({ at: c.at - performance.timeOrigin, ms: c.ms }));
    worker.terminate();
  } else {
    while (reading()) {
      const c = await commit(kv);
      during.push({ at: c.at - performance.timeOrigin, ms: c.ms });
    }
  }
  const readMs = lastAt - t0;
  await writer.write(new TextEncoder().encode("stop\n"));
  await child.status;
  await server.shutdown();
  kv.close();
  await Deno.remove(dir, { recursive: true });
  const ms = during.map((d) => d.ms);
  console.log(
    `KV commits of 350 writes, ${sockets} sockets × ${messages} messages` +
      (worker ? ", the commits in a Worker" : ""),
  );
  console.log(
    `  no socket busy: p50 ${pct(quiet, 50).toFixed(0)} ms, max ${
      Math.max(...quiet).toFixed(0)
    } ms (20 commits)`,
  );
  console.log(
    `  while the server reads ${received} messages (${readMs.toFixed(0)} ms): p50 ${
      pct(ms, 50).toFixed(0)
    } ms, max ${Math.max(...ms).toFixed(0)} ms (${ms.length} commits)`,
  );
  console.log(
    "  each (started at ms: took ms): " +
      during.map((d) => `${(d.at - t0).toFixed(0)}:${d.ms.toFixed(0)}`).join(" "),
  );
}

if (new URL(import.meta.url).search === "?committer") committer();
else if (Deno.args[0] === "--client") {
  await clients(Deno.args[1], Number(Deno.args[2]), Number(Deno.args[3]));
} else await main();
