// Debian's Firefox ESR for the browser tests and benchmarks, driven by puppeteer-core over WebDriver
// BiDi (Playwright drives only its own patched Firefox build). Headless Firefox has no WebGL here;
// on an Xvfb display of its own (one per instance: a covered tab counts as hidden) it has WebGL
// through Mesa's llvmpipe. Pages are signed in as a member with the session cookie, record their
// peer connections and camera streams as the Chromium pages of live_browser.ts do, and may have a
// fixture photo as their camera: a canvas showing it, captured as the video track, beside the
// fake microphone. Every wait is bounded; `close()` ends the browser and its display.
import assert from "node:assert/strict";
import type {
  Browser as PlaywrightBrowser,
  BrowserContext,
  Page as PlaywrightPage,
} from "playwright-core";
import { type Member, SESSION_COOKIE } from "./accounts.ts";
import { type ServerLike, startServer, type TestServer } from "./server.ts";
import { launchBrowser } from "./browser.ts";
import {
  BACKGROUND_RECT_REL,
  cameraFile,
  FACE_RECT_REL,
  type Fixture,
  FIXTURES_DIR,
  rawGray,
} from "./fake_camera.ts";
import {
  blurCoversInPage,
  blurFiguresInPage,
  closeQuietly,
  coversBetween,
  describeLive,
  expectRemoteVideoPlaying,
  fmtCovers,
  type Inbound,
  inbound,
  liveMember,
  memberContext,
  type PrivacyChoice,
  type RemoteVideo,
  remoteVideo,
  setPrivacy,
  SHIELD_OFF,
  waitLive,
} from "./live_browser.ts";

export { PRIVACY_OFF, type PrivacyChoice, SHIELD_OFF } from "./live_browser.ts";
import { meanAbsLaplacian, type Rect, toPixels } from "./sharpness.ts";
import { ACTION_TIMEOUT_MS, sleep, until } from "./time.ts";

// puppeteer-core's type declarations pull in Node's globals (its setTimeout returns a Timeout),
// which would retype the browser code `deno task check` checks in the same program. So it is
// imported by a name the checker does not follow, and typed here with what these helpers use.
const PUPPETEER = "puppeteer-core";

interface Puppeteer {
  launch(opts: {
    browser: "firefox";
    executablePath: string;
    headless: boolean;
    extraPrefsFirefox: Record<string, unknown>;
    env: Record<string, string>;
    handleSIGINT: boolean;
    handleSIGTERM: boolean;
    handleSIGHUP: boolean;
    args?: string[];
    timeout: number;
    protocolTimeout: number;
  }): Promise<FirefoxBrowser>;
}

export interface FirefoxBrowser {
  setCookie(
    ...cookies: {
      name: string;
      value: string;
      domain: string;
      path: string;
      httpOnly: boolean;
      sameSite: "Lax";
    }[]
  ): Promise<void>;
  pages(): Promise<FirefoxPage[]>;
  newPage(): Promise<FirefoxPage>;
  version(): Promise<string>;
  process(): { kill(signal?: string): boolean } | null;
  close(): Promise<void>;
}

export interface FirefoxLocator {
  setTimeout(ms: number): FirefoxLocator;
  click(): Promise<void>;
  fill(value: string): Promise<void>;
  wait(): Promise<unknown>;
}

export interface FirefoxPage {
  setDefaultTimeout(ms: number): void;
  setViewport(size: { width: number; height: number }): Promise<void>;
  evaluateOnNewDocument(source: string): Promise<unknown>;
  on(event: "pageerror", handler: (error: Error) => void): unknown;
  on(event: "console", handler: (m: { type(): string; text(): string }) => void): unknown;
  goto(
    url: string,
    opts: { waitUntil: "load" | "domcontentloaded"; timeout: number },
  ): Promise<unknown>;
  evaluate<R>(fn: () => R): Promise<Awaited<R>>;
  evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<Awaited<R>>;
  locator(selector: string): FirefoxLocator;
  url(): string;
}

export const FIREFOX_PATHS = ["/usr/bin/firefox-esr", "/usr/bin/firefox"];

/** FIREFOX_PATH, else Debian's firefox-esr (or firefox). */
export function findFirefox(): string {
  const override = Deno.env.get("FIREFOX_PATH");
  for (const path of override ? [override] : FIREFOX_PATHS) {
    try {
      if (Deno.statSync(path).isFile) return path;
    } catch {
      // try the next one
    }
  }
  throw new Error(
    override
      ? `FIREFOX_PATH=${override} does not exist`
      : `No Firefox found (looked in ${FIREFOX_PATHS.join(", ")}): apt-get install -y firefox-esr`,
  );
}

/** Rejects with `what` timed out if `promise` takes longer than `ms`. */
export async function bounded<T>(what: string, promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** An X server of its own (Xvfb) for a Firefox with a window. */
export interface Display {
  /** The DISPLAY value, e.g. ":3". */
  name: string;
  close(): Promise<void>;
}

/** Ends `child` (SIGTERM, then SIGKILL after 3 s); resolves once it has exited. */
async function endProcess(child: Deno.ChildProcess) {
  try {
    child.kill("SIGTERM");
  } catch {
    // already gone
  }
  const exited = await Promise.race([
    child.status.then(() => true),
    sleep(3_000).then(() => false),
  ]);
  if (exited) return;
  try {
    child.kill("SIGKILL");
  } catch {
    // already gone
  }
  await bounded("Xvfb to exit", child.status, 3_000).catch(() => {});
}

/** Starts Xvfb on a free display number (it names the one it took), 1280x1024. */
export async function startXvfb(): Promise<Display> {
  const child = new Deno.Command("Xvfb", {
    // -displayfd 1: Xvfb picks a free display and writes its number to stdout.
    args: ["-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
    stdin: "null",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  try {
    const reader = child.stdout.getReader();
    let text = "";
    const decoder = new TextDecoder();
    await bounded(
      "Xvfb to name its display",
      (async () => {
        while (!text.includes("\n")) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`Xvfb exited before naming its display (said ${text})`);
          text += decoder.decode(value, { stream: true });
        }
      })(),
      10_000,
    );
    reader.releaseLock();
    await child.stdout.cancel();
    const name = `:${text.trim()}`;
    return { name, close: () => endProcess(child) };
  } catch (err) {
    await endProcess(child);
    throw err;
  }
}

/** Firefox, with its Xvfb display when it has a window. */
export interface Firefox {
  browser: FirefoxBrowser;
  /** The X display it draws on, or null when headless. */
  display: string | null;
  close(): Promise<void>;
}

/** Preferences: the fake camera and microphone, without a permission prompt. */
export const FIREFOX_PREFS: Record<string, unknown> = {
  "media.navigator.streams.fake": true,
  "media.navigator.permission.disabled": true,
  // Nothing beyond this machine: no updates, telemetry, safe browsing lists or captive portal.
  "app.update.enabled": false,
  "datareporting.policy.dataSubmissionEnabled": false,
  "toolkit.telemetry.enabled": false,
  "browser.safebrowsing.malware.enabled": false,
  "browser.safebrowsing.phishing.enabled": false,
  "network.captive-portal-service.enabled": false,
  "network.connectivity-service.enabled": false,
};

/**
 * Firefox ESR, headless (no WebGL) unless `window` is true: then on a new Xvfb display of its own
 * (WebGL through llvmpipe). `close()` ends both.
 */
export async function launchFirefox(
  opts: {
    window?: boolean;
    /** Another executable (the network lab's wrapper), more arguments and preferences. */
    executablePath?: string;
    args?: string[];
    prefs?: Record<string, unknown>;
  } = {},
): Promise<Firefox> {
  const xvfb = opts.window ? await startXvfb() : null;
  try {
    const browser = await bounded(
      "Firefox to start",
      ((await import(PUPPETEER)).default as Puppeteer).launch({
        browser: "firefox",
        executablePath: opts.executablePath ?? findFirefox(),
        headless: !xvfb,
        extraPrefsFirefox: { ...FIREFOX_PREFS, ...opts.prefs },
        args: opts.args,
        env: { ...Deno.env.toObject(), ...(xvfb ? { DISPLAY: xvfb.name } : {}) },
        // The tests stop on their own; a signal handler per launch would pile up listeners.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
        // Bounds for a Firefox that never answers: a loaded machine's BiDi session has taken
        // longer than 30 s to open.
        timeout: 90_000,
        protocolTimeout: 60_000,
      }),
      100_000,
    );
    return {
      browser,
      display: xvfb?.name ?? null,
      async close() {
        await bounded("Firefox to close", browser.close(), 10_000).catch(() => {
          browser.process()?.kill("SIGKILL");
        });
        await xvfb?.close();
      },
    };
  } catch (err) {
    await xvfb?.close();
    throw err;
  }
}

/**
 * Keeps every RTCPeerConnection on window.__pcs and every camera/microphone stream the page
 * opens on window.__captured (as the Chromium pages do); with a fixture, getUserMedia's video is a
 * 1280x720 canvas showing the photo (redrawn 25 times a second, captured), its audio Firefox's
 * fake microphone. `FIXTURE_PNG` is replaced by the photo's PNG as base64.
 */
const PRELOAD = `(() => {
  const fixture = FIXTURE_PNG;
  const Original = window.RTCPeerConnection;
  if (!Original || Original.__recorded) return;
  window.__pcs = [];
  class Recorded extends Original {
    constructor(...args) {
      super(...args);
      window.__pcs.push(this);
    }
  }
  Recorded.__recorded = true;
  window.RTCPeerConnection = Recorded;
  window.__captured = [];
  window.__fixtureCameras = 0;
  const md = navigator.mediaDevices;
  if (!md || !md.getUserMedia) return;
  const getUserMedia = md.getUserMedia.bind(md);
  let picture = null;
  const fixtureTrack = async () => {
    if (!picture) {
      const bytes = Uint8Array.from(atob(fixture), (c) => c.charCodeAt(0));
      picture = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
    }
    const canvas = document.createElement("canvas");
    canvas.width = 1280;
    canvas.height = 720;
    const ctx = canvas.getContext("2d");
    const draw = () => ctx.drawImage(picture, 0, 0, 1280, 720);
    draw();
    const track = canvas.captureStream(25).getVideoTracks()[0];
    const timer = setInterval(() => {
      if (track.readyState === "ended") clearInterval(timer);
      else draw();
    }, 40);
    window.__fixtureCameras++;
    return track;
  };
  md.getUserMedia = async (constraints) => {
    let stream;
    if (fixture && constraints && constraints.video) {
      const audio = constraints.audio ? await getUserMedia({ audio: constraints.audio }) : null;
      stream = new MediaStream([await fixtureTrack(), ...(audio ? audio.getTracks() : [])]);
    } else {
      stream = await getUserMedia(constraints);
    }
    window.__captured.push(stream);
    return stream;
  };
})();`;

const pngCache = new Map<Fixture, Promise<string>>();

/** The fixture scaled to 1280x720 (as Chromium's fake camera shows it), as base64 PNG bytes. */
function fixturePng(name: Fixture): Promise<string> {
  let got = pngCache.get(name);
  if (!got) {
    got = (async () => {
      const out = await new Deno.Command("ffmpeg", {
        args: [
          ...["-hide_banner", "-loglevel", "error", "-nostdin", "-i"],
          `${FIXTURES_DIR}/${name}.png`,
          ...["-vf", "scale=1280:720", "-frames:v", "1", "-f", "image2pipe", "-c:v", "png", "-"],
        ],
        stdin: "null",
        stdout: "piped",
        stderr: "piped",
      }).output();
      if (!out.success) {
        throw new Error(
          `ffmpeg could not scale ${name}.png: ${new TextDecoder().decode(out.stderr)}`,
        );
      }
      let bin = "";
      for (let i = 0; i < out.stdout.length; i += 0x8000) {
        bin += String.fromCharCode(...out.stdout.subarray(i, i + 0x8000));
      }
      return btoa(bin);
    })();
    pngCache.set(name, got);
    got.catch(() => pngCache.delete(name));
  }
  return got;
}

/** A signed-in Firefox page and what it has thrown and logged. */
export interface MemberPage {
  page: FirefoxPage;
  /** Uncaught errors of the page. */
  errors: string[];
  /** Console lines of the page ("type: text"). */
  console: string[];
  /** The server's origin, for goto(). */
  url: string;
}

/**
 * A phone-sized (390x844) page in `firefox` signed in as `member` (its session cookie), recording
 * its peer connections, with `camera`'s photo as its camera if given (else Firefox's flat fake),
 * and `preload` (a script) run in every document before the page's own. One member per Firefox:
 * the cookie is the browser's.
 */
export async function memberPage(
  firefox: Firefox,
  server: ServerLike,
  member: Member,
  opts: { camera?: Fixture; preload?: string } = {},
): Promise<MemberPage> {
  if (!member.client.session) throw new Error("the member has no session cookie");
  const { browser } = firefox;
  await bounded(
    "the session cookie",
    browser.setCookie({
      name: SESSION_COOKIE,
      value: member.client.session,
      domain: new URL(server.url).hostname,
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
    }),
    10_000,
  );
  const pages = await browser.pages();
  const page = pages[0] ?? await browser.newPage();
  page.setDefaultTimeout(ACTION_TIMEOUT_MS);
  await page.setViewport({ width: 390, height: 844 });
  const png = opts.camera ? JSON.stringify(await fixturePng(opts.camera)) : "null";
  await page.evaluateOnNewDocument(PRELOAD.replace("FIXTURE_PNG", png));
  if (opts.preload) await page.evaluateOnNewDocument(opts.preload);
  const errors: string[] = [];
  const logged: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => logged.push(`${m.type()}: ${m.text()}`));
  return { page, errors, console: logged, url: server.url };
}

/** Opens `path` on the member's server. */
export async function open(m: MemberPage, path: string) {
  await m.page.goto(new URL(path, m.url).href, {
    waitUntil: "domcontentloaded",
    timeout: ACTION_TIMEOUT_MS,
  });
}

/** The page's address path now (a navigation under way answers null). */
export async function pathOf(page: FirefoxPage): Promise<string | null> {
  return await bounded("the page's address", page.evaluate(() => location.pathname), 5_000)
    .catch(() => null);
}

/** Waits until the page's address reads `pathname` (it may change by history.replaceState). */
export async function waitForPathname(
  page: FirefoxPage,
  pathname: string,
  timeout = ACTION_TIMEOUT_MS,
) {
  const end = Date.now() + timeout;
  let last: string | null = null;
  while (Date.now() < end) {
    last = await pathOf(page);
    if (last === pathname) return;
    await sleep(100);
  }
  throw new Error(`Firefox page: timed out waiting for ${pathname}; at ${last}`);
}

/** Clicks the element matched by `selector` (puppeteer's, e.g. ::-p-text(…)) once it is visible. */
export async function click(page: FirefoxPage, selector: string, timeout = ACTION_TIMEOUT_MS) {
  await page.locator(selector).setTimeout(timeout).click();
}

/**
 * The probes of live_browser.ts only call `page.evaluate(fn, arg)`, which a
 * puppeteer page answers as a Playwright one does: this hands them the Firefox page.
 */
export function asEvaluator(page: FirefoxPage): PlaywrightPage {
  const view = {
    evaluate: (fn: (arg: unknown) => unknown, arg?: unknown) =>
      bounded("a page probe", page.evaluate(fn, arg), ACTION_TIMEOUT_MS),
  };
  return view as unknown as PlaywrightPage;
}

/** The partner's <video> on a Firefox page. */
export function remoteVideoOf(page: FirefoxPage): Promise<RemoteVideo | null> {
  return remoteVideo(asEvaluator(page));
}

/** Inbound RTP figures of the Firefox page's newest peer connection. */
export function inboundOf(page: FirefoxPage): Promise<Inbound> {
  return inbound(asEvaluator(page));
}

/** A one-line picture of a live Firefox page for failure messages. */
export function describeLiveOf(page: FirefoxPage): Promise<string> {
  return describeLive(asEvaluator(page));
}

/** How many times the page's camera was the fixture photo. */
export async function fixtureCameras(page: FirefoxPage): Promise<number> {
  // deno-lint-ignore no-explicit-any
  return await page.evaluate(() => (globalThis as any).__fixtureCameras ?? 0);
}

/** The partner's video plays on the Firefox page: the tile has frames and the RTP link decodes. */
export async function expectFirefoxPlaying(page: FirefoxPage, timeout = ACTION_TIMEOUT_MS) {
  try {
    const video = await until(
      "the remote video to play",
      () => remoteVideoOf(page),
      (v) => v !== null && v.readyState === 4 && v.videoWidth > 0 && !v.paused,
      timeout,
    );
    const stats = await until(
      "inbound video frames",
      () => inboundOf(page),
      (s) => s.framesDecoded > 0,
      timeout,
    );
    return { video: video!, stats };
  } catch (err) {
    throw new Error(`Firefox: ${(err as Error).message}; ${await describeLiveOf(page)}`);
  }
}

/** The safety code on the Firefox page's 'Encrypted' badge once it is known. */
export async function firefoxSafetyCode(
  page: FirefoxPage,
  timeout = ACTION_TIMEOUT_MS,
): Promise<string> {
  return await until(
    "the safety code in Firefox",
    () =>
      page.evaluate(() =>
        document.querySelector("[data-fingerprint]")?.getAttribute("data-fingerprint") ?? ""
      ),
    (code) => code.length > 0,
    timeout,
  );
}

/** A Chromium member's page and a Firefox member's page on one server. */
export interface MixedPair {
  /** Chromium's page, its page errors and console. */
  a: PlaywrightPage;
  errorsA: string[];
  consoleA: string[];
  /** Firefox's page. */
  b: MemberPage;
  firefox: Firefox;
  server: TestServer;
}

/**
 * Runs `fn` with two members on a fresh server (a call lasts 60 s), A in Chromium and B in Firefox
 * (headless unless `window`), both cameras showing `camera` if given (else each browser's fake),
 * each member's privacy settings changed as `a` and `b` say (else the defaults: face blur and the
 * safety shield on); the browsers, Xvfb and the server are closed afterwards whatever happens.
 */
export async function withChromiumAndFirefox(
  opts: { camera?: Fixture; window?: boolean; a?: PrivacyChoice; b?: PrivacyChoice },
  fn: (p: MixedPair) => Promise<void>,
) {
  let server: TestServer | null = null;
  let chromium: PlaywrightBrowser | null = null;
  let context: BrowserContext | null = null;
  let firefox = null as Firefox | null;
  try {
    // A call long enough for the slowest machine's detector to vouch (the test ends it sooner).
    server = await startServer({ MATCH_DURATION_MS: "300000" });
    const clip = opts.camera ? await cameraFile(opts.camera) : null;
    // Both start at once; whichever started is closed below even if the other failed.
    const [cr, ff] = await Promise.allSettled([
      launchBrowser({ extraArgs: clip ? ["--use-file-for-fake-video-capture=" + clip] : [] }),
      launchFirefox({ window: opts.window }),
    ]);
    if (cr.status === "fulfilled") chromium = cr.value;
    if (ff.status === "fulfilled") firefox = ff.value;
    if (cr.status === "rejected") throw cr.reason;
    if (ff.status === "rejected") throw ff.reason;
    const [alice, bob] = [await liveMember(server), await liveMember(server)];
    for (const [member, choice] of [[alice, opts.a], [bob, opts.b]] as const) {
      if (choice) await setPrivacy(member, choice);
    }
    context = await memberContext(cr.value, server, alice);
    const a = await context.newPage();
    const errorsA: string[] = [];
    const consoleA: string[] = [];
    a.on("pageerror", (e) => errorsA.push(String(e)));
    a.on("console", (m) => consoleA.push(`${m.type()}: ${m.text()}`));
    const b = await memberPage(ff.value, server, bob, { camera: opts.camera });
    await fn({ a, errorsA, consoleA, b, firefox: ff.value, server });
  } finally {
    await closeQuietly(context, chromium);
    await firefox?.close();
    await server?.close();
  }
}

/**
 * Both members open Discover and tap 'Start POV Connection'; resolves once both pages show the
 * live view at /live-match.
 */
export async function startFromDiscover(a: PlaywrightPage, b: MemberPage, timeout = 30_000) {
  await Promise.all([a.goto("/"), open(b, "/")]);
  await Promise.all([
    a.getByRole("link", { name: "Start POV Connection" }).click(),
    click(b.page, "::-p-text(Start POV Connection)"),
  ]);
  try {
    await Promise.all([waitLive(a, timeout), waitForPathname(b.page, "/live-match", timeout)]);
    await b.page.locator("section.live").setTimeout(ACTION_TIMEOUT_MS).wait();
  } catch (err) {
    const heading = (p: FirefoxPage) =>
      bounded("a heading", p.evaluate(() => document.querySelector("h1")?.textContent ?? ""), 5_000)
        .catch(() => "?");
    throw new Error(
      `${(err as Error).message}; Chromium at ${new URL(a.url()).pathname}, Firefox at ` +
        `${await pathOf(b.page)} ('${await heading(b.page)}')`,
    );
  }
}

// Face blur as the partner receives it: the sharpness (mean absolute Laplacian) of regions of the
// received astronaut.png frame, as a fraction of the raw fixture's at the same size.

/**
 * In a 1280x720 frame of astronaut.png: the left of the helmet ring and the suit's shoulder,
 * inside the landscape fixed band but away from the face and a detection's margin around it.
 * Arrives sharp only while a fresh detection vouches for the frame.
 */
export const BAND_ONLY_REL: Rect = { x: 264 / 1280, y: 260 / 720, w: 104 / 1280, h: 130 / 720 };

/**
 * A blurred face keeps at most 40 % of the raw sharpness. Measured on what arrives: a face sent as
 * filmed keeps 88-103 %, a blurred one 13-27 %, and up to 32 % in Firefox's frames with the whole
 * picture covered (the encoder's edges between the pixelated blocks).
 */
export const FACE_MAX = 0.4;
/** A sharp region keeps at least 50 % of it. */
export const SHARP_MIN = 0.5;

const REGIONS = { face: FACE_RECT_REL, background: BACKGROUND_RECT_REL, band: BAND_ONLY_REL };
export type Region = keyof typeof REGIONS;

/** One received frame: its size, and each region's sharpness as a fraction of the raw one. */
export interface Sample {
  width: number;
  height: number;
  ratio: Record<Region, number>;
}

/** A region of a frame as 8-bit luma, `w` pixels a row. */
interface Crop {
  w: number;
  h: number;
  b64: string;
}

/**
 * In the page: the current frame of the <video> matched by `selector` at its intrinsic size, and
 * the luma of each region (fractions of the frame) as base64. Only the regions cross over: a
 * whole frame's worth would hold the page's main thread, where Firefox composes face blur.
 */
function cropsInPage(
  { selector, rects }: { selector: string; rects: Record<string, Rect> },
): { width: number; height: number; crops: Record<string, Crop> } {
  const video = document.querySelector(selector);
  if (!(video instanceof HTMLVideoElement)) throw new Error(`no <video> matches ${selector}`);
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!width || !height) throw new Error(`<video> ${selector} has no frame (videoWidth 0)`);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) throw new Error("no 2d canvas context");
  ctx.drawImage(video, 0, 0, width, height);
  const crops: Record<string, Crop> = {};
  for (const [name, rel] of Object.entries(rects)) {
    const x = Math.round(rel.x * width);
    const y = Math.round(rel.y * height);
    const w = Math.min(Math.round((rel.x + rel.w) * width), width) - x;
    const h = Math.min(Math.round((rel.y + rel.h) * height), height) - y;
    const rgba = ctx.getImageData(x, y, w, h).data;
    let bin = "";
    for (let q = 0; q < rgba.length; q += 4) {
      bin += String.fromCharCode(
        Math.round(0.299 * rgba[q] + 0.587 * rgba[q + 1] + 0.114 * rgba[q + 2]),
      );
    }
    crops[name] = { w, h, b64: btoa(bin) };
  }
  return { width, height, crops };
}

type Frame = ReturnType<typeof cropsInPage>;

const rawCache = new Map<string, Promise<Record<Region, number>>>();

/** The raw astronaut's sharpness per region at width x height. */
function rawSharpness(width: number, height: number): Promise<Record<Region, number>> {
  const key = `${width}x${height}`;
  let got = rawCache.get(key);
  if (!got) {
    got = (async () => {
      const gray = await rawGray(await cameraFile("astronaut"), { width, height });
      const out = {} as Record<Region, number>;
      for (const [name, rel] of Object.entries(REGIONS) as [Region, Rect][]) {
        out[name] = meanAbsLaplacian(gray, width, toPixels(rel, width, height));
      }
      return out;
    })();
    rawCache.set(key, got);
    got.catch(() => rawCache.delete(key));
  }
  return got;
}

/** Measures a received frame's regions against the raw fixture at the frame's size. */
async function sampleOf(frame: Frame): Promise<Sample> {
  const raw = await rawSharpness(frame.width, frame.height);
  const ratio = {} as Record<Region, number>;
  for (const name of Object.keys(REGIONS) as Region[]) {
    const { w, h, b64 } = frame.crops[name];
    const gray = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    ratio[name] = meanAbsLaplacian(gray, w, { x: 0, y: 0, w, h }) / raw[name];
  }
  return { width: frame.width, height: frame.height, ratio };
}

const pct = (v: number) => `${Math.round(v * 100)}%`;
export const fmtSample = (s: Sample) =>
  `${s.width}x${s.height} ` +
  (Object.keys(REGIONS) as Region[]).map((r) => `${r} ${pct(s.ratio[r])}`).join(", ");

/** A member's received partner video: who receives, its current frame measured, the page. */
export interface Receiver {
  name: string;
  sample: () => Promise<Sample>;
  describe: () => Promise<string>;
}

export const REMOTE_VIDEO = ".tile-remote video";
const CROPS = { selector: REMOTE_VIDEO, rects: REGIONS };

export const chromiumReceiver = (name: string, page: PlaywrightPage): Receiver => ({
  name,
  sample: async () => sampleOf(await page.evaluate(cropsInPage, CROPS)),
  describe: () => describeLive(page),
});

export const firefoxReceiver = (name: string, page: FirefoxPage): Receiver => ({
  name,
  sample: async () =>
    sampleOf(
      await bounded("a frame's regions", page.evaluate(cropsInPage, CROPS), ACTION_TIMEOUT_MS),
    ),
  describe: () => describeLiveOf(page),
});

/**
 * Waits (up to `timeout`) until `r` receives the partner's band area sharp: the partner's face
 * detector has found the face in a frame and vouches for it. The bound is for a detector that
 * never vouches: a loaded machine's CPU detector has taken 20 s and more to load and run.
 */
export async function awaitDetection(r: Receiver, timeout = 120_000): Promise<Sample> {
  try {
    return await until(
      `${r.name} to receive the band area sharp (the sender's detector found the face)`,
      r.sample,
      (s) => s.ratio.band >= SHARP_MIN,
      timeout,
      300,
    );
  } catch (err) {
    throw new Error(`${(err as Error).message}; ${await r.describe()}`);
  }
}

/** The 'You' tile's badges on the Firefox page. */
export async function firefoxLocalBadges(page: FirefoxPage): Promise<string[]> {
  return await page.evaluate(() =>
    [...document.querySelectorAll(".tile-local .badge")].map((b) => b.textContent?.trim() ?? "")
  );
}

/**
 * With both cameras showing astronaut.png: once each sender's detector vouches for its frames (the
 * band's area arrives sharp), frames received on each side (about 400 ms apart) must all have the
 * face blurred, until `sharpFrames` of them on each side have had the background sharp, within
 * `timeout` (a detection more than a second old covers the whole picture again, which a loaded
 * machine shows now and then). Returns the samples.
 */
export async function expectBlurBothWays(
  p: MixedPair,
  opts: { sharpFrames?: number; timeout?: number } = {},
): Promise<Record<string, Sample[]>> {
  const sharpFrames = opts.sharpFrames ?? 5;
  const timeout = opts.timeout ?? 60_000;
  await expectRemoteVideoPlaying(p.a, ACTION_TIMEOUT_MS, "Chromium");
  await expectFirefoxPlaying(p.b.page, ACTION_TIMEOUT_MS);
  const receivers = [
    chromiumReceiver("Chromium (Firefox's camera)", p.a),
    firefoxReceiver("Firefox (Chromium's camera)", p.b.page),
  ];
  const started = Date.now();
  for (const r of receivers) {
    const s = await awaitDetection(r);
    console.log(`  ${r.name}: detection vouches after ${Date.now() - started} ms: ${fmtSample(s)}`);
  }
  // Each sender's frames by cover from here (both detectors vouched) to the end, as well as from
  // the call's start (which counts its wholly covered first seconds).
  const firefoxCovers0 = await bounded(
    "Firefox's frames by cover",
    p.b.page.evaluate(blurCoversInPage),
    ACTION_TIMEOUT_MS,
  ).catch(() => null);
  const chromiumCovers0 = await p.a.evaluate(blurCoversInPage);
  const got: Record<string, Sample[]> = {};
  for (const r of receivers) got[r.name] = [];
  const sharp = (name: string) => got[name].filter((s) => s.ratio.background >= SHARP_MIN).length;
  const end = Date.now() + timeout;
  while (receivers.some((r) => sharp(r.name) < sharpFrames) && Date.now() < end) {
    for (const r of receivers) {
      const s = await r.sample();
      got[r.name].push(s);
      assert.ok(
        s.ratio.face <= FACE_MAX,
        `${r.name}: the face must arrive blurred in every frame (≤ ${pct(FACE_MAX)} of raw); ` +
          `frame ${got[r.name].length}: ${fmtSample(s)}`,
      );
    }
    await sleep(400);
  }
  const chromiumCovers = await p.a.evaluate(blurCoversInPage);
  console.log(`  Chromium's frames by cover: ${fmtCovers(chromiumCovers)}`);
  console.log(
    `  Chromium's frames by cover once both vouched: ${
      fmtCovers(coversBetween(chromiumCovers0, chromiumCovers))
    }; ${JSON.stringify(await p.a.evaluate(blurFiguresInPage))}`,
  );
  const firefoxCovers = await bounded(
    "Firefox's frames by cover",
    p.b.page.evaluate(blurCoversInPage),
    ACTION_TIMEOUT_MS,
  ).catch(() => null);
  console.log(`  Firefox's frames by cover: ${fmtCovers(firefoxCovers)}`);
  const firefoxFigures = await bounded(
    "Firefox's blur figures",
    p.b.page.evaluate(blurFiguresInPage),
    ACTION_TIMEOUT_MS,
  ).catch(() => null);
  console.log(
    `  Firefox's frames by cover once both vouched: ${
      fmtCovers(coversBetween(firefoxCovers0, firefoxCovers))
    }; ${JSON.stringify(firefoxFigures)}`,
  );
  for (const r of receivers) {
    const list = got[r.name];
    for (const s of list) console.log(`  ${r.name} received ${fmtSample(s)}`);
    assert.ok(
      sharp(r.name) >= sharpFrames,
      `${r.name}: the background must arrive sharp (≥ ${pct(SHARP_MIN)} of raw) again and ` +
        `again: ${sharp(r.name)} of ${list.length} frames in ${timeout} ms, ${sharpFrames} needed`,
    );
  }
  return got;
}

/**
 * The face-blur call of firefox_blur_test.ts (headless Firefox: no WebGL) and
 * firefox_blur_webgl_test.ts (Firefox on Xvfb: WebGL): Chromium and Firefox, both cameras showing
 * astronaut.png, start from Discover; expectBlurBothWays; Firefox's 'You' tile says 'Privacy On';
 * neither page throws. Firefox's "Face blur:" console lines are printed whatever happens.
 */
export async function blurCall(opts: { window: boolean }) {
  const [a, b] = [SHIELD_OFF, SHIELD_OFF]; // face blur both ways is what is looked at
  await withChromiumAndFirefox({ camera: "astronaut", window: opts.window, a, b }, async (p) => {
    await startFromDiscover(p.a, p.b);
    try {
      await expectBlurBothWays(p);
    } finally {
      const lines = p.b.console.filter((l) => l.includes("Face blur"));
      console.log(
        `  Firefox's "Face blur" console lines: ${lines.length ? lines.join(" / ") : "none"}`,
      );
    }
    assert.ok(await fixtureCameras(p.b.page) > 0, "Firefox's camera was the photo");
    const badges = await firefoxLocalBadges(p.b.page);
    console.log(`  Firefox's 'You' tile: ${badges.join(" | ")}`);
    assert.ok(badges.includes("Privacy On"), "Firefox's 'You' tile says 'Privacy On'");
    assert.deepEqual(p.errorsA, [], "Chromium page errors");
    assert.deepEqual(p.b.errors, [], "Firefox page errors");
  });
}
