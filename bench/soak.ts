// Soak: memory and KV stay flat while members keep calling. The server is the real app (`main.ts`)
// in a process of its own, on a temporary KV file, with RATE_LIMITS on; the members are real
// WebSocket clients in a child process (as in bench/realtime.ts: in the server's process they
// would share its event loop, and in this one they would share the measuring). Each member signs
// in over HTTP once, then loops until the time is up: connect, register, search, meet
// (match_found), exchange an offer, an answer and a few candidates, say the link connected, talk
// for a moment, end the call (the offerer; the answerer hears session_ended), close the socket and
// come back after a short pause. Prints figures; nothing here passes or fails.
//
//   deno run -A bench/soak.ts [--minutes 5] [--members 200] [--warmup <seconds>]
//
// Figures: server RSS (/proc/<pid>/status), its live heap (what survives a full collection, read
// through the server's inspector, on loopback) and its V8 heap in use (/metrics, garbage included)
// before the load, after the warm-up (default the first minute, or a fifth of a shorter run), every
// minute, at the end of the load, and once everyone has gone; the end/warm-up ratios (target
// within 10 %); rounds and calls completed, errors by kind; and, once every socket closed and the
// server's grace periods passed (RECONNECT_GRACE_MS, then two heartbeats: what a socket's close
// leaves to them), the KV keys left behind, counted per prefix. The live heap is the leak figure:
// RSS under load follows how much garbage V8 lets pile up before it collects, and what malloc
// keeps, and swings by hundreds of MiB from one sample to the next.
//
// Keys that grow with the calls by design, with their expiry: match records (48 h), the partners
// each member met (["rel", id, "met", partnerId], 24 h: one per partner), the day's usage and
// referral figures.
//
// Distinct clients: the server runs with TRUST_PROXY=1, as a deployment behind one reverse proxy
// does, and each member's requests carry an X-Forwarded-For address of its own (10.x.y.z), so the
// per-address limits count each member as the address it would be, not all of them as 127.0.0.1.
// No limit is raised and nothing is trusted that production would not trust behind a proxy.
//
// Rate-limit keys: the limits that are counted in KV are those of what costs a password hash or
// sends mail (lib/server/http/rate_limit.ts); a socket and its messages are limited in memory per
// socket (flood_limit.ts, socket_limits.ts), so here only the sign-ins write them. A count must
// outlive the client that made it (a limit forgotten when its client leaves would be reset by
// leaving), so "none left once everyone has gone" means: none past the end of its window. A count
// whose window has not ended is the limit working; it expires (KV expireIn, kv/rate_limits.ts) a
// minute after its window's end, and a local SQLite KV deletes expired keys about once a minute, so
// no sweeper is needed. The soak counts both, and which of them should have gone.
import {
  freePort,
  processMemory,
  type ProcessServer,
  startServerProcess,
} from "../tests/helpers/server.ts";
import {
  MemberFactory,
  metric,
  type QuickMember,
  SHARED_SESSION_SECRET,
} from "../tests/helpers/realtime_members.ts";
import { eventually, sleep } from "../tests/helpers/time.ts";
import { Lines, runAgain } from "./child.ts";
import { RATE_RULES } from "../lib/server/http/rate_limit.ts";

// ---------------------------------------------------------------- options

export interface SoakOptions {
  minutes: number;
  members: number;
  /** Seconds of load before the warm-up figure; default min(60, a fifth of the run). */
  warmupSeconds: number | null;
}

const DEFAULTS: SoakOptions = { minutes: 5, members: 200, warmupSeconds: null };

/** The password the member factory gives every member (tests/helpers/realtime_members.ts). */
const PASSWORD = "realtime-shared-password";
/** The server's grace periods (its defaults, passed explicitly so the soak knows them). */
const RECONNECT_GRACE_MS = 10_000;
const HEARTBEAT_MS = 5_000;

function parseArgs(args: string[]): SoakOptions {
  const o = { ...DEFAULTS };
  for (let i = 0; i < args.length; i++) {
    const n = Number(args[i + 1]);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${args[i]} needs a positive number`);
    i++;
    switch (args[i - 1]) {
      case "--minutes":
        o.minutes = n;
        break;
      case "--members":
        o.members = Math.max(2, Math.floor(n / 2) * 2);
        break;
      case "--warmup":
        o.warmupSeconds = n;
        break;
      default:
        throw new Error(`unknown option ${args[i - 1]}`);
    }
  }
  return o;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

// ---------------------------------------------------------------- the clients (child process)

interface ClientConfig {
  url: string;
  members: { username: string; cookie: string; ip: string }[];
  seconds: number;
}

// deno-lint-ignore no-explicit-any
type Msg = any;

/** A socket that keeps what arrives and waits for a type, the socket's close, or the stop. */
class SoakSocket {
  private inbox: Msg[] = [];
  private waiter: { types: string[]; done: (err: Error | null, m?: Msg) => void } | null = null;
  private closedAt: Promise<void>;

  private constructor(readonly ws: WebSocket) {
    ws.onmessage = (e) => {
      const m = JSON.parse(String(e.data));
      if (m.type === "error") errors.count(`server error: ${m.code}`);
      if (this.waiter?.types.includes(m.type)) this.waiter.done(null, m);
      else this.inbox.push(m);
    };
    this.closedAt = new Promise((r) => ws.addEventListener("close", () => r(), { once: true }));
    this.closedAt.then(() => this.waiter?.done(new Error("closed by the server")));
  }

  static open(url: string, cookie: string, ip: string): Promise<SoakSocket> {
    // deno-lint-ignore no-explicit-any
    const ws = new (WebSocket as any)(url.replace(/^http/, "ws") + "/ws", {
      headers: { cookie, "x-forwarded-for": ip, origin: url },
    });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error("did not open"));
        ws.close();
      }, 15_000);
      ws.onopen = () => {
        clearTimeout(timer);
        resolve(new SoakSocket(ws));
      };
      ws.onerror = () => {
        clearTimeout(timer);
        reject(new Error("did not open"));
      };
    });
  }

  send(msg: unknown) {
    if (this.ws.readyState === 1) this.ws.send(JSON.stringify(msg));
  }

  /** The first message of one of `types` (one that came earlier included), within `timeoutMs`. */
  next(types: string | string[], timeoutMs: number): Promise<Msg> {
    const wanted = typeof types === "string" ? [types] : types;
    const i = this.inbox.findIndex((m) => wanted.includes(m.type));
    if (i >= 0) return Promise.resolve(this.inbox.splice(i, 1)[0]);
    if (this.ws.readyState > 1) return Promise.reject(new Error("closed by the server"));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`no ${wanted.join(" or ")}`)), timeoutMs);
      const done = (err: Error | null, m?: Msg) => {
        clearTimeout(timer);
        this.waiter = null;
        if (err) reject(err);
        else resolve(m);
      };
      this.waiter = { types: wanted, done };
    });
  }

  async close() {
    if (this.ws.readyState <= 1) this.ws.close(1000);
    await Promise.race([this.closedAt, sleep(5000)]);
  }
}

/** Errors by kind (in the child). */
const errors = {
  byKind: new Map<string, number>(),
  count(kind: string) {
    this.byKind.set(kind, (this.byKind.get(kind) ?? 0) + 1);
  },
  total() {
    let n = 0;
    for (const v of this.byKind.values()) n += v;
    return n;
  },
};

const FAKE_SDP = "v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n" +
  "a=group:BUNDLE 0 1\r\n" + "a=fingerprint:sha-256 " + "AB:".repeat(31) + "AB\r\n".repeat(1) +
  "m=video 9 UDP/TLS/RTP/SAVPF 96 97\r\nc=IN IP4 0.0.0.0\r\n".repeat(12);

function candidate(seq: number) {
  return {
    type: "ice-candidate",
    candidate: {
      candidate: `candidate:${seq} 1 udp 2122260223 203.0.113.${(seq % 250) + 1} ${
        50000 + seq
      } typ host generation 0`,
      sdpMid: "0",
      sdpMLineIndex: 0,
      usernameFragment: "soak",
    },
  };
}

const CANDIDATES = 3;

interface Tally {
  rounds: number;
  calls: number;
}

/** One member, from sign-in to the end: rounds of connect, search, call, end, reconnect. */
async function memberLoop(
  url: string,
  member: { cookie: string; ip: string },
  stop: Promise<void>,
  stopped: () => boolean,
  tally: Tally,
  open: Set<SoakSocket>,
) {
  while (!stopped()) {
    let s: SoakSocket | null = null;
    let stage = "open";
    try {
      s = await SoakSocket.open(url, member.cookie, member.ip);
      open.add(s);
      // At the stop, every open socket is closed (its waits end as "closed": not counted).
      if (stopped()) break;
      stage = "register";
      s.send({ type: "register" });
      await s.next("registered", 15_000);
      stage = "search";
      let found: Msg = null;
      while (!found) {
        s.send({ type: "find_match" });
        // The server's search timeout is 30 s: it answers no_match_found, and the member searches
        // again, as the page does.
        const m = await s.next(["match_found", "no_match_found"], 45_000);
        if (m.type === "match_found") found = m;
      }
      stage = "signalling";
      const to = found.peerId;
      if (found.role === "offerer") {
        s.send({ type: "signal", to, signal: { type: "offer", sdp: FAKE_SDP } });
        await waitSignal(s, "answer");
      } else {
        await waitSignal(s, "offer");
        s.send({ type: "signal", to, signal: { type: "answer", sdp: FAKE_SDP } });
      }
      for (let k = 0; k < CANDIDATES; k++) {
        s.send({ type: "signal", to, signal: candidate(k) });
      }
      for (let k = 0; k < CANDIDATES; k++) await waitSignal(s, "ice-candidate");
      s.send({ type: "link_connected" });
      stage = "call";
      if (found.role === "offerer") {
        // A short call (the cost measured is the server's per call, not per second of talk).
        await Promise.race([sleep(500 + Math.random() * 1500), stop]);
        s.send({ type: "end_session", reason: "user_ended" });
        tally.calls++;
      } else {
        await s.next("session_ended", 30_000);
      }
      tally.rounds++;
    } catch (err) {
      if (!stopped()) {
        errors.count(`${stage}: ${err instanceof Error ? err.message : String(err)}`);
      }
    } finally {
      if (s) {
        open.delete(s);
        await s.close();
      }
    }
    // The page's pause before it connects again.
    if (!stopped()) await Promise.race([sleep(200 + Math.random() * 800), stop]);
  }
}

async function waitSignal(s: SoakSocket, kind: string) {
  const until = Date.now() + 15_000;
  for (;;) {
    const m = await s.next("signal", Math.max(1, until - Date.now()));
    if (m.signal?.type === kind) return m;
  }
}

/** Signs a member in over HTTP from its own address; returns its session cookie. */
async function signIn(url: string, username: string, ip: string): Promise<string> {
  for (let attempt = 0;; attempt++) {
    const res = await fetch(`${url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url, "x-forwarded-for": ip },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    await res.body?.cancel();
    // 503: the password-hash gate is full; the page tries again.
    if (res.status === 503 && attempt < 20) {
      await sleep(250);
      continue;
    }
    if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
    const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) =>
      c.startsWith("glimpse_session=")
    );
    if (!cookie) throw new Error("sign-in set no session cookie");
    return cookie;
  }
}

async function clientMain(config: ClientConfig, input: Lines) {
  // Sign-ins, a few at a time (each costs the server a password hash).
  let signInFailures = 0;
  const members = [...config.members];
  let next = 0;
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (next < members.length) {
      const m = members[next++];
      try {
        m.cookie = await signIn(config.url, m.username, m.ip);
      } catch (err) {
        // The cookie the factory made is used instead.
        signInFailures++;
        errors.count(`sign-in: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }));
  console.log(`SIGNED ${members.length - signInFailures}`);
  await input.until("go");

  let stopNow = () => {};
  const stop = new Promise<void>((r) => stopNow = r);
  let isStopped = false;
  const tally: Tally = { rounds: 0, calls: 0 };
  const t0 = Date.now();
  console.log("START");
  const progress = setInterval(() => {
    console.log(
      `PROGRESS ${
        Math.round((Date.now() - t0) / 1000)
      } ${tally.rounds} ${tally.calls} ${errors.total()}`,
    );
  }, 10_000);
  const open = new Set<SoakSocket>();
  const loops = members.map((m) => memberLoop(config.url, m, stop, () => isStopped, tally, open));
  await sleep(config.seconds * 1000);
  clearInterval(progress);
  console.log(`STOPPING ${tally.rounds} ${tally.calls}`);
  isStopped = true;
  stopNow();
  for (const s of open) s.close();
  await Promise.all(loops);
  console.log(
    `DONE ${JSON.stringify({ ...tally, errors: Object.fromEntries(errors.byKind) })}`,
  );
}

// ---------------------------------------------------------------- talking to the child

// ---------------------------------------------------------------- the parent: server, memory, KV

/**
 * The server's inspector (on loopback, in this benchmark only): its live heap, what survives a
 * full collection. heapUsed in /metrics counts garbage not yet collected too, and RSS counts
 * what V8 and malloc keep for later: a leak shows as live heap that grows.
 */
class Inspector {
  private id = 0;
  private pending = new Map<number, (m: Msg) => void>();
  private constructor(private ws: WebSocket) {
    ws.onmessage = (e) => {
      const m = JSON.parse(String(e.data));
      this.pending.get(m.id)?.(m);
      this.pending.delete(m.id);
    };
  }

  static async connect(port: number): Promise<Inspector> {
    const list = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
    const ws = new WebSocket(list[0].webSocketDebuggerUrl);
    await new Promise((resolve, reject) => {
      ws.onopen = resolve;
      ws.onerror = () => reject(new Error("the server's inspector did not answer"));
    });
    const inspector = new Inspector(ws);
    await inspector.call("HeapProfiler.enable");
    return inspector;
  }

  private call(method: string, params: unknown = {}): Promise<Msg> {
    const id = ++this.id;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  /** The heap in use right after a full collection. */
  async liveHeap(): Promise<number> {
    await this.call("HeapProfiler.collectGarbage");
    const r = await this.call("Runtime.evaluate", {
      expression: "Deno.memoryUsage().heapUsed",
      returnByValue: true,
    });
    return Number(r.result?.result?.value);
  }

  close() {
    this.ws.close();
  }
}

interface Sample {
  at: number;
  rss: number;
  heap: number | null;
  /** The V8 heap reserved (in use and free), and what its objects hold outside it. */
  heapTotal: number | null;
  external: number | null;
}

async function sample(server: ProcessServer, at: number): Promise<Sample> {
  const { rss } = await processMemory(server.pid);
  const text = await fetch(`${server.url}/metrics`).then((r) => r.text(), () => "");
  return {
    at,
    rss,
    heap: metric(text, "glimpse_process_heap_used_bytes"),
    heapTotal: metric(text, "glimpse_process_heap_total_bytes"),
    external: metric(text, "glimpse_process_external_bytes"),
  };
}

async function socketsOpen(server: ProcessServer): Promise<number> {
  const text = await fetch(`${server.url}/metrics`).then((r) => r.text(), () => "");
  return metric(text, "glimpse_sockets_open") ?? -1;
}

const windowOf = new Map<string, number>(
  Object.values(RATE_RULES).map((r) => [r.scope, r.limit.windowMs]),
);

/** The KV keys, grouped as the report names them. */
async function countKeys(kv: Deno.Kv) {
  const groups = new Map<string, number>();
  const add = (g: string) => groups.set(g, (groups.get(g) ?? 0) + 1);
  const rate = { current: 0, past: 0, scopes: new Map<string, number>() };
  let liveMatches = 0;
  const now = Date.now();
  for await (const e of kv.list({ prefix: [] })) {
    const [a, b] = e.key;
    if (a === "mm" || a === "rt") add(`${a}/${String(b)}`);
    else if (a === "rel") add(`rel/${String(e.key[2])}`);
    else add(String(a));
    if (a === "matches" && (e.value as { status?: string })?.status === "live") liveMatches++;
    if (a === "rate_limits") {
      const scope = String(b);
      const since = (e.value as { since?: number })?.since ?? 0;
      rate.scopes.set(scope, (rate.scopes.get(scope) ?? 0) + 1);
      // The window's length is the rule's (an unknown scope: the longest, an hour).
      const windowMs = windowOf.get(scope) ?? 60 * 60_000;
      if (since + windowMs <= now) rate.past++;
      else rate.current++;
    }
  }
  return { groups, rate, liveMatches };
}

export async function benchSoak(options: Partial<SoakOptions> = {}) {
  const o: SoakOptions = { ...DEFAULTS, ...options };
  const seconds = o.minutes * 60;
  const warmup = o.warmupSeconds ?? Math.min(60, seconds / 5);
  console.log(
    `Soak: ${o.members} members calling for ${o.minutes} min (warm-up ${warmup} s); ` +
      `the machine's other load shows in these figures`,
  );
  const dir = await Deno.makeTempDir({ prefix: "glimpse-soak-" });
  let server: ProcessServer | null = null;
  let child: Deno.ChildProcess | null = null;
  let inspector: Inspector | null = null;
  let kvOpen = true;
  try {
    const inspectPort = freePort();
    server = await startServerProcess(`${dir}/soak.kv`, freePort(), {
      SESSION_SECRET: SHARED_SESSION_SECRET,
      RATE_LIMITS: "on",
      TRUST_PROXY: "1",
      RECONNECT_GRACE_MS: String(RECONNECT_GRACE_MS),
      HEARTBEAT_MS: String(HEARTBEAT_MS),
    }, [`--inspect=127.0.0.1:${inspectPort}`]);
    inspector = await Inspector.connect(inspectPort);
    const factory = await MemberFactory.forKv(server.kv, server.url);
    const members: QuickMember[] = [];
    // Plus: no daily session limit, so every member can call all through the run.
    for (let i = 0; i < o.members; i += 25) {
      members.push(
        ...await Promise.all(
          Array.from(
            { length: Math.min(25, o.members - i) },
            () => factory.create({ tier: "plus" }),
          ),
        ),
      );
    }
    // This process's handle on the KV file is closed during the load: SQLite's expiry sweep on it
    // writes once a minute, and a write from a second process on the file can fail one of the
    // server's with "database is locked" (in production one process, or a KV server, owns the
    // store). The keys are counted through a fresh handle at the end.
    server.kv.close();
    kvOpen = false;
    const config: ClientConfig = {
      url: server.url,
      members: members.map((m, i) => ({
        username: m.username,
        cookie: m.cookie,
        ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) + 1}`,
      })),
      seconds,
    };
    await Deno.writeTextFile(`${dir}/clients.json`, JSON.stringify(config));
    child = runAgain(import.meta.url, ["--clients", `${dir}/clients.json`]);
    const lines = new Lines(child.stdout);
    const signed = Number((await lines.until("SIGNED")).split(" ")[1]);
    console.log(`  ${signed}/${o.members} members signed in over HTTP`);
    await sleep(2000);
    const before = await sample(server, 0);
    const live = { before: await inspector.liveHeap(), warm: NaN, end: NaN, gone: NaN };
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode("go\n"));
    await lines.until("START");
    const t0 = Date.now();

    // Memory every 10 s while the load runs; progress lines from the child between.
    const samples: Sample[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        await sleep(10_000 - ((Date.now() - t0) % 10_000));
        if (!sampling) break;
        const s = await sample(server!, (Date.now() - t0) / 1000);
        samples.push(s);
        if (s.at >= warmup && Number.isNaN(live.warm)) live.warm = await inspector!.liveHeap();
      }
    })();
    let lastProgress = "";
    let shownMinute = 0;
    const stopping = await lines.until("STOPPING", (line) => {
      if (line.startsWith("PROGRESS ")) {
        const [t, rounds, calls, errs] = line.split(" ").slice(1).map(Number);
        lastProgress = `${rounds} rounds, ${calls} calls, ${errs} errors`;
        if (Math.floor(t / 60) > shownMinute) {
          shownMinute = Math.floor(t / 60);
          const s = samples.at(-1);
          console.log(
            `  ${shownMinute} min: ${lastProgress}; server RSS ${s ? mib(s.rss) : "-"}` +
              `, heap ${s?.heap ? mib(s.heap) : "-"} of ${s?.heapTotal ? mib(s.heapTotal) : "-"}` +
              ` reserved, external ${s?.external ? mib(s.external) : "-"}`,
          );
        }
      } else console.log(line);
    });
    sampling = false;
    const end = await sample(server, (Date.now() - t0) / 1000);
    live.end = await inspector.liveHeap();
    await sampler;
    const done = JSON.parse((await lines.until("DONE")).slice(5));
    await writer.close().catch(() => {});
    await child.status;
    child = null;
    console.log(`  load stopped (${stopping.split(" ")[1]} rounds by then); all sockets closing`);

    const allClosed = await eventually(async () => (await socketsOpen(server!)) === 0, 30_000);
    const graceMs = RECONNECT_GRACE_MS + 2 * HEARTBEAT_MS + 1000;
    await sleep(graceMs);
    const gone = await sample(server, (Date.now() - t0) / 1000);
    live.gone = await inspector.liveHeap();
    const kv = await Deno.openKv(`${dir}/soak.kv`);
    const keys = await countKeys(kv).finally(() => kv.close());

    // RSS moves with each collection: each figure is the median of the samples (every 10 s) of a
    // stretch, the first after the warm-up and the last before the load stopped.
    const all = [...samples, end];
    const stretch = Math.max(10, Math.min(60, (end.at - warmup) / 3));
    const warmSet = all.filter((s) => s.at >= warmup && s.at < warmup + stretch);
    const endSet = all.filter((s) => s.at > end.at - stretch);
    const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
    const warm = {
      rss: median(warmSet.map((s) => s.rss)),
      heap: median(warmSet.map((s) => s.heap ?? 0)),
    };
    const last = {
      rss: median(endSet.map((s) => s.rss)),
      heap: median(endSet.map((s) => s.heap ?? 0)),
    };
    const after = all.filter((s) => s.at >= warmup);
    const ratio = last.rss / warm.rss;
    const rows: [string, string, string][] = [];
    const row = (a: string, b: string, c = "") => rows.push([a, b, c]);
    row("members (plus tier, own address each)", String(o.members));
    row("rounds (connect → call → end → close)", String(done.rounds));
    row("calls completed (ended by the offerer)", String(done.calls));
    const errs = Object.entries(done.errors as Record<string, number>);
    row(
      "errors",
      errs.length ? errs.map(([k, v]) => `${v}× ${k}`).join("; ") : "0",
      "0",
    );
    row("server RSS before the load", mib(before.rss));
    const span = (set: Sample[]) =>
      `${set[0].at.toFixed(0)}–${set.at(-1)!.at.toFixed(0)} s, median of ${set.length}`;
    row(`server RSS after warm-up (${span(warmSet)})`, mib(warm.rss));
    row(`server RSS at the end (${span(endSet)})`, mib(last.rss));
    row(
      "server RSS end / warm-up",
      `${ratio.toFixed(3)} (${((ratio - 1) * 100).toFixed(1)} %)`,
      "within 10 %",
    );
    row(
      "server RSS min / max after warm-up",
      `${mib(Math.min(...after.map((s) => s.rss)))} / ${mib(Math.max(...after.map((s) => s.rss)))}`,
    );
    row(
      "live heap (after a full GC): before → warm-up → end → all gone",
      [live.before, live.warm, live.end, live.gone].map(mib).join(" → "),
    );
    row(
      "live heap end / warm-up",
      `${(live.end / live.warm).toFixed(3)} (${((live.end / live.warm - 1) * 100).toFixed(1)} %)`,
      "within 10 %",
    );
    row(
      "V8 heap used (garbage included): before → warm-up → end → all gone",
      [before.heap, warm.heap, last.heap, gone.heap].map((h) => (h ? mib(h) : "-")).join(" → "),
    );
    row(
      `server RSS once all gone (${Math.round(graceMs / 1000)} s after)`,
      `${mib(gone.rss)}${allClosed ? "" : " (sockets still open!)"}`,
    );
    const g = (name: string) => keys.groups.get(name) ?? 0;
    row("KV left: tickets (mm/waiting)", String(g("mm/waiting")), "0");
    row("KV left: live-match keys (mm/active)", String(g("mm/active")), "0");
    row("KV left: match records still live", String(keys.liveMatches), "0");
    row("KV left: mailbox messages (rt/inbox)", String(g("rt/inbox")), "0");
    row("KV left: rate-limit keys past their window", String(keys.rate.past), "0");
    row(
      "KV left: rate-limit keys in their window (expire at its end)",
      `${keys.rate.current} (${
        [...keys.rate.scopes].map(([s, n]) => `${s} ${n}`).join(", ") || "none"
      })`,
    );
    row("KV left: presence records", String(g("presence")));
    row("KV left: instance records (rt/instance; the server still runs)", String(g("rt/instance")));
    const shown = new Set([
      "mm/waiting",
      "mm/active",
      "rt/inbox",
      "rate_limits",
      "presence",
      "rt/instance",
    ]);
    row(
      "KV: every other prefix",
      [...keys.groups].filter(([k]) => !shown.has(k)).sort().map(([k, n]) => `${k} ${n}`).join(
        ", ",
      ),
    );
    const w0 = Math.max(...rows.map((r) => r[0].length));
    const w1 = Math.min(70, Math.max(...rows.map((r) => r[1].length)));
    console.log(`\nSoak (${o.members} members, ${o.minutes} min; figures only)`);
    for (const [a, b, c] of rows) {
      console.log(`| ${a.padEnd(w0)} | ${b.padEnd(w1)} | ${c.padEnd(11)} |`);
    }
  } finally {
    inspector?.close();
    if (child) {
      try {
        child.kill("SIGKILL");
      } catch {
        // gone
      }
      await child.status;
    }
    // This process's handle was closed for the load (see above): then only the process is stopped.
    if (kvOpen) await server?.close();
    else await server?.signal("SIGTERM");
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) {
  if (Deno.args[0] === "--clients") {
    const config: ClientConfig = JSON.parse(await Deno.readTextFile(Deno.args[1]));
    await clientMain(config, new Lines(Deno.stdin.readable));
    Deno.exit(0);
  } else {
    await benchSoak(parseArgs(Deno.args));
    Deno.exit(0);
  }
}
