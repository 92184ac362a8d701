// Real HD in a live call (real Chromium, both fake cameras playing astronaut.png at 1280x720):
// the server names each side's media profile from their own plan, and the page keeps its sender
// within it. A free member's outbound video never exceeds 640x480 (and its encoder is capped at
// 600 kbps); a plus member's reaches 1280x720 (2.5 Mbps cap). Read from getStats() outbound-rtp.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { setTier, startPair, withLivePair } from "../helpers/live_browser.ts";
import { cameraFile, ffmpegAvailable } from "../helpers/fake_camera.ts";
import { sleep } from "../helpers/time.ts";

interface Sent {
  width: number;
  height: number;
  frames: number;
  maxBitrate: number | null;
}

/** The page's outbound video now: the frame size sent and the sender's bitrate cap. */
function sent(page: Page): Promise<Sent> {
  return page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const pcs: RTCPeerConnection[] = (globalThis as any).__pcs ?? [];
    const out = { width: 0, height: 0, frames: 0, maxBitrate: null as number | null };
    const pc = pcs[pcs.length - 1];
    if (!pc || pc.connectionState === "closed") return out;
    // deno-lint-ignore no-explicit-any
    (await pc.getStats()).forEach((s: any) => {
      if (s.type === "outbound-rtp" && s.kind === "video") {
        out.width = s.frameWidth ?? 0;
        out.height = s.frameHeight ?? 0;
        out.frames = s.framesSent ?? 0;
      }
    });
    const sender = pc.getSenders().find((x) => x.track?.kind === "video");
    out.maxBitrate = sender?.getParameters().encodings?.[0]?.maxBitrate ?? null;
    return out;
  });
}

Deno.test({
  name: "media: a free member sends at most 640x480, a plus member 1280x720",
  sanitizeResources: false,
  sanitizeOps: false,
  ignore: !ffmpegAvailable(),
  async fn() {
    const camera = await cameraFile("astronaut");
    await withLivePair({ MATCH_DURATION_MS: "90000" }, async ({ a, b, errors }) => {
      await startPair(a, b);
      // a (alice) is on plus: HD; b (bob) is free: SD.
      const seenA: Sent[] = [], seenB: Sent[] = [];
      const t0 = Date.now();
      const firstAt = new Map<string, number>();
      // A still picture encodes small, so the sender's bandwidth estimate, and with it the
      // resolution, climbs slowly from 640x360: ~17 s on two loaded cores, and more in CI.
      const end = Date.now() + 50_000;
      let hdReached = false;
      while (Date.now() < end) {
        const [sa, sb] = [await sent(a), await sent(b)];
        seenA.push(sa);
        seenB.push(sb);
        const k = `${sa.width}x${sa.height}`;
        if (!firstAt.has(k)) firstAt.set(k, Date.now() - t0);
        if (
          sa.width === 1280 && sa.height === 720 && seenB.filter((s) => s.frames > 0).length >= 10
        ) {
          hdReached = true;
          break;
        }
        await sleep(250);
      }
      const show = (l: Sent[]) => [...new Set(l.map((s) => `${s.width}x${s.height}`))].join(", ");
      console.log(`  HD member sent: ${show(seenA)}\n  SD member sent: ${show(seenB)}`);
      console.log(
        `  HD sizes first seen after (ms): ${JSON.stringify(Object.fromEntries(firstAt))}`,
      );
      assert.ok(hdReached, `the plus member reached 1280x720 (sent ${show(seenA)})`);
      const sdFrames = seenB.filter((s) => s.frames > 0);
      assert.ok(sdFrames.length >= 10, "the free member sent video throughout");
      for (const s of sdFrames) {
        assert.ok(s.width <= 640 && s.height <= 480, `free member sent ${s.width}x${s.height}`);
      }
      assert.ok(sdFrames.some((s) => s.width >= 320), "the SD picture is not tiny");
      assert.equal(seenA.at(-1)?.maxBitrate, 2_500_000, "HD sender capped at 2.5 Mbps");
      assert.equal(seenB.at(-1)?.maxBitrate, 600_000, "SD sender capped at 600 kbps");
      assert.deepEqual(errors, []);
    }, {
      camera,
      // Alice's plan, set before her page loads.
      setup: ({ alice, server }) => setTier(server.kv, alice.id, "plus"),
    });
  },
});
