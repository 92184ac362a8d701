// Live session: the time from Start (both members open /connecting) to the first frame of the
// partner's video, over 20 runs on loopback with the real server and Debian's Chromium (fake camera
// and microphone). Per run and member it records when 'Match Found!' showed, when the peer
// connection first decoded a video frame (getStats framesDecoded > 0) and when the partner's video
// became visible: the live view on screen (it replaces 'Match Found!' at the partner's first frame)
// with a frame in its 'POV' tile (readyState ≥ 2); each session is ended
// with End Session before the next run.
// Then HD quickly (issue 33): two HD members (vip) whose fake cameras play a moving 1280x720
// picture; per run and member, the time from the partner's first decoded frame to the first
// frame received at each size (getStats inbound-rtp frameWidth x frameHeight).
// Figures only: nothing here passes or fails on time.
// Run: deno run -A bench/live.ts (GLIMPSE_BENCH_LIVE=start or =hd: only that part;
// GLIMPSE_BENCH_HD_RUNS: the HD part's runs, 6 by default; GLIMPSE_BENCH_HD_WITHOUT=start-bitrate,
// =degradation or =all: the pages drop that part of the HD tuning, to see what each brings)
import type { Page } from "playwright-core";
import { launchBrowser } from "../tests/helpers/browser.ts";
import { startServer } from "../tests/helpers/server.ts";
import { liveMember, memberContext, waitForPath } from "../tests/helpers/live_browser.ts";
import { sleep } from "../tests/helpers/time.ts";
import { FIXTURES_DIR } from "../tests/helpers/fake_camera.ts";

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
  const browser = await launchBrowser({ full: true });
  try {
    // An unlimited tier: a free member may start 5 sessions a day.
    const members = [
      await liveMember(server, { tier: "vip" }),
      await liveMember(server, { tier: "vip" }),
    ];
    const { blurOn, shieldOn } = await applyPrivacyChoice(members);
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

    // The issue's case: the partner is already searching (their camera running) when the member
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

/**
 * In every page, from its peer connection's first decoded frame of the partner's video: when
 * (ms after that frame) each size was first received, the first frame's size, the smallest
 * width received after 1280x720, the frames decoded per second over the first WATCH_MS and over
 * the WATCH_MS after the first 1280x720 frame, and what this page's own sender reports (its frame
 * width and what limits it, at each change; the estimated outgoing bitrate ~3 s in). Done
 * (hd.done) once both windows passed, or after WAIT_MS.
 */
const HD_PROBE = (WATCH_MS: number, WAIT_MS: number) =>
  `(() => {
  const hd = (window.__hd = { sizes: {}, sent: [] });
  const start = () => {
    const timer = setInterval(async () => {
      const pcs = (window.__pcs || []).filter((pc) => pc.connectionState !== "closed");
      const pc = pcs[pcs.length - 1];
      if (!pc) return;
      const stats = await pc.getStats();
      const now = Date.now();
      stats.forEach((s) => {
        if (s.type === "inbound-rtp" && s.kind === "video" && s.framesDecoded > 0) {
          const w = s.frameWidth || 0, h = s.frameHeight || 0;
          if (!hd.first) hd.first = { at: now, frames: s.framesDecoded };
          if (!hd.first.size && w > 0) hd.first.size = w + "x" + h;
          const t = now - hd.first.at;
          const reach = (k, ok) => { if (ok && hd.sizes[k] === undefined) hd.sizes[k] = t; };
          reach("first", true);
          reach(">=640x360", w >= 640 && h >= 360);
          reach(">=960x540", w >= 960 && h >= 540);
          reach("1280x720", w >= 1280 && h >= 720);
          if (hd.sizes["1280x720"] !== undefined && w > 0) {
            hd.minAfterHd = Math.min(hd.minAfterHd ?? w, w);
            hd.hd ??= { at: t, frames: s.framesDecoded };
            const dt = t - hd.hd.at;
            if (dt > 0 && dt <= ${WATCH_MS}) {
              hd.fpsAfterHd = ((s.framesDecoded - hd.hd.frames) * 1000) / dt;
            }
          }
          if (t <= ${WATCH_MS}) hd.fps = ((s.framesDecoded - hd.first.frames) * 1000) / (t || 1);
        }
        if (s.type === "outbound-rtp" && s.kind === "video" && hd.first) {
          const last = hd.sent[hd.sent.length - 1];
          const why = s.qualityLimitationReason || "";
          const w = s.frameWidth || 0;
          if (!last || last[1] !== w || last[2] !== why) hd.sent.push([now - hd.first.at, w, why]);
        }
        if (s.type === "candidate-pair" && s.nominated && s.availableOutgoingBitrate && hd.first) {
          if (now - hd.first.at <= 3000) hd.bwe = s.availableOutgoingBitrate;
        }
      });
      const t = hd.first ? now - hd.first.at : 0;
      const watched = hd.hd && t >= Math.max(${WATCH_MS}, hd.hd.at + ${WATCH_MS});
      if (watched || t >= ${WAIT_MS}) {
        hd.done = true;
        clearInterval(timer);
      }
    }, 50);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();`;

/**
 * In every page: the HD tuning without its start bitrate, without its degradation preference,
 * or without both ("all": the sender as it was before the tuning).
 */
const WITHOUT: Record<string, string> = {
  "start-bitrate": `(() => {
    const set = RTCPeerConnection.prototype.setRemoteDescription;
    RTCPeerConnection.prototype.setRemoteDescription = function (d, ...rest) {
      if (d && d.sdp) {
        d = { type: d.type, sdp: d.sdp.replace(/;?x-google-start-bitrate=\\d+/g, "")
          .replace(/^a=fmtp:\\d+ ?\\r?\\n/gm, "") };
      }
      return set.call(this, d, ...rest);
    };
  })();`,
  degradation: `(() => {
    const set = RTCRtpSender.prototype.setParameters;
    RTCRtpSender.prototype.setParameters = function (p, ...rest) {
      if (p) delete p.degradationPreference;
      return set.call(this, p, ...rest);
    };
  })();`,
};

WITHOUT.all = WITHOUT["start-bitrate"] + WITHOUT.degradation;

interface HdMarks {
  first?: { at: number; size?: string };
  /** Size label → ms after the first decoded frame. */
  sizes: Record<string, number>;
  /** The smallest width received after the first 1280x720 frame. */
  minAfterHd?: number;
  /** Frames decoded per second over the first WATCH_MS, and over the WATCH_MS after 1280x720. */
  fps?: number;
  fpsAfterHd?: number;
  /** This page's outbound video at each change: [ms after its first decoded frame, width, why]. */
  sent: [number, number, string][];
  /** The connection's estimated outgoing bitrate ~3 s after the first decoded frame (bps). */
  bwe?: number;
  done?: boolean;
}

const SIZES = ["first", ">=640x360", ">=960x540", "1280x720"];

/**
 * A moving 1280x720 camera: astronaut.png, a little larger, panned back and forth (2 s loop at
 * 25 fps) as a Y4M clip for Chromium's fake camera, made once into a temporary folder.
 */
async function movingCamera(): Promise<{ file: string; dir: string }> {
  const dir = await Deno.makeTempDir({ prefix: "glimpse_bench_hd_" });
  const file = `${dir}/moving_1280x720.y4m`;
  const out = await new Deno.Command("ffmpeg", {
    args: [
      ...["-hide_banner", "-loglevel", "error", "-nostdin", "-y"],
      ...["-loop", "1", "-i", `${FIXTURES_DIR}/astronaut.png`, "-frames:v", "50", "-r", "25"],
      ...["-vf", "scale=1440:810,crop=1280:720:80+80*sin(2*PI*n/50):45+45*sin(2*PI*n/50)"],
      ...["-pix_fmt", "yuv420p", file],
    ],
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(`ffmpeg: ${new TextDecoder().decode(out.stderr)}`);
  return { file, dir };
}

async function hdMarksOf(page: Page, timeout: number): Promise<HdMarks> {
  const end = Date.now() + timeout;
  let m: HdMarks | null = null;
  while (Date.now() < end) {
    // deno-lint-ignore no-explicit-any
    m = await page.evaluate(() => (globalThis as any).__hd as HdMarks).catch(() => m);
    if (m?.done) return m;
    await sleep(200);
  }
  return m ?? { sizes: {}, sent: [] };
}

/**
 * GLIMPSE_BENCH_PRIVACY=off (or blur-off, shield-off): face blur and / or the safety shield turned
 * off for `members`, to see what each costs the connection. Returns which stay on.
 */
async function applyPrivacyChoice(members: Awaited<ReturnType<typeof liveMember>>[]) {
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
  return { blurOn, shieldOn };
}

/**
 * HD quickly: two HD members (vip) with a moving 1280x720 camera; per run and member, the time
 * from the first decoded frame of the partner's video to each received size. A run watches
 * 10 s at least (and 10 s after 1280x720), 50 s at most; a size never reached counts as 50 s
 * ("never" in the per-run lines).
 */
export async function benchHd(runs = Number(Deno.env.get("GLIMPSE_BENCH_HD_RUNS") ?? 6)) {
  const WAIT = 50_000, WATCH = 10_000;
  const camera = await movingCamera();
  const server = await startServer({ MATCH_DURATION_MS: "120000" });
  const browser = await launchBrowser({
    full: true,
    extraArgs: ["--use-file-for-fake-video-capture=" + camera.file],
  });
  try {
    const members = [
      await liveMember(server, { tier: "vip" }),
      await liveMember(server, { tier: "vip" }),
    ];
    const { blurOn, shieldOn } = await applyPrivacyChoice(members);
    const without = Deno.env.get("GLIMPSE_BENCH_HD_WITHOUT");
    if (without && !WITHOUT[without]) throw new Error(`GLIMPSE_BENCH_HD_WITHOUT=${without}?`);
    const pages: Page[] = [];
    for (const m of members) {
      const ctx = await memberContext(browser, server, m);
      ctx.setDefaultTimeout(30_000);
      await ctx.addInitScript({ content: HD_PROBE(WATCH, WAIT) });
      if (without) await ctx.addInitScript({ content: WITHOUT[without] });
      pages.push(await ctx.newPage());
    }
    const reached = new Map<string, number[]>(SIZES.map((k) => [k, []]));
    const firstSizes: string[] = [], fps: number[] = [], minAfterHd: number[] = [];
    const startToFirst: number[] = [], fpsAfterHd: number[] = [];
    console.log(
      `HD quickly: two HD members (vip), moving 1280x720 fake camera, ${runs} runs on loopback, ` +
        `face blur ${blurOn ? "on" : "off"}, safety shield ${shieldOn ? "on" : "off"}` +
        `${without ? `, without the ${without} tuning` : ""}; ms from ` +
        `the first decoded frame of the partner's video to the first frame of each size`,
    );
    // One warm-up run (Chromium, esbuild bundles, the camera): not counted.
    for (let run = -1; run < runs; run++) {
      const t0 = Date.now();
      await Promise.all(pages.map((p) => p.goto("/connecting")));
      const marks = await Promise.all(pages.map((p) => hdMarksOf(p, WAIT + 20_000)));
      if (run >= 0) {
        marks.forEach((m, i) => {
          if (m.first) startToFirst.push(m.first.at - t0);
          if (m.first) firstSizes.push(m.first.size ?? "?");
          for (const k of SIZES) reached.get(k)!.push(m.sizes[k] ?? WAIT);
          if (m.fpsAfterHd !== undefined) fpsAfterHd.push(m.fpsAfterHd);
          if (m.fps !== undefined) fps.push(m.fps);
          if (m.minAfterHd !== undefined) minAfterHd.push(m.minAfterHd);
          console.log(
            `  run ${run} member ${i}: first frame ${m.first?.size ?? "none"}; ${
              SIZES.filter((k) => k !== "first").map((k) => `${k} ${m.sizes[k] ?? "never"}`)
                .join(", ")
            }; narrowest after HD ${m.minAfterHd ?? "-"}; ${m.fps?.toFixed(1) ?? "-"} fps, ${
              m.fpsAfterHd?.toFixed(1) ?? "-"
            } fps after HD; own sender (ms width limit) ${
              m.sent.slice(0, 8).map(([t, w, why]) => `${t} ${w} ${why}`).join(", ")
            }${m.sent.length > 8 ? ", …" : ""}; estimate at ~3 s ${
              m.bwe ? Math.round(m.bwe / 1000) + " kbps" : "-"
            }`,
          );
        });
      }
      await pages[run % 2 === 0 ? 0 : 1].getByRole("button", { name: "End Session" }).click();
      await Promise.all(pages.map((p) => waitForPath(p, "/match-end", 15_000)));
    }
    console.log(`  first frame sizes: ${firstSizes.join(", ")}`);
    console.log(`  narrowest width received after the first 1280x720: ${minAfterHd.join(", ")}`);
    const rate = (label: string, l: number[]) => {
      const f = [...l].sort((a, b) => a - b);
      console.log(
        `  frames decoded per second, ${label}: p50 ${f[Math.floor(f.length / 2)]?.toFixed(1)} ` +
          `(min ${f[0]?.toFixed(1)}, n=${f.length})`,
      );
    };
    rate(`first ${WATCH / 1000} s`, fps);
    rate(`${WATCH / 1000} s after the first 1280x720`, fpsAfterHd);
    console.log(line("Start → first decoded frame (per member)", startToFirst));
    for (const k of SIZES) {
      if (k !== "first") {
        console.log(line(`first decoded frame → ${k} (per member)`, reached.get(k)!));
      }
    }
    return Object.fromEntries(reached);
  } finally {
    await browser.close().catch(() => {});
    await server.close();
    await Deno.remove(camera.dir, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) {
  const only = Deno.env.get("GLIMPSE_BENCH_LIVE");
  if (only !== "hd") await benchLive();
  if (only !== "start") await benchHd();
}
