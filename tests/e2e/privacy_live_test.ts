// On-device face blur in a live call, as the partner receives it (real Chromium, both members'
// fake camera showing astronaut.png at 1280x720): frames are read from the partner's
// `.tile-remote video` and the sharpness (mean absolute Laplacian) of the face, of a textured
// background outside the fixed band, and of a part of the band away from the face is compared
// with the raw fixture scaled to the same size as the received frame (WebRTC may send a smaller
// picture while its bandwidth estimate ramps up, and a smaller picture scores higher per pixel).
//  - Blur on (the default): the face arrives blurred in every sampled frame, the background
//    sharp; once the detector has found the face, the band's area away from it is sharp too.
//  - Blur off: the face arrives sharp (the measure can fail) and there is no 'Privacy On' badge.
//  - Chromium composes in a worker; without MediaStreamTrackProcessor (Firefox, Safari), or with
//    the compositor worker's script unreachable, the page composes: the face arrives blurred all
//    the same.
//  - The detector's files (or its worker script) unreachable, blocked with a context route (which
//    also sees requests made by the page's module workers): the whole picture is covered in every
//    frame from the first one (face, band area and background), A's tile says why, and the page
//    throws nothing; one "Face blur:" warning is logged.
import assert from "node:assert/strict";
import type { BrowserContext, ConsoleMessage, Page } from "playwright-core";
import {
  blockOnA,
  BLUR_OFF,
  blurCoversInPage,
  consoleLines,
  describeLive,
  expectRemoteVideoPlaying,
  fmtCovers,
  PRIVACY_OFF,
  setPrivacy,
  startPair,
  withLivePair,
} from "../helpers/live_browser.ts";
import { ACTION_TIMEOUT_MS, sleep, until } from "../helpers/time.ts";
import type { Member } from "../helpers/accounts.ts";
import {
  BACKGROUND_RECT_REL,
  cameraFile,
  FACE_RECT_REL,
  ffmpegAvailable,
  rawGray,
} from "../helpers/fake_camera.ts";
import { meanAbsLaplacian, type Rect, toPixels, videoGray } from "../helpers/sharpness.ts";

const REMOTE = ".tile-remote video";

/**
 * In a 1280x720 frame of astronaut.png: the left side of the helmet ring and the suit's
 * shoulder, inside the landscape fixed band (x 256..1024, y 108..396) but away from the face and
 * the margin a detection adds around it. Blurred while the band is drawn, sharp once a fresh
 * detection vouches for the frame.
 */
const BAND_ONLY_REL: Rect = { x: 264 / 1280, y: 260 / 720, w: 104 / 1280, h: 130 / 720 };

/** Face sharpness must drop by at least 70 % against the raw fixture at the same size. */
const FACE_MAX = 0.3;
/** The background (and, with blur off, the face) keeps at least 50 % of the raw sharpness. */
const SHARP_MIN = 0.5;

const REGIONS = { face: FACE_RECT_REL, background: BACKGROUND_RECT_REL, band: BAND_ONLY_REL };
type Region = keyof typeof REGIONS;

/** One received frame: its size, and each region's sharpness as a fraction of the raw one. */
interface Sample {
  width: number;
  height: number;
  /** Sharpness of the received frame. */
  got: Record<Region, number>;
  /** Sharpness of the raw fixture scaled to the received frame's size. */
  raw: Record<Region, number>;
  /** got / raw. */
  ratio: Record<Region, number>;
}

const rawCache = new Map<string, Promise<Record<Region, number>>>();

/** The raw fixture's sharpness per region at width x height (ffmpeg scale of the camera clip). */
function rawSharpness(width: number, height: number): Promise<Record<Region, number>> {
  const key = `${width}x${height}`;
  let got = rawCache.get(key);
  if (!got) {
    got = (async () => {
      const gray = await rawGray(await cameraFile("astronaut"), { width, height });
      return measure(gray, width, height);
    })();
    rawCache.set(key, got);
  }
  return got;
}

function measure(gray: Uint8Array, width: number, height: number): Record<Region, number> {
  const out = {} as Record<Region, number>;
  for (const [name, rel] of Object.entries(REGIONS) as [Region, Rect][]) {
    out[name] = meanAbsLaplacian(gray, width, toPixels(rel, width, height));
  }
  return out;
}

/** The frame `page` shows in its remote tile now, measured against the raw fixture. */
async function sample(page: Page): Promise<Sample> {
  const { gray, width, height } = await videoGray(page, REMOTE);
  const got = measure(gray, width, height);
  const raw = await rawSharpness(width, height);
  const ratio = {} as Record<Region, number>;
  for (const name of Object.keys(REGIONS) as Region[]) ratio[name] = got[name] / raw[name];
  return { width, height, got, raw, ratio };
}

const pct = (v: number) => `${Math.round(v * 100)}%`;
const fmt = (s: Sample) =>
  `${s.width}x${s.height} ` +
  (Object.keys(REGIONS) as Region[]).map((r) =>
    `${r} ${s.got[r].toFixed(1)}/${s.raw[r].toFixed(1)} (${pct(s.ratio[r])})`
  ).join(", ");

/** `count` received frames, `every` ms apart. */
async function samples(page: Page, count: number, every: number): Promise<Sample[]> {
  const out: Sample[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 0) await sleep(every);
    out.push(await sample(page));
  }
  return out;
}

interface CameraPair {
  /** The member whose camera is checked (A) and the partner who receives it (B). */
  a: Page;
  b: Page;
  /** Page errors thrown on either page. */
  errors: string[];
  /** Console messages on A's page (its workers' included). */
  consoleA: ConsoleMessage[];
}

/**
 * withLivePair with Chromium's fake camera showing astronaut.png, and A's console kept; `setup`
 * may change A (profile, routes) before any page loads. What is measured is A's face blur as B
 * receives it: B turns its own face blur and safety shield off, and A its shield (unless
 * `shieldOnA`), so that two browsers on two cores do only the work the test looks at.
 */
async function withCameraPair(
  setup: (s: { alice: Member; ca: BrowserContext }) => Promise<void>,
  fn: (p: CameraPair) => Promise<void>,
  { shieldOnA = false } = {},
) {
  const camera = await cameraFile("astronaut");
  await withLivePair({ MATCH_DURATION_MS: "60000" }, async ({ a, b, errors }) => {
    const consoleA: ConsoleMessage[] = [];
    a.on("console", (m) => consoleA.push(m));
    await fn({ a, b, errors, consoleA });
  }, {
    camera,
    setup: async ({ alice, bob, ca }) => {
      await setPrivacy(bob, PRIVACY_OFF);
      await setPrivacy(alice, { safetyShieldEnabled: shieldOnA });
      await setup({ alice, ca });
    },
  });
}

/** The 'You' tile's badges on `page`. */
async function localBadges(page: Page): Promise<string[]> {
  return (await page.locator(".tile-local .badge").allInnerTexts()).map((t) => t.trim());
}

/** The "Face blur:" warnings among console messages. */
const TEST = { sanitizeResources: false, sanitizeOps: false, ignore: !ffmpegAvailable() };

/** Where A's compositor runs: its hidden <video> sources (the page) and processed tracks. */
async function composer(a: Page): Promise<{ page: number; worker: number }> {
  return await a.evaluate(() => ({
    page: document.querySelectorAll("video.blur-source").length,
    // deno-lint-ignore no-explicit-any
    worker: ((globalThis as any).__processed as MediaStreamTrack[])
      .filter((t) => t.readyState === "live").length,
  }));
}

/**
 * B receives A's face blurred and the background sharp, in every one of 10 frames once A's
 * detector has found the face (until then the whole picture is covered; then only the face and its
 * margin are, and the band's area away from the face arrives sharp).
 */
async function expectFaceBlurred(a: Page, b: Page) {
  await expectRemoteVideoPlaying(b, ACTION_TIMEOUT_MS, "B");
  await until(
    "the 'Privacy On' badge on A's 'You' tile",
    () => localBadges(a),
    (l) => l.includes("Privacy On"),
  );
  const started = Date.now();
  let last: Sample | null = null;
  try {
    last = await until(
      "B to receive A's band area sharp (A's detector found the face)",
      () => sample(b),
      (s) => s.ratio.band >= SHARP_MIN,
      30_000,
      300,
    );
  } catch (err) {
    throw new Error(`${(err as Error).message}; ${await describeLive(b)}`);
  }
  console.log(`  detection live after ${Date.now() - started} ms: ${fmt(last)}`);
  const got = await samples(b, 10, 400);
  for (const s of got) console.log(`  received ${fmt(s)}`);
  console.log(`  A's frames by cover: ${fmtCovers(await a.evaluate(blurCoversInPage))}`);
  const worstFace = got.reduce((w, s) => s.ratio.face > w.ratio.face ? s : w);
  assert.ok(
    worstFace.ratio.face <= FACE_MAX,
    `the face must arrive blurred in every frame (≤ ${pct(FACE_MAX)} of raw); ` +
      `sharpest: ${fmt(worstFace)}`,
  );
  // The background is sharp while detections keep up. On a starved machine a detection may come
  // late, and the page then covers the whole picture until the next one (it fails closed): some
  // frames may arrive wholly blurred (seen: 3 of 10 with two test files and a build sharing two
  // cores), never the face sharp. A page that covers everything all along still fails here.
  const sharp = got.filter((s) => s.ratio.background >= SHARP_MIN);
  const worstBackground = got.reduce((w, s) => s.ratio.background < w.ratio.background ? s : w);
  assert.ok(
    sharp.length >= got.length / 2,
    `the background must arrive sharp (≥ ${
      pct(SHARP_MIN)
    } of raw) in at least half of ${got.length} frames: ${sharp.length}; least: ${
      fmt(worstBackground)
    }`,
  );
}

Deno.test({
  ...TEST,
  name: "face blur live: the partner receives the face blurred, the background sharp",
  async fn() {
    await withCameraPair(() => Promise.resolve(), async ({ a, b, errors, consoleA }) => {
      await startPair(a, b);
      await expectFaceBlurred(a, b);
      // Chromium composes in the worker: the page only hands it the camera track.
      assert.deepEqual(await composer(a), { page: 0, worker: 1 }, "composed in the worker");
      assert.deepEqual(
        consoleLines(consoleA, "Face blur:"),
        [],
        "the detector worked without a warning",
      );
      assert.deepEqual(errors, []);
    });
  },
});

Deno.test({
  ...TEST,
  name: "face blur live: a browser without MediaStreamTrackProcessor composes on the page, " +
    "the face still blurred",
  async fn() {
    await withCameraPair(async ({ ca }) => {
      // As in Firefox and Safari today.
      await ca.addInitScript(() => {
        // deno-lint-ignore no-explicit-any
        delete (globalThis as any).MediaStreamTrackProcessor;
      });
    }, async ({ a, b, errors, consoleA }) => {
      await startPair(a, b);
      await expectFaceBlurred(a, b);
      assert.deepEqual(await composer(a), { page: 1, worker: 0 }, "composed on the page");
      assert.deepEqual(consoleLines(consoleA, "Face blur:"), []);
      assert.deepEqual(errors, []);
    });
  },
});

Deno.test({
  ...TEST,
  name: "face blur live: with the compositor worker unreachable, the page composes, the face " +
    "still blurred",
  async fn() {
    const blocked: string[] = [];
    await withCameraPair(blockOnA("**/build/workers/compositor-*", blocked), async (p) => {
      await startPair(p.a, p.b);
      await expectFaceBlurred(p.a, p.b);
      console.log(`  blocked on A: ${blocked.join(", ")}`);
      assert.ok(blocked.length > 0, "A's page asked for the compositor worker");
      assert.equal((await composer(p.a)).page, 1, "composed on the page");
      const warnings = consoleLines(p.consoleA, "Face blur:");
      assert.equal(warnings.length, 1, `one "Face blur:" warning on A: ${warnings}`);
      assert.match(warnings[0], /the compositor worker did not start; the page covers the frames/);
      assert.deepEqual(p.errors, []);
    });
  },
});

Deno.test({
  ...TEST,
  name: "face blur live: with blur off the partner sees the face",
  async fn() {
    await withCameraPair(async ({ alice }) => {
      await setPrivacy(alice, BLUR_OFF);
    }, async ({ a, b, errors }) => {
      await startPair(a, b);
      await expectRemoteVideoPlaying(b, ACTION_TIMEOUT_MS, "B");
      const got = await samples(b, 10, 400);
      for (const s of got) console.log(`  received ${fmt(s)}`);
      const best = got.reduce((w, s) => s.ratio.face > w.ratio.face ? s : w);
      assert.ok(
        best.ratio.face >= SHARP_MIN,
        `with blur off the face must arrive sharp (≥ ${pct(SHARP_MIN)} of raw); sharpest: ${
          fmt(best)
        }`,
      );
      // The badge is decided with the stream the 'You' tile shows: once it shows one, it is final.
      await until(
        "A's 'You' tile to show the camera",
        () =>
          a.evaluate(() =>
            Boolean(document.querySelector<HTMLVideoElement>(".tile-local video")?.srcObject)
          ),
        (shown) => shown,
      );
      assert.ok(!(await localBadges(a)).includes("Privacy On"), "no 'Privacy On' badge");
      assert.deepEqual(errors, []);
    });
  },
});

/**
 * Received frames every 300 ms for 5 s from B's first played frame: the whole picture covered in
 * every one (face, band area and the background outside the band); A's 'You' tile says so.
 */
async function expectWholeCovered(a: Page, b: Page): Promise<Sample[]> {
  await expectRemoteVideoPlaying(b, ACTION_TIMEOUT_MS, "B");
  const got: Sample[] = [];
  const end = Date.now() + 5_000;
  while (Date.now() < end) {
    got.push(await sample(b));
    await sleep(300);
  }
  for (const s of got) console.log(`  received ${fmt(s)}`);
  for (const region of ["face", "band", "background"] as const) {
    const worst = got.reduce((w, s) => s.ratio[region] > w.ratio[region] ? s : w);
    assert.ok(
      worst.ratio[region] <= FACE_MAX,
      `the ${region} area must be covered in every frame (≤ ${pct(FACE_MAX)} of raw); ` +
        `sharpest of ${got.length}: ${fmt(worst)}`,
    );
  }
  const badges = await localBadges(a);
  assert.ok(badges.includes("Privacy On"), `A's badges: ${badges}`);
  assert.ok(badges.includes("Whole picture blurred"), `A's badges: ${badges}`);
  const why = await a.locator(".tile-local .blur-whole").getAttribute("title");
  assert.equal(why, "Face blur could not run in this browser, so your whole picture is blurred");
  return got;
}

/** Aborts A's requests matching `pattern` (a context route also sees its workers' requests). */
Deno.test({
  ...TEST,
  name: "face blur live: with the detector's files unreachable, the partner receives the whole " +
    "picture covered",
  async fn() {
    const blocked: string[] = [];
    await withCameraPair(blockOnA("**/build/models/**", blocked), async (p) => {
      await startPair(p.a, p.b);
      await expectWholeCovered(p.a, p.b);
      // The detector worker imports MediaPipe's loader first; its failure stops it there.
      console.log(`  blocked on A: ${blocked.join(", ")}`);
      assert.ok(
        blocked.some((u) => u.startsWith("/build/models/vision_wasm_module_internal-")),
        `the detector worker asked for MediaPipe's loader: ${blocked}`,
      );
      const warnings = consoleLines(p.consoleA, "Face blur:");
      assert.equal(warnings.length, 1, `one "Face blur:" warning on A: ${warnings}`);
      assert.match(warnings[0], /the face detector did not load/);
      assert.deepEqual(p.errors, []);
    });
  },
});

Deno.test({
  ...TEST,
  name: "face blur live: with the detector worker unreachable, the partner receives the whole " +
    "picture covered",
  async fn() {
    const blocked: string[] = [];
    await withCameraPair(blockOnA("**/build/workers/detector-*", blocked), async (p) => {
      await startPair(p.a, p.b);
      await expectWholeCovered(p.a, p.b);
      console.log(`  blocked on A: ${blocked.join(", ")}`);
      assert.ok(blocked.length > 0, "A's page asked for the detector worker");
      // The page tells the compositor itself (the worker that failed cannot): one warning.
      const warnings = consoleLines(p.consoleA, "Face blur:");
      assert.equal(warnings.length, 1, `one "Face blur:" warning on A: ${warnings}`);
      assert.match(warnings[0], /the face detector did not load/);
      assert.deepEqual(p.errors, []);
    });
  },
});

/**
 * Notes (Date.now()) when the page first shows its own preview frame, when it shows that a match
 * was found (the match-found view or the live view), and when its partner's video has its first
 * frame. The partner's mark is taken
 * on the very event the page reacts to (the remote video's loadeddata or playing), in the capture
 * phase, so it is never later than the page's own reaction.
 */
const MARK_FRAMES = `(() => {
  const marks = (window.__frameMarks = {});
  const partnerFrame = (e) => {
    if (!marks.partner && e.target instanceof HTMLVideoElement && e.target.closest(".tile-remote")) {
      marks.partner = Date.now();
    }
  };
  document.addEventListener("loadeddata", partnerFrame, true);
  document.addEventListener("playing", partnerFrame, true);
  const look = () => {
    const own = document.querySelector(".self-preview video, .tile-local video");
    if (!marks.own && own && own.readyState >= 2) marks.own = Date.now();
    const found = document.querySelector(".match-found, section.live");
    if (!marks.matched && found) marks.matched = Date.now();
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;

Deno.test({
  ...TEST,
  name: "face blur live: the detector loads once the call is up, or after 3 s of searching alone",
  async fn() {
    const asked: number[] = [];
    await withCameraPair(async ({ ca }) => {
      await ca.addInitScript({ content: MARK_FRAMES });
      await ca.route("**/build/workers/detector-*", (route) => {
        asked.push(Date.now());
        return route.continue();
      });
    }, async ({ a, b, errors }) => {
      const marks = () =>
        a.evaluate(() =>
          // deno-lint-ignore no-explicit-any
          (globalThis as any).__frameMarks as { own?: number; matched?: number; partner?: number }
        );
      // Alone: the search leaves the device idle, and the detector loads after 3 s of it.
      await a.goto("/connecting");
      const own = (await until("A's own preview", marks, (m) => m.own !== undefined)).own!;
      await until(
        "A's detector to be asked for",
        () => Promise.resolve(asked),
        (l) => l.length > 0,
      );
      console.log(`  alone: detector asked ${asked[0] - own} ms after the own preview`);
      assert.ok(asked[0] - own >= 2_500, `asked ${asked[0] - own} ms after the preview`);
      // Together from the start: nothing is loaded while the call is set up, from the match to
      // the partner's first frame (then once A's shield has checked B's video, 3 s at the latest).
      asked.length = 0;
      await startPair(a, b);
      const m = await until("A's partner video", marks, (m) => m.partner !== undefined);
      await until(
        "A's detector to be asked for",
        () => Promise.resolve(asked),
        (l) => l.length > 0,
      );
      const at = asked[0];
      console.log(
        `  in a call: matched ${m.matched! - m.own!} ms after the own preview, partner's frame ` +
          `${m.partner! - m.matched!} ms later, detector asked ${at - m.partner!} ms after it`,
      );
      if (at < m.matched!) {
        // A slow machine's search outlasted the quiet time before the match: the alone rule.
        assert.ok(at - m.own! >= 2_500, `asked ${at - m.own!} ms after the preview, unmatched`);
      } else {
        assert.ok(at >= m.partner!, `asked ${m.partner! - at} ms before the partner's frame`);
      }
      assert.deepEqual(errors, []);
    }, { shieldOnA: true }); // the rule waits for A's shield's first check of B's video
  },
});
