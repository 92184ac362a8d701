// A live call between Chromium (Playwright, its fake camera) and Firefox ESR (puppeteer-core over
// WebDriver BiDi, headless, its fake camera and microphone): each member opens Discover and taps
// 'Start POV Connection', they are matched and reach /live-match, each page plays and decodes the
// partner's video and receives their audio, both show the same safety code, and End Session,
// tapped in Firefox, ends the session on both with the right summary. Neither page throws.
import assert from "node:assert/strict";
import {
  expectRemoteVideoPlaying,
  inbound,
  safetyCode,
  waitForPath,
} from "../helpers/live_browser.ts";
import {
  click,
  expectFirefoxPlaying,
  firefoxSafetyCode,
  inboundOf,
  startFromDiscover,
  waitForPathname,
  withChromiumAndFirefox,
} from "../helpers/firefox.ts";
import { ACTION_TIMEOUT_MS, until } from "../helpers/time.ts";

Deno.test({
  name: "firefox call: Chromium and Firefox start, see and hear each other, End Session ends both",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withChromiumAndFirefox({}, async ({ a, errorsA, b }) => {
      await startFromDiscover(a, b);

      // Each decodes and plays the partner's video, and receives their audio.
      const inA = await expectRemoteVideoPlaying(a, ACTION_TIMEOUT_MS, "Chromium");
      const inB = await expectFirefoxPlaying(b.page, 20_000);
      console.log(
        `  Chromium plays ${inA.video.videoWidth}x${inA.video.videoHeight} from Firefox, ` +
          `Firefox ${inB.video.videoWidth}x${inB.video.videoHeight} from Chromium`,
      );
      assert.equal(inA.stats.state, "connected");
      assert.equal(inB.stats.state, "connected");
      await until("Chromium to receive audio", () => inbound(a), (s) => s.packetsAudio > 0);
      await until("Firefox to receive audio", () => inboundOf(b.page), (s) => s.packetsAudio > 0);

      // One safety code: both browsers' DTLS fingerprints, read from their SDP, agree.
      const [codeA, codeB] = await Promise.all([safetyCode(a), firefoxSafetyCode(b.page)]);
      assert.match(codeA, /^[0-9A-F]{16}$/);
      assert.equal(codeB, codeA, "the same safety code in Chromium and Firefox");

      // End Session in Firefox ends it on both.
      await click(b.page, "::-p-text(End Session)");
      await Promise.all([
        waitForPath(a, "/match-end", ACTION_TIMEOUT_MS),
        waitForPathname(b.page, "/match-end", 15_000),
      ]);
      await a.getByText("Your partner ended the session.").waitFor();
      await b.page.locator("::-p-text(You ended the session.)").setTimeout(10_000).wait();

      assert.deepEqual(errorsA, [], "Chromium page errors");
      assert.deepEqual(b.errors, [], "Firefox page errors");
    });
  },
});
