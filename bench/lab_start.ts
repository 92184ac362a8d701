// Fast behind NAT: Start (both members open /connecting) → both pages decode the partner's video,
// p50 of RUNS calls on this machine's loopback (the app and coturn on 127.0.0.1) and in the network
// lab (tests/helpers/netlab.ts: each member behind a carrier-grade NAT, the app and coturn on the
// lab's internet), both with the members' defaults (Hide my IP address on: relay only; face blur
// and the safety shield on), and on both a full Chromium of its own for each member. Per call and member, where the time goes, from marks the page takes:
// page load (DOMContentLoaded), search (Start → 'Match Found!'), TURN allocation (the peer
// connection made → its first relay candidate), ICE checks (→ ICE connected), DTLS (→ the peer
// connection connected) and first frame (→ a video frame decoded). Printed side by side.
// Figures only: nothing here passes or fails on time. Needs root for the lab.
// Run: deno run -A bench/lab_start.ts (GLIMPSE_BENCH_LAB_RUNS: calls per side, 10 by default)
import type { Page } from "playwright-core";
import { launchBrowser } from "../tests/helpers/browser.ts";
import { startServer } from "../tests/helpers/server.ts";
import {
  closeQuietly,
  liveMember,
  memberContext,
  waitLive,
} from "../tests/helpers/live_browser.ts";
import { startTurn } from "../tests/helpers/turn.ts";
import { labAvailable } from "../tests/helpers/netlab.ts";
import { withLab } from "../tests/helpers/netlab_call.ts";
import { quantile } from "./stats.ts";
import { until } from "../tests/helpers/time.ts";

const RUNS = Number(Deno.env.get("GLIMPSE_BENCH_LAB_RUNS") ?? 10);
const SECRET = "glimpse-lab-bench-secret-0123456789";

/** In every page: when it loaded, found its match, and its newest peer connection's milestones. */
const PROBE = `(() => {
  const marks = (window.__marks = {});
  document.addEventListener("DOMContentLoaded", () => (marks.loaded = Date.now()));
  const Original = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Original {
    constructor(...args) {
      super(...args);
      marks.pc = Date.now();
      this.addEventListener("icecandidate", (e) => {
        if (e.candidate && e.candidate.type === "relay" && !marks.relay) marks.relay = Date.now();
      });
      this.addEventListener("iceconnectionstatechange", () => {
        if (this.iceConnectionState === "connected" && !marks.ice) marks.ice = Date.now();
      });
      this.addEventListener("connectionstatechange", () => {
        if (this.connectionState === "connected" && !marks.dtls) marks.dtls = Date.now();
      });
      const poll = setInterval(async () => {
        if (this.connectionState === "closed") return clearInterval(poll);
        (await this.getStats()).forEach((s) => {
          if (s.type === "inbound-rtp" && s.kind === "video" && s.framesDecoded > 0 && !marks.frame) {
            marks.frame = Date.now();
            clearInterval(poll);
          }
        });
      }, 10);
    }
  };
  const found = setInterval(() => {
    if (!marks.found && (document.getElementById("found-title") || document.querySelector("section.live"))) {
      marks.found = Date.now();
      clearInterval(found);
    }
  }, 10);
})();`;

interface Marks {
  loaded?: number;
  found?: number;
  pc?: number;
  relay?: number;
  ice?: number;
  dtls?: number;
  frame?: number;
}

const PARTS = [
  ["page load", "loaded", null],
  ["search", "found", "loaded"],
  ["TURN allocation", "relay", "pc"],
  ["ICE checks", "ice", "relay"],
  ["DTLS", "dtls", "ice"],
  ["first frame", "frame", "dtls"],
] as const;

interface Run {
  total: number;
  parts: Record<string, number>[];
}

/** One call between pages `a` and `b`: Start at once on both, until both decode; then ended. */
async function call(a: Page, b: Page): Promise<Run> {
  const start = Date.now();
  await Promise.all([a.goto("/connecting"), b.goto("/connecting")]);
  const marks: Marks[] = [];
  for (const p of [a, b]) {
    marks.push(
      await until(
        "a decoded frame",
        () => p.evaluate(() => (globalThis as unknown as { __marks: Marks }).__marks),
        (m) => Boolean(m.frame),
        60_000,
      ),
    );
  }
  await waitLive(a, 10_000);
  await a.getByRole("button", { name: "End Session" }).click({ noWaitAfter: true });
  const summary = (p: Page) =>
    p.waitForURL((u) => u.pathname === "/match-end", { timeout: 30_000 });
  await Promise.all([summary(a), summary(b)]);
  await Promise.all([a.goto("/"), b.goto("/")]);
  const at = (m: Marks, k: keyof Marks | null) => (k === null ? start : m[k] ?? NaN);
  return {
    total: Math.max(...marks.map((m) => m.frame! - start)),
    parts: marks.map((m) =>
      Object.fromEntries(PARTS.map(([name, to, from]) => [name, at(m, to) - at(m, from)]))
    ),
  };
}

async function runs(a: Page, b: Page): Promise<Run[]> {
  const out: Run[] = [];
  // One call first to warm the browsers and the server (not counted).
  await call(a, b);
  for (let i = 0; i < RUNS; i++) out.push(await call(a, b));
  return out;
}

async function loopback(): Promise<Run[]> {
  const turn = await startTurn({ secret: SECRET, lifetimeS: 900 });
  const server = await startServer({
    TURN_URLS: [turn.urls.udp, turn.urls.tcp].join(","),
    TURN_SECRET: SECRET,
    ICE_SERVERS: JSON.stringify([{ urls: `stun:127.0.0.1:${turn.port}` }]),
    MATCH_DURATION_MS: "60000",
  });
  // As in the lab: the full Chromium, a browser of its own for each member.
  const browsers = [await launchBrowser({ full: true }), await launchBrowser({ full: true })];
  try {
    const pages: Page[] = [];
    for (const browser of browsers) {
      const m = await liveMember(server, { tier: "vip" });
      const ctx = await memberContext(browser, server, m);
      await ctx.addInitScript({ content: PROBE });
      pages.push(await ctx.newPage());
    }
    return await runs(pages[0], pages[1]);
  } finally {
    await closeQuietly(...browsers, server);
    await turn.stop();
  }
}

async function lab(): Promise<Run[]> {
  let out: Run[] = [];
  await withLab(async (w) => {
    const [a, b] = [
      await w.member("random", { privacy: "on" }),
      await w.member("random", { privacy: "on" }),
    ];
    for (const m of [a, b]) await m.page.context().addInitScript({ content: PROBE });
    out = await runs(a.page, b.page);
  }, { MATCH_DURATION_MS: "60000" });
  return out;
}

const ms = (x: number) => `${Math.round(x)} ms`.padStart(8);

function print(name: string, r: Run[]) {
  return { name, p50: quantile(r.map((x) => x.total), 0.5), r };
}

if (!labAvailable()) {
  console.log("The network lab needs root, ip and iptables: nothing measured.");
  Deno.exit(0);
}
const sides = [print("loopback", await loopback()), print("lab, behind NAT", await lab())];
console.log(`Start → both decoding, p50 of ${RUNS} calls (hide IP on, face blur and shield on):`);
for (const s of sides) console.log(`  ${s.name.padEnd(18)} ${ms(s.p50)}`);
console.log(`  lab − loopback     ${ms(sides[1].p50 - sides[0].p50)}  (target ≤ 500 ms)`);
console.log("Where the time goes (p50 per member, ms):");
console.log(`  ${"".padEnd(18)} ${sides.map((s) => s.name.padStart(18)).join("")}`);
for (const [part] of PARTS) {
  const cells = sides.map((s) =>
    ms(quantile(s.r.flatMap((x) => x.parts.map((p) => p[part])), 0.5))
  );
  console.log(`  ${part.padEnd(18)} ${cells.map((c) => c.padStart(18)).join("")}`);
}
