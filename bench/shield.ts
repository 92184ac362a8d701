// Safety shield: how fast its classifier (nsfwjs's MobileNetV2 on tfjs WebAssembly, in a worker)
// loads and classifies a 224x224 frame, what sampling a frame costs the page's main thread, and
// the frame rate a member's video goes out at while their shield checks the partner's video.
// Debian's headless Chromium (--disable-gpu). First a member opens /camera (face blur off, the
// fake camera showing astronaut.png) and the bench drives the app's own classifier worker from
// that page: load runs, then fixture frames as ImageBitmaps, then the camera preview sampled as
// the shield samples the partner's video. Then live calls between two members (astronaut camera,
// 1280x720 at 30 fps): A's shield on, then off, with face blur and B's shield off so only A's
// shield differs; for context, both members with blur on and shields off, and as by default
// (both on). Figures only: nothing here passes or fails on time.
// Run: deno run -A bench/shield.ts
import type { Page } from "playwright-core";
import { ensureBuilt } from "../lib/server/build/assets.ts";
import type { ShieldAssets } from "../lib/client/shield/protocol.ts";
import type { ShieldFigures } from "../lib/client/shield/monitor.ts";
import {
  type Scores,
  SHIELD_CLASSES,
  SHIELD_INPUT_SIZE,
  SHIELD_INTERVAL_MS,
  SHIELD_THRESHOLDS,
  type ShieldView,
} from "../lib/client/shield/policy.ts";
import { startServer } from "../tests/helpers/server.ts";
import {
  closeQuietly,
  expectRemoteVideoPlaying,
  liveMember,
  memberContext,
  startPair,
  waitForHydration,
  withLivePair,
} from "../tests/helpers/live_browser.ts";
import { cameraFile, type Fixture, FIXTURES_DIR } from "../tests/helpers/fake_camera.ts";
import { launchBrowser } from "../tests/helpers/browser.ts";
import { until } from "../tests/helpers/time.ts";
import { keepResolution, p50p95, percentile, sentOver } from "./browser_figures.ts";

const LOADS = 5;
const FRAMES = 40;
const FIXTURES: Fixture[] = ["astronaut", "chelsea"];
const SETTLE_MS = 8_000;
const WINDOW_MS = 10_000;
const ROUNDS = 2;
const OFF = { safetyShieldEnabled: false, faceBlurEnabled: false };
/** The live calls, each as A's and B's profile; every round makes each once, in this order. */
const CALLS: [string, Profile, Profile][] = [
  ["A's shield on (blur off, B's shield off)", { ...OFF, safetyShieldEnabled: true }, OFF],
  ["A's shield off", OFF, OFF],
  ["both: blur on, shield off", { safetyShieldEnabled: false }, { safetyShieldEnabled: false }],
  ["both: blur and shield on (defaults)", {}, {}],
];
const size = { resizeWidth: SHIELD_INPUT_SIZE, resizeHeight: SHIELD_INPUT_SIZE };

/** Starts the classifier worker `runs` times (each until ready); keeps the last on the page. */
function loadRuns(page: Page, assets: ShieldAssets, runs: number) {
  return page.evaluate(async ({ assets, runs }) => {
    const { classifier, ...files } = assets;
    const out: { wallMs: number; workerMs: number; backend: string }[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const worker = new Worker(classifier, { type: "module" });
      const ready = await new Promise<{ ms: number; backend: string }>((resolve, reject) => {
        worker.onmessage = (e) =>
          e.data.type === "ready" ? resolve(e.data) : reject(new Error(JSON.stringify(e.data)));
        worker.onerror = (e) => reject(new Error(`worker: ${e.message}`));
        worker.postMessage({ type: "load", files });
      });
      out.push({ wallMs: performance.now() - started, workerMs: ready.ms, backend: ready.backend });
      if (i < runs - 1) worker.terminate();
      else (globalThis as Record<string, unknown>).__benchWorker = worker;
    }
    return out;
  }, { assets, runs });
}

/** The page's helper to classify one bitmap with the kept worker: {scores, ms} of its answer. */
type Ask = (bitmap: ImageBitmap) => Promise<{ scores: Scores; ms: number }>;
const ASK = `globalThis.__benchAsk = (bitmap) => new Promise((resolve, reject) => {
  const worker = globalThis.__benchWorker;
  worker.onmessage = (e) =>
    e.data.type === "scores" ? resolve(e.data) : reject(new Error(JSON.stringify(e.data)));
  worker.postMessage({ type: "classify", t: performance.now(), bitmap }, [bitmap]);
});`;

/** One warm-up then `frames` classifications of the fixture served at `url`, one at a time. */
function classifyFixture(page: Page, url: string, frames: number) {
  return page.evaluate(async ({ url, frames, size }) => {
    const ask = (globalThis as unknown as { __benchAsk: Ask }).__benchAsk;
    const image = await createImageBitmap(await (await fetch(url)).blob());
    const frame = () => createImageBitmap(image, { ...size, resizeQuality: "medium" });
    await ask(await frame());
    const workerMs: number[] = [];
    const roundTripMs: number[] = [];
    let scores: Scores | null = null;
    for (let i = 0; i < frames; i++) {
      const bitmap = await frame();
      const started = performance.now();
      const answer = await ask(bitmap);
      roundTripMs.push(performance.now() - started);
      workerMs.push(answer.ms);
      scores = answer.scores;
    }
    return { workerMs, roundTripMs, scores: scores! };
  }, { url, frames, size });
}

/**
 * As the shield samples the partner's video: every interval, the camera preview scaled to the
 * classifier's input with createImageBitmap and posted to the worker. Timed on the main thread,
 * with its long tasks (> 50 ms) recorded meanwhile.
 */
function sampleVideo(page: Page, frames: number, every: number) {
  return page.evaluate(async ({ frames, every, size }) => {
    const ask = (globalThis as unknown as { __benchAsk: Ask }).__benchAsk;
    const video = document.querySelector<HTMLVideoElement>("video.tile-video")!;
    const longTasks: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push(e.duration);
    });
    observer.observe({ type: "longtask" });
    const costMs: number[] = [];
    const answers: Promise<unknown>[] = [];
    for (let i = 0; i < frames; i++) {
      await new Promise((r) => setTimeout(r, every));
      await answers.at(-1);
      const started = performance.now();
      const bitmap = await createImageBitmap(video, { ...size, resizeQuality: "medium" });
      answers.push(ask(bitmap));
      costMs.push(performance.now() - started);
    }
    await Promise.all(answers);
    observer.disconnect();
    return { costMs, longTasks, video: `${video.videoWidth}x${video.videoHeight}` };
  }, { frames, every, size });
}

async function classifierBench() {
  const server = await startServer();
  const browser = await launchBrowser({
    full: true,
    extraArgs: ["--use-file-for-fake-video-capture=" + await cameraFile("astronaut")],
  });
  try {
    const assets = (await ensureBuilt()).shield;
    const member = await liveMember(server);
    const res = await member.client.patch("/api/user/profile", { faceBlurEnabled: false });
    if (res.status !== 200) throw new Error(`profile: ${res.status} ${res.text}`);
    const context = await memberContext(browser, server, member);
    // The fixtures, served to the page from its own origin.
    await context.route("**/__bench/*.png", async (route) => {
      const name = new URL(route.request().url()).pathname.split("/").pop()!;
      await route.fulfill({ path: `${FIXTURES_DIR}/${name}` });
    });
    const page = await context.newPage();
    await page.goto("/camera");
    await waitForHydration(page, "ClipRecorder");
    const loads = await loadRuns(page, assets, LOADS);
    await page.evaluate(ASK);
    const fixtures = [];
    for (const name of FIXTURES) {
      fixtures.push({ name, ...await classifyFixture(page, `/__bench/${name}.png`, FRAMES) });
    }
    await page.waitForFunction(() =>
      (document.querySelector<HTMLVideoElement>("video.tile-video")?.readyState ?? 0) >= 2
    );
    const sampled = await sampleVideo(page, FRAMES, SHIELD_INTERVAL_MS);
    return { loads, fixtures, sampled };
  } finally {
    await closeQuietly(browser, server);
  }
}

interface Profile {
  safetyShieldEnabled?: boolean;
  faceBlurEnabled?: boolean;
}

/** Counts the classifier's answers on the page (the shield's figures keep only the last 50). */
const COUNT_ANSWERS = `(() => {
  const Original = window.Worker;
  if (!Original) return;
  window.__shieldAnswers = 0;
  window.Worker = class extends Original {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {
        if (e.data && e.data.type === "scores") window.__shieldAnswers++;
      });
    }
  };
})();`;

/** What the live page exposes: the shield's test hook, and the answers counted. */
type Hook = {
  __glimpseShield: { figures(): ShieldFigures; state(): { view: ShieldView } };
  __shieldAnswers: number;
};

/** A live call between A and B with these profiles: A's sent video and shield over the window. */
async function call(a: Profile, b: Profile) {
  const camera = await cameraFile("astronaut", undefined, 30);
  let result;
  await withLivePair({ MATCH_DURATION_MS: "120000" }, async (p) => {
    const res = await p.b.request.patch(`${p.server.url}/api/user/profile`, {
      data: b,
      headers: { origin: p.server.url },
    });
    if (res.status() !== 200) throw new Error(`B's profile: ${res.status()}`);
    const shield = () =>
      p.a.evaluate(() => {
        const g = globalThis as unknown as Hook;
        const view = g.__glimpseShield.state().view;
        return { ...g.__glimpseShield.figures(), view, answers: g.__shieldAnswers };
      });
    await startPair(p.a, p.b);
    await expectRemoteVideoPlaying(p.a, 15_000, "A");
    await expectRemoteVideoPlaying(p.b, 15_000, "B");
    if (a.safetyShieldEnabled !== false) {
      await until("A's first classification", shield, (f) => f.answers > 0, 30_000);
    }
    await keepResolution(p.a);
    await p.a.waitForTimeout(SETTLE_MS);
    const sent = await sentOver(p.a, WINDOW_MS, shield);
    result = { ...sent, classified: sent.after.answers - sent.before.answers, errors: p.errors };
  }, {
    camera,
    full: true,
    setup: async ({ alice, ca }) => {
      const res = await alice.client.patch("/api/user/profile", a);
      if (res.status !== 200) throw new Error(`A's profile: ${res.status} ${res.text}`);
      await ca.addInitScript({ content: COUNT_ANSWERS });
    },
  });
  return result!;
}

const load = () =>
  `load average ${Deno.loadavg()[0].toFixed(1)}, ${navigator.hardwareConcurrency} cores`;
const ms = (n: number) => `${n.toFixed(0)} ms`;
const row = (label: string, value: string) => console.log(`  ${label.padEnd(46)} ${value}`);
const scoreLine = (s: Scores) => SHIELD_CLASSES.map((c) => `${c} ${s[c].toFixed(4)}`).join("  ");

type Call = Awaited<ReturnType<typeof call>>;

export async function benchShield() {
  console.log(
    `\nSafety shield (nsfwjs MobileNetV2, ${SHIELD_INPUT_SIZE}x${SHIELD_INPUT_SIZE}, ` +
      `headless Chromium, worker driven from /camera; ${load()})`,
  );
  const { loads, fixtures, sampled } = await classifierBench();
  const wall = loads.map((l) => l.wallMs);
  row(
    `load, worker start → ready (${LOADS} runs)`,
    `p50 ${ms(percentile(wall, 50))}, first ${ms(wall[0])} (in worker p50 ${
      ms(percentile(loads.map((l) => l.workerMs), 50))
    })`,
  );
  row("backend", [...new Set(loads.map((l) => l.backend))].join(", ") + " [must be wasm]");
  for (const f of fixtures) {
    row(
      `classify ${f.name} p50/p95 (${f.workerMs.length} frames)`,
      `${p50p95(f.workerMs)} in worker, ${p50p95(f.roundTripMs)} round trip [p50 ≤ 200 ms]`,
    );
  }
  const limits = Object.entries(SHIELD_THRESHOLDS).map(([k, v]) => `${k} ≥ ${v}`).join(", ");
  console.log(`  scores (unsafe when ${limits}):`);
  for (const f of fixtures) row(`  ${f.name}`, scoreLine(f.scores));
  row(
    `main thread per sample p50/p95 (${sampled.costMs.length})`,
    `${p50p95(sampled.costMs)} (createImageBitmap of the ${sampled.video} preview + postMessage)`,
  );
  row(
    "long tasks (> 50 ms) meanwhile",
    `${sampled.longTasks.length}${
      sampled.longTasks.length ? `, longest ${ms(Math.max(...sampled.longTasks))}` : ""
    } [classification never on the main thread]`,
  );

  console.log(
    `\nSafety shield in a live call (astronaut 1280x720 at 30 fps; A's sent video, ${ROUNDS} ` +
      `rounds; ${load()})`,
  );
  const runs = CALLS.map(() => [] as Call[]);
  for (let r = 0; r < ROUNDS; r++) {
    for (const [i, [, a, b]] of CALLS.entries()) runs[i].push(await call(a, b));
  }
  const mean = (cs: Call[]) => cs.reduce((sum, c) => sum + c.sentFps, 0) / cs.length;
  for (const [i, [label]] of CALLS.entries()) {
    const fps = runs[i].map((c) => c.sentFps.toFixed(1)).join(", ");
    const last = runs[i].at(-1)!;
    const target = i === 0 ? " [≥ 24 fps]" : "";
    row(label, `${fps} fps at ${last.sentSize} (limited by: ${last.limitedBy})${target}`);
  }
  row("A's shield on / off", (mean(runs[0]) / mean(runs[1])).toFixed(2));
  for (const i of [0, 3]) {
    const calls = runs[i];
    const f = calls.at(-1)!.after;
    const classifyMs = calls.flatMap((c) => c.after.classifyMs);
    row(
      `in-call classification p50/p95 (${i ? "defaults" : "shield on"})`,
      `${p50p95(classifyMs)} (${classifyMs.length} samples), ${
        calls.map((c) => `${c.classified} in ${c.seconds.toFixed(1)} s`).join(", ")
      }; load ${
        calls.map((c) => ms(c.after.loadMs ?? NaN)).join(", ")
      } (${f.backend}), view ${f.view}`,
    );
    if (f.scores) row("  latest scores of B's video", scoreLine(f.scores));
  }
  console.log(`  (${load()} at the end)`);
  const errors = runs.flat().flatMap((c) => c.errors);
  if (errors.length) console.log(`  page errors: ${errors.join("; ")}`);
}

if (import.meta.main) await benchShield();
