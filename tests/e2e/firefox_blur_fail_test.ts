// Face blur fails closed in Firefox too: headless Firefox ESR (no WebGL here) and Chromium, both
// cameras showing astronaut.png, start from Discover with Firefox's detector worker script either
// unreachable or replaced by one that loads and then throws on every frame (puppeteer's request
// interception, which in Firefox also sees what the page's module workers fetch, e.g. the safety
// shield's model). What Chromium receives from Firefox has the face, the band's area and the
// background outside the fixed band covered in every sampled frame, and Firefox's 'You' tile says
// 'Whole picture blurred' with the reason that applies; neither page throws.
import assert from "node:assert/strict";
import {
  chromiumReceiver,
  FACE_MAX,
  firefoxLocalBadges,
  type FirefoxPage,
  fmtSample,
  PRIVACY_OFF,
  type Sample,
  SHIELD_OFF,
  startFromDiscover,
  withChromiumAndFirefox,
} from "../helpers/firefox.ts";
import { ffmpegAvailable, THROWING_DETECTOR } from "../helpers/fake_camera.ts";
import { expectRemoteVideoPlaying } from "../helpers/live_browser.ts";
import { ACTION_TIMEOUT_MS, sleep, until } from "../helpers/time.ts";
import { english } from "../helpers/english.ts";

/** The request interception of a puppeteer page (FirefoxPage types only what the helpers use). */
interface InterceptedRequest {
  url(): string;
  abort(): Promise<void>;
  continue(): Promise<void>;
  respond(r: { status: number; contentType: string; body: string }): Promise<void>;
}
interface InterceptingPage {
  setRequestInterception(on: boolean): Promise<void>;
  on(event: "request", handler: (r: InterceptedRequest) => void): unknown;
}

/** The detector worker's script (lib/server/build/privacy_assets.ts names it detector-<hash>.js). */
const DETECTOR_WORKER = /^\/build\/workers\/detector-[^/]+\.js$/;

/** The 'Whole picture blurred' badge of Firefox's 'You' tile: its text and reason (title). */
function wholeBadge(page: FirefoxPage): Promise<{ text: string; title: string } | null> {
  return page.evaluate(() => {
    const badge = document.querySelector(".tile-local .blur-whole");
    return badge
      ? { text: badge.textContent?.trim() ?? "", title: badge.getAttribute("title") ?? "" }
      : null;
  });
}

/**
 * The call with Firefox's detector worker script aborted (`detector: "unreachable"`) or answered
 * with THROWING_DETECTOR; `reason` is what the 'Whole picture blurred' badge must give, `warning`
 * what the page's one "Face blur:" console warning says.
 */
async function failingDetectorCall(
  detector: "unreachable" | "throwing",
  reason: string,
  warning: RegExp,
) {
  // What Chromium receives from Firefox is looked at: Chromium's own privacy is off, Firefox's shield too.
  const choice = { a: PRIVACY_OFF, b: SHIELD_OFF };
  await withChromiumAndFirefox({ camera: "astronaut", ...choice }, async (p) => {
    const page = p.b.page as unknown as InterceptingPage;
    const replaced: string[] = [];
    const fetched: string[] = [];
    await page.setRequestInterception(true);
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/build/")) fetched.push(path);
      if (!DETECTOR_WORKER.test(path)) return void request.continue().catch(() => {});
      replaced.push(path);
      const done = detector === "unreachable"
        ? request.abort()
        : request.respond({ status: 200, contentType: "text/javascript", body: THROWING_DETECTOR });
      done.catch(() => {});
    });
    await startFromDiscover(p.a, p.b);
    await expectRemoteVideoPlaying(p.a, ACTION_TIMEOUT_MS, "Chromium");
    // The page says on its console once the detector has failed; from then on, every frame.
    await until(
      `Firefox's "Face blur:" warning`,
      () => Promise.resolve(p.b.console.filter((l) => l.includes("Face blur:"))),
      (lines) => lines.length > 0,
      20_000,
    );
    console.log(`  Firefox fetched: ${fetched.join(", ")}`);
    assert.ok(replaced.length > 0, `Firefox asked for the detector worker: ${fetched}`);

    const receiver = chromiumReceiver("Chromium (Firefox's camera)", p.a);
    const got: Sample[] = [];
    const started = Date.now();
    while (got.length < 10 || Date.now() - started < 4_000) {
      got.push(await receiver.sample());
      await sleep(300);
    }
    for (const s of got) console.log(`  ${receiver.name} received ${fmtSample(s)}`);
    for (const region of ["face", "band", "background"] as const) {
      const worst = got.reduce((w, s) => s.ratio[region] > w.ratio[region] ? s : w);
      assert.ok(
        worst.ratio[region] <= FACE_MAX,
        `${receiver.name}: the ${region} area must arrive covered in every frame ` +
          `(≤ ${Math.round(FACE_MAX * 100)} % of raw); sharpest of ${got.length}: ` +
          fmtSample(worst),
      );
    }
    const badge = await until(
      "Firefox's 'You' tile to say why the whole picture is blurred",
      () => wholeBadge(p.b.page),
      (b) => b?.title === reason,
      5_000,
    );
    assert.equal(badge?.text, english("live.blur_wholeBadge"));
    const badges = await firefoxLocalBadges(p.b.page);
    console.log(`  Firefox's 'You' tile: ${badges.join(" | ")}`);
    assert.ok(badges.includes("Privacy On"), `Firefox's 'You' tile: ${badges}`);
    const warnings = p.b.console.filter((l) => l.includes("Face blur:"));
    console.log(`  Firefox's "Face blur:" console lines: ${warnings.join(" / ") || "none"}`);
    assert.equal(warnings.length, 1, `one "Face blur:" warning in Firefox: ${warnings}`);
    assert.match(warnings[0], warning);
    assert.deepEqual(p.errorsA, [], "Chromium page errors");
    assert.deepEqual(p.b.errors, [], "Firefox page errors");
  });
}

const TEST = { sanitizeOps: false, sanitizeResources: false, ignore: !ffmpegAvailable() };

Deno.test({
  ...TEST,
  name: "firefox blur (no WebGL): with Firefox's detector worker unreachable, Chromium receives " +
    "the whole picture covered",
  fn: () =>
    failingDetectorCall(
      "unreachable",
      english("live.blur_failed"),
      /the face detector did not load/,
    ),
});

Deno.test({
  ...TEST,
  name: "firefox blur (no WebGL): with Firefox's detector throwing on every frame, Chromium " +
    "receives the whole picture covered",
  fn: () =>
    failingDetectorCall(
      "throwing",
      english("live.blur_failing"),
      /face detection failed on a frame/,
    ),
});
