// The safety shield in a real Chromium, as the viewer (A) sees the partner's (B's) video; both
// fake cameras show astronaut.png.
//  - The partner's tile starts blurred ("Checking video…") and is unblurred within 3 s of the
//    first remote frame, after two real verdicts of the classifier (nsfwjs on tfjs wasm), which
//    finds the fixture safe; the partner's audio plays while the video is blurred.
//  - An unsafe verdict (fed through the test hook) re-blurs at once with the nudity warning; it
//    is sticky; End & Report opens the report dialog with 'Inappropriate Content' chosen, and
//    sending it ends the session.
//  - Show anyway shows the video for this session only: the next partner starts blurred again.
//  - With the model files or the classifier worker unreachable, the tile stays blurred with the
//    tap-to-show button, one "Safety shield:" warning is logged, the call goes on, and a tap
//    shows the video.
//  - With the shield off, nothing is blurred and the shield's files are never asked for.
//  - No frame leaves the page: no request or WebSocket frame the viewer sends is image-sized.
// A's page records every state of the partner's tile (init script below, in-page, every change
// and every 50 ms) and every verdict its classifier worker answers, with the page's clock.
import assert from "node:assert/strict";
import type { BrowserContext, ConsoleMessage, Page, Request } from "playwright-core";
import {
  expectRemoteVideoPlaying,
  expectToast,
  path,
  startPair,
  waitForPath,
  waitLive,
  withLivePair,
} from "../helpers/live_browser.ts";
import { sleep, until } from "../helpers/time.ts";
import type { Member } from "../helpers/accounts.ts";
import { cameraFile, ffmpegAvailable } from "../helpers/fake_camera.ts";
import { readManifest } from "../../lib/build/assets.ts";
import {
  type Scores,
  SHIELD_SAFE_FRAMES,
  SHIELD_TEXT,
  SHIELD_THRESHOLDS,
  SHIELD_VERDICT_GRACE_MS,
  type ShieldView,
} from "../../lib/client/shield/policy.ts";

/** How soon after the partner's first frame an ordinary scene must be unblurred. */
const CLEAR_WITHIN_MS = 3_000;
const UNSAFE: Scores = { Drawing: 0, Hentai: 0, Neutral: 0.1, Porn: 0.9, Sexy: 0 };
const SAFE: Scores = { Drawing: 0.05, Hentai: 0, Neutral: 0.95, Porn: 0, Sexy: 0 };

/**
 * Runs in A's page before its scripts: logs each change of the partner's tile (its data-shield,
 * whether the video is blurred, which stream it plays and whether it has a frame, the overlay's
 * text) with the page's clock, and every message of the safety-shield worker (its verdicts).
 */
const SHIELD_RECORDER = `(() => {
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
interface Snap {
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

interface Verdict {
  /** When the frame was taken, and when its verdict arrived (page clock). */
  t: number;
  at: number;
  scores: Scores;
}

interface Recorded {
  log: Snap[];
  worker: { created: number; ready: { backend: string; ms: number } | null; verdicts: Verdict[] };
}

async function recorded(page: Page): Promise<Recorded> {
  return await page.evaluate(() => {
    // deno-lint-ignore no-explicit-any
    const g = globalThis as any;
    return { log: g.__shieldLog ?? [], worker: g.__shieldWorker };
  });
}

const fmtSnap = (s: Snap) =>
  `${s.at.toFixed(0)}ms ${s.view}${s.shielded ? " blurred" : ""} stream ${s.stream}` +
  `${s.frame ? " frame" : ""}${s.overlay ? ` "${s.overlay}"` : ""} v${s.verdicts}`;
const fmtLog = (log: Snap[]) => log.map(fmtSnap).join("\n    ");
const fmtVerdicts = (w: Recorded["worker"]) =>
  `ready ${w.ready ? `${w.ready.ms.toFixed(0)} ms` : "no"}; ` +
  w.verdicts.map((v) => `${v.t.toFixed(0)}→${v.at.toFixed(0)}`).join(", ");

/** The shield's own view of things, through the test hook. */
async function hookState(page: Page): Promise<{ view: ShieldView; safeRun: number }> {
  return await page.evaluate(() =>
    // deno-lint-ignore no-explicit-any
    (globalThis as any).__glimpseShield.state()
  );
}

async function figures(page: Page): Promise<{
  loadMs: number | null;
  backend: string | null;
  classifyMs: number[];
  scores: Scores | null;
}> {
  // deno-lint-ignore no-explicit-any
  return await page.evaluate(() => (globalThis as any).__glimpseShield.figures());
}

/** Feeds the shield a verdict as if its classifier had given it; returns when (page clock). */
async function verdict(page: Page, scores: Scores): Promise<number> {
  return await page.evaluate((s) => {
    // deno-lint-ignore no-explicit-any
    (globalThis as any).__glimpseShield.verdict(s);
    return performance.now();
  }, scores);
}

const tile = (page: Page) => page.locator("figure.tile-remote");

/** Waits for the partner's tile to show `view`; fails with the recorded log. */
async function waitView(page: Page, view: ShieldView, timeout = 15_000): Promise<Snap[]> {
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
async function videoLook(page: Page): Promise<{ shielded: boolean; filter: string }> {
  return await tile(page).locator("video").evaluate((v) => ({
    shielded: v.classList.contains("shielded"),
    filter: getComputedStyle(v).filter,
  }));
}

/**
 * The tile shows `view` with the video blurred (its class and its computed filter; under reduced
 * motion a change of the filter is a 1 ms transition, hence the short wait).
 */
async function expectBlurred(page: Page, view: ShieldView) {
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
async function expectUnblurred(page: Page, view: ShieldView) {
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
 * frame until the tile is clear, which happens within CLEAR_WITHIN_MS of that frame and after
 * at least SHIELD_SAFE_FRAMES real verdicts on its frames, all safe. Returns the delay.
 */
function expectCheckedThenClear(r: Recorded, stream: number): number {
  const all = `\n    ${fmtLog(r.log)}\n  verdicts (taken → answered): ${fmtVerdicts(r.worker)}`;
  const mine = r.log.filter((s) => s.stream === stream);
  const first = mine.find((s) => s.frame);
  assert.ok(first, `stream ${stream} showed a frame${all}`);
  assert.equal(first.view, "checking", `the first frame is checked${all}`);
  assert.equal(first.overlay, SHIELD_TEXT.checking, `"Checking video…" shown${all}`);
  const clearIndex = mine.findIndex((s) => s.view === "clear");
  assert.ok(clearIndex >= 0, `stream ${stream} was unblurred${all}`);
  const clear = mine[clearIndex];
  // Every state before the clear one, frame or not, blurred the video. (The computed filter is
  // checked where the page is still: under reduced motion every property change is a 1 ms
  // transition, so right at a change the filter is still the old one.)
  for (const s of mine.slice(0, clearIndex)) {
    assert.ok(
      s.shielded && s.view === "checking",
      `blurred and checking until clear: ${fmtSnap(s)}${all}`,
    );
  }
  assert.ok(!clear.shielded && clear.overlay === null, fmtSnap(clear));
  const delay = clear.at - first.at;
  assert.ok(
    delay <= CLEAR_WITHIN_MS,
    `unblurred ${delay.toFixed(0)} ms after the first frame${all}`,
  );
  // The verdicts that lifted the blur: on frames of this stream (taken since the tile was given
  // it, give or take the recorder's 50 ms), all safe.
  const lifting = r.worker.verdicts.filter((v) => v.t >= mine[0].at - 60 && v.at <= clear.at);
  assert.ok(
    lifting.length >= SHIELD_SAFE_FRAMES,
    `${SHIELD_SAFE_FRAMES} verdicts before the blur lifted; got ${lifting.length}${all}`,
  );
  for (const v of lifting) expectSafe(v.scores);
  return delay;
}

function expectSafe(scores: Scores | null) {
  assert.ok(scores, "the classifier gave scores");
  for (const [name, limit] of Object.entries(SHIELD_THRESHOLDS)) {
    const got = scores[name as keyof typeof SHIELD_THRESHOLDS];
    assert.ok(got < limit, `${name} ${got} is below ${limit}: ${JSON.stringify(scores)}`);
  }
}

interface ShieldPair {
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
 */
async function withShieldPair(
  fn: (p: ShieldPair) => Promise<void>,
  setup?: (s: { alice: Member; ca: BrowserContext }) => Promise<void>,
  env: Record<string, string> = {},
) {
  const camera = await cameraFile("astronaut");
  await withLivePair({ MATCH_DURATION_MS: "60000", ...env }, async ({ a, b, errors, server }) => {
    const consoleA: ConsoleMessage[] = [];
    a.on("console", (m) => consoleA.push(m));
    await fn({ a, b, errors, consoleA, server });
  }, {
    camera,
    setup: async (s) => {
      await s.ca.addInitScript({ content: SHIELD_RECORDER });
      await setup?.(s);
    },
  });
}

function shieldWarnings(messages: ConsoleMessage[]): string[] {
  return messages.filter((m) => m.text().startsWith("Safety shield:")).map((m) => m.text());
}

const TEST = { sanitizeResources: false, sanitizeOps: false, ignore: !ffmpegAvailable() };

Deno.test({
  ...TEST,
  name: "shield: the partner's video starts blurred and is unblurred by safe verdicts",
  async fn() {
    await withShieldPair(async ({ a, b, errors, consoleA }) => {
      await startPair(a, b);
      await waitView(a, "clear", 20_000);
      const r = await recorded(a);
      console.log(`  A's tile:\n    ${fmtLog(r.log)}`);
      const delay = expectCheckedThenClear(r, 1);
      console.log(`  unblurred ${delay.toFixed(0)} ms after the first frame`);
      // The partner's audio plays while the video is blurred.
      const blurredWithFrame = r.log.filter((s) => s.stream === 1 && s.frame && s.shielded);
      for (const s of blurredWithFrame) {
        assert.ok(!s.muted && s.audio >= 1, `audio on while blurred: ${JSON.stringify(s)}`);
      }
      await expectUnblurred(a, "clear");
      // The classifier's own verdict on the fixture, on WebAssembly.
      const f = await figures(a);
      console.log(`  figures: ${JSON.stringify(f)}`);
      expectSafe(f.scores);
      assert.equal(f.backend, "wasm");
      assert.equal(r.worker.ready?.backend, "wasm");
      assert.deepEqual(shieldWarnings(consoleA), []);
      await expectRemoteVideoPlaying(a, 15_000, "A");
      assert.deepEqual(errors, []);
    });
  },
});

/** How soon a verdict shows on the tile ("at once": the next render, on a busy 2-core machine). */
const RENDER_WITHIN_MS = 500;

/**
 * Feeds an unsafe verdict to a clear tile: blurred at once, with the warning and its buttons.
 * Returns the warning.
 */
async function makeUnsafe(a: Page) {
  await waitView(a, "clear", 20_000);
  const fedAt = await verdict(a, UNSAFE);
  const log = await waitView(a, "unsafe", 3_000);
  const unsafe = log.find((s) => s.view === "unsafe" && s.at >= fedAt)!;
  assert.ok(unsafe.shielded, `blurred with the warning: ${fmtSnap(unsafe)}`);
  assert.ok(
    unsafe.at - fedAt <= RENDER_WITHIN_MS,
    `re-blurred ${(unsafe.at - fedAt).toFixed(0)} ms after the verdict`,
  );
  await expectBlurred(a, "unsafe");
  const warning = a.getByRole("alertdialog", { name: SHIELD_TEXT.unsafe });
  await warning.waitFor({ state: "visible", timeout: 3_000 });
  for (const name of [SHIELD_TEXT.endReport, SHIELD_TEXT.showAnyway]) {
    await warning.getByRole("button", { name, exact: true }).waitFor({ state: "visible" });
  }
  return warning;
}

/** `n` more real verdicts from A's classifier. */
async function moreVerdicts(a: Page, n: number) {
  const before = (await recorded(a)).worker.verdicts.length;
  await until(
    `${n} more verdicts`,
    async () => (await recorded(a)).worker.verdicts.length,
    (count) => count >= before + n,
    15_000,
    100,
  );
}

Deno.test({
  ...TEST,
  name: "shield: an unsafe verdict re-blurs with the warning until End & Report ends the session",
  async fn() {
    await withShieldPair(async ({ a, b, errors, server }) => {
      await startPair(a, b);
      const warning = await makeUnsafe(a);
      // Sticky: safe verdicts, fed and real (the classifier goes on checking), do not lift it.
      for (let i = 0; i < 3; i++) await verdict(a, SAFE);
      await moreVerdicts(a, 3);
      await expectBlurred(a, "unsafe");
      assert.ok((await hookState(a)).safeRun >= 3, "the safe verdicts were counted");
      assert.ok(await warning.isVisible(), "the warning stays");
      // End & Report: the report dialog with 'Inappropriate Content' chosen; Cancel goes back.
      const dialog = a.getByRole("dialog", { name: "Report this user" });
      await warning.getByRole("button", { name: SHIELD_TEXT.endReport }).click();
      await dialog.waitFor();
      assert.equal(await dialog.getByLabel("Inappropriate Content").isChecked(), true);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      await expectBlurred(a, "unsafe");
      await warning.waitFor({ state: "visible" });
      await warning.getByRole("button", { name: SHIELD_TEXT.endReport }).click();
      await dialog.waitFor();
      assert.equal(await dialog.getByLabel("Inappropriate Content").isChecked(), true);
      assert.equal(path(a), "/live-match", "the dialog keeps the session until it is sent");
      await dialog.getByRole("button", { name: "Submit report" }).click();
      // The reporter lands on the summary with the report's notice; the partner's side ends.
      await a.waitForURL(
        (u) => u.pathname === "/match-end" && u.searchParams.get("notice") === "reported",
        { timeout: 15_000, waitUntil: "commit" },
      );
      await expectToast(a, "Report submitted");
      await waitForPath(b, "/match-end");
      const reports: string[] = [];
      for await (const e of server.kv.list({ prefix: ["reports"] })) {
        reports.push(JSON.stringify(e.value));
      }
      assert.ok(
        reports.some((r) => r.includes('"reportReason":"inappropriate"')),
        `an 'inappropriate' report is stored: ${reports}`,
      );
      assert.deepEqual(errors, []);
    });
  },
});

Deno.test({
  ...TEST,
  name: "shield: Show anyway lasts for the session; the next partner starts blurred again",
  async fn(t) {
    await withShieldPair(
      async ({ a, b, errors }) => {
        await startPair(a, b);
        await t.step("Show anyway shows the video despite further unsafe verdicts", async () => {
          const warning = await makeUnsafe(a);
          await warning.getByRole("button", { name: SHIELD_TEXT.showAnyway }).click();
          await waitView(a, "shown", 2_000);
          await expectUnblurred(a, "shown");
          await verdict(a, UNSAFE);
          await sleep(600);
          assert.equal((await hookState(a)).view, "shown");
          await expectUnblurred(a, "shown");
        });
        await t.step(
          "Skip, and the same two meet again: checked from the first frame",
          async () => {
            await a.getByRole("button", { name: "Skip" }).click();
            await a.getByRole("heading", { name: "Finding Someone..." }).waitFor();
            await waitForPath(b, "/match-end");
            await b.goto("/connecting");
            await Promise.all([waitLive(a, 30_000), waitLive(b, 30_000)]);
            // A's page never reloaded: its second partner stream is stream 2 in its log.
            const { log } = await until(
              "the next partner's first frame on A",
              () => recorded(a),
              (r) => r.log.some((s) => s.stream === 2 && s.frame),
              20_000,
              100,
            );
            const first = log.find((s) => s.stream === 2 && s.frame)!;
            assert.ok(
              first.shielded && first.view === "checking",
              `the next partner's first frame is checked:\n    ${fmtLog(log)}`,
            );
            await waitView(a, "clear", 20_000);
            const r = await recorded(a);
            console.log(`  A's tile:\n    ${fmtLog(r.log)}`);
            const delay = expectCheckedThenClear(r, 2);
            console.log(
              `  the next partner unblurred ${delay.toFixed(0)} ms after the first frame`,
            );
            await expectUnblurred(a, "clear");
          },
        );
        assert.deepEqual(errors, []);
      },
      undefined,
      { SEARCH_TIMEOUT_MS: "30000" },
    );
  },
});

/** Aborts A's requests matching `pattern` (a context route also sees its workers' requests). */
function blockOnA(pattern: string | (() => Promise<string>), blocked: string[]) {
  return async ({ ca }: { ca: BrowserContext }) => {
    const glob = typeof pattern === "string" ? pattern : await pattern();
    await ca.route(glob, (route) => {
      blocked.push(new URL(route.request().url()).pathname);
      return route.abort();
    });
  };
}

/** The shield's files as the build's manifest names them. */
async function shieldFiles() {
  const manifest = await readManifest();
  assert.ok(manifest, "the build's manifest");
  return manifest.shield;
}

/**
 * With the check unavailable: the tile blurred with the tap-to-show button while the call goes
 * on, one "Safety shield:" warning, and a tap shows the video.
 */
async function expectUnavailable(p: ShieldPair) {
  const { a, b } = p;
  await startPair(a, b);
  await expectRemoteVideoPlaying(a, 15_000, "A");
  const button = tile(a).getByRole("button", { name: SHIELD_TEXT.unavailable, exact: true });
  await button.waitFor({ state: "visible", timeout: 5_000 });
  await expectBlurred(a, "unavailable");
  // It stays so (the grace for a verdict is long gone, and none will come).
  await sleep(2_000);
  await expectBlurred(a, "unavailable");
  const r = await recorded(a);
  console.log(`  A's tile:\n    ${fmtLog(r.log)}`);
  assert.ok(
    r.log.every((s) => !s.frame || s.shielded),
    `every frame blurred:\n    ${fmtLog(r.log)}`,
  );
  assert.equal(r.worker.verdicts.length, 0, "no verdicts");
  const warnings = shieldWarnings(p.consoleA);
  assert.equal(warnings.length, 1, `one "Safety shield:" warning: ${warnings}`);
  console.log(`  ${warnings[0]}`);
  await expectRemoteVideoPlaying(a, 15_000, "A");
  await expectRemoteVideoPlaying(b, 15_000, "B");
  await button.click();
  await waitView(a, "shown", 2_000);
  await expectUnblurred(a, "shown");
  assert.equal(shieldWarnings(p.consoleA).length, 1, "still one warning");
  assert.deepEqual(p.errors, []);
}

Deno.test({
  ...TEST,
  name: "shield: with the model unreachable the video stays blurred until tapped; the call goes on",
  async fn() {
    const blocked: string[] = [];
    await withShieldPair(async (p) => {
      await expectUnavailable(p);
      console.log(`  blocked on A: ${blocked.join(", ")}`);
      assert.ok(
        blocked.some((u) => /^\/build\/models\/nsfw-mobilenet-v2-[^/]+\/model\.json$/.test(u)),
        `the classifier asked for the model: ${blocked}`,
      );
    }, blockOnA("**/build/models/nsfw-mobilenet-v2-*/**", blocked));
  },
});

Deno.test({
  ...TEST,
  name: "shield: with the classifier worker unreachable the video stays blurred until tapped",
  async fn() {
    const blocked: string[] = [];
    let classifier = "";
    await withShieldPair(async (p) => {
      await expectUnavailable(p);
      console.log(`  blocked on A: ${blocked.join(", ")}`);
      assert.deepEqual(blocked, [classifier], "A's page asked for the classifier worker");
    }, blockOnA(async () => `**${classifier = (await shieldFiles()).classifier}`, blocked));
  },
});

Deno.test({
  ...TEST,
  name: "shield: off in settings, nothing is blurred and the shield's files are never asked for",
  async fn() {
    const asked: string[] = [];
    await withShieldPair(async ({ a, b, errors, consoleA }) => {
      await startPair(a, b);
      await expectRemoteVideoPlaying(a, 15_000, "A");
      // Longer than the grace for a verdict: a shield that ran would have said something.
      await sleep(SHIELD_VERDICT_GRACE_MS + 1_000);
      const r = await recorded(a);
      console.log(`  A's tile:\n    ${fmtLog(r.log)}`);
      const live = r.log.filter((s) => s.view !== "no-tile");
      assert.ok(live.some((s) => s.frame), `the partner's video had frames:\n    ${fmtLog(r.log)}`);
      for (const s of live) {
        assert.ok(
          s.view === null && !s.shielded && s.overlay === null,
          `no shield on the tile: ${fmtSnap(s)}`,
        );
      }
      assert.equal(await tile(a).getAttribute("data-shield"), null);
      assert.deepEqual(await videoLook(a), { shielded: false, filter: "none" });
      assert.equal((await hookState(a)).view, "off");
      assert.equal(r.worker.created, 0, "no classifier worker");
      const files = await shieldFiles();
      const modelDir = files.model.slice(0, files.model.lastIndexOf("/") + 1);
      const shieldAsked = asked.filter((u) =>
        u === files.classifier || u === files.wasm || u === files.wasmSimd ||
        u.startsWith(modelDir)
      );
      assert.deepEqual(shieldAsked, [], "none of the shield's files asked for");
      // The recorder did see the page's own files.
      assert.ok(asked.some((u) => u.startsWith("/build/")), `requests seen: ${asked}`);
      assert.deepEqual(shieldWarnings(consoleA), []);
      assert.deepEqual(errors, []);
    }, async ({ alice, ca }) => {
      const res = await alice.client.patch("/api/user/profile", { safetyShieldEnabled: false });
      assert.equal(res.status, 200, `safetyShieldEnabled: ${res.text}`);
      ca.on("request", (r) => asked.push(new URL(r.url()).pathname));
    });
  },
});

/**
 * The most a request body or a WebSocket frame of the viewer may carry. The app's own messages
 * (API JSON, ICE candidates, reactions) are far smaller; a frame of the partner's video is not:
 * even at the classifier's 224 × 224 it is 200 KB of pixels, and well over 4 KB as a JPEG or
 * PNG (a data: URL adds a third). The one bigger message is the WebRTC offer or answer (about
 * 6 KB of SDP): its SDP is checked line by line instead (see `withoutSdp`).
 */
const MAX_SENT_BYTES = 4 * 1024;
/** SDP lines (codecs, fingerprints, ICE candidates) are short; an image would not be. */
const MAX_SDP_LINE = 512;

/**
 * A WebSocket frame as sent, less the SDP of a signal carrying one, after checking that SDP is
 * only short `x=value` lines.
 */
function withoutSdp(text: string): string {
  let msg: { type?: string; signal?: { sdp?: unknown } };
  try {
    msg = JSON.parse(text);
  } catch {
    return text;
  }
  const sdp = msg.signal?.sdp;
  if (msg.type !== "signal" || typeof sdp !== "string") return text;
  const lines = sdp.split(/\r?\n/).filter((l) => l !== "");
  assert.match(lines[0] ?? "", /^v=0$/, "an SDP");
  for (const line of lines) {
    assert.ok(
      /^[a-z]=/.test(line) && line.length <= MAX_SDP_LINE,
      `an SDP line of ${line.length} characters: ${line.slice(0, 80)}`,
    );
  }
  return JSON.stringify({ ...msg, signal: { ...msg.signal, sdp: `(${lines.length} lines)` } });
}

interface Sent {
  what: string;
  bytes: number;
  text: string;
}

Deno.test({
  ...TEST,
  name: "shield: no frame leaves the viewer's page (requests and WebSocket frames stay small)",
  async fn() {
    const requests: Request[] = [];
    await withShieldPair(async ({ a, b, errors }) => {
      const frames: Sent[] = [];
      a.on("websocket", (ws) => {
        ws.on("framesent", (f) => {
          const text = typeof f.payload === "string" ? f.payload : f.payload.toString("latin1");
          const checked = withoutSdp(text);
          frames.push({
            what: `${ws.url()}: ${checked.slice(0, 60)}`,
            bytes: new TextEncoder().encode(checked).length,
            text,
          });
        });
      });
      await startPair(a, b);
      const f = await until(
        "three classifications of the partner's video",
        () => figures(a),
        (f) => f.classifyMs.length >= 3,
        30_000,
      );
      // A little longer with the shield running.
      await sleep(1_000);
      console.log(`  classifications: ${(await figures(a)).classifyMs.length}; ${f.backend}`);
      const sent: Sent[] = [...frames];
      for (const r of requests) {
        const headers = await r.allHeaders().catch(() => r.headers());
        const body = r.postDataBuffer();
        sent.push({
          what: `${r.method()} ${r.url()} (${headers["content-type"] ?? "no type"})`,
          bytes: body?.length ?? 0,
          text: `${r.url()} ${headers["content-type"] ?? ""} ${body?.toString("latin1") ?? ""}`,
        });
      }
      const biggest = [...sent].sort((x, y) => y.bytes - x.bytes).slice(0, 5);
      console.log(
        `  ${requests.length} requests, ${frames.length} WebSocket frames sent; biggest: ` +
          biggest.map((s) => `${s.bytes} B ${s.what.slice(0, 80)}`).join("; "),
      );
      // The recorder saw the classifier worker's own requests, and the page's signalling.
      const paths = requests.map((r) => new URL(r.url()).pathname);
      assert.ok(
        paths.some((p) =>
          /^\/build\/models\/nsfw-mobilenet-v2-[^/]+\/group1-shard1of1\.bin$/.test(p)
        ),
        `the worker's requests were seen: ${paths.join(", ")}`,
      );
      assert.ok(frames.length > 0, "WebSocket frames were seen");
      for (const s of sent) {
        assert.ok(s.bytes <= MAX_SENT_BYTES, `${s.bytes} bytes sent: ${s.what}`);
        assert.ok(!/data:image|blob:/i.test(s.text), `an image sent: ${s.what}`);
        assert.ok(!/content-type[^\n]*image\//i.test(s.what), `an image sent: ${s.what}`);
      }
      assert.deepEqual(errors, []);
    }, ({ ca }) => {
      ca.on("request", (r) => requests.push(r));
      return Promise.resolve();
    });
  },
});
