// A Firefox member whose tab goes to the back keeps sending: Chromium (A) and Firefox (B) in a live
// call, B with face blur on (Firefox composes on the page, from a hidden <video>); a second tab in
// B's window comes to the front, so B's page is hidden (Firefox then runs its timers and
// requestVideoFrameCallback about once a second). A still decodes at least 15 frames a second of
// B's video, measured with getStats over 4 s and printed (or, on a machine so loaded that A
// decodes fewer than 30 a second of B's page shown, half of that), and A's page does not say B
// stepped away. When B's page comes back, A's video on it plays again without a tap (paused here while
// hidden, as a browser may do). And where the hidden page cannot keep sending (its compositor's
// clock worker refused here, so it draws about once a second), A's page says
// "Your partner stepped away" over B's tile until B's page is shown again.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { expectRemoteVideoPlaying, inbound } from "../helpers/live_browser.ts";
import {
  expectFirefoxPlaying,
  type FirefoxPage,
  PRIVACY_OFF,
  remoteVideoOf,
  SHIELD_OFF,
  startFromDiscover,
  withChromiumAndFirefox,
} from "../helpers/firefox.ts";
import { ACTION_TIMEOUT_MS, sleep, until } from "../helpers/time.ts";
import { english } from "../helpers/english.ts";

/** The frames a second `page` decodes of its partner's video over `ms`. */
async function decodedFps(page: Page, ms: number): Promise<number> {
  const first = await inbound(page);
  const started = Date.now();
  await sleep(ms);
  const last = await inbound(page);
  return (last.framesDecoded - first.framesDecoded) * 1000 / (Date.now() - started);
}

/** What B's page sends is looked at: A's face blur and shield are off, and B's shield. */
const CHOICE = { a: PRIVACY_OFF, b: SHIELD_OFF };

const visibility = (page: FirefoxPage) => page.evaluate(() => document.visibilityState);

/** Brings `page`'s tab to the front of its window (puppeteer's Page.bringToFront). */
const toFront = (page: FirefoxPage) =>
  (page as FirefoxPage & { bringToFront(): Promise<void> }).bringToFront();

Deno.test({
  name: "firefox hidden tab: the partner still receives its video (>= 15 fps); it plays on return",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withChromiumAndFirefox(CHOICE, async ({ a, errorsA, b, firefox }) => {
      await startFromDiscover(a, b);
      await expectRemoteVideoPlaying(a, ACTION_TIMEOUT_MS, "Chromium");
      await expectFirefoxPlaying(b.page, 20_000);
      assert.equal(
        await b.page.evaluate(() => document.querySelectorAll("video.blur-source").length),
        1,
        "Firefox composes face blur on the page",
      );
      const shown = await decodedFps(a, 3_000);
      console.log(`  Chromium receives ${shown.toFixed(1)} fps from the Firefox tab shown`);

      // Another tab in B's window comes to the front: B's page is hidden.
      const other = await firefox.browser.newPage();
      await toFront(other);
      await until("B's page to be hidden", () => visibility(b.page), (v) => v === "hidden");
      const fps = await decodedFps(a, 4_000);
      console.log(`  Chromium receives ${fps.toFixed(1)} fps from the hidden Firefox tab`);
      assert.ok(
        fps >= Math.min(15, shown / 2),
        `the hidden tab sends ${fps.toFixed(1)} fps, ${shown.toFixed(1)} shown`,
      );
      const away = a.locator(".tile-remote .tile-away", { hasText: english("live.partnerAway") });
      assert.equal(await away.count(), 0, "a hidden tab that still sends is not away");

      // Paused while hidden; the page comes back and it plays with no tap.
      await b.page.evaluate(() =>
        document.querySelector<HTMLVideoElement>(".tile-remote video")!.pause()
      );
      await toFront(b.page);
      await until("B's page to be shown", () => visibility(b.page), (v) => v === "visible");
      await until("A's video to play on B's page", () => remoteVideoOf(b.page), (v) => !v?.paused);

      assert.deepEqual(errorsA, [], "Chromium page errors");
      assert.deepEqual(b.errors, [], "Firefox page errors");
    });
  },
});

/** Makes the page's `new Worker(…)` throw for the worker named `name`. */
const REFUSE_WORKER = (name: string) =>
  `(() => {
  const Original = window.Worker;
  window.Worker = class extends Original {
    constructor(url, opts) {
      if (opts && opts.name === ${JSON.stringify(name)}) {
        throw new DOMException("refused by the test", "SecurityError");
      }
      super(url, opts);
    }
  };
})();`;

Deno.test({
  name: "firefox hidden tab: one that cannot keep sending is said away on the partner's tile",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withChromiumAndFirefox(CHOICE, async ({ a, errorsA, b, firefox }) => {
      await b.page.evaluateOnNewDocument(REFUSE_WORKER("face-blur-clock"));
      await startFromDiscover(a, b);
      await expectRemoteVideoPlaying(a, ACTION_TIMEOUT_MS, "Chromium");
      await expectFirefoxPlaying(b.page, 20_000);
      const away = a.locator(".tile-remote .tile-away", { hasText: english("live.partnerAway") });
      assert.equal(await away.count(), 0, "shown: nothing said");

      const other = await firefox.browser.newPage();
      await toFront(other);
      await until("B's page to be hidden", () => visibility(b.page), (v) => v === "hidden");
      await away.waitFor({ timeout: 10_000 });
      console.log(
        `  Chromium receives ${(await decodedFps(a, 2_000)).toFixed(1)} fps from the hidden ` +
          "Firefox tab without its clock: 'stepped away' shown",
      );

      await toFront(b.page);
      await away.waitFor({ state: "detached", timeout: 10_000 });
      assert.deepEqual(errorsA, [], "Chromium page errors");
      assert.deepEqual(b.errors, [], "Firefox page errors");
    });
  },
});
