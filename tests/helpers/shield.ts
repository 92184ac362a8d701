// The safety shield's browser tests' tools: a pair whose viewer (A) records every state of the
// partner's tile (init script, in-page, every change and every 50 ms) and every verdict its
// classifier worker answers, with the page's clock; probes of the hook, the tile and the video;
// and the expectations shared by tests/e2e/shield_*_test.ts.
import assert from "node:assert/strict";
import type { BrowserContext, ConsoleMessage, Page } from "playwright-core";
import { BLUR_OFF, consoleLines, PRIVACY_OFF, setPrivacy, withLivePair } from "./live_browser.ts";
import { until } from "./time.ts";
import type { Member } from "./accounts.ts";
import { cameraFile, ffmpegAvailable } from "./fake_camera.ts";
import {
  type Scores,
  SHIELD_SAFE_FRAMES,
  SHIELD_THRESHOLDS,
  SHIELD_VERDICT_GRACE_MS,
  type ShieldView,
} from "../../lib/client/shield/policy.ts";
import { english } from "./english.ts";

/**
 * How soon after the partner's first frame an ordinary scene must be unblurred when the
 * classifier answered within the grace time: a loose bound that catches a shield which never lets
 * go (clean-clone runs clear in 1.6–3.6 s; the figures live in bench/shield.ts). What the test
 * pins is the order: checked and blurred from the first frame until safe verdicts, never
 * 'unavailable' on the way unless the classifier really was late (no answer within
 * SHIELD_VERDICT_GRACE_MS of the first frame, as on a machine whose cores other test files keep
 * busy), and then the blur lifts as soon as the safe verdicts come (AFTER_VERDICTS_MS).
 */
export const CLEAR_WITHIN_MS = 6_000;
/** How soon after the verdict that completes the safe run the tile must be clear. */
export const AFTER_VERDICTS_MS = 1_000;
/** The recorder samples every 50 ms: a state may be seen up to this much after it began. */
const SAMPLED_MS = 150;
export const UNSAFE: Scores = { Drawing: 0, Hentai: 0, Neutral: 0.1, Porn: 0.9, Sexy: 0 };
export const SAFE: Scores = { Drawing: 0.05, Hentai: 0, Neutral: 0.95, Porn: 0, Sexy: 0 };

/**
 * Runs in A's page before its scripts: logs each change of the partner's tile (its data-shield,
 * whether the video is blurred, which stream it plays and whether it has a frame, the overlay's
 * text) with the page's clock, and every message of the safety-shield worker (its verdicts).
 */
export const SHIELD_RECORDER = `(() => {
  if (window.top !== window || window.__shieldLog) return;
  const log = (window.__shieldLog = []);
  const worker = (window.__shieldWorker = { created: 0, ready: null, verdicts: [] });
  const Original = window.Worker;
  window.Worker = class extends Original {
    constructor(url, options) {
      super(url, options);
      if (!options || options.name !== "safety-shield") return;
      worker.created++;
      this.addEventListener("message", (e) => {
        const m = e.data || {};
        if (m.type === "ready") worker.ready = { backend: m.backend, ms: m.ms };
        if (m.type === "scores") {
          worker.verdicts.push({ t: m.t, at: performance.now(), scores: m.scores });
        }
      });
    }
  };
  const ids = new WeakMap();
  let streams = 0;
  let last = "";
  const probe = () => {
    const tile = document.querySelector("figure.tile-remote");
    const video = tile && tile.querySelector("video");
    const stream = video && video.srcObject;
    if (stream && !ids.has(stream)) ids.set(stream, ++streams);
    const overlay = tile && tile.querySelector(".shield-overlay");
    const snap = {
      view: tile ? tile.getAttribute("data-shield") : "no-tile",
      shielded: !!video && video.classList.contains("shielded"),
      stream: stream ? ids.get(stream) : 0,
      frame: !!video && video.readyState >= 2 && video.videoWidth > 0,
      overlay: overlay && overlay.checkVisibility() ? overlay.textContent : null,
    };
    const key = JSON.stringify(snap);
    if (key === last) return;
    last = key;
    const audio = stream ? stream.getAudioTracks() : [];
    log.push(Object.assign(snap, {
      at: performance.now(),
      muted: !!video && video.muted,
      audio: audio.filter((t) => t.enabled && t.readyState === "live").length,
      verdicts: worker.verdicts.length,
    }));
  };
  new MutationObserver(probe).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["data-shield", "class"],
  });
  setInterval(probe, 50);
  // A first frame is noted as it comes (media events do not bubble, but are captured).
  for (const type of ["loadeddata", "resize", "playing"]) {
    document.addEventListener(type, probe, true);
  }
})();`;

/** One recorded state of the partner's tile. */
export interface Snap {
  /** data-shield: a view, null without the attribute, "no-tile" off the live view. */
  view: ShieldView | null | "no-tile";
  shielded: boolean;
  /** 1 for the first remote stream the tile played, 2 for the next…; 0: none. */
  stream: number;
  frame: boolean;
  overlay: string | null;
  at: number;
  muted: boolean;
  audio: number;
  verdicts: number;
}

export interface Verdict {
  /** When the frame was taken, and when its verdict arrived (page clock). */
  t: number;
  at: number;
  scores: Scores;
}

export interface Recorded {
  log: Snap[];
  worker: { created: number; ready: { backend: string; ms: number } | null; verdicts: Verdict[] };
}

export async function recorded(page: Page): Promise<Recorded> {
  return await page.evaluate(() => {
    // deno-lint-ignore no-explicit-any
    const g = globalThis as any;
    return { log: g.__shieldLog ?? [], worker: g.__shieldWorker };
  });
}

export const fmtSnap = (s: Snap) =>
  `${s.at.toFixed(0)}ms ${s.view}${s.shielded ? " blurred" : ""} stream ${s.stream}` +
  `${s.frame ? " frame" : ""}${s.overlay ? ` "${s.overlay}"` : ""} v${s.verdicts}`;
export const fmtLog = (log: Snap[]) => log.map(fmtSnap).join("\n    ");
export const fmtVerdicts = (w: Recorded["worker"]) =>
  `ready ${w.ready ? `${w.ready.ms.toFixed(0)} ms` : "no"}; ` +
  w.verdicts.map((v) => `${v.t.toFixed(0)}→${v.at.toFixed(0)}`).join(", ");

/** The shield's own view of things, through the test hook. */
export async function hookState(page: Page): Promise<{ view: ShieldView; safeRun: number }> {
  return await page.evaluate(() =>
    // deno-lint-ignore no-explicit-any
    (globalThis as any).__glimpseShield.state()
  );
}

export async function figures(page: Page): Promise<{
  loadMs: number | null;
  backend: string | null;
  classifyMs: number[];
  scores: Scores | null;
}> {
  // deno-lint-ignore no-explicit-any
  return await page.evaluate(() => (globalThis as any).__glimpseShield.figures());
}

/** Feeds the shield a verdict as if its classifier had given it; returns when (page clock). */
export async function verdict(page: Page, scores: Scores): Promise<number> {
  return await page.evaluate((s) => {
    // deno-lint-ignore no-explicit-any
    (globalThis as any).__glimpseShield.verdict(s);
    return performance.now();
  }, scores);
}

export const tile = (page: Page) => page.locator("figure.tile-remote");

/** Waits for the partner's tile to show `view`; fails with the recorded log. */
export async function waitView(page: Page, view: ShieldView, timeout = 15_000): Promise<Snap[]> {
  try {
    const r = await until(
      `the partner's tile to be '${view}'`,
      () => recorded(page),
      (r) => r.log.at(-1)?.view === view,
      timeout,
      100,
    );
    return r.log;
  } catch (err) {
    throw new Error(`${(err as Error).message}\n    ${fmtLog((await recorded(page)).log)}`);
  }
}

/** The partner's video as the page shows it now: its blur class and computed filter. */
export async function videoLook(page: Page): Promise<{ shielded: boolean; filter: string }> {
  return await tile(page).locator("video").evaluate((v) => ({
    shielded: v.classList.contains("shielded"),
    filter: getComputedStyle(v).filter,
  }));
}

/**
 * The tile shows `view` with the video blurred (its class and its computed filter; under reduced
 * motion a change of the filter is a 1 ms transition, hence the short wait).
 */
export async function expectBlurred(page: Page, view: ShieldView) {
  assert.equal(await tile(page).getAttribute("data-shield"), view);
  await until(
    `the partner's video blurred (${view})`,
    () => videoLook(page),
    (l) => l.shielded && l.filter.includes("blur("),
    2_000,
    50,
  );
}

/** The tile shows `view` with the video unblurred and no shield overlay. */
export async function expectUnblurred(page: Page, view: ShieldView) {
  assert.equal(await tile(page).getAttribute("data-shield"), view);
  await until(
    `the partner's video unblurred (${view})`,
    () => videoLook(page),
    (l) => !l.shielded && l.filter === "none",
    2_000,
    50,
  );
  assert.equal(await tile(page).locator(".shield-overlay").count(), 0, "no shield overlay");
}

/**
 * Checks the stream `stream` of A's log: shown blurred with "Checking video…" from its first
 * frame until the tile is clear (or 'unavailable' once the grace time passed with no verdict),
 * which happens after at least SHIELD_SAFE_FRAMES real verdicts on its frames, all safe, within
 * CLEAR_WITHIN_MS of that frame (or AFTER_VERDICTS_MS of those verdicts when the classifier was
 * late). Returns the delay.
 */
export function expectCheckedThenClear(r: Recorded, stream: number): number {
  const all = `\n    ${fmtLog(r.log)}\n  verdicts (taken → answered): ${fmtVerdicts(r.worker)}`;
  const mine = r.log.filter((s) => s.stream === stream);
  const first = mine.find((s) => s.frame);
  assert.ok(first, `stream ${stream} showed a frame${all}`);
  assert.equal(first.view, "checking", `the first frame is checked${all}`);
  assert.equal(first.overlay, english("live.shield_checking"), `"Checking video…" shown${all}`);
  const clearIndex = mine.findIndex((s) => s.view === "clear");
  assert.ok(clearIndex >= 0, `stream ${stream} was unblurred${all}`);
  const clear = mine[clearIndex];
  // The verdicts on frames of this stream (taken since the tile was given it, give or take the
  // recorder's 50 ms), and whether the first came later than the grace time allows.
  const ours = r.worker.verdicts.filter((v) => v.t >= mine[0].at - 60);
  const graceEnds = first.at - SAMPLED_MS + SHIELD_VERDICT_GRACE_MS;
  const late = !ours.some((v) => v.at <= graceEnds);
  // Every state before the clear one, frame or not, blurred the video: checking, or, once the
  // grace time has passed without an answer, unavailable. (The computed filter is checked where
  // the page is still: under reduced motion every property change is a 1 ms transition, so right
  // at a change the filter is still the old one.)
  for (const s of mine.slice(0, clearIndex)) {
    const lateAndSaid = late && s.view === "unavailable" && s.at >= graceEnds;
    assert.ok(
      s.shielded && (s.view === "checking" || lateAndSaid),
      `blurred and checking until clear: ${fmtSnap(s)}${all}`,
    );
  }
  assert.ok(!clear.shielded && clear.overlay === null, fmtSnap(clear));
  // The verdicts that lifted the blur: all safe.
  const lifting = ours.filter((v) => v.at <= clear.at);
  assert.ok(
    lifting.length >= SHIELD_SAFE_FRAMES,
    `${SHIELD_SAFE_FRAMES} verdicts before the blur lifted; got ${lifting.length}${all}`,
  );
  for (const v of lifting) expectSafe(v.scores);
  const delay = clear.at - first.at;
  if (late) {
    const lifted = clear.at - lifting[lifting.length - 1].at;
    console.log(`  the classifier was late (${fmtVerdicts(r.worker)}): 'unavailable' until then`);
    assert.ok(
      lifted <= AFTER_VERDICTS_MS,
      `unblurred ${lifted.toFixed(0)} ms after the safe verdicts${all}`,
    );
  } else {
    assert.ok(
      delay <= CLEAR_WITHIN_MS,
      `unblurred ${delay.toFixed(0)} ms after the first frame${all}`,
    );
  }
  return delay;
}

export function expectSafe(scores: Scores | null) {
  assert.ok(scores, "the classifier gave scores");
  for (const [name, limit] of Object.entries(SHIELD_THRESHOLDS)) {
    const got: number = scores[name as keyof typeof SHIELD_THRESHOLDS];
    assert.ok(got < limit, `${name} ${got} is below ${limit}: ${JSON.stringify(scores)}`);
  }
}

export interface ShieldPair {
  /** The viewer (whose shield is checked) and the partner. */
  a: Page;
  b: Page;
  errors: string[];
  /** Console messages on A's page (its workers' included). */
  consoleA: ConsoleMessage[];
  server: { url: string; kv: Deno.Kv };
}

/**
 * withLivePair with both cameras showing astronaut.png and A's page recording its shield;
 * `setup` may change A (profile, routes, listeners) before any page loads.
 *
 * B stands in for the partner's own device: its face blur and shield are off, as in
 * bench/shield.ts. Both pages share this machine's 2 cores, and B's face blur alone (its detector
 * and compositor, about 1.2 cores at 1280x720) would otherwise be timed as part of A's check,
 * work that in a real call runs on the partner's phone. A's own face blur is off too unless
 * `blurOnA`: the shield looks at what A receives, not at what A sends (bench/shield.ts measures
 * the two together).
 */
export async function withShieldPair(
  fn: (p: ShieldPair) => Promise<void>,
  setup?: (s: { alice: Member; ca: BrowserContext }) => Promise<void>,
  env: Record<string, string> = {},
  { blurOnA = false } = {},
) {
  const camera = await cameraFile("astronaut");
  await withLivePair({ MATCH_DURATION_MS: "300000", ...env }, async ({ a, b, errors, server }) => {
    const consoleA: ConsoleMessage[] = [];
    a.on("console", (m) => consoleA.push(m));
    await fn({ a, b, errors, consoleA, server });
  }, {
    camera,
    setup: async (s) => {
      await setPrivacy(s.bob, PRIVACY_OFF);
      if (!blurOnA) await setPrivacy(s.alice, BLUR_OFF);
      await s.ca.addInitScript({ content: SHIELD_RECORDER });
      await setup?.(s);
    },
  });
}

export function shieldWarnings(messages: ConsoleMessage[]): string[] {
  return consoleLines(messages, "Safety shield:");
}

export const TEST = { sanitizeResources: false, sanitizeOps: false, ignore: !ffmpegAvailable() };
