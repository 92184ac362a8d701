// Face blur on /test-chat, "What your partner sees", in a real Chromium whose fake camera shows a
// fixture photo: with astronaut.png the detector finds the one face where it is, and the video
// received back over the loopback WebRTC connection has that face pixelated and blurred while the
// background stays sharp; with chelsea.png (a cat) it finds no face; with face blur turned off in
// the profile, the detector is off and the received face is sharp (so the measure can tell).
// One server and one browser per test (the camera file is a launch flag).
import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import {
  BACKGROUND_RECT_REL,
  cameraFile,
  FACE_RECT_REL,
  type Fixture,
  rawGray,
  SMALL_FACE_RECT,
  smallFaceCameraFile,
  THROWING_DETECTOR,
} from "../helpers/fake_camera.ts";
import { meanAbsLaplacian, type Rect, toPixels, videoGray } from "../helpers/sharpness.ts";
import { blurCoversInPage, fmtCovers, withCameraPage } from "../helpers/live_browser.ts";
import { sleep, until } from "../helpers/time.ts";

const FIGURE = "figure.partner-view";
const LOOPBACK = "video.loopback-video";

/** A signed-in member (face blur on or off) on /test-chat, with `fixture` (or a clip) as camera. */
async function withCheck(
  fixture: Fixture,
  opts: { blur: boolean; camera?: string; setup?: (context: BrowserContext) => Promise<void> },
  fn: (c: { page: Page; errors: string[] }) => Promise<void>,
) {
  const camera = opts.camera ?? await cameraFile(fixture);
  await withCameraPage(
    { camera, path: "/test-chat", island: "ConnectionCheck", blur: opts.blur, setup: opts.setup },
    fn,
  );
}

interface PartnerView {
  detector: string | null;
  faces: string | null;
  band: string | null;
  cover: string | null;
}

async function partnerView(page: Page): Promise<PartnerView> {
  return await page.locator(FIGURE).evaluate((el) => ({
    detector: el.getAttribute("data-detector"),
    faces: el.getAttribute("data-faces"),
    band: el.getAttribute("data-band"),
    cover: el.getAttribute("data-cover"),
  }));
}

/** The loopback video has a frame (it plays what came back over WebRTC). */
async function waitLoopback(page: Page) {
  await until(
    "the loopback video to play",
    () =>
      page.locator(LOOPBACK).evaluate((v: HTMLVideoElement) => ({
        readyState: v.readyState,
        width: v.videoWidth,
        height: v.videoHeight,
        time: v.currentTime,
      })),
    (v) => v.readyState >= 2 && v.width > 0 && v.time > 0,
    20_000,
  );
}

interface Sharpness {
  width: number;
  height: number;
  face: number;
  rawFace: number;
  background: number;
  rawBackground: number;
}

/** Face and background sharpness of the loopback frame and of the fixture at the same size. */
async function loopbackSharpness(page: Page, fixture: Fixture): Promise<Sharpness> {
  const { gray, width, height } = await videoGray(page, LOOPBACK);
  const raw = await rawGray(await cameraFile(fixture), { width, height });
  const at = (img: Uint8Array, rel: Rect) =>
    meanAbsLaplacian(img, width, toPixels(rel, width, height));
  return {
    width,
    height,
    face: at(gray, FACE_RECT_REL),
    rawFace: at(raw, FACE_RECT_REL),
    background: at(gray, BACKGROUND_RECT_REL),
    rawBackground: at(raw, BACKGROUND_RECT_REL),
  };
}

/** `count` loopback frames, `every` ms apart (WebRTC's size and quality change as it ramps up). */
async function sampleLoopback(page: Page, fixture: Fixture, count = 4, every = 500) {
  const samples: Sharpness[] = [];
  for (let i = 0; i < count; i++) {
    if (i) await sleep(every);
    samples.push(await loopbackSharpness(page, fixture));
  }
  return samples;
}

const pct = (part: number, whole: number) => Math.round((part / whole) * 100);
const faceRatio = (s: Sharpness) => s.face / s.rawFace;
const backgroundRatio = (s: Sharpness) => s.background / s.rawBackground;

function describe(s: Sharpness): string {
  return `${s.width}x${s.height}: face ${s.face.toFixed(2)} / raw ${s.rawFace.toFixed(2)} (${
    pct(s.face, s.rawFace)
  } %), background ${s.background.toFixed(2)} / raw ${s.rawBackground.toFixed(2)} (${
    pct(s.background, s.rawBackground)
  } %)`;
}

/** Every loopback frame sampled has the face blurred; the background is sharp (compression aside). */
async function expectLoopbackBlurred(page: Page, label: string) {
  const samples = await sampleLoopback(page, "astronaut");
  const seen = samples.map(describe).join("; ");
  console.log(`  ${label} ${seen}`);
  console.log(`  ${label} frames by cover: ${fmtCovers(await page.evaluate(blurCoversInPage))}`);
  assert.ok(
    samples.every((s) => faceRatio(s) <= 0.3),
    `the received face is blurred (sharpness down >= 70 %) in every frame: ${seen}`,
  );
  assert.ok(
    Math.max(...samples.map(backgroundRatio)) >= 0.5,
    `the received background is sharp (>= 50 % of raw): ${seen}`,
  );
}

const ASTRONAUT_FACE_CENTRE = { x: 556, y: 156 };

Deno.test({
  name: "test-chat: astronaut's face is found and arrives blurred, the background sharp",
  sanitizeOps: false,
  sanitizeResources: false,
  sanitizeExit: false,
  async fn() {
    await withCheck("astronaut", { blur: true }, async ({ page }) => {
      const started = Date.now();
      await until(
        "the detector to be ready",
        () => partnerView(page),
        (v) => v.detector === "ready",
        30_000,
      );
      const view = await until(
        "a face in data-faces",
        () => partnerView(page),
        (v) => v.faces !== null && v.faces !== "[]",
        10_000,
      );
      console.log(`  detector ready and face found in ${Date.now() - started} ms: ${view.faces}`);
      const faces = JSON.parse(view.faces!) as number[][];
      assert.equal(faces.length, 1, `exactly one face: ${view.faces}`);
      const [x, y, w, h] = faces[0];
      const dist = Math.hypot(
        x + w / 2 - ASTRONAUT_FACE_CENTRE.x,
        y + h / 2 - ASTRONAUT_FACE_CENTRE.y,
      );
      assert.ok(dist <= 60, `face centre ${x + w / 2},${y + h / 2} is ${dist.toFixed(0)} px off`);
      assert.ok(w >= 120 && w <= 300 && h >= 120 && h <= 300, `face size ${w}x${h}`);

      await waitLoopback(page);
      await expectLoopbackBlurred(page, "loopback");

      const row = page.locator('li.check-row[data-check="Face blur"]');
      await until(
        "the Face blur row to count one face",
        () => row.innerText(),
        (t) => t.includes("On: 1 face blurred"),
        5_000,
      );
      assert.equal(await row.getAttribute("data-state"), "ok");
      await page.locator(FIGURE).getByText("Privacy On", { exact: true }).waitFor({
        state: "visible",
        timeout: 5_000,
      });
    });
  },
});

Deno.test({
  name: "test-chat: a distant bystander's face (about 48 px across) is found too",
  sanitizeOps: false,
  sanitizeResources: false,
  sanitizeExit: false,
  async fn() {
    const camera = await smallFaceCameraFile();
    await withCheck("astronaut", { blur: true, camera }, async ({ page }) => {
      const view = await until(
        "the small face in data-faces",
        () => partnerView(page),
        (v) => v.detector === "ready" && v.faces !== null && v.faces !== "[]",
        30_000,
      );
      const faces = JSON.parse(view.faces!) as number[][];
      assert.equal(faces.length, 1, `exactly one face: ${view.faces}`);
      const [x, y, w, h] = faces[0];
      const cx = SMALL_FACE_RECT.x + SMALL_FACE_RECT.w / 2;
      const cy = SMALL_FACE_RECT.y + SMALL_FACE_RECT.h / 2;
      const dist = Math.hypot(x + w / 2 - cx, y + h / 2 - cy);
      assert.ok(dist <= 25, `face centre ${x + w / 2},${y + h / 2} is ${dist.toFixed(0)} px off`);
      assert.ok(w >= 25 && w <= 100, `face size ${w}x${h}`);
    });
  },
});

Deno.test({
  name: "test-chat: no face is found in chelsea (a cat) over 3 s of detections",
  sanitizeOps: false,
  sanitizeResources: false,
  sanitizeExit: false,
  async fn() {
    await withCheck("chelsea", { blur: true }, async ({ page }) => {
      await until(
        "the detector to be ready",
        () => partnerView(page),
        (v) => v.detector === "ready",
        30_000,
      );
      const readyAt = Date.now();
      const samples: PartnerView[] = [];
      while (Date.now() - readyAt < 3_500 || samples.length < 6) {
        samples.push(await partnerView(page));
        await sleep(400);
      }
      const faces = samples.map((s) => s.faces);
      console.log(`  ${samples.length} samples over ${Date.now() - readyAt} ms: ${faces}`);
      assert.ok(faces.every((f) => f === "[]"), `no face ever: ${JSON.stringify(faces)}`);
      assert.ok(samples.every((s) => s.detector === "ready"), JSON.stringify(samples));
      // The detector was answering meanwhile (a fresh detection lifts the band), so "[]" is its
      // answer and not the absence of one.
      assert.ok(
        samples.some((s) => s.band === "false"),
        `some detection vouched for a frame: ${JSON.stringify(samples.map((s) => s.band))}`,
      );
      const row = page.locator('li.check-row[data-check="Face blur"]');
      assert.match(await row.innerText(), /On: no face in view/);
    });
  },
});

Deno.test({
  name: "test-chat: with face blur off the detector is off and the received face is sharp",
  sanitizeOps: false,
  sanitizeResources: false,
  sanitizeExit: false,
  async fn() {
    await withCheck("astronaut", { blur: false }, async ({ page }) => {
      assert.equal((await partnerView(page)).detector, "off");
      await waitLoopback(page);
      const samples = await sampleLoopback(page, "astronaut");
      const seen = samples.map(describe).join("; ");
      console.log(`  loopback ${seen}`);
      // The sharpest frame sampled (the first ones may be soft while WebRTC ramps up).
      assert.ok(
        Math.max(...samples.map(faceRatio)) >= 0.5,
        `the received face is sharp (>= 50 % of raw): ${seen}`,
      );
      assert.equal(await page.getByText("Privacy On", { exact: true }).count(), 0);
      assert.equal((await partnerView(page)).detector, "off");
      const row = page.locator('li.check-row[data-check="Face blur"]');
      assert.match(await row.innerText(), /Off: your video is sent as filmed/);
    });
  },
});

Deno.test({
  name: "test-chat: a detector that throws on every frame: the whole picture is covered, and said",
  sanitizeOps: false,
  sanitizeResources: false,
  sanitizeExit: false,
  async fn() {
    const setup = async (context: BrowserContext) => {
      await context.route(
        "**/build/workers/detector-*",
        (route) =>
          route.fulfill({ status: 200, contentType: "text/javascript", body: THROWING_DETECTOR }),
      );
    };
    await withCheck("astronaut", { blur: true, setup }, async ({ page }) => {
      await waitLoopback(page);
      const row = page.locator('li.check-row[data-check="Face blur"]');
      const texts: string[] = [];
      const views: PartnerView[] = [];
      const end = Date.now() + 3_000;
      while (Date.now() < end) {
        texts.push(await row.innerText());
        views.push(await partnerView(page));
        await sleep(300);
      }
      console.log(`  rows: ${[...new Set(texts.map((t) => t.replace(/\s+/g, " ")))].join(" | ")}`);
      assert.ok(texts.every((t) => !/no face in view/.test(t)), texts.join(" | "));
      assert.ok(
        texts.at(-1)!.includes(
          "Face detection fails on your camera's frames, so your whole picture is blurred",
        ),
        texts.at(-1) ?? "no row",
      );
      assert.ok(views.every((v) => v.cover === "whole"), JSON.stringify(views));
      assert.equal(
        await page.locator(`${FIGURE} .blur-whole`).innerText(),
        "Whole picture blurred",
      );
      // What a partner would receive: the face and the background outside the band covered.
      const samples = await sampleLoopback(page, "astronaut");
      const seen = samples.map(describe).join("; ");
      console.log(`  loopback ${seen}`);
      assert.ok(samples.every((s) => faceRatio(s) <= 0.3), `face covered: ${seen}`);
      assert.ok(samples.every((s) => backgroundRatio(s) <= 0.3), `background covered: ${seen}`);
    });
  },
});
