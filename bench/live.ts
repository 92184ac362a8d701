// Live session: the time from Start (both members open /connecting) to the first frame of the
// partner's video, over 20 runs on loopback with the real server and Debian's Chromium (fake camera
// and microphone). Per run and member it records when 'Match Found!' showed, when the peer
// connection first decoded a video frame (getStats framesDecoded > 0) and when the partner's video
// became visible: the live view on screen (it replaces 'Match Found!' at the partner's first frame)
// with a frame in its 'POV' tile (readyState ≥ 2); each session is ended
// with End Session before the next run. Figures only: nothing here passes or fails on time.
// Run: deno run -A bench/live.ts
import type { Page } from "playwright-core";
import { launchBrowser } from "../tests/helpers/browser.ts";
import { startServer } from "../tests/helpers/server.ts";
import { liveMember, memberContext, waitForPath } from "../tests/helpers/live_browser.ts";
import { sleep } from "../tests/helpers/time.ts";

const RUNS = 20;

/** In every page: note the wall-clock time of the first match-found view, decoded frame, tile frame. */
const PROBE = `(() => {
  const marks = (window.__marks = {});
  const start = () => {
    const timer = setInterval(async () => {
      if (!marks.found && document.getElementById("found-title")) marks.found = Date.now();
      const own = document.querySelector(".self-preview video, .tile-local video");
      if (!marks.camera && own && own.readyState >= 2) marks.camera = Date.now();
      for (const pc of window.__pcs || []) {
        if (!marks.connected && pc.connectionState === "connected") marks.connected = Date.now();
      }
      // Visible: the live view is on screen (no longer under 'Match Found!') and its POV tile
      // has a frame.
      const v = document.querySelector(".live:not(.live-pending) .tile-remote video");
      if (!marks.tile && v && v.readyState >= 2) marks.tile = Date.now();
      if (!marks.decoded) {
        for (const pc of window.__pcs || []) {
          if (pc.connectionState === "closed") continue;
          const stats = await pc.getStats();
          stats.forEach((s) => {
            if (!marks.decoded && s.type === "inbound-rtp" && s.kind === "video" &&
                s.framesDecoded > 0) marks.decoded = Date.now();
          });
        }
        if (marks.decoded && !marks.found) marks.found = marks.decoded;
      }
      if (marks.tile && marks.decoded) clearInterval(timer);
    }, 10);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();`;

interface Marks {
  /** The member's own camera shows a frame (the searching screen's preview). */
  camera?: number;
  /** The peer connection reports connected (ICE and DTLS done). */
  connected?: number;
  found?: number;
  decoded?: number;
  tile?: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function line(label: string, samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  const f = (ms: number) => `${Math.round(ms)} ms`.padStart(8);
  return `  ${label.padEnd(44)} p50 ${f(percentile(s, 50))}  p90 ${f(percentile(s, 90))}  max ${
    f(s[s.length - 1])
  }  (n=${s.length})`;
}

async function marksOf(page: Page, timeout = 30_000): Promise<Required<Marks>> {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    // A navigation under way (the address moving on) destroys the context: ask again.
    // deno-lint-ignore no-explicit-any
    const m = await page.evaluate(() => (globalThis as any).__marks as Marks).catch(() => null);
    if (m?.found && m.decoded && m.tile) {
      return { camera: 0, connected: 0, ...m } as Required<Marks>;
    }
    await sleep(20);
  }
  throw new Error(`no remote frame within ${timeout} ms on ${page.url()}`);
}

export async function benchLive(runs = RUNS) {
  const server = await startServer({ MATCH_DURATION_MS: "60000" });
  const browser = await launchBrowser();
  try {
    // An unlimited tier: a free member may start 5 sessions a day.
    const members = [
      await liveMember(server, { tier: "vip" }),
      await liveMember(server, { tier: "vip" }),
    ];
    // GLIMPSE_BENCH_PRIVACY=off (or blur-off, shield-off): face blur and / or the safety shield
    // off on both members, to see what each costs the connection.
    const privacy = Deno.env.get("GLIMPSE_BENCH_PRIVACY") ?? "on";
    const blurOn = privacy !== "off" && privacy !== "blur-off";
    const shieldOn = privacy !== "off" && privacy !== "shield-off";
    if (!blurOn || !shieldOn) {
      for (const m of members) {
        const res = await m.client.patch("/api/user/profile", {
          faceBlurEnabled: blurOn,
          safetyShieldEnabled: shieldOn,
        });
        if (res.status !== 200) throw new Error(`privacy off: ${res.status} ${res.text}`);
      }
    }
    const pages: Page[] = [];
    for (const m of members) {
      const ctx = await memberContext(browser, server, m);
      ctx.setDefaultTimeout(30_000);
      await ctx.addInitScript({ content: PROBE });
      pages.push(await ctx.newPage());
    }
    // One warm-up run (Chromium, esbuild bundles, the camera): not counted.
    const found: number[] = [], decoded: number[] = [], tile: number[] = [];
    const camera: number[] = [], connected: number[] = [];
    const bothDecoded: number[] = [], bothTile: number[] = [];
    for (let run = -1; run < runs; run++) {
      const t0 = Date.now();
      await Promise.all(pages.map((p) => p.goto("/connecting")));
      const marks = await Promise.all(pages.map((p) => marksOf(p)));
      if (run >= 0) {
        for (const m of marks) {
          found.push(m.found - t0);
          if (m.camera) camera.push(m.camera - t0);
          if (m.connected) connected.push(m.connected - t0);
          decoded.push(m.decoded - t0);
          tile.push(m.tile - t0);
        }
        bothDecoded.push(Math.max(...marks.map((m) => m.decoded)) - t0);
        bothTile.push(Math.max(...marks.map((m) => m.tile)) - t0);
      }
      await pages[run % 2 === 0 ? 0 : 1].getByRole("button", { name: "End Session" }).click();
      await Promise.all(pages.map((p) => waitForPath(p, "/match-end", 15_000)));
    }
    console.log(
      `Live session: Start (/connecting on both) to the partner's first frame, ${runs} runs ` +
        `on loopback (${server.url}), two members starting together, face blur ` +
        `${blurOn ? "on" : "off"}, safety shield ${shieldOn ? "on" : "off"}`,
    );
    if (camera.length) console.log(line("own camera preview has a frame (per member)", camera));
    console.log(line("Match Found! shown (per member)", found));
    if (connected.length) console.log(line("peer connection connected (per member)", connected));
    console.log(line("first decoded remote frame (per member)", decoded));
    console.log(line("first decoded frame on both (per run)", bothDecoded));
    console.log(line("partner video visible (per member)", tile));
    console.log(line("partner video visible on both (per run)", bothTile));

    // The case: the partner is already searching (their camera running) when the member
    // taps Start. Roles alternate; the waiting member's figures count from the same Start.
    const starterTile: number[] = [], starterDecoded: number[] = [], waiterTile: number[] = [];
    for (let run = -1; run < runs; run++) {
      const [starter, waiter] = run % 2 === 0 ? [pages[0], pages[1]] : [pages[1], pages[0]];
      await waiter.goto("/connecting");
      await waiter.getByRole("heading", { name: "Finding Someone..." }).waitFor();
      await waiter.waitForFunction(() => {
        const v = document.querySelector<HTMLVideoElement>(".self-preview video");
        return v !== null && v.readyState >= 2;
      });
      await sleep(300);
      const t0 = Date.now();
      await starter.goto("/connecting");
      const [s, w] = await Promise.all([marksOf(starter), marksOf(waiter)]);
      if (run >= 0) {
        starterTile.push(s.tile - t0);
        starterDecoded.push(s.decoded - t0);
        waiterTile.push(w.tile - t0);
      }
      await starter.getByRole("button", { name: "End Session" }).click();
      await Promise.all(pages.map((p) => waitForPath(p, "/match-end", 15_000)));
    }
    console.log(
      `Live session: Start (/connecting) with the partner already searching, ${runs} runs`,
    );
    console.log(line("first decoded remote frame (the starter)", starterDecoded));
    console.log(line("partner video visible (the starter)", starterTile));
    console.log(line("partner video visible (the one searching)", waiterTile));
    return { found, decoded, tile, bothDecoded, bothTile, starterTile, waiterTile };
  } finally {
    await browser.close().catch(() => {});
    await server.close();
  }
}

if (import.meta.main) await benchLive();
