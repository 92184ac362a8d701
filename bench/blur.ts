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
  // A loopback's bandwidth estimate ramps up slowly and WebRTC meanwhile sends a smaller
  // picture; keeping the resolution shows what the device sustains at the camera's full size.
  await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    for (const pc of (globalThis as any).__pcs as RTCPeerConnection[]) {
      for (const sender of pc.getSenders()) {
        if (sender.track?.kind !== "video") continue;
        const params = sender.getParameters();
        params.degradationPreference = "maintain-resolution";
        params.encodings.forEach((e) => (e.maxBitrate = 4_000_000));
        await sender.setParameters(params);
      }
    }
  });
  await page.waitForTimeout(SETTLE_MS);
  const read = async () =>
    blur
      ? JSON.parse(
        await page.locator("details.figures").getAttribute("data-figures") ?? "{}",
      ) as Figures
      : null;
  const outbound = () =>
    page.evaluate(async () => {
      // deno-lint-ignore no-explicit-any
      const pcs: RTCPeerConnection[] = (globalThis as any).__pcs ?? [];
      let out = { frames: 0, width: 0, height: 0, limit: "" };
      for (const pc of pcs) {
        if (pc.connectionState === "closed") continue;
        // deno-lint-ignore no-explicit-any
        (await pc.getStats()).forEach((s: any) => {
          if (s.type === "outbound-rtp" && s.kind === "video") {
            out = {
              frames: s.framesSent ?? 0,
              width: s.frameWidth ?? 0,
              height: s.frameHeight ?? 0,
              limit: s.qualityLimitationReason ?? "",
            };
          }
        });
      }
      return out;
    });
  const [f0, o0, t0] = [await read(), await outbound(), performance.now()];
  await page.waitForTimeout(WINDOW_MS);
  const [f1, o1, t1] = [await read(), await outbound(), performance.now()];
  const seconds = (t1 - t0) / 1000;
  return {
    sentFps: (o1.frames - o0.frames) / seconds,
    sentSize: `${o1.width}x${o1.height}`,
    limitedBy: o1.limit || "none",
    blurredFps: f0 && f1 ? (f1.frames - f0.frames) / seconds : null,
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
