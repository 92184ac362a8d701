// WebKit (Debian's WebKitGTK MiniBrowser over WebDriver classic, on its own Xvfb display): the
// public pages render with their headings, hydrate and raise no script error; a member signs in
// through the /auth form and reaches the member home; this WebKit, built without WebRTC, gets the
// 'can't go live' screen naming video calling as missing and is never searching (a Chromium
// member searching meanwhile is never matched with it); the camera page opens its mock camera, and
// the connection check says a video call cannot be made in this browser. The window is 447 px wide
// (MiniBrowser's narrowest, its toolbar's width). SCREENSHOT_DIR=<folder> keeps a PNG of the
// 'can't go live' screen there.
import assert from "node:assert/strict";
import type { Browser, BrowserContext } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { closeQuietly, liveMember, memberContext, waitForPath } from "../helpers/live_browser.ts";
import { launchWebKit, type WebKit, type WebKitSession } from "../helpers/webkit.ts";
import { ACTION_TIMEOUT_MS, until } from "../helpers/time.ts";
import { english } from "../helpers/english.ts";
import { keys } from "../../kv/keys.ts";

/** The public pages and their main headings. */
const PUBLIC_PAGES: [string, string][] = [
  ["/", "See the world through a stranger's eyes"],
  ["/auth", "Welcome back"],
  ["/terms-of-service", "Terms of Service"],
  ["/privacy-policy", "Privacy Policy"],
  ["/subscriptions", english("plans.heading")],
];

/**
 * Waits until the page at `path` shows `heading` as its h1, every island on it has hydrated and
 * the document has finished loading; answers what the page looks like then.
 */
async function expectPage(s: WebKitSession, path: string, heading: string) {
  const seen = await s.waitFor(
    `${path}: '${heading}', hydrated`,
    (path: string, heading: string) => {
      const h1s = [...document.querySelectorAll("h1")].map((h) => h.textContent?.trim());
      const islands = [...document.querySelectorAll("[data-island]")];
      const ready = location.pathname === path && document.readyState === "complete" &&
        h1s.includes(heading) && islands.every((i) => i.getAttribute("data-hydrated") === "true");
      return ready && {
        islands: islands.length,
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth,
      };
    },
    [path, heading],
  );
  assert.ok(seen.scrollWidth <= seen.innerWidth, `${path} fits its width: ${JSON.stringify(seen)}`);
  return seen;
}

/** The 'can't go live' screen as the page shows it. */
function cannotCallScreen() {
  const screen = document.querySelector("section.cannot-call");
  if (!screen) return null;
  const text = (sel: string) =>
    [...screen.querySelectorAll(sel)].map((e) => (e as HTMLElement).innerText.trim());
  return {
    title: text("h1")[0],
    missing: text(".cannot-call-list li"),
    needs: [...screen.querySelectorAll(".cannot-call-list li")].map((li) =>
      li.getAttribute("data-need")
    ),
    fixes: text(".cannot-call-fixes li"),
    links: text("a"),
    searching: document.body.innerText.includes("Finding Someone..."),
  };
}

Deno.test({
  name: "webkit: public pages, sign-in through the form, the 'can't go live' screen, camera",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    let server: TestServer | null = null;
    let webkit: WebKit | null = null;
    let chromium: Browser | null = null;
    let context: BrowserContext | null = null;
    try {
      server = await startServer({ SEARCH_TIMEOUT_MS: "6000" });
      webkit = await launchWebKit(server);
      const s = webkit.session;
      await s.setWindowSize(390, 844);
      const [alice, bob] = [await liveMember(server), await liveMember(server)];

      await t.step("the public pages render, hydrate and raise no script error", async () => {
        for (const [path, heading] of PUBLIC_PAGES) {
          await s.goto(path);
          await expectPage(s, path, heading);
          assert.deepEqual(await s.errors(), [], `${path}: no script errors`);
        }
      });

      await t.step("a member signs in through the /auth form and reaches home", async () => {
        await s.goto("/auth?tab=login");
        await expectPage(s, "/auth", "Welcome back");
        await s.type("#login-identifier", alice.username);
        await s.type("#login-password", alice.password);
        await s.click("#panel-login button[type=submit]");
        await expectPage(s, "/", `Hi ${alice.username}, where to next?`);
        assert.deepEqual(await s.errors(), [], "home: no script errors");
      });

      await t.step("/connecting: the 'can't go live' screen, and never searching", async () => {
        // Bob, in Chromium, searches first: a WebKit page that searched would find him waiting.
        chromium = await launchBrowser();
        context = await memberContext(chromium, server!, bob);
        const b = await context.newPage();
        await b.goto("/connecting");
        await b.getByText("Finding Someone...").waitFor({ state: "visible" });
        await until(
          "Bob in the pool",
          async () => (await server!.kv.get(keys.mmWaiting(bob.id))).value !== null,
          (there) => there,
          10_000,
          50,
        );

        await s.goto("/connecting");
        const screen = await s.waitFor("the 'can't go live' screen", cannotCallScreen, []);
        const webrtc = { name: english("live.cc_webrtc"), why: english("live.cc_webrtcWhy") };
        assert.deepEqual(screen, {
          title: english("live.cc_titleBrowser"),
          missing: [`${webrtc.name}: ${webrtc.why}`],
          needs: ["webrtc"],
          fixes: [
            english("live.cc_browser"),
            english("live.cc_inApp"),
            english("live.cc_webrtcOn"),
          ],
          links: [english("live.backToDiscover")],
          searching: false,
        });
        assert.deepEqual(await s.errors(), [], "no script errors");
        const dir = Deno.env.get("SCREENSHOT_DIR");
        if (dir) await Deno.writeFile(`${dir}/webkit-cannot-call.png`, await s.screenshot());

        // The server counts Bob alone searching, with the one socket (his), until his search
        // runs out with nobody found and his page goes back to Discover.
        assert.equal(server!.hub.waitingCount(), 1, "Bob alone searches");
        assert.equal(server!.hub.metrics.socketsOpen, 1, "WebKit opened no socket");
        assert.equal((await server!.kv.get(keys.mmWaiting(alice.id))).value, null);
        await waitForPath(b, "/", ACTION_TIMEOUT_MS);
        assert.equal(server!.hub.metrics.matchesMade, 0, "no match was made");
        assert.deepEqual(await s.run(cannotCallScreen), screen, "WebKit's screen stayed");

        // The way back goes to Discover.
        await s.click("section.cannot-call a");
        await expectPage(s, "/", `Hi ${alice.username}, where to next?`);
      });

      await t.step("/camera opens the mock camera", async () => {
        await s.goto("/camera");
        const camera = await s.waitFor(
          "the camera preview playing",
          () => {
            const v = document.querySelector<HTMLVideoElement>(".recorder-tile video");
            const record = [...document.querySelectorAll("button")].some((b) =>
              b.textContent?.trim() === "Record"
            );
            return v && v.videoWidth > 0 && v.readyState >= 2 && !v.paused && record &&
              { width: v.videoWidth, height: v.videoHeight, time: v.currentTime };
          },
          [],
        );
        // The picture moves on.
        await s.waitFor(
          "the preview's time to advance",
          (t0: number) =>
            (document.querySelector<HTMLVideoElement>(".recorder-tile video")?.currentTime ?? 0) >
              t0,
          [camera.time],
        );
        assert.equal(
          await s.run(() => document.querySelector(".recorder-missing") === null),
          true,
          "nothing is said missing",
        );
        assert.deepEqual(await s.errors(), [], "no script errors");
      });

      await t.step("/test-chat says a video call cannot be made in this browser", async () => {
        await s.goto("/test-chat");
        const rows = await s.waitFor(
          "the camera row ok and the round trip row failed",
          () => {
            const row = (name: string) => {
              const li = document.querySelector(`.check-row[data-check="${name}"]`);
              return li && {
                state: li.getAttribute("data-state"),
                text: (li as HTMLElement).innerText.replace(/\s+/g, " ").trim(),
              };
            };
            const rows = {
              camera: row("Camera"),
              trip: row("Video round trip"),
              network: row("Network"),
              partner: (document.querySelector(".partner-view") as HTMLElement | null)
                ?.innerText ?? "",
            };
            return rows.camera?.state === "ok" && rows.trip?.state === "failed" && rows;
          },
          [],
          20_000,
        );
        // The mock camera opens at the size asked for.
        assert.match(rows.camera!.text, /Ready \d+×\d+/, JSON.stringify(rows));
        assert.match(
          rows.trip!.text,
          /Video calling \(WebRTC\) is missing: this browser does not have it/,
        );
        assert.match(rows.network!.text, /Not checked without video calling \(WebRTC\)/);
        assert.match(rows.partner, new RegExp(english("live.cc_titleBrowser")));
        assert.deepEqual(await s.errors(), [], "no script errors");
      });
    } finally {
      await closeQuietly(context, chromium, webkit, server);
    }
  },
});
