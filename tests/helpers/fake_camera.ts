// A fixture photo as Chromium's fake camera (a Y4M clip made with ffmpeg at test time into a
// temporary folder), raw grayscale frames decoded with ffmpeg, and where the face and a textured
// background lie in a 1280x720 frame of astronaut.png (for the face-blur sharpness checks).
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import type { Rect } from "./sharpness.ts";

export const FIXTURES_DIR = fileURLToPath(
  new URL("../../../shared/fixtures/images", import.meta.url),
);

export type Fixture = "astronaut" | "chelsea";
export type Size = { width: number; height: number };

const MISSING = "ffmpeg not found: apt-get install -y ffmpeg";

/** Whether ffmpeg can be run (for `ignore:` in tests that need it). */
export function ffmpegAvailable(): boolean {
  try {
    return new Deno.Command("ffmpeg", { args: ["-version"], stdout: "null", stderr: "null" })
      .outputSync().success;
  } catch {
    return false;
  }
}

/** Runs ffmpeg; resolves with its stdout, or throws with its stderr. */
async function ffmpeg(args: string[]): Promise<Uint8Array> {
  let out: Deno.CommandOutput;
  try {
    out = await new Deno.Command("ffmpeg", {
      args: ["-hide_banner", "-loglevel", "error", "-nostdin", ...args],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) throw new Error(MISSING);
    throw e;
  }
  if (!out.success) {
    const stderr = new TextDecoder().decode(out.stderr).trim();
    throw new Error(`ffmpeg ${args.join(" ")} failed (exit ${out.code}): ${stderr}`);
  }
  return out.stdout;
}

let tempDir: Promise<string> | undefined;

/** One temporary folder per process, removed when the process ends. */
function workDir(): Promise<string> {
  tempDir ??= Deno.makeTempDir({ prefix: "glimpse_fake_camera_" }).then((dir) => {
    globalThis.addEventListener("unload", () => {
      try {
        Deno.removeSync(dir, { recursive: true });
      } catch {
        // already gone
      }
    });
    return dir;
  });
  return tempDir;
}

const clips = new Map<string, Promise<string>>();

/** The Y4M clip named `key`, made by `make(file)` once per process (again after a failure). */
function clipOnce(key: string, make: (file: string) => Promise<unknown>): Promise<string> {
  let clip = clips.get(key);
  if (!clip) {
    clip = workDir().then(async (dir) => {
      const file = `${dir}/${key}.y4m`;
      await make(file);
      return file;
    });
    clips.set(key, clip);
    clip.catch(() => clips.delete(key));
  }
  return clip;
}

/**
 * The fixture as a one-frame yuv420p Y4M clip at `size` (plain scale), made once per process.
 * Chromium plays it at the clip's frame rate: ffmpeg's default for an image, 25, unless given.
 */
export function cameraFile(
  name: Fixture,
  size: Size = { width: 1280, height: 720 },
  fps = 25,
): Promise<string> {
  return clipOnce(`${name}_${size.width}x${size.height}_${fps}`, (file) =>
    ffmpeg([
      "-y",
      "-loop",
      "1",
      "-i",
      `${FIXTURES_DIR}/${name}.png`,
      "-frames:v",
      "1",
      "-r",
      String(fps),
      "-pix_fmt",
      "yuv420p",
      "-vf",
      `scale=${size.width}:${size.height}`,
      file,
    ]));
}

/** Where the face is in the bystander clip (1280x720): astronaut.png at 256 px, at (900, 300). */
export const SMALL_FACE_RECT: Rect = { x: 988, y: 345, w: 44, h: 40 };

/**
 * A bystander far away: astronaut.png shrunk to 256 px (a face about 48 px across) on a plain
 * grey 1280x720 frame, as a one-frame Y4M clip at 25 fps. Too small for the detector's view of
 * the whole frame; found in its view of a half.
 */
export function smallFaceCameraFile(): Promise<string> {
  return clipOnce("small_face", (file) =>
    ffmpeg([
      "-y",
      "-f",
      "lavfi",
      "-i",
      "color=c=0x808080:s=1280x720",
      "-i",
      `${FIXTURES_DIR}/astronaut.png`,
      "-filter_complex",
      "[1:v]scale=256:256[a];[0:v][a]overlay=900:300",
      "-frames:v",
      "1",
      "-r",
      "25",
      "-pix_fmt",
      "yuv420p",
      file,
    ]));
}

/** Chromium whose fake camera shows the fixture. */
export async function launchWithCamera(
  name: Fixture,
  opts: { size?: Size; fps?: number } = {},
): Promise<Browser> {
  const file = await cameraFile(name, opts.size, opts.fps);
  return await launchBrowser({ extraArgs: ["--use-file-for-fake-video-capture=" + file] });
}

/** The first frame of an image or video file as 8-bit grayscale at width x height (ffmpeg). */
export async function rawGray(
  file: string,
  opts: Size & { frame?: "first" },
): Promise<Uint8Array> {
  const { width, height } = opts;
  const bytes = await ffmpeg([
    "-i",
    file,
    "-frames:v",
    "1",
    "-vf",
    `scale=${width}:${height}`,
    "-pix_fmt",
    "gray",
    "-f",
    "rawvideo",
    "-",
  ]);
  if (bytes.length !== width * height) {
    throw new Error(`ffmpeg gave ${bytes.length} bytes for ${file}, expected ${width * height}`);
  }
  return bytes;
}

/**
 * In a 1280x720 frame of astronaut.png: the inner face (eyebrows to below the mouth, between the
 * outer corners of the eyes), inside the landscape fixed privacy band (x 256..1024, y 108..396).
 */
export const FACE_RECT: Rect = { x: 500, y: 116, w: 120, h: 124 };

/** In the same frame: the mission patch on the suit (lettering, shuttle), below the band. */
export const BACKGROUND_RECT: Rect = { x: 330, y: 480, w: 200, h: 120 };

const rel = (r: Rect): Rect => ({ x: r.x / 1280, y: r.y / 720, w: r.w / 1280, h: r.h / 720 });

/** FACE_RECT as fractions (0..1) of the frame, for frames of other sizes. */
export const FACE_RECT_REL: Rect = rel(FACE_RECT);

/** BACKGROUND_RECT as fractions (0..1) of the frame. */
export const BACKGROUND_RECT_REL: Rect = rel(BACKGROUND_RECT);

/**
 * A detector that loads, then throws on every frame, as MediaPipe does in a worker without WebGL
 * ("GLctx is undefined"): served in place of the detector worker's script.
 */
export const THROWING_DETECTOR = `
onmessage = (e) => {
  if (e.data.type !== "load") return;
  const port = e.data.port;
  port.onmessage = (m) => {
    if (m.data.type !== "detect") return;
    m.data.bitmap.close();
    port.postMessage({ type: "error", t: m.data.t, error: "GLctx is undefined" });
  };
  port.postMessage({ type: "ready", ms: 1 });
};`;
