// A POV clip recorded on /camera with face blur on (the default) is recorded from the blurred
// video: in a real Chromium whose fake camera shows astronaut.png, the member records two
// seconds, the clip plays on the page, and the downloaded file is a WebM whose first frame has
// the face pixelated and blurred (sharpness down >= 70 % against the fixture at the clip's size)
// while the background stays sharp.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { BACKGROUND_RECT_REL, cameraFile, FACE_RECT_REL, rawGray } from "../helpers/fake_camera.ts";
import { meanAbsLaplacian, type Rect, toPixels } from "../helpers/sharpness.ts";
import { withCameraPage } from "../helpers/live_browser.ts";
import { sleep, until } from "../helpers/time.ts";

const PREVIEW = 'video[aria-label="Camera preview"]';
const CLIP = 'video[aria-label="Your clip"]';
const EBML = [0x1a, 0x45, 0xdf, 0xa3];

async function videoState(page: Page, selector: string) {
  return await page.locator(selector).evaluate((v: HTMLVideoElement) => ({
    readyState: v.readyState,
    width: v.videoWidth,
    height: v.videoHeight,
    paused: v.paused,
    time: v.currentTime,
    duration: v.duration,
  }));
}

/** Width and height of the first video stream of `file` (ffprobe). */
async function probeSize(file: string): Promise<{ width: number; height: number }> {
  const out = await new Deno.Command("ffprobe", {
    args: [
      "-v",
      "error",
      "-select_streams",
      "v:0",
      "-show_entries",
      "stream=width,height",
      "-of",
      "csv=p=0:s=x",
      file,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout).trim();
  const m = text.match(/^(\d+)x(\d+)/);
  if (!out.success || !m) {
    throw new Error(`ffprobe ${file}: ${text} ${new TextDecoder().decode(out.stderr)}`);
  }
  return { width: Number(m[1]), height: Number(m[2]) };
}

Deno.test({
  name: "camera: a clip recorded with face blur on has the face blurred, the background sharp",
  sanitizeOps: false,
  sanitizeResources: false,
  sanitizeExit: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "glimpse_recorder_blur_" });
    const camera = await cameraFile("astronaut");
    try {
      await withCameraPage(
        { camera, path: "/camera", island: "ClipRecorder" },
        async ({ page }) => {
          await until(
            "the camera preview to play",
            () => videoState(page, PREVIEW),
            (v) => v.readyState >= 2 && v.width > 0 && !v.paused && v.time > 0,
            20_000,
          );
          await page.locator(".recorder-privacy", { hasText: "Privacy On" }).waitFor({
            state: "visible",
            timeout: 5_000,
          });
          // Recording starts once detections run (until then the whole picture is covered, and
          // the preview says so beside 'Privacy On').
          await page.locator(".recorder-privacy", { hasText: "Whole picture blurred" }).waitFor({
            state: "detached",
            timeout: 30_000,
          });

          await page.getByRole("button", { name: "Record", exact: true }).click();
          await page.getByRole("button", { name: "Stop", exact: true }).waitFor({ timeout: 5_000 });
          await sleep(2_000);
          await page.getByRole("button", { name: "Stop", exact: true }).click();

          await page.locator(CLIP).waitFor({ state: "visible", timeout: 10_000 });
          const loaded = await until(
            "the clip to load",
            () => videoState(page, CLIP),
            (v) => v.readyState >= 2 && v.width > 0,
            10_000,
          );
          await page.locator(CLIP).evaluate((v: HTMLVideoElement) => {
            v.muted = true;
            return v.play();
          });
          const played = await until(
            "the clip to play",
            () => videoState(page, CLIP),
            (v) => v.time > 0.3,
            10_000,
          );
          console.log(`  clip on the page: ${JSON.stringify({ loaded, played })}`);

          const [download] = await Promise.all([
            page.waitForEvent("download", { timeout: 10_000 }),
            page.getByRole("button", { name: "Download", exact: true }).click(),
          ]);
          assert.match(download.suggestedFilename(), /^glimpse-pov-.*\.webm$/);
          const file = `${dir}/clip.webm`;
          await download.saveAs(file);
          const bytes = await Deno.readFile(file);
          assert.deepEqual(
            [...bytes.subarray(0, 4)],
            EBML,
            `the download starts with the EBML header (${bytes.length} bytes)`,
          );

          const { width, height } = await probeSize(file);
          const clip = await rawGray(file, { width, height });
          const raw = await rawGray(camera, { width, height });
          const at = (img: Uint8Array, rel: Rect) =>
            meanAbsLaplacian(img, width, toPixels(rel, width, height));
          const s = {
            face: at(clip, FACE_RECT_REL),
            rawFace: at(raw, FACE_RECT_REL),
            background: at(clip, BACKGROUND_RECT_REL),
            rawBackground: at(raw, BACKGROUND_RECT_REL),
          };
          const what = `${bytes.length} bytes, ${width}x${height}: face ${
            s.face.toFixed(2)
          } / raw ${s.rawFace.toFixed(2)} (${
            Math.round((100 * s.face) / s.rawFace)
          } %), background ${s.background.toFixed(2)} / raw ${s.rawBackground.toFixed(2)} (${
            Math.round((100 * s.background) / s.rawBackground)
          } %)`;
          console.log(`  downloaded clip's first frame: ${what}`);
          assert.ok(s.face <= 0.3 * s.rawFace, `the clip's face is blurred: ${what}`);
          assert.ok(s.background >= 0.5 * s.rawBackground, `the background is sharp: ${what}`);
        },
      );
    } finally {
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
