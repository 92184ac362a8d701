// Stepping away, in a real Chromium call: when A's page is hidden and A's video stops getting
// through (as in a browser that stops the camera, or draws about once a second, in a background
// tab), B's page covers A's frozen picture with "Your partner stepped away"; when A's page is shown
// again the words go, and A's video plays on B's page again. Headless Chromium shows every page,
// so A's page is told it is hidden (its visibilityState and a visibilitychange event) and its video
// sender is emptied (replaceTrack(null)); what A's page makes of that, and all after, is the
// product's own.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  expectRemoteVideoPlaying,
  inbound,
  startPair,
  withLivePair,
} from "../helpers/live_browser.ts";
import { ACTION_TIMEOUT_MS, until } from "../helpers/time.ts";
import { english } from "../helpers/english.ts";

/** Tells the page it is hidden or shown, as a browser does when its tab goes to the back. */
async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((hidden) => {
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: () => (hidden ? "hidden" : "visible"),
    });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
}

/** Stops (null) or restores the video the page's peer connection sends. */
async function holdVideo(page: Page, hold: boolean) {
  await page.evaluate(async (hold) => {
    // deno-lint-ignore no-explicit-any
    const g = globalThis as any;
    const pcs: RTCPeerConnection[] = g.__pcs;
    const pc = pcs[pcs.length - 1];
    const video = pc.getTransceivers().find((t) => t.receiver.track.kind === "video")!;
    if (hold) {
      g.__heldVideo = video.sender.track;
      await video.sender.replaceTrack(null);
    } else {
      await video.sender.replaceTrack(g.__heldVideo);
    }
  }, hold);
}

Deno.test({
  name: "stepped away: a hidden page that sends no video is said away on the partner's tile",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withLivePair({ MATCH_DURATION_MS: "60000" }, async ({ a, b, errors }) => {
      await startPair(a, b);
      await expectRemoteVideoPlaying(a, ACTION_TIMEOUT_MS, "A");
      await expectRemoteVideoPlaying(b, ACTION_TIMEOUT_MS, "B");
      const away = b.locator(".tile-remote .tile-away", { hasText: english("live.partnerAway") });
      assert.equal(await away.count(), 0, "present: nothing said");

      // A's tab goes to the back and its video stops getting through.
      await setHidden(a, true);
      await holdVideo(a, true);
      await away.waitFor({ timeout: 10_000 });
      // It covers the frozen picture, and is the one thing said over it.
      assert.equal(
        await away.evaluate((el) => getComputedStyle(el).backgroundColor),
        "rgb(0, 0, 0)",
      );
      assert.equal(await b.locator(".tile-remote .tile-overlay").count(), 1);

      // Back: the words go, and A's video comes again.
      await setHidden(a, false);
      await away.waitFor({ state: "detached", timeout: 10_000 });
      const held = (await inbound(b)).framesDecoded;
      await holdVideo(a, false);
      await until("B to decode A's video again", () => inbound(b), (s) => s.framesDecoded > held);
      assert.deepEqual(errors, [], "page errors");
    }, { privacy: "off" });
  },
});
