// Face blur: how fast the on-device detector loads and runs, what blurring costs per frame, and
// the frame rate the video goes out at with blur on and off. A member opens /test-chat in
// Debian's headless Chromium (--disable-gpu) with astronaut.png as a 1280x720, 30 fps camera;
// the page sends its camera through a loopback peer connection, and its figures are read after
// the video has settled. Figures only: nothing here passes or fails on time.
// Run: deno run -A bench/blur.ts
import type { Page } from "playwright-core";
import { startServer, type TestServer } from "../tests/helpers/server.ts";
import { liveMember, memberContext } from "../tests/helpers/live_browser.ts";
import { until } from "../tests/helpers/time.ts";
import { launchWithCamera } from "../tests/helpers/fake_camera.ts";
import { keepResolution, sentOver } from "./browser_figures.ts";

const SETTLE_MS = 12_000;
const WINDOW_MS = 10_000;

interface Figures {
  sentFps: number;
  loadMs: number | null;
  detectP50: number;
  detectP95: number;
  blurP50: number;
  blurP95: number;
  detections: number;
  frames: number;
}

/** The page's own figures, and the sender's outbound-rtp figures over the window. */
async function measure(page: Page, blur: boolean) {
  const figure = page.locator("figure.partner-view");
  await until(
    "the loopback video",
    () => figure.getAttribute("data-sent-fps"),
    (v) => v !== null,
    20_000,
  );
  await keepResolution(page);
  await page.waitForTimeout(SETTLE_MS);
  const read = async () =>
    blur
      ? JSON.parse(
        await page.locator("details.figures").getAttribute("data-figures") ?? "{}",
      ) as Figures
      : null;
  const sent = await sentOver(page, WINDOW_MS, read);
  const [f0, f1] = [sent.before, sent.after];
  return {
    ...sent,
    blurredFps: f0 && f1 ? (f1.frames - f0.frames) / sent.seconds : null,
    figures: f1,
  };
}

async function run(server: TestServer, blur: boolean) {
  const browser = await launchWithCamera("astronaut", { fps: 30 });
  try {
    const member = await liveMember(server);
    const res = await member.client.patch("/api/user/profile", { faceBlurEnabled: blur });
    if (res.status !== 200) throw new Error(`profile: ${res.status}`);
    const context = await memberContext(browser, server, member);
    const page = await context.newPage();
    await page.goto("/test-chat");
    return await measure(page, blur);
  } finally {
    await browser.close();
  }
}

export async function benchBlur() {
  const server = await startServer();
  try {
    console.log("\nFace blur (/test-chat, astronaut 1280x720 at 30 fps, headless Chromium)");
    const on = await run(server, true);
    const off = await run(server, false);
    const f = on.figures!;
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    console.log(`  detector load                 ${f.loadMs === null ? "-" : ms(f.loadMs)}`);
    console.log(
      `  detection per frame p50/p95   ${ms(f.detectP50)} / ${ms(f.detectP95)} ` +
        `(${f.detections} samples)`,
    );
    console.log(`  blur per frame p50/p95        ${ms(f.blurP50)} / ${ms(f.blurP95)}`);
    console.log(`  blurred frames made           ${on.blurredFps?.toFixed(1)} fps`);
    console.log(
      `  sent, blur on                 ${on.sentFps.toFixed(1)} fps at ${on.sentSize} ` +
        `(limited by: ${on.limitedBy})`,
    );
    console.log(
      `  sent, blur off                ${off.sentFps.toFixed(1)} fps at ${off.sentSize} ` +
        `(limited by: ${off.limitedBy})`,
    );
    console.log(`  on / off                      ${(on.sentFps / off.sentFps).toFixed(2)}`);
  } finally {
    await server.close();
  }
}

if (import.meta.main) await benchBlur();
