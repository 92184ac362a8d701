// Figures read from a browser page, shared by the face blur and safety shield benchmarks: the
// page's video senders held at full resolution, its outbound-rtp video over a window (pages
// record their peer connections on window.__pcs: see tests/helpers/live_browser.ts), and
// percentiles of samples.
import type { Page } from "playwright-core";

/**
 * A loopback's bandwidth estimate ramps up slowly and WebRTC meanwhile sends a smaller picture;
 * keeping the resolution shows what the device sustains at the camera's full size.
 */
export async function keepResolution(page: Page) {
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
}

/** The page's outbound-rtp video figures now (its open peer connections'). */
function outbound(page: Page) {
  return page.evaluate(async () => {
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
}

/**
 * The video the page sends over `ms`: frames per second, the size and limitation reason last
 * reported, and `read()` (the page's own figures) at the start and the end of the window.
 */
export async function sentOver<T>(page: Page, ms: number, read: () => Promise<T>) {
  const [r0, o0, t0] = [await read(), await outbound(page), performance.now()];
  await page.waitForTimeout(ms);
  const [r1, o1, t1] = [await read(), await outbound(page), performance.now()];
  const seconds = (t1 - t0) / 1000;
  return {
    seconds,
    sentFps: (o1.frames - o0.frames) / seconds,
    sentSize: `${o1.width}x${o1.height}`,
    limitedBy: o1.limit || "none",
    before: r0,
    after: r1,
  };
}

/** The p-th percentile (0–100, nearest rank) of `samples`. */
export function percentile(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.max(0, Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1))];
}

/** "p50 / p95 ms" of `samples`, one decimal. */
export function p50p95(samples: number[]): string {
  if (samples.length === 0) return "- / - ms";
  return `${percentile(samples, 50).toFixed(1)} / ${percentile(samples, 95).toFixed(1)} ms`;
}
