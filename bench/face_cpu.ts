// Face detection per browser: which detector the face blur worker chose (MediaPipe, which needs
// WebGL, or the CPU detector on tfjs's WebAssembly backend), how long it took to be ready (load and
// a probe detection), and the time per detection on astronaut.png (one face) and chelsea.png (a
// cat, no face), each stretched to a 1280x720 frame and shown to the detector at 192x108 as the
// compositor does. Browsers: Debian's headless Chromium (--disable-gpu), headless Firefox ESR (no
// WebGL), and Firefox ESR on an Xvfb display (WebGL through llvmpipe).
// The page is the app's home page; the worker and its files come from the app's build. Figures
// only: nothing here passes or fails on time.
// Run: deno run -A bench/face_cpu.ts [detections per image]
import { startServer } from "../tests/helpers/server.ts";
import {
  detectInChromium,
  detectInFirefox,
  fixturePngs,
  type PageArg,
  type PageResult,
} from "../tests/helpers/face_detector_page.ts";

const FRAMES = Number(Deno.args[0] ?? 30);

const pct = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

function report(browser: string, result: PageResult) {
  if (!result.ok) {
    console.log(`${browser}: failed: ${result.error}`);
    return;
  }
  console.log(
    `${browser}: backend ${result.backend}, ready in ${result.readyMs.toFixed(0)} ms ` +
      `(${result.wallMs.toFixed(0)} ms from the worker's start)`,
  );
  for (const [name, f] of Object.entries(result.images)) {
    const faces = f.faces.map((b) => `${b.x},${b.y} ${b.w}x${b.h}`).join("; ") || "none";
    console.log(
      `  ${name}: per detection p50 ${pct(f.ms, 50).toFixed(1)} ms, p95 ${
        pct(f.ms, 95).toFixed(1)
      } ms over ${f.ms.length}; faces: ${faces}` +
        (f.errors.length ? `; ${f.errors.length} errors (${f.errors[0]})` : ""),
    );
  }
}

export async function benchFaceCpu(frames = FRAMES) {
  const server = await startServer();
  try {
    const images = await fixturePngs(["astronaut", "chelsea"]);
    const arg: PageArg = { assets: server.assets.privacy, images, frames };
    const url = server.url + "/";
    console.log(
      `Face detection, ${frames} detections per image at 192x108 after one warm-up ` +
        `(load average ${Deno.loadavg().map((l) => l.toFixed(1)).join(" ")})`,
    );
    report("Chromium (headless, --disable-gpu)", await detectInChromium(url, arg));
    report("Firefox ESR (headless, no WebGL)", await detectInFirefox(url, arg));
    report("Firefox ESR (Xvfb, WebGL)", await detectInFirefox(url, arg, { window: true }));
  } finally {
    await server.close();
  }
}

if (import.meta.main) await benchFaceCpu();
