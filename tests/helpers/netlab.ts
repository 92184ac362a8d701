// A small internet on this machine, built from Linux network namespaces (as root): an "internet"
// namespace with a bridge on a documentation range, this process's own namespace attached to it
// (the app the test starts listens there, as a site on the internet would), coturn in the internet
// namespace on an address of its own, and members: each member's browser in a namespace of its own
// behind a router namespace that NATs its flows onto the internet.
//
// Router kinds:
// - "random": every flow gets a random public port (MASQUERADE --random-fully): the endpoint-
//   dependent mapping and filtering of carrier-grade NAT. Two such members never reach each other
//   directly.
// - "cone": the public port is the member's own, and anyone may send to it (full cone).
// - "noudp": like "random", and no UDP passes either way (hotel and office networks).
// - "tcp443": like "random", and only TCP to port 443 leaves (plus the site itself, which stands
//   for an https site on 443 here).
// - "blocked": nothing leaves but the site itself (a network that blocks calls).
// A router can change its public address (a phone moving from Wi-Fi to the mobile network: every
// mapping gone), lose packets at random and cap its uplink (tc tbf; this kernel has no netem).
//
// Up to SLOTS labs run at once (test files in parallel lanes): each takes a slot, a /26 of
// 203.0.113.0/24, claimed by creating the slot's interface in this namespace (creating an existing
// interface fails, so two labs never share one). A slot left by a dead process is cleaned and
// taken. Every namespace is deleted in stop(), and stop() runs on unload too.
import { sleep } from "./time.ts";

export type RouterKind = "random" | "cone" | "noudp" | "tcp443" | "blocked";
export const ROUTER_KINDS: readonly RouterKind[] = ["random", "cone", "noudp", "tcp443"];

const SLOTS = 4;
const SLOT_DIR = "/tmp/glimpse-netlab";

/** Whether this process may build a lab (root, with ip and iptables). */
export function labAvailable(): boolean {
  if (Deno.uid?.() !== 0) return false;
  return ["/usr/sbin/ip", "/usr/bin/ip", "/sbin/ip"].some(isFile) &&
    ["/usr/sbin/iptables", "/sbin/iptables"].some(isFile);
}

/** Why lab tests are skipped here, for their names; empty when they run. */
export const LAB_SKIP = labAvailable()
  ? ""
  : " (skipped: the network lab needs root, ip, iptables)";

function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

async function sh(args: string[], opts: { ok?: boolean } = {}): Promise<string> {
  const out = await new Deno.Command(args[0], {
    args: args.slice(1),
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  if (!out.success && !opts.ok) {
    throw new Error(`${args.join(" ")}: ${new TextDecoder().decode(out.stderr).trim()}`);
  }
  return text;
}

/** Runs a command inside namespace `ns`. */
function inNs(ns: string, args: string[], opts: { ok?: boolean } = {}): Promise<string> {
  return sh(["ip", "netns", "exec", ns, ...args], opts);
}

function alive(pid: number): boolean {
  try {
    Deno.kill(pid, "SIGCONT");
    return true;
  } catch {
    return false;
  }
}

/** The namespaces of slot `slot`'s lab. */
async function slotNamespaces(slot: number): Promise<string[]> {
  const list = await sh(["ip", "netns", "list"], { ok: true });
  return list.split("\n").map((l) => l.split(" ")[0]).filter((n) =>
    n.startsWith(`gl${slot}`) && /^gl\d[a-z]\d*$/.test(n)
  );
}

async function deleteNamespaces(names: string[]) {
  for (const ns of names) {
    const pids = await sh(["ip", "netns", "pids", ns], { ok: true });
    for (const pid of pids.split("\n").filter(Boolean)) {
      try {
        Deno.kill(Number(pid), "SIGKILL");
      } catch {
        // gone
      }
    }
  }
  for (const ns of names) await sh(["ip", "netns", "del", ns], { ok: true });
}

/** Takes a free slot (cleaning one a dead process left). */
async function claimSlot(): Promise<number> {
  await Deno.mkdir(SLOT_DIR, { recursive: true });
  for (let round = 0; round < 2; round++) {
    for (let slot = 0; slot < SLOTS; slot++) {
      const iface = `glab${slot}`;
      try {
        await sh(["ip", "link", "add", iface, "type", "veth", "peer", "name", `glab${slot}p`]);
        await Deno.writeTextFile(`${SLOT_DIR}/slot${slot}.pid`, String(Deno.pid));
        return slot;
      } catch {
        if (round === 0) continue;
        // Taken: by a live lab, or left by a process that died.
        const owner = Number(
          await Deno.readTextFile(`${SLOT_DIR}/slot${slot}.pid`).catch(() => "0"),
        );
        if (owner && alive(owner)) continue;
        await deleteNamespaces(await slotNamespaces(slot));
        await sh(["ip", "link", "del", iface], { ok: true });
      }
    }
  }
  throw new Error(`no free network lab slot of ${SLOTS}`);
}

export interface Shaping {
  /** Uplink cap (tc tbf), kbit/s. */
  uplinkKbit?: number;
  /** Random loss each way, 0..1 (iptables statistic). */
  loss?: number;
}

export interface Site {
  /** The member's namespace (their browser runs here). */
  ns: string;
  router: string;
  kind: RouterKind;
  /** The router's public address now. */
  publicAddress: string;
  /** The member's own address behind the router. */
  lanAddress: string;
  /**
   * The member moves to another network: the router's public address changes and every mapping
   * (conntrack entry) is gone, so every flow the member had stops.
   */
  changeNetwork(): Promise<string>;
  shape(s: Shaping): Promise<void>;
  /** Runs a command in the member's namespace (for checks). */
  run(args: string[]): Promise<string>;
}

export interface Lab {
  slot: number;
  /** This process's address on the lab's internet (a server started here listens on it). */
  hostAddress: string;
  /** coturn's address (in the internet namespace). */
  turnAddress: string;
  inet: string;
  addSite(kind: RouterKind): Promise<Site>;
  /** The executable to hand playwright or puppeteer so that the browser runs in `site`. */
  wrapper(site: Site, executable: string): Promise<string>;
  stop(): Promise<void>;
}

/** The site's own port on the host (a "tcp443" network lets it through: it stands for https). */
export interface LabOptions {
  sitePort?: () => number;
}

export async function startLab(opts: LabOptions = {}): Promise<Lab> {
  if (!labAvailable()) throw new Error("the network lab needs root, ip and iptables");
  const slot = await claimSlot();
  const base = 64 * slot;
  const addr = (n: number) => `203.0.113.${base + n}`;
  const prefix = `gl${slot}`;
  const inet = `${prefix}i`;
  const namespaces: string[] = [];
  const dir = await Deno.makeTempDir({ prefix: "glimpse_netlab_" });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    globalThis.removeEventListener("unload", onUnload);
    await deleteNamespaces([...namespaces].reverse());
    await sh(["ip", "link", "del", `glab${slot}`], { ok: true });
    await Deno.remove(`${SLOT_DIR}/slot${slot}.pid`).catch(() => {});
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  };
  // A test that times out is stopped with its process: what it built goes with it where possible.
  const onUnload = () => {
    for (const ns of namespaces) {
      new Deno.Command("ip", { args: ["netns", "del", ns], stdout: "null", stderr: "null" })
        .outputSync();
    }
    new Deno.Command("ip", { args: ["link", "del", `glab${slot}`], stderr: "null" }).outputSync();
  };
  globalThis.addEventListener("unload", onUnload);
  try {
    await deleteNamespaces(await slotNamespaces(slot));
    await sh(["ip", "netns", "add", inet]);
    namespaces.push(inet);
    await inNs(inet, ["ip", "link", "set", "lo", "up"]);
    await inNs(inet, ["ip", "link", "add", "name", "br0", "type", "bridge"]);
    await inNs(inet, ["ip", "link", "set", "br0", "up"]);
    await inNs(inet, ["ip", "addr", "add", `${addr(2)}/26`, "dev", "br0"]);
    // This process's namespace on the internet.
    await sh(["ip", "link", "set", `glab${slot}p`, "netns", inet]);
    await inNs(inet, ["ip", "link", "set", `glab${slot}p`, "master", "br0", "up"]);
    await sh(["ip", "addr", "add", `${addr(1)}/26`, "dev", `glab${slot}`]);
    await sh(["ip", "link", "set", `glab${slot}`, "up"]);
  } catch (err) {
    await stop();
    throw err;
  }

  let sites = 0;
  const addSite = async (kind: RouterKind): Promise<Site> => {
    const n = ++sites;
    const router = `${prefix}r${n}`;
    const ns = `${prefix}m${n}`;
    let publicAddress = addr(10 + n);
    const lanAddress = `10.0.${n}.2`;
    for (const name of [router, ns]) {
      await sh(["ip", "netns", "add", name]);
      namespaces.push(name);
      await inNs(name, ["ip", "link", "set", "lo", "up"]);
    }
    await sh([
      "ip",
      "link",
      "add",
      "name",
      "wan",
      "netns",
      router,
      "type",
      "veth",
      "peer",
      "name",
      `w${n}`,
      "netns",
      inet,
    ]);
    await inNs(inet, ["ip", "link", "set", `w${n}`, "master", "br0", "up"]);
    await sh([
      "ip",
      "link",
      "add",
      "name",
      "lan",
      "netns",
      router,
      "type",
      "veth",
      "peer",
      "name",
      "eth0",
      "netns",
      ns,
    ]);
    await inNs(router, ["ip", "addr", "add", `${publicAddress}/26`, "dev", "wan"]);
    await inNs(router, ["ip", "addr", "add", `10.0.${n}.1/24`, "dev", "lan"]);
    await inNs(router, ["ip", "link", "set", "wan", "up"]);
    await inNs(router, ["ip", "link", "set", "lan", "up"]);
    await inNs(router, ["sysctl", "-q", "-w", "net.ipv4.ip_forward=1"]);
    // Removing the first address of a subnet removes the others with it, unless they are promoted.
    await inNs(router, ["sysctl", "-q", "-w", "net.ipv4.conf.wan.promote_secondaries=1"]);
    await inNs(ns, ["ip", "addr", "add", `${lanAddress}/24`, "dev", "eth0"]);
    await inNs(ns, ["ip", "link", "set", "eth0", "up"]);
    await inNs(ns, ["ip", "route", "add", "default", "via", `10.0.${n}.1`]);
    /** An iptables rule in the router, written as one line. */
    const ipt = (rule: string) => inNs(router, ["iptables", "-w", ...rule.split(" ")]);
    /** The NAT of the router's outgoing flows onto `address`. */
    const snat = (address: string) =>
      `POSTROUTING -o wan -j SNAT --to-source ${address}${
        kind === "cone" ? "" : " --random-fully"
      }`;
    await ipt(`-t nat -A ${snat(publicAddress)}`);
    if (kind === "cone") {
      // Anyone may answer a mapping: whatever reaches the public address goes to the member, on
      // the same port (SNAT keeps the member's own port while it is free).
      await ipt(`-t nat -A PREROUTING -i wan -p udp -j DNAT --to-destination ${lanAddress}`);
    }
    if (kind === "noudp") await ipt("-A FORWARD -p udp -j DROP");
    if (kind === "tcp443" || kind === "blocked") {
      await ipt("-A FORWARD -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT");
      if (kind === "tcp443") await ipt("-A FORWARD -i lan -p tcp --dport 443 -j ACCEPT");
      const port = opts.sitePort?.();
      if (port) await ipt(`-A FORWARD -i lan -p tcp -d ${addr(1)} --dport ${port} -j ACCEPT`);
      await ipt("-A FORWARD -j DROP");
    }
    let moves = 0;
    const site: Site = {
      ns,
      router,
      kind,
      get publicAddress() {
        return publicAddress;
      },
      lanAddress,
      async changeNetwork() {
        const next = addr(10 + n + 20 * (1 + (moves++ % 2)));
        // One step, as a phone's move is: the new address and its NAT, the old one gone with
        // every mapping. (Five commands one after another left a window of a few hundred ms on
        // a loaded machine in which a restarting call could find a path the last step then cut.)
        await inNs(router, [
          "sh",
          "-c",
          [
            `ip addr add ${next}/26 dev wan`,
            `iptables -w -t nat -D ${snat(publicAddress)}`,
            `iptables -w -t nat -A ${snat(next)}`,
            `ip addr del ${publicAddress}/26 dev wan`,
            "{ conntrack -F || true; }",
          ].join(" && "),
        ]);
        publicAddress = next;
        return next;
      },
      async shape(s: Shaping) {
        if (s.uplinkKbit) {
          const tbf = `rate ${s.uplinkKbit}kbit burst 32kbit latency 300ms`;
          await inNs(router, [
            "tc",
            "qdisc",
            "replace",
            "dev",
            "wan",
            "root",
            "tbf",
            ...tbf.split(" "),
          ]);
        }
        if (s.loss) {
          await ipt(`-I FORWARD -m statistic --mode random --probability ${s.loss} -j DROP`);
        }
      },
      run: (args) => inNs(ns, args),
    };
    return site;
  };

  const wrapper = async (site: Site, executable: string) => {
    const path = `${dir}/${site.ns}-${executable.split("/").pop()}`;
    await Deno.writeTextFile(path, `#!/bin/sh\nexec ip netns exec ${site.ns} ${executable} "$@"\n`);
    await Deno.chmod(path, 0o755);
    return path;
  };

  return { slot, hostAddress: addr(1), turnAddress: addr(2), inet, addSite, wrapper, stop };
}

/** Waits until `site` reaches `address`:`port` over TCP (the lab's routes are up). */
export async function reachable(site: Site, address: string, port: number, ms = 5_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const out = await site.run([
      "sh",
      "-c",
      `timeout 1 bash -c '</dev/tcp/${address}/${port}' && echo ok || true`,
    ]).catch(() => "");
    if (out.includes("ok")) return;
    await sleep(100);
  }
  throw new Error(`${site.ns} cannot reach ${address}:${port}`);
}
