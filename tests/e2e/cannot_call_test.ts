// Browsers that cannot call, in a real Chromium. A page without RTCPeerConnection (as in Debian's
// WebKitGTK, or Firefox with WebRTC switched off) is sent from /connecting to the 'can't go live'
// screen naming what is missing and what to use instead, at phone and desktop widths, and never
// searches: no socket, no camera, the server never counts it searching and a member searching
// meanwhile is never matched with it. The connection check and the camera page say what is
// missing too. And partners who never answer or never offer: the other member is told 'Failed to
// create connection', and their Next costs neither one of their skips nor one of either member's
// sessions of the day.
// SCREENSHOT_DIR=<folder> keeps a PNG of the screen at each width there.
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, resizeTo, waitForHydration } from "../helpers/browser.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import type { Member } from "../helpers/accounts.ts";
import {
  closeQuietly,
  describeLive,
  liveMember,
  matchRole,
  memberContext,
  waitForPath,
  waitLive,
} from "../helpers/live_browser.ts";
import { ACTION_TIMEOUT_MS, eventually, until } from "../helpers/time.ts";
import { english } from "../helpers/english.ts";
import { keys } from "../../kv/keys.ts";
import type { Match } from "../../kv/matches.ts";

const WIDTHS = [{ width: 360, height: 740 }, { width: 1280, height: 800 }];

/** This context's pages have no WebRTC at all, as in a browser built without it. */
const NO_WEBRTC = `(() => {
  for (const name of ["RTCPeerConnection", "webkitRTCPeerConnection"]) {
    delete window[name];
    if (window[name]) window[name] = undefined;
  }
})();`;

/**
 * Counts, across the tab's page loads, the sockets its pages open and the cameras they ask for
 * (sessionStorage __opened), so that a page gone since still counts.
 */
const COUNT_OPENED = `(() => {
  const note = (what) => {
    const n = JSON.parse(sessionStorage.getItem("__opened") || "{}");
    n[what] = (n[what] || 0) + 1;
    sessionStorage.setItem("__opened", JSON.stringify(n));
  };
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      note("sockets");
    }
  };
  const md = navigator.mediaDevices;
  if (md && md.getUserMedia) {
    const getUserMedia = md.getUserMedia.bind(md);
    md.getUserMedia = (constraints) => {
      note("cameras");
      return getUserMedia(constraints);
    };
  }
})();`;

/** What the tab's pages have opened so far (see COUNT_OPENED). */
async function opened(page: Page): Promise<{ sockets?: number; cameras?: number }> {
  return await page.evaluate(() => JSON.parse(sessionStorage.getItem("__opened") || "{}"));
}

/** This context's pages have no camera API (navigator.mediaDevices is absent). */
const NO_CAMERA_API = `(() => {
  Object.defineProperty(navigator, "mediaDevices", { get: () => undefined, configurable: true });
})();`;

/**
 * This context's pages never get a signal to the partner: no offer and no answer leaves them, as
 * with a page whose peer link broke (the socket and everything else work).
 */
const SIGNALS_LOST = `(() => {
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (typeof data === "string" && data.startsWith('{"type":"signal"')) return;
    return send.call(this, data);
  };
})();`;

/** The 'can't go live' screen: its heading, what is missing, what to do, the way back. */
async function expectCannotCall(page: Page, title: string, missing: string) {
  const screen = page.getByRole("region", { name: title });
  await screen.waitFor({ state: "visible" });
  await screen.getByText(missing).waitFor({ state: "visible" });
  await screen.getByText(english("live.cc_browser")).waitFor({ state: "visible" });
  await screen.getByRole("link", { name: english("live.backToDiscover") }).waitFor({
    state: "visible",
  });
  assert.equal(await page.getByText("Finding Someone...").count(), 0, "no searching screen");
  return screen;
}

/** Nothing overflows sideways; the heading, list and button are inside the viewport. */
async function expectFits(page: Page, width: number) {
  const layout = await page.evaluate(() => {
    const box = (sel: string) => {
      const r = document.querySelector(sel)!.getBoundingClientRect();
      return { left: r.left, right: r.right, height: r.height };
    };
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: globalThis.innerWidth,
      heading: box(".cannot-call h1"),
      list: box(".cannot-call-list"),
      fixes: box(".cannot-call-fixes"),
      button: box(".cannot-call .button"),
    };
  });
  assert.ok(layout.scrollWidth <= layout.innerWidth, `${width}px: ${JSON.stringify(layout)}`);
  for (const part of [layout.heading, layout.list, layout.fixes, layout.button]) {
    assert.ok(part.left >= 0 && part.right <= width, `${width}px: ${JSON.stringify(layout)}`);
  }
  assert.ok(layout.button.height >= 40, `a tap-sized button at ${width}px`);
}

/** The member's sessions used today, as the plans API says. */
async function sessionsUsed(m: Member): Promise<number> {
  const res = await m.client.get("/api/subscription/session-limit");
  assert.equal(res.status, 200, res.text);
  return (res.json as { dailySessionsUsed: number }).dailySessionsUsed;
}

/** What the live view tells a screen reader about Next ('Skip to someone new (… left)'). */
async function skipsText(page: Page): Promise<string> {
  return (await page.locator("#skips-left").textContent())?.replace(/\s+/g, " ").trim() ?? "";
}

Deno.test({
  name:
    "cannot call: a browser without WebRTC or a camera API is told what is missing, never queued",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    let server: TestServer | null = null;
    let browser: Browser | null = null;
    const contexts: BrowserContext[] = [];
    try {
      server = await startServer({ SEARCH_TIMEOUT_MS: "5000" });
      browser = await launchBrowser();
      const errors: string[] = [];
      const [alice, bob] = [
        await liveMember(server, { privacy: "off" }),
        await liveMember(server, { privacy: "off" }),
      ];
      const ca = await memberContext(browser, server, alice);
      await ca.addInitScript({ content: NO_WEBRTC });
      await ca.addInitScript({ content: COUNT_OPENED });
      const cb = await memberContext(browser, server, bob);
      contexts.push(ca, cb);
      const a = await ca.newPage();
      const b = await cb.newPage();
      for (const p of [a, b]) p.on("pageerror", (e) => errors.push(String(e)));

      await t.step(
        "without RTCPeerConnection, Start leads to the screen, not a search",
        async () => {
          await a.goto("/");
          await a.getByRole("link", { name: "Start POV Connection" }).click();
          // /connecting checks first, and sends the page on to the screen.
          await waitForPath(a, "/cannot-go-live");
          const screen = await expectCannotCall(
            a,
            english("live.cc_titleBrowser"),
            english("live.cc_webrtcWhy"),
          );
          await screen.getByText(english("live.cc_webrtc")).waitFor();
          await screen.getByText(english("live.cc_webrtcOn")).waitFor();
          for (const size of WIDTHS) {
            await resizeTo(a, size);
            await expectFits(a, size.width);
            const dir = Deno.env.get("SCREENSHOT_DIR");
            if (dir) await a.screenshot({ path: `${dir}/cannot-call-${size.width}.png` });
          }
        },
      );

      await t.step("a member searching meanwhile is never matched with them", async () => {
        const visited: string[] = [];
        b.on(
          "framenavigated",
          (f) => f === b.mainFrame() && visited.push(new URL(f.url()).pathname),
        );
        // Both open /connecting together (Alice's page again).
        await Promise.all([a.goto("/connecting"), b.goto("/connecting")]);
        await b.getByText("Finding Someone...").waitFor({ state: "visible" });
        // The server counts Bob alone searching while both pages are open.
        assert.ok(await eventually(() => server!.hub.waitingCount() === 1), "Bob searches");
        assert.equal((await server!.kv.get(keys.mmWaiting(alice.id))).value, null);
        // Bob's search runs out with nobody found, and goes back to Discover.
        await waitForPath(b, "/", ACTION_TIMEOUT_MS);
        assert.equal(server!.hub.metrics.matchesMade, 0, "no match was made");
        assert.deepEqual(visited, ["/connecting", "/"], "Bob never went live");
        // Alice's pages never opened a socket nor asked for the camera.
        assert.equal(new URL(a.url()).pathname, "/cannot-go-live");
        assert.deepEqual(await opened(a), {});
        await a.getByRole("link", { name: english("live.backToDiscover") }).click();
        await waitForPath(a, "/");
      });

      await t.step("the connection check says WebRTC is missing where it is needed", async () => {
        await a.goto("/test-chat");
        await waitForHydration(a, "ConnectionCheck");
        const row = (name: string) => a.locator(`.check-row[data-check="${name}"]`);
        // The camera itself works in this browser; the round trip and the network need WebRTC.
        await row("Camera").and(a.locator('[data-state="ok"]')).waitFor();
        await row("Video round trip").and(a.locator('[data-state="failed"]')).waitFor();
        assert.match(
          await row("Video round trip").innerText(),
          /Video calling \(WebRTC\) is missing: this browser does not have it/,
        );
        await row("Network").getByText("Not checked without video calling (WebRTC)").waitFor();
        await a.locator(".partner-view").getByText(english("live.cc_titleBrowser")).waitFor();
        const dir = Deno.env.get("SCREENSHOT_DIR");
        if (dir) await a.screenshot({ path: `${dir}/test-chat-no-webrtc.png`, fullPage: true });
      });

      await t.step("without a camera API: the live screen and the camera page say so", async () => {
        const cc = await memberContext(browser!, server!, alice);
        contexts.push(cc);
        await cc.addInitScript({ content: NO_CAMERA_API });
        await cc.addInitScript({ content: COUNT_OPENED });
        const c = await cc.newPage();
        c.on("pageerror", (e) => errors.push(String(e)));
        await c.goto("/connecting");
        await waitForPath(c, "/cannot-go-live");
        await expectCannotCall(
          c,
          english("live.cc_titleBrowser"),
          english("live.cc_mediaWhy"),
        );
        assert.deepEqual(await opened(c), {});

        await c.goto("/camera");
        await waitForHydration(c, "ClipRecorder");
        await c.locator(".recorder-tile").getByText(english("live.cc_titleCamera")).waitFor();
        const alert = c.locator(".recorder-missing[role=alert]");
        assert.match(await alert.innerText(), /Camera and microphone access is missing/);
        assert.equal(await c.getByRole("button", { name: "Record" }).count(), 0);
        const dir = Deno.env.get("SCREENSHOT_DIR");
        if (dir) await c.screenshot({ path: `${dir}/camera-missing-390.png` });
      });

      assert.deepEqual(errors, [], "no page errors");
    } finally {
      for (const c of contexts) await closeQuietly(c);
      await closeQuietly(browser, server);
    }
  },
});

/** Bob's live view says the link failed over the partner's tile, and that Next is free. */
async function expectFreeNext(b: Page, skipsLeft: number) {
  await waitLive(b);
  const failure = b.locator(".tile-remote .tile-error[role=alert]");
  try {
    await failure.waitFor({ state: "visible", timeout: 20_000 });
  } catch (err) {
    throw new Error(`Bob: ${(err as Error).message}; ${await describeLive(b)}`);
  }
  assert.equal((await failure.innerText()).trim(), english("live.linkFailed"));
  await b.getByText(english("live.freeNext")).waitFor({ state: "visible" });
  assert.equal(await skipsText(b), `Skip to someone new (free, ${skipsLeft} skips left)`);
}

/** Waits until the member's search is written to the pool: whoever finds them there offers. */
async function waitInPool(server: TestServer, m: Member) {
  await until(
    "the search in the pool",
    async () => (await server.kv.get(keys.mmWaiting(m.id))).value !== null,
    (there) => there,
    10_000,
    50,
  );
}

Deno.test({
  name: "cannot call: partners who never answer or offer; 'Failed to create connection', free Next",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    let server: TestServer | null = null;
    let browser: Browser | null = null;
    const contexts: BrowserContext[] = [];
    try {
      server = await startServer({ MATCH_DURATION_MS: "60000", SEARCH_TIMEOUT_MS: "30000" });
      browser = await launchBrowser();
      // Free members: 5 sessions a day. Alice's and Dave's pages never get a signal through.
      const [alice, bob, carol, dave] = [
        await liveMember(server, { privacy: "off" }),
        await liveMember(server, { privacy: "off" }),
        await liveMember(server, { privacy: "off" }),
        await liveMember(server, { privacy: "off" }),
      ];
      const ca = await memberContext(browser, server, alice);
      await ca.addInitScript({ content: SIGNALS_LOST });
      const cd = await memberContext(browser, server, dave);
      await cd.addInitScript({ content: SIGNALS_LOST });
      const cb = await memberContext(browser, server, bob);
      const cc = await memberContext(browser, server, carol);
      contexts.push(ca, cb, cc, cd);
      const [a, b, c, d] = [
        await ca.newPage(),
        await cb.newPage(),
        await cc.newPage(),
        await cd.newPage(),
      ];
      const errors: string[] = [];
      for (const p of [a, b, c, d]) p.on("pageerror", (e) => errors.push(String(e)));

      // Alice searches first, so Bob, who finds her waiting, makes the offer; her page never
      // answers it.
      await a.goto("/connecting");
      await waitInPool(server, alice);
      await b.goto("/connecting");
      await expectFreeNext(b, 3);
      assert.equal(await matchRole(b), "offerer");
      const dir = Deno.env.get("SCREENSHOT_DIR");
      for (const size of dir ? WIDTHS : []) {
        await resizeTo(b, size);
        await b.screenshot({ path: `${dir}/free-next-${size.width}.png` });
      }
      // The pairing counted a session for both.
      assert.deepEqual([await sessionsUsed(alice), await sessionsUsed(bob)], [1, 1]);

      // Bob's Next (free): Alice hears that he skipped, and Bob searches again. Dave finds him
      // waiting, so Dave makes the offer this time, and his page never sends it.
      await b.getByRole("button", { name: english("live.next"), exact: true }).click();
      await waitForPath(a, "/match-end");
      await waitInPool(server, bob);
      await d.goto("/connecting");
      await expectFreeNext(b, 3);
      assert.equal(await matchRole(b), "answerer");
      assert.deepEqual([await sessionsUsed(dave), await sessionsUsed(bob)], [1, 1]);

      // Bob's Next again (free), and Carol: a call that connects, where Next is no free skip.
      await b.getByRole("button", { name: english("live.next"), exact: true }).click();
      await waitForPath(d, "/match-end");
      await waitForPath(b, "/connecting");
      await c.goto("/connecting");
      await Promise.all([waitLive(b), waitLive(c)]);
      await until("Bob's call with Carol", () => skipsText(b), (s) => !s.includes("free"));
      assert.equal(await skipsText(b), "Skip to someone new (3 skips left)");

      // Neither failed match counted as anyone's session: Alice and Dave have all 5 sessions
      // left, Bob 4 (Carol's).
      assert.deepEqual(
        [
          await sessionsUsed(alice),
          await sessionsUsed(dave),
          await sessionsUsed(bob),
          await sessionsUsed(carol),
        ],
        [0, 0, 1, 1],
      );
      await a.goto("/");
      await a.getByText(english("home.sessionsLeft", { count: 5 }), { exact: true }).waitFor();
      const matches: Match[] = [];
      for await (const e of server.kv.list<Match>({ prefix: ["matches"] })) matches.push(e.value);
      for (const m of [alice, dave]) {
        const match = matches.find((x) => [x.a.userId, x.b.userId].includes(m.id));
        assert.equal(match?.counted, false, JSON.stringify(match));
        assert.equal(match?.answeredAt, undefined, "no answer went between them");
      }
      assert.deepEqual(errors, [], "no page errors");
    } finally {
      for (const c of contexts) await closeQuietly(c);
      await closeQuietly(browser, server);
    }
  },
});
