// Calls in the network lab (helpers/netlab.ts): the app on the lab's internet with coturn beside
// it (UDP and TCP 3478, TLS 443) as its STUN and TURN server, and members whose browsers run each
// in a namespace of its own behind a router of a given kind. What a test reads of a call: the
// partner's frames decoded, and the selected candidate pair's types and protocol from getStats.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { type Lab, labAvailable, type RouterKind, type Site, startLab } from "./netlab.ts";
import { type LabTurn, startLabTurn } from "./netlab_turn.ts";
import { freePort, startServer, type TestServer } from "./server.ts";
import { findFirefox, type Firefox, launchFirefox } from "./firefox.ts";
import { launchBrowser } from "./browser.ts";
import { closeQuietly, liveMember, memberContext } from "./live_browser.ts";
import { findChromium } from "./browser.ts";
import type { Member } from "./accounts.ts";

export { labAvailable };

const SECRET = "glimpse-network-lab-secret-0123456789";

export interface LabWorld {
  lab: Lab;
  turn: LabTurn;
  server: TestServer;
  /** A member behind a router of `kind`, signed in, their page open on the site's home. */
  member(kind: RouterKind, opts?: MemberOptions): Promise<LabMember>;
}

export interface MemberOptions {
  /** false: the member turned "Hide my IP address" off (on by default). */
  hideIp?: boolean;
  /** "on": face blur and the safety shield stay on (a member's defaults); off by default. */
  privacy?: "on" | "off";
}

export interface LabMember {
  site: Site;
  member: Member;
  browser: Browser;
  page: Page;
  errors: string[];
  /** The page's console lines about its link, timed (for failure messages). */
  log: string[];
}

/**
 * Runs `fn` in a fresh lab with the app and coturn; everything (browsers, server, coturn, every
 * namespace) is stopped afterwards, whatever happens.
 */
export async function withLab(
  fn: (w: LabWorld) => Promise<void>,
  env: Record<string, string> = {},
) {
  const lab = await startLab({ sitePort: () => server?.port ?? 0 });
  let server: TestServer | null = null;
  let turn: LabTurn | null = null;
  const browsers: Browser[] = [];
  try {
    turn = await startLabTurn(lab, SECRET);
    server = await startServer({
      TURN_URLS: turn.urls.join(","),
      TURN_SECRET: SECRET,
      ICE_SERVERS: JSON.stringify([{ urls: `stun:${turn.address}:3478` }]),
      ...env,
    }, { hostname: lab.hostAddress });
    const srv = server;
    const t = turn;
    const member = async (kind: RouterKind, opts: MemberOptions = {}) => {
      const site = await lab.addSite(kind);
      const m = await liveMember(srv, { tier: "vip", privacy: opts.privacy ?? "off" });
      if (opts.hideIp === false) {
        const res = await m.client.patch("/api/user/profile", { hideIpAddress: false });
        assert.equal(res.status, 200, res.text);
      }
      const browser = await launchBrowser({
        // The full browser: the headless shell does not take the flag below, and a page on the
        // lab's address (not this device's own) would not be secure, so no camera.
        executablePath: await lab.wrapper(site, findChromium()),
        extraArgs: [
          `--unsafely-treat-insecure-origin-as-secure=${srv.url}`,
          `--ignore-certificate-errors-spki-list=${t.spki}`,
        ],
      });
      browsers.push(browser);
      const context = await memberContext(browser, srv, m);
      const page = await context.newPage();
      const errors: string[] = [];
      const log: string[] = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      // What the page says of its link (ICE restarts) and the socket, with the time.
      page.on("console", (msg) => {
        if (msg.type() === "info" || msg.type() === "warning") {
          log.push(`${new Date().toISOString().slice(17, 23)} ${msg.text()}`);
        }
      });
      return { site, member: m, browser, page, errors, log };
    };
    await fn({ lab, turn, server, member });
  } finally {
    for (const b of browsers) await closeQuietly(b);
    await closeQuietly(server, turn);
    await lab.stop();
  }
}

export interface PairSeen {
  /** Local and remote candidate types of the selected pair ("host", "srflx", "prflx", "relay"). */
  local: string;
  remote: string;
  /** The transport to the relay of a relayed local candidate ("udp", "tcp", "tls"), else "". */
  relayProtocol: string;
  protocol: string;
  framesDecoded: number;
  state: string;
}

/** The page's newest peer connection: its selected pair and the frames it decoded. */
export async function pairSeen(page: Page): Promise<PairSeen> {
  return await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const g = globalThis as any;
    const pc: RTCPeerConnection | undefined = g.__pcs?.[g.__pcs.length - 1];
    const out = {
      local: "none",
      remote: "none",
      relayProtocol: "",
      protocol: "",
      framesDecoded: 0,
      state: pc?.connectionState ?? "none",
    };
    if (!pc || pc.connectionState === "closed") return out;
    // deno-lint-ignore no-explicit-any
    const byId = new Map<string, any>();
    (await pc.getStats()).forEach((s) => byId.set(s.id, s));
    for (const s of byId.values()) {
      if (s.type === "inbound-rtp" && s.kind === "video") out.framesDecoded += s.framesDecoded ?? 0;
    }
    const transport = [...byId.values()].find((s) => s.type === "transport");
    let pair = byId.get(transport?.selectedCandidatePairId);
    // Firefox names no selected pair on the transport: the nominated, succeeded one.
    pair ??= [...byId.values()].find((s) =>
      s.type === "candidate-pair" && s.state === "succeeded" && (s.nominated || s.selected)
    );
    const local = byId.get(pair?.localCandidateId);
    const remote = byId.get(pair?.remoteCandidateId);
    out.local = local?.candidateType ?? "none";
    out.remote = remote?.candidateType ?? "none";
    out.relayProtocol = local?.relayProtocol ?? "";
    out.protocol = local?.protocol ?? "";
    return out;
  });
}

/**
 * Firefox for a member of the lab: it runs in the member's namespace, and its WebDriver BiDi port
 * (which listens on the namespace's own loopback) is forwarded from this process's loopback, each
 * connection through a shell in the namespace. The lab's site counts as secure for the camera.
 */
export async function labFirefox(lab: Lab, site: Site, siteUrl: string): Promise<Firefox> {
  const port = freePort();
  const listener = Deno.listen({ hostname: "127.0.0.1", port });
  const forwarding = (async () => {
    for await (const conn of listener) {
      const child = new Deno.Command("ip", {
        args: [
          "netns",
          "exec",
          site.ns,
          "bash",
          "-c",
          `exec 3<>/dev/tcp/127.0.0.1/${port}; cat <&3 & exec cat >&3`,
        ],
        stdin: "piped",
        stdout: "piped",
        stderr: "null",
      }).spawn();
      conn.readable.pipeTo(child.stdin).catch(() => {});
      child.stdout.pipeTo(conn.writable).catch(() => {});
      child.status.then(() => conn.close()).catch(() => {});
    }
  })().catch(() => {});
  const host = new URL(siteUrl).hostname;
  try {
    const firefox = await launchFirefox({
      executablePath: await lab.wrapper(site, findFirefox()),
      args: [`--remote-debugging-port=${port}`],
      prefs: {
        "dom.securecontext.allowlist": host,
        "media.devices.insecure.enabled": true,
        "media.getusermedia.insecure.enabled": true,
      },
    });
    return {
      ...firefox,
      async close() {
        await firefox.close();
        listener.close();
        await forwarding;
      },
    };
  } catch (err) {
    listener.close();
    throw err;
  }
}
