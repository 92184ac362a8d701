// The face blur detector worker on its own, in a page of the app, for the detector tests and
// bench/face_cpu.ts: the page starts the worker from the build's files, waits for its answer to
// 'load', then shows it each fixture photo (stretched to a 1280x720 frame, scaled to 192x108 as
// the compositor does) and collects its answers. Chromium through playwright-core; Firefox ESR
// through puppeteer-core (WebDriver BiDi), headless (no WebGL) or on an Xvfb display of its own.
import puppeteer from "puppeteer-core";
import type { BlurAssets, DetectorOut } from "../../lib/client/privacy/protocol.ts";
import { launchBrowser } from "./browser.ts";
import { type Fixture, FIXTURES_DIR } from "./fake_camera.ts";
import { bounded, findFirefox, FIREFOX_PREFS, startXvfb } from "./firefox.ts";

export interface PageArg {
  assets: BlurAssets;
  /** Fixture name → PNG as base64. */
  images: Record<string, string>;
  /** Detections per image after the first. */
  frames: number;
}

export interface ImageFigures {
  /** The worker's time per detection, after the first. */
  ms: number[];
  errors: string[];
  /** Faces of the first detection, in 1280x720 pixels. */
  faces: { x: number; y: number; w: number; h: number }[];
}

export type PageResult =
  | {
    ok: true;
    backend: string;
    /** The worker's own load time (load and probe). */
    readyMs: number;
    /** From the worker's creation to its answer. */
    wallMs: number;
    images: Record<string, ImageFigures>;
  }
  | { ok: false; error: string };

/** Runs in the page: loads the detector worker and times its detections. */
export async function detectInPage(arg: PageArg): Promise<PageResult> {
  const worker = new Worker(arg.assets.detector, { type: "module", name: "face-detector" });
  const channel = new MessageChannel();
  const next = () =>
    new Promise<DetectorOut>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no answer within 60 s")), 60_000);
      channel.port2.onmessage = (e) => {
        clearTimeout(timer);
        resolve(e.data);
      };
      worker.onerror = (e) => {
        clearTimeout(timer);
        reject(new Error(`worker: ${e.message}`));
      };
    });
  const started = performance.now();
  const ready = next();
  const { loader, wasm, model } = arg.assets;
  worker.postMessage({ type: "load", port: channel.port1, files: { loader, wasm, model } }, [
    channel.port1,
  ]);
  try {
    const msg = await ready;
    const wallMs = performance.now() - started;
    if (msg.type !== "ready") return { ok: false, error: JSON.stringify(msg) };
    const images: Record<string, ImageFigures> = {};
    for (const [name, base64] of Object.entries(arg.images)) {
      const png = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const frame = await createImageBitmap(new Blob([png], { type: "image/png" }), {
        resizeWidth: 1280,
        resizeHeight: 720,
      });
      const figures: ImageFigures = { ms: [], errors: [], faces: [] };
      // One more than counted: the first detection warms up.
      for (let i = 0; i <= arg.frames; i++) {
        const bitmap = await createImageBitmap(frame, { resizeWidth: 192, resizeHeight: 108 });
        const answer = next();
        channel.port2.postMessage({ type: "detect", bitmap, t: i }, [bitmap]);
        const out = await answer;
        if (out.type === "error") figures.errors.push(out.error);
        if (out.type !== "faces") continue;
        if (i === 0) {
          figures.faces = out.faces.map((b) => ({
            x: Math.round(b.x * 1280),
            y: Math.round(b.y * 720),
            w: Math.round(b.w * 1280),
            h: Math.round(b.h * 720),
          }));
        } else figures.ms.push(out.ms);
      }
      frame.close();
      images[name] = figures;
    }
    return { ok: true, backend: msg.backend, readyMs: msg.ms, wallMs, images };
  } catch (err) {
    return { ok: false, error: String(err) };
  } finally {
    worker.terminate();
  }
}

/** The fixture photos, as PageArg's images. */
export async function fixturePngs(names: Fixture[]): Promise<Record<string, string>> {
  const images: Record<string, string> = {};
  for (const name of names) {
    const png = await Deno.readFile(`${FIXTURES_DIR}/${name}.png`);
    images[name] = btoa(Array.from(png, (b) => String.fromCharCode(b)).join(""));
  }
  return images;
}

/**
 * Runs detectInPage in Firefox ESR at `url`: headless (no WebGL), or with `window` on an Xvfb
 * display of its own (WebGL through llvmpipe). Its protocol timeout leaves room for a long run.
 */
export async function detectInFirefox(
  url: string,
  arg: PageArg,
  opts: { window?: boolean } = {},
): Promise<PageResult> {
  const xvfb = opts.window ? await startXvfb() : null;
  try {
    const browser = await puppeteer.launch({
      browser: "firefox",
      executablePath: findFirefox(),
      headless: !xvfb,
      extraPrefsFirefox: FIREFOX_PREFS,
      env: { ...Deno.env.toObject(), ...(xvfb ? { DISPLAY: xvfb.name } : {}) },
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      timeout: 30_000,
      protocolTimeout: 180_000,
    });
    try {
      const page = await browser.newPage();
      await page.goto(url);
      return await page.evaluate(detectInPage, arg);
    } finally {
      await bounded("Firefox to close", browser.close(), 10_000).catch(() => {
        browser.process()?.kill("SIGKILL");
      });
    }
  } finally {
    await xvfb?.close();
  }
}

/** Runs detectInPage in Debian's headless Chromium (--disable-gpu) at `url`. */
export async function detectInChromium(url: string, arg: PageArg): Promise<PageResult> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(url);
    return await page.evaluate(detectInPage, arg);
  } finally {
    await browser.close();
  }
}
