// Helpers for the live-session browser tests and benchmark: members with a profile location (and,
// where many matches are needed, an unlimited tier), signed-in phone-sized contexts whose pages
// record every RTCPeerConnection on `window.__pcs`, and probes for the remote video, the inbound
// RTP statistics, the safety code and the toasts.
import assert from "node:assert/strict";
import type { Browser, BrowserContext, ConsoleMessage, Page } from "playwright-core";
import { type Member, registerMember, SESSION_COOKIE } from "./accounts.ts";
import { type ServerLike, startServer, type TestServer } from "./server.ts";
import type { UserRecord } from "../../lib/shared/auth/types.ts";
import type { TierKey } from "../../lib/shared/constants.ts";
import { expectToast, launchBrowser, toastTitled, waitForHydration } from "./browser.ts";
import { ACTION_TIMEOUT_MS, until, within } from "./time.ts";

export { expectToast, toastTitled, waitForHydration };

export const LOCATION = "Warsaw, Poland";

/**
 * Registers a member over HTTP (verified through the mailed link, unless `verified` is false),
 * gives them a profile location and (optionally) a tier. With `privacy: "off"` the member turns
 * face blur and the safety shield off on /profile, as a member may: for tests of the call's flow
 * (matching, skips, drops, screens), which then cost a third to two thirds less CPU; face blur
 * and the shield have tests of their own, and the whole call (live_call_test.ts) runs with both
 * on.
 */
export async function liveMember(
  server: ServerLike,
  opts: { location?: string; tier?: TierKey; verified?: boolean; privacy?: "on" | "off" } = {},
): Promise<Member> {
  const member = await registerMember(server, { verified: opts.verified });
  const location = opts.location ?? LOCATION;
  const changes = {
    ...location ? { location } : {},
    ...opts.privacy === "off" ? PRIVACY_OFF : {},
  };
  if (Object.keys(changes).length) {
    const res = await member.client.patch("/api/user/profile", changes);
    assert.equal(res.status, 200, `profile: ${res.text}`);
  }
  if (opts.tier) await setTier(server.kv, member.id, opts.tier);
  return member;
}

/** Privacy settings a member changes on /profile (face blur, the safety shield). */
export interface PrivacyChoice {
  faceBlurEnabled?: boolean;
  safetyShieldEnabled?: boolean;
}

/** Face blur and the safety shield off: for a member whose side a test does not look at. */
export const PRIVACY_OFF: PrivacyChoice = { faceBlurEnabled: false, safetyShieldEnabled: false };
/** The safety shield off, face blur on: for a member whose face blur a test looks at. */
export const SHIELD_OFF: PrivacyChoice = { safetyShieldEnabled: false };
/** Face blur off, the safety shield on: for a member whose shield a test looks at. */
export const BLUR_OFF: PrivacyChoice = { faceBlurEnabled: false };

/** Changes the member's privacy settings on /profile, as the member may. */
export async function setPrivacy(member: Member, choice: PrivacyChoice) {
  const res = await member.client.patch("/api/user/profile", choice);
  assert.equal(res.status, 200, `privacy ${JSON.stringify(choice)}: ${res.text}`);
}

/** Free members get 5 sessions a day; tests that match more often use an unlimited tier. */
export async function setTier(kv: Deno.Kv, userId: string, tier: TierKey) {
  const entry = await kv.get<UserRecord>(["users", userId]);
  assert.ok(entry.value, `no user ${userId}`);
  const res = await kv.atomic().check(entry).set(entry.key, { ...entry.value, tier }).commit();
  assert.ok(res.ok, "tier update");
}

/**
 * Records every RTCPeerConnection the page makes on window.__pcs (for getStats), every
 * camera/microphone stream it opens on window.__captured and every WebSocket on window.__sockets;
 * sessionStorage __camera_delay_ms makes the camera slow to open.
 */
const RECORD_PEER_CONNECTIONS = `(() => {
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
  // Every WebSocket the page opens (a test may cut one, as a network change would).
  window.__sockets = [];
  const OriginalSocket = window.WebSocket;
  window.WebSocket = class extends OriginalSocket {
    constructor(...args) {
      super(...args);
      window.__sockets.push(this);
    }
  };
  // Every camera track face blur hands to a MediaStreamTrackProcessor (its compositor worker's
  // input): such a track is in use while its canvas track is.
  window.__processed = [];
  const OriginalProcessor = window.MediaStreamTrackProcessor;
  if (OriginalProcessor) {
    window.MediaStreamTrackProcessor = class extends OriginalProcessor {
      constructor(init) {
        super(init);
        window.__processed.push(init.track);
      }
    };
  }
  const md = navigator.mediaDevices;
  // Every toast the tab raises, kept across page loads (a toast raised just before a navigation
  // is gone with its page; this log tells "never raised" from "raised and lost").
  const logToasts = () => {
    const region = document.getElementById("toasts");
    if (!region) return;
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) {
          const title = n.querySelector && n.querySelector(".toast-title");
          if (!title) continue;
          const log = JSON.parse(sessionStorage.getItem("__toast_log") || "[]");
          log.push({ title: title.textContent, path: location.pathname, at: Date.now() });
          sessionStorage.setItem("__toast_log", JSON.stringify(log));
        }
      }
    }).observe(region, { childList: true });
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", logToasts);
  } else logToasts();
  if (md && md.getUserMedia) {
    const getUserMedia = md.getUserMedia.bind(md);
    md.getUserMedia = async (constraints) => {
      // A slow camera (phones take a moment to start one), when a test asks for it.
      const delay = Number(sessionStorage.getItem("__camera_delay_ms") || 0);
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      const stream = await getUserMedia(constraints);
      window.__captured.push(stream);
      return stream;
    };
  }
})();`;

/** A phone-sized context signed in as `member`, recording its peer connections. */
export async function memberContext(
  browser: Browser,
  server: ServerLike,
  member: Member | null,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 390, height: 844 },
    reducedMotion: "reduce",
  });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  await context.addInitScript({ content: RECORD_PEER_CONNECTIONS });
  if (member) {
    assert.ok(member.client.session, "the member has a session cookie");
    await context.addCookies([{
      name: SESSION_COOKIE,
      value: member.client.session,
      url: server.url,
      httpOnly: true,
      sameSite: "Lax",
    }]);
  }
  return context;
}

export function path(page: Page): string {
  return new URL(page.url()).pathname;
}

export async function waitForPath(page: Page, pathname: string, timeout = ACTION_TIMEOUT_MS) {
  await page.waitForURL((u) => u.pathname === pathname, { timeout, waitUntil: "commit" });
}

/** Toasts the tab has raised so far (across its page loads): title, page path, time. */
export async function toastLog(
  page: Page,
): Promise<{ title: string; path: string; at: number }[]> {
  return await page.evaluate(() => JSON.parse(sessionStorage.getItem("__toast_log") || "[]"));
}

/** Both members open /connecting together and reach the live view. */
export async function startPair(a: Page, b: Page, timeout = ACTION_TIMEOUT_MS) {
  await Promise.all([a.goto("/connecting"), b.goto("/connecting")]);
  await Promise.all([waitLive(a, timeout), waitLive(b, timeout)]);
}

/** The live view is shown (the address reads /live-match). */
export async function waitLive(page: Page, timeout = ACTION_TIMEOUT_MS) {
  await waitForPath(page, "/live-match", timeout);
  await page.locator("section.live").waitFor({ state: "visible", timeout });
}

export interface RemoteVideo {
  readyState: number;
  videoWidth: number;
  videoHeight: number;
  paused: boolean;
  currentTime: number;
}

export async function remoteVideo(page: Page): Promise<RemoteVideo | null> {
  return await page.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>(".tile-remote video");
    if (!v) return null;
    return {
      readyState: v.readyState,
      videoWidth: v.videoWidth,
      videoHeight: v.videoHeight,
      paused: v.paused,
      currentTime: v.currentTime,
    };
  });
}

export interface Inbound {
  /** How many peer connections the page made, and whether the last one is still open. */
  pcs: number;
  state: string;
  framesDecoded: number;
  audioLevel: number;
  totalAudioEnergy: number;
  audioSamples: number;
  packetsAudio: number;
}

/** Inbound RTP figures of the page's newest peer connection. */
export async function inbound(page: Page): Promise<Inbound> {
  return await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const pcs: RTCPeerConnection[] = (globalThis as any).__pcs ?? [];
    const pc = pcs[pcs.length - 1];
    const out = {
      pcs: pcs.length,
      state: pc ? pc.connectionState : "none",
      framesDecoded: 0,
      audioLevel: 0,
      totalAudioEnergy: 0,
      audioSamples: 0,
      packetsAudio: 0,
    };
    if (!pc || pc.connectionState === "closed") return out;
    const stats = await pc.getStats();
    // deno-lint-ignore no-explicit-any
    stats.forEach((s: any) => {
      if (s.type !== "inbound-rtp") return;
      if (s.kind === "video") out.framesDecoded += s.framesDecoded ?? 0;
      if (s.kind === "audio") {
        out.audioLevel = Math.max(out.audioLevel, s.audioLevel ?? 0);
        out.totalAudioEnergy += s.totalAudioEnergy ?? 0;
        out.audioSamples += s.totalSamplesReceived ?? 0;
        out.packetsAudio += s.packetsReceived ?? 0;
      }
    });
    return out;
  });
}

/** A one-line picture of a live page for failure messages: role, peer connections, video. */
export async function describeLive(page: Page): Promise<string> {
  try {
    return await page.evaluate(async () => {
      // deno-lint-ignore no-explicit-any
      const g = globalThis as any;
      const pcs: RTCPeerConnection[] = g.__pcs ?? [];
      const match = JSON.parse(sessionStorage.getItem("glimpse_match") ?? "null");
      const v = document.querySelector<HTMLVideoElement>(".tile-remote video");
      // What the newest peer connection sends and receives, and its tracks.
      const pc = pcs[pcs.length - 1];
      const rtp: string[] = [];
      if (pc && pc.connectionState !== "closed") {
        // deno-lint-ignore no-explicit-any
        (await pc.getStats()).forEach((s: any) => {
          if (s.kind !== "video") return;
          if (s.type === "outbound-rtp") rtp.push(`sent ${s.framesSent ?? 0}`);
          if (s.type === "inbound-rtp") rtp.push(`decoded ${s.framesDecoded ?? 0}`);
        });
        for (const t of pc.getSenders().map((x) => x.track)) {
          if (t) rtp.push(`send ${t.kind} ${t.readyState}${t.muted ? " muted" : ""}`);
        }
        for (const t of pc.getReceivers().map((x) => x.track)) {
          rtp.push(`recv ${t.kind} ${t.readyState}${t.muted ? " muted" : ""}`);
        }
      }
      return `${location.pathname} role=${match?.role ?? "-"} pcs=[${
        pcs.map((pc) => `${pc.connectionState}/${pc.signalingState}`).join(", ")
      }] video rtp=[${rtp.join(", ")}] remote video readyState=${
        v?.readyState ?? "-"
      } srcObject tracks=${
        (v?.srcObject as MediaStream | null)?.getTracks().map((t) => t.kind).join("+") ?? "-"
      } placeholder=${
        document.querySelector(".tile-remote .tile-placeholder")?.textContent ?? "-"
      }`;
    });
  } catch (err) {
    return `(page not readable: ${err})`;
  }
}

/** The partner's video plays on this page: the tile has frames and the RTP link decodes them. */
export async function expectRemoteVideoPlaying(
  page: Page,
  timeout = ACTION_TIMEOUT_MS,
  who = "page",
) {
  try {
    const v = await until(
      "the remote video to play",
      () => remoteVideo(page),
      (v) => v !== null && v.readyState === 4 && v.videoWidth > 0 && !v.paused,
      timeout,
    );
    const s = await until(
      "inbound video frames",
      () => inbound(page),
      (s) => s.framesDecoded > 0,
      timeout,
    );
    return { video: v!, stats: s };
  } catch (err) {
    throw new Error(`${who}: ${(err as Error).message}; ${await describeLive(page)}`);
  }
}

export interface Captures {
  /** getUserMedia calls that returned a stream. */
  opened: number;
  /** Capture tracks still live. */
  live: number;
  /**
   * Live capture tracks that are neither sent to the partner, nor shown in the 'You' tile, nor
   * feeding face blur's canvas while its output is sent or shown.
   */
  orphans: string[];
}

/** Cuts the page's open realtime socket as a network change would (a close other than 1000). */
export async function cutSocket(page: Page): Promise<number> {
  return await page.evaluate(() => {
    // deno-lint-ignore no-explicit-any
    const sockets: WebSocket[] = (globalThis as any).__sockets ?? [];
    const open = sockets.filter((s) => s.readyState === WebSocket.OPEN);
    for (const s of open) s.close(4000, "network changed");
    return open.length;
  });
}

/** How many realtime sockets the page has opened, and how many are open now. */
export async function socketCount(page: Page): Promise<{ opened: number; open: number }> {
  return await page.evaluate(() => {
    // deno-lint-ignore no-explicit-any
    const sockets: WebSocket[] = (globalThis as any).__sockets ?? [];
    return {
      opened: sockets.length,
      open: sockets.filter((s) => s.readyState === WebSocket.OPEN).length,
    };
  });
}

/** Makes this tab's camera take `ms` to open from its next page load on (0: at once). */
export async function setCameraDelay(page: Page, ms: number) {
  await page.evaluate((ms) => sessionStorage.setItem("__camera_delay_ms", String(ms)), ms);
}

/** This tab's role in its current match (from the app's glimpse_match in sessionStorage). */
export async function matchRole(page: Page): Promise<string | null> {
  return await page.evaluate(() =>
    JSON.parse(sessionStorage.getItem("glimpse_match") ?? "null")?.role ?? null
  );
}

/** What the page did with the camera and microphone. */
export async function captures(page: Page): Promise<Captures> {
  return await page.evaluate(() => {
    // deno-lint-ignore no-explicit-any
    const g = globalThis as any;
    const streams: MediaStream[] = g.__captured ?? [];
    const pcs: RTCPeerConnection[] = g.__pcs ?? [];
    const pc = pcs[pcs.length - 1];
    const used = new Set<string>();
    if (pc && pc.connectionState !== "closed") {
      for (const s of pc.getSenders()) if (s.track) used.add(s.track.id);
    }
    const local = document.querySelector<HTMLVideoElement>(".tile-local video");
    const shown = local?.srcObject as MediaStream | null;
    for (const t of shown?.getTracks() ?? []) used.add(t.id);
    // Face blur hands the camera track to a MediaStreamTrackProcessor (or, without one, plays it
    // into a hidden <video class="blur-source">) whose frames go to a canvas; the canvas's
    // captured track is what is sent and shown. Such a camera track counts as used while there
    // are as many canvas tracks in use as blur sources.
    const tracksInUse = [
      ...(pc && pc.connectionState !== "closed" ? pc.getSenders().map((x) => x.track) : []),
      ...(shown?.getTracks() ?? []),
    ];
    const canvasTracks = new Set(
      tracksInUse.filter((t) => t && t instanceof CanvasCaptureMediaStreamTrack).map((t) => t!.id),
    );
    const sources = new Set([
      ...[...document.querySelectorAll<HTMLVideoElement>("video.blur-source")].flatMap((v) =>
        (v.srcObject as MediaStream | null)?.getTracks() ?? []
      ),
      ...(g.__processed as MediaStreamTrack[] ?? []).filter((t) => t.readyState === "live"),
    ].map((t) => t.id));
    if (sources.size <= canvasTracks.size) { for (const id of sources) used.add(id); }
    const live = streams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === "live");
    return {
      opened: streams.length,
      live: live.length,
      orphans: live.filter((t) => !used.has(t.id)).map((t) => `${t.kind}:${t.label}`),
    };
  });
}

/** The safety code on the 'Encrypted' badge once it is known. */
export async function safetyCode(page: Page, timeout = 15_000): Promise<string> {
  return await until(
    "the safety code",
    () =>
      page.evaluate(() =>
        document.querySelector("[data-fingerprint]")?.getAttribute("data-fingerprint") ?? ""
      ),
    (code) => code.length > 0,
    timeout,
  );
}

/** Closes each of `things` in turn, ignoring errors; none may take more than 30 s. */
export async function closeQuietly(...things: ({ close(): Promise<void> } | null | undefined)[]) {
  for (const t of things) {
    if (t) {
      await within(
        `closing ${t.constructor?.name ?? "a resource"}`,
        Promise.resolve().then(() => t.close()),
        30_000,
      );
    }
  }
}

/** Two members' pages on one server, the server, and the page errors either has thrown. */
export interface LivePair {
  a: Page;
  b: Page;
  errors: string[];
  server: TestServer;
}

/**
 * Runs `fn` with two members signed in, each in a browser context of their own, against a fresh
 * server started with `env`; the contexts, the browser and the server are closed afterwards.
 */
export async function withLivePair(
  env: Record<string, string>,
  fn: (p: LivePair) => Promise<void>,
  opts: {
    /** A Y4M clip both fake cameras play (Chromium's own test pattern if not given). */
    camera?: string;
    /** Both members' plan (free members get 5 sessions a day). */
    tier?: TierKey;
    /** More Chromium flags (e.g. two fake cameras). */
    args?: string[];
    /** The full Chromium browser rather than the headless shell (helpers/browser.ts). */
    full?: boolean;
    /** "off": both members turn face blur and the safety shield off (see liveMember). */
    privacy?: "on" | "off";
    /** Runs before the pages open, e.g. to change the first member or route their requests. */
    setup?: (
      s: { alice: Member; bob: Member; ca: BrowserContext; cb: BrowserContext; server: TestServer },
    ) => Promise<void>;
  } = {},
) {
  let server: TestServer | null = null;
  let browser: Browser | null = null;
  const contexts: BrowserContext[] = [];
  try {
    server = await startServer(env);
    browser = await launchBrowser({
      extraArgs: [
        ...(opts.camera ? ["--use-file-for-fake-video-capture=" + opts.camera] : []),
        ...(opts.args ?? []),
      ],
      full: opts.full,
    });
    const { tier, privacy } = opts;
    const [alice, bob] = [
      await liveMember(server, { tier, privacy }),
      await liveMember(server, { tier, privacy }),
    ];
    const ca = await memberContext(browser, server, alice);
    const cb = await memberContext(browser, server, bob);
    contexts.push(ca, cb);
    await opts.setup?.({ alice, bob, ca, cb, server });
    const a = await ca.newPage();
    const b = await cb.newPage();
    const errors: string[] = [];
    for (const p of [a, b]) p.on("pageerror", (e) => errors.push(String(e)));
    await fn({ a, b, errors, server });
  } finally {
    for (const c of contexts) await closeQuietly(c);
    await closeQuietly(browser, server);
  }
}

/**
 * Runs `fn` with one signed-in member on `path` (its `island` hydrated), face blur on unless
 * `blur` is false, in a Chromium whose fake camera plays the Y4M clip `camera`, against a fresh
 * server; afterwards the page must have thrown nothing. Everything is closed whatever happens.
 */
export async function withCameraPage(
  opts: {
    /** A Y4M clip the fake camera plays (Chromium's own fake cameras if not given). */
    camera?: string;
    path: string;
    island: string;
    blur?: boolean;
    /** Changes the member's context (routes, init scripts) before the page loads. */
    setup?: (context: BrowserContext) => Promise<void>;
    /** More Chromium flags (e.g. two fake cameras). */
    args?: string[];
  },
  fn: (p: { page: Page; errors: string[] }) => Promise<void>,
) {
  let server: TestServer | null = null;
  let browser: Browser | null = null;
  let context: BrowserContext | null = null;
  try {
    server = await startServer();
    browser = await launchBrowser({
      extraArgs: [
        ...(opts.camera ? ["--use-file-for-fake-video-capture=" + opts.camera] : []),
        ...(opts.args ?? []),
      ],
    });
    const member = await liveMember(server);
    if (opts.blur === false) await setPrivacy(member, BLUR_OFF);
    context = await memberContext(browser, server, member);
    await opts.setup?.(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(opts.path);
    await waitForHydration(page, opts.island);
    await fn({ page, errors });
    assert.deepEqual(errors, [], "no page errors");
  } finally {
    await closeQuietly(context, browser, server);
  }
}

/**
 * A withLivePair setup that aborts the first member's requests matching `pattern` (a glob, or a
 * function that finds it), noting each blocked path in `blocked`. A context route also sees the
 * requests of the page's module workers.
 */
export function blockOnA(pattern: string | (() => Promise<string>), blocked: string[]) {
  return async ({ ca }: { ca: BrowserContext }) => {
    const glob = typeof pattern === "string" ? pattern : await pattern();
    await ca.route(glob, (route) => {
      blocked.push(new URL(route.request().url()).pathname);
      return route.abort();
    });
  };
}

/** The console lines that start with `prefix` (e.g. one feature's logged failure). */
export function consoleLines(messages: ConsoleMessage[], prefix: string): string[] {
  return messages.filter((m) => m.text().startsWith(prefix)).map((m) => m.text());
}

/**
 * The first fake camera faces away from the member, the third faces them (Chromium's second fake
 * camera sends depth frames, which its video encoder never sends: it is hidden from the page);
 * every camera track the page opens is kept on window.__cameras (a flip changes the tracks of the
 * stream it had).
 */
export const FACING_CAMERAS = `(() => {
  window.__cameras = [];
  const md = navigator.mediaDevices;
  const enumerateDevices = md.enumerateDevices.bind(md);
  md.enumerateDevices = async () =>
    (await enumerateDevices()).filter((d) => d.label !== "fake_device_1");
  const getUserMedia = md.getUserMedia.bind(md);
  md.getUserMedia = async (constraints) => {
    const stream = await getUserMedia(constraints);
    window.__cameras.push(...stream.getVideoTracks());
    return stream;
  };
  const original = MediaStreamTrack.prototype.getSettings;
  MediaStreamTrack.prototype.getSettings = function () {
    const s = original.call(this);
    if (this.kind !== "video" || !/fake_device/.test(this.label)) return s;
    return { ...s, facingMode: this.label.endsWith("0") ? "environment" : "user" };
  };
})();`;

/** Chromium flags for the cameras FACING_CAMERAS describes (three fake devices, one hidden). */
export const TWO_CAMERAS_ARGS = ["--use-fake-device-for-media-stream=device-count=3"];

/**
 * In a page: its face blur's frames by cover so far (faces only, the band, the whole picture), from
 * the status stream.ts keeps on the page; null while blur is off or before its first status.
 */
export function blurCoversInPage(): Record<"faces" | "band" | "whole", number> | null {
  const status = (globalThis as { __blurStatus?: { covers?: Record<string, number> } })
    .__blurStatus;
  return (status?.covers as Record<"faces" | "band" | "whole", number>) ?? null;
}

/**
 * In a page: its face blur's figures (the detector's backend and load time, a look's time frame
 * to answer, the detector's and the compositor's p50 work per frame, ms), null without a status.
 */
export function blurFiguresInPage(): Record<string, unknown> | null {
  const s = (globalThis as {
    __blurStatus?: {
      backend?: string | null;
      loadMs: number | null;
      latencyMs?: number;
      detectMs: number[];
      composeMs: number[];
      frames: number;
    };
  }).__blurStatus;
  if (!s) return null;
  const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? null;
  const round = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
  return {
    backend: s.backend ?? null,
    loadMs: round(s.loadMs),
    latencyMs: s.latencyMs ?? null,
    detectP50: round(p50(s.detectMs)),
    composeP50: round(p50(s.composeMs)),
    frames: s.frames,
  };
}

/** The frames covered between two readings of blurCoversInPage (null if either is missing). */
export function coversBetween(
  a: Record<"faces" | "band" | "whole", number> | null,
  b: Record<"faces" | "band" | "whole", number> | null,
): Record<"faces" | "band" | "whole", number> | null {
  if (!a || !b) return null;
  return { faces: b.faces - a.faces, band: b.band - a.band, whole: b.whole - a.whole };
}

/** Frames by cover as shares, e.g. "faces 97%, band 3%, whole 0% of 412 frames". */
export function fmtCovers(c: Record<"faces" | "band" | "whole", number> | null): string {
  if (!c) return "no blur status";
  const total = c.faces + c.band + c.whole;
  const pct = (n: number) => `${Math.round((100 * n) / (total || 1))}%`;
  return `faces ${pct(c.faces)}, band ${pct(c.band)}, whole ${pct(c.whole)} of ${total} frames`;
}
