// A real TURN server for tests: coturn's `turnserver` on 127.0.0.1, on a free port, with
// time-limited credentials (use-auth-secret: the TURN REST scheme Glimpse hands out), its own
// temporary user database, relay ports above the kernel's ephemeral range, and a bounded life
// (`timeout` kills it should the test process die first). `stop()` ends it by its pid.
//
// `--allow-loopback-peers` is here only because both browsers of a test sit on 127.0.0.1: without
// it coturn allocates a relay but refuses CREATE_PERMISSION towards a loopback peer ("403
// Forbidden IP") and every call fails. A production coturn must not have it (see docs/turn.md).
import dgram from "node:dgram";
import { freePort } from "./server.ts";
import { sleep } from "./time.ts";

/** The command that installs coturn on Debian, named when it is missing. */
export const INSTALL_COTURN = "apt-get install -y coturn";

const CANDIDATES = ["/usr/bin/turnserver", "/usr/sbin/turnserver"];

/** Where coturn's turnserver is, or null when coturn is not installed. */
export function turnserverPath(): string | null {
  for (const path of CANDIDATES) {
    try {
      if (Deno.statSync(path).isFile) return path;
    } catch {
      // next
    }
  }
  return null;
}

/** coturn's turnserver, or an error naming the command that installs it. */
export function requireTurnserver(): string {
  const path = turnserverPath();
  if (path === null) {
    throw new Error(
      `coturn's turnserver is not installed (looked in ${CANDIDATES.join(", ")}); ` +
        `install it with: ${INSTALL_COTURN}`,
    );
  }
  return path;
}

export interface TurnServer {
  /** The listening port on 127.0.0.1 (UDP and TCP). */
  port: number;
  /** The TLS listening port, when started with `tls`. */
  tlsPort: number | null;
  /** The turnserver process (under `timeout`) id. */
  pid: number;
  realm: string;
  /** `turn:127.0.0.1:<port>` URLs for TURN_URLS: UDP, and TCP with `?transport=tcp`. */
  urls: { udp: string; tcp: string };
  /** What coturn logged so far (allocations, refusals), for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

export interface TurnOptions {
  /** The shared secret (coturn's static-auth-secret; Glimpse's TURN_SECRET). */
  secret: string;
  /** After this many seconds the process is killed whatever happens (default 300). */
  lifetimeS?: number;
  /**
   * Run with this configuration file (e.g. the production one from docs/) instead of the loopback
   * test's options; addresses, ports, secret, user database and log are still set here, and TLS
   * listens on a free port with `tls`'s certificate.
   */
  configFile?: string;
  tls?: { cert: string; pkey: string };
}

/** Runs `fn` with a new UDP socket, closed afterwards (quietly if it never got bound). */
async function withUdpSocket<T>(fn: (socket: dgram.Socket) => Promise<T>): Promise<T> {
  const socket = dgram.createSocket("udp4");
  try {
    return await fn(socket);
  } finally {
    try {
      socket.close();
    } catch {
      // never bound: nothing to close
    }
  }
}

/** Whether a UDP socket can take `port` on 127.0.0.1 now. */
function udpFree(port: number): Promise<boolean> {
  return withUdpSocket((socket) =>
    new Promise<boolean>((resolve) => {
      socket.once("error", () => resolve(false));
      socket.bind(port, "127.0.0.1", () => resolve(true));
    })
  );
}

/**
 * A port free for both TCP and UDP: TURN listens on both, and a browser of a test running beside
 * this one may hold the UDP port of a number that is free for TCP (its ICE sockets are UDP).
 */
async function freeTcpUdpPort(): Promise<number> {
  for (let i = 0;; i++) {
    const port = freePort();
    if (await udpFree(port) || i >= 20) return port;
  }
}

/** Whether a STUN Binding request to 127.0.0.1:`port` over UDP is answered within `ms`. */
function answersStunOverUdp(port: number, ms = 300): Promise<boolean> {
  // A Binding request: type 0x0001, no attributes, the magic cookie, a random transaction id.
  const request = new Uint8Array(20);
  request[1] = 0x01;
  request.set([0x21, 0x12, 0xa4, 0x42], 4);
  crypto.getRandomValues(request.subarray(8));
  return withUdpSocket((socket) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      const settle = (answered: boolean) => {
        clearTimeout(timer);
        resolve(answered);
      };
      socket.once("message", () => settle(true));
      socket.once("error", () => settle(false));
      socket.send(request, port, "127.0.0.1");
    })
  );
}

/**
 * Starts coturn on loopback and waits until it accepts TCP connections and answers STUN over UDP
 * (it opens its UDP listener a moment after its TCP one).
 */
export async function startTurn(opts: TurnOptions): Promise<TurnServer> {
  const turnserver = requireTurnserver();
  const port = await freeTcpUdpPort();
  const dir = await Deno.makeTempDir({ prefix: "glimpse_turn_" });
  // 40 relay ports from a random block between 61000 and 65000 (the kernel hands out 32768 to
  // 60999 to outgoing sockets), so that tests running side by side rarely meet.
  const minPort = 61000 + 40 * Math.floor(Math.random() * 100);
  const realm = "glimpse.test";
  const lifetime = opts.lifetimeS ?? 300;
  const tlsPort = opts.tls ? freePort() : null;
  // The loopback test's own options, or a configuration file (whose log goes to stdout here).
  const setup = opts.configFile ? ["-c", await withoutSyslog(opts.configFile, dir)] : [
    "-n",
    `--realm=${realm}`,
    "--use-auth-secret",
    "--fingerprint",
    "--no-dtls",
    "--no-cli",
    "--no-multicast-peers",
    "--no-tcp-relay",
    "--allow-loopback-peers",
  ];
  const tls = opts.tls
    ? [`--tls-listening-port=${tlsPort}`, `--cert=${opts.tls.cert}`, `--pkey=${opts.tls.pkey}`]
    : ["--no-tls"];
  const child = new Deno.Command("timeout", {
    args: [
      "--kill-after=5",
      String(lifetime),
      turnserver,
      ...setup,
      ...tls,
      "--listening-ip=127.0.0.1",
      "--relay-ip=127.0.0.1",
      `--listening-port=${port}`,
      `--static-auth-secret=${opts.secret}`,
      `--min-port=${minPort}`,
      `--max-port=${minPort + 39}`,
      `--userdb=${dir}/turndb`,
      `--pidfile=${dir}/turnserver.pid`,
      "--log-file=stdout",
      "--simple-log",
    ],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let log = "";
  const decoder = new TextDecoder();
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) log += decoder.decode(chunk, { stream: true });
  };
  const drained = Promise.all([drain(child.stdout), drain(child.stderr)]).catch(() => {});
  let exited = false;
  const status = child.status.then((s) => {
    exited = true;
    return s;
  });

  const stop = async () => {
    if (!exited) {
      try {
        child.kill("SIGTERM"); // `timeout` passes it on to turnserver
      } catch {
        // already gone
      }
      const killer = setTimeout(() => {
        try {
          child.kill("SIGKILL");
        } catch {
          // gone
        }
      }, 5_000);
      await status;
      clearTimeout(killer);
    }
    await drained;
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  };

  // Ready once it accepts a TCP connection on its port and answers a STUN request over UDP.
  const deadline = Date.now() + 10_000;
  const ready = async () => {
    try {
      (await Deno.connect({ hostname: "127.0.0.1", port })).close();
    } catch {
      return false;
    }
    return await answersStunOverUdp(port);
  };
  while (!(await ready())) {
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(
        `turnserver did not answer on 127.0.0.1:${port} (TCP and UDP)${
          exited ? " (it exited)" : ""
        }:\n${log}`,
      );
    }
    await sleep(100);
  }
  return {
    port,
    tlsPort,
    pid: child.pid,
    realm,
    urls: {
      udp: `turn:127.0.0.1:${port}?transport=udp`,
      tcp: `turn:127.0.0.1:${port}?transport=tcp`,
    },
    log: () => log,
    stop,
  };
}

/** A copy of a configuration file in `dir` without `syslog` (so that its log comes to stdout). */
async function withoutSyslog(file: string, dir: string): Promise<string> {
  const text = await Deno.readTextFile(file);
  const copy = `${dir}/turnserver.conf`;
  await Deno.writeTextFile(copy, text.split("\n").filter((l) => l.trim() !== "syslog").join("\n"));
  return copy;
}
