// Starts the real app on a free loopback port with an in-memory KV (or a given KV path), with
// its queue listener (which sends the app's mail).
import { loadConfig } from "../../lib/server/config.ts";
import type { Config } from "../../lib/server/config.ts";
import { openKv } from "../../kv/db.ts";
import { enableJobTable } from "../../kv/queue.ts";
import { ensureBuilt, type Manifest } from "../../lib/server/build/assets.ts";
import { createApp } from "../../routes/app.tsx";
import { migrate } from "../../lib/server/migrate.ts";
import { consoleSink } from "../../lib/shared/log.ts";
import { Hub } from "../../lib/server/realtime/hub.ts";
import { createEmailSender, type EmailSender } from "../../lib/server/email/mod.ts";
import { startJobs } from "../../lib/server/jobs.ts";
import { clientIpBehind } from "../../lib/server/http/request.ts";
import { sleep, within } from "./time.ts";
import type { LogSink } from "../../lib/shared/log.ts";

/**
 * A request carrying this header counts, for the per-address rate limits, as coming from the
 * address it names (only in servers started here: the app itself reads the socket's address).
 */
export const TEST_IP_HEADER = "x-test-client-ip";

export interface ServerOptions {
  /** The email provider (default: the outbox, as configured). */
  email?: EmailSender;
  /** Where the app's log entries go (default: JSON lines on stdout/stderr). */
  log?: LogSink;
  /**
   * Messages go through the job table, as on a KV without a queue of its own (KV Connect, Deno
   * Deploy), though the KV here is local (kv/queue.ts).
   */
  jobTable?: boolean;
  /** The address to listen on (default 127.0.0.1), e.g. the network lab's (helpers/netlab.ts). */
  hostname?: string;
}

/** What the account and browser helpers need of a server: where it is and its KV. */
export interface ServerLike {
  url: string;
  kv: Deno.Kv;
}

export interface TestServer {
  url: string;
  port: number;
  kv: Deno.Kv;
  config: Config;
  hub: Hub;
  /** The build the server serves. */
  assets: Manifest;
  /**
   * Serves the app made with another build from now on, on the same address and KV (as a
   * deployment of a new build would).
   */
  deploy(assets: Manifest): Promise<void>;
  close(): Promise<void>;
}

/**
 * PBKDF2 iterations of the passwords test servers hash (PASSWORD_ITERATIONS; the default is
 * 600,000, a tenth of a second of CPU a hash, and a suite registers and signs in over a thousand
 * members): 1000 unless `env` sets it or is a production one (production refuses fewer than the
 * default). A test of the stored hash itself passes "600000".
 */
export function testPasswordIterations(
  env: Record<string, string | undefined>,
): Record<string, string> {
  return env.APP_ENV === "production" ? {} : { PASSWORD_ITERATIONS: "1000" };
}

/**
 * The seconds of calls the servers of this test file made (their matches, from Start to the end),
 * printed when the file ends as "call-seconds: N": `deno task test` lists each browser file's.
 */
const callSeconds = { total: 0, printed: false };
function printCallSecondsAtEnd() {
  if (callSeconds.printed) return;
  callSeconds.printed = true;
  globalThis.addEventListener("unload", () => {
    console.log(`call-seconds: ${callSeconds.total.toFixed(1)}`);
  });
}

export async function startServer(
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<TestServer> {
  // The port is taken first, so that the app's configuration names the port it really has (the
  // site's own origin is the configured one, as in production).
  let handler: Deno.ServeHandler = () => new Response("starting", { status: 503 });
  const ac = new AbortController();
  const hostname = options.hostname ?? "127.0.0.1";
  const server = Deno.serve(
    { port: 0, hostname, signal: ac.signal, onListen: () => {} },
    (req, info) => handler(req, info),
  );
  const port = server.addr.port;
  const config = loadConfig({
    APP_ENV: "test",
    KV_PATH: ":memory:",
    RATE_LIMITS: "off",
    ICE_SERVERS: "[]",
    ...testPasswordIterations(env),
    ...env,
    HOSTNAME: hostname,
    PORT: String(port),
  });
  const kv = await openKv(config.kvPath);
  if (options.jobTable) enableJobTable(kv);
  const assets = await ensureBuilt();
  const hub = new Hub(kv, config);
  const email = options.email ?? createEmailSender(kv, config);
  const appFor = (assets: Manifest) =>
    createApp({
      config,
      kv,
      assets,
      hub,
      email,
      clientIp: (c) => c.req.header(TEST_IP_HEADER) ?? clientIpBehind(config.trustProxy)(c),
      log: options.log,
    });
  await migrate(kv, config, options.log ?? consoleSink);
  const app = await appFor(assets);
  const jobs = startJobs(kv, email, { sweeps: false });
  printCallSecondsAtEnd();
  handler = app.fetch;
  const started: TestServer = {
    url: `http://${hostname}:${port}`,
    port,
    kv,
    config,
    hub,
    assets,
    async deploy(next) {
      handler = (await appFor(next)).fetch;
      started.assets = next;
    },
    async close() {
      // Each step is bounded: one that never ends is named in a warning instead of holding the
      // test file for ever.
      await within("the hub's stop", hub.stop(), 10_000);
      callSeconds.total += hub.metrics.matchSeconds;
      ac.abort();
      await within("the HTTP server's shutdown", server.finished, 10_000);
      jobs.stop();
      kv.close();
      await within("the job queue's end", jobs.listening, 5_000);
    },
  };
  return started;
}

/** Runs `fn` against a fresh server, closing it whatever happens. */
export async function withServer(
  fn: (server: TestServer) => Promise<void>,
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<void> {
  const server = await startServer(env, options);
  try {
    await fn(server);
  } finally {
    await server.close();
  }
}

/** The real app in a process of its own (`main.ts`), which a test can kill without warning. */
export interface ProcessServer extends ServerLike {
  port: number;
  /** The server process's id (for reading its memory from /proc). */
  pid: number;
  /** SIGKILL: no cleanup at all, as a crash or a vanished machine. */
  kill(): Promise<void>;
  /** Sends `signal` and waits for the process to exit (the test's KV handle stays open). */
  signal(signal: Deno.Signal): Promise<Deno.CommandStatus>;
  /** Stops the process (SIGTERM) and closes the test's KV handle. */
  close(): Promise<void>;
}

/** A free loopback port (free when asked; a server takes it right after). */
export function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** The session secret of a server started by startServerProcess (unless its `env` names one). */
export const PROCESS_SESSION_SECRET = "process-server-secret-0123456789abcdef";

/**
 * Starts `main.ts` on `port` with the KV file `kvPath` (which this process opens too, for
 * members and checks) and waits until it answers /healthz.
 */
export async function startServerProcess(
  kvPath: string,
  port: number,
  env: Record<string, string> = {},
  /** Runtime flags before the script (e.g. `--inspect=127.0.0.1:9229` for a benchmark's probe). */
  flags: string[] = [],
): Promise<ProcessServer> {
  await ensureBuilt();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", ...flags, new URL("../../main.ts", import.meta.url).pathname],
    env: {
      APP_ENV: "test",
      KV_PATH: kvPath,
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      RATE_LIMITS: "off",
      ICE_SERVERS: "[]",
      ...testPasswordIterations(env),
      SESSION_SECRET: PROCESS_SESSION_SECRET,
      ...env,
    },
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.body?.cancel().then(() => r.ok),
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await child.status;
      throw new Error("the server process did not answer in 30 s");
    }
    await sleep(100);
  }
  const kv = await openKv(kvPath);
  let done = false;
  const end = async (signal: Deno.Signal) => {
    if (!done) {
      done = true;
      try {
        child.kill(signal);
      } catch {
        // already gone
      }
    }
    return await child.status;
  };
  return {
    url,
    port,
    pid: child.pid,
    kv,
    kill: async () => void await end("SIGKILL"),
    signal: end,
    async close() {
      await end("SIGTERM");
      kv.close();
    },
  };
}

/** A process's resident memory now and at its peak so far, in bytes (Linux /proc). */
export async function processMemory(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
  return { rss: kb("VmRSS") * 1024, peak: kb("VmHWM") * 1024 };
}

/**
 * Sends a request exactly as written: the path unnormalised and the headers as given, Host
 * included (fetch would normalise the path and always send its own Host).
 */
export async function rawRequest(
  server: TestServer,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; head: string; body: string }> {
  const headers: Record<string, string> = {
    host: `127.0.0.1:${server.port}`,
    connection: "close",
    ...opts.headers,
  };
  const body = new TextEncoder().encode(opts.body ?? "");
  if (opts.body !== undefined) headers["content-length"] = String(body.length);
  const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("");
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.port });
  try {
    await conn.write(
      new TextEncoder().encode(`${opts.method ?? "GET"} ${path} HTTP/1.1\r\n${head}\r\n`),
    );
    if (body.length) await conn.write(body);
    let text = "";
    const buf = new Uint8Array(64 * 1024);
    const decoder = new TextDecoder();
    for (;;) {
      const n = await conn.read(buf);
      if (n === null) break;
      text += decoder.decode(buf.subarray(0, n), { stream: true });
    }
    const [top, ...rest] = text.split("\r\n\r\n");
    return {
      status: Number(top.split(" ")[1]),
      head: top.toLowerCase(),
      body: rest.join("\r\n\r\n"),
    };
  } finally {
    try {
      conn.close();
    } catch {
      // closed by the server
    }
  }
}
