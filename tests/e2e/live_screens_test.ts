// The screens around the call in a real Chromium: Start POV Connection without a profile location
// ('Location Required', /profile); /match-end with no summary; the searching screen's texts,
// elapsed counter, rotating statuses and Cancel; a lone searcher's 'No matches found'; the 'Match
// Found!' progress view; 'Failed to connect' and 'Connection error' when the socket cannot open or
// drops (a dropped search starts again, and so does one whose socket dropped before the page
// started it); and the live match ending by itself when its time is up (MATCH_DURATION_MS
// shortened to 6 s, SEARCH_TIMEOUT_MS to 8 s). One server and one browser for the file.
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import {
  closeQuietly,
  cutSocket,
  expectRemoteVideoPlaying,
  expectToast,
  liveMember,
  memberContext,
  path,
  socketCount,
  toastLog,
  waitForPath,
  waitLive,
} from "../helpers/live_browser.ts";
import { sleep, until } from "../helpers/time.ts";

// Long enough for a page that reconnects and searches again to meet a partner who started
// meanwhile on a loaded CI machine (5 s was not, twice); short enough to wait for a time-out.
const SEARCH_TIMEOUT_MS = 8_000;
// The live view shows at the partner's first frame after 'Match Found!', which face blur starting
// on both pages (its canvas and detector) slows by up to ~0.7 s on two cores running two
// browsers: 6 s leaves the auto-end well after the live view.
const MATCH_DURATION_MS = 6_000;
const STATUSES = ["Searching...", "Looking for matches...", "Connecting..."];

/**
 * The race a slow page meets: the server's 'registered' arrives, and the socket drops before the
 * page has acted on it. Here the drop reaches the page in the task after its first 'registered'
 * (the real socket closes too, and the page reconnects as usual).
 */
const DROP_AT_REGISTERED = `(() => {
  const Base = window.WebSocket;
  let tripped = false;
  window.WebSocket = class extends Base {
    #closeHandler = null;
    #dropped = false;
    set onmessage(handler) {
      super.onmessage = (e) => {
        handler(e);
        if (tripped || !String(e.data).includes('"type":"registered"')) return;
        tripped = true;
        // The next task: after the page has read 'registered' (a microtask) and drawn it,
        // before its effects run (after the next frame).
        setTimeout(() => {
          this.#dropped = true;
          this.close(4000, "network changed");
          this.#closeHandler?.(new CloseEvent("close", { code: 4000 }));
        });
      };
    }
    set onclose(handler) {
      this.#closeHandler = handler;
      super.onclose = (e) => {
        if (!this.#dropped) handler(e);
      };
    }
  };
})();`;

async function text(page: Page, selector: string): Promise<string> {
  return (await page.locator(selector).first().innerText()).trim();
}

Deno.test({
  name: "live screens: location required, no summary, searching, no match, auto-end",
  sanitizeOps: false,
  sanitizeResources: false,
  sanitizeExit: false,
  async fn(t) {
    let server: TestServer | null = null;
    let browser: Browser | null = null;
    const contexts: BrowserContext[] = [];
    const context = async (member: Parameters<typeof memberContext>[2]) => {
      const c = await memberContext(browser!, server!, member);
      contexts.push(c);
      return c;
    };
    try {
      server = await startServer({
        MATCH_DURATION_MS: String(MATCH_DURATION_MS),
        SEARCH_TIMEOUT_MS: String(SEARCH_TIMEOUT_MS),
      });
      browser = await launchBrowser();
      const errors: string[] = [];
      const watch = (p: Page) => p.on("pageerror", (e) => errors.push(String(e)));
      /** Two new members' pages, their errors watched. */
      const twoMembers = async (): Promise<Page[]> => {
        const pages = [];
        for (let i = 0; i < 2; i++) {
          const page = await (await context(await liveMember(server!, { privacy: "off" })))
            .newPage();
          watch(page);
          pages.push(page);
        }
        return pages;
      };

      await t.step(
        "Start POV Connection without a location: /profile, 'Location Required'",
        async () => {
          const nowhere = await liveMember(server!, { location: "", privacy: "off" });
          const page = await (await context(nowhere)).newPage();
          watch(page);
          await page.goto("/");
          await page.getByRole("link", { name: "Start POV Connection" }).click();
          await waitForPath(page, "/profile");
          await expectToast(page, "Location Required");
        },
      );

      await t.step("/match-end with no summary: 'Session Data Not Available'", async () => {
        const member = await liveMember(server!, { privacy: "off" });
        const page = await (await context(member)).newPage();
        watch(page);
        await page.goto("/match-end");
        await page.getByRole("heading", { name: "Session Data Not Available" }).waitFor();
        assert.equal(await page.getByText("Session complete").count(), 0);
        await page.getByRole("link", { name: "Go to Discover" }).click();
        await waitForPath(page, "/");
      });

      const loner = await liveMember(server!, { privacy: "off" });
      const lonerPage = await (await context(loner)).newPage();
      watch(lonerPage);

      await t.step("the searching screen: texts, elapsed seconds, statuses, Cancel", async () => {
        const page = lonerPage;
        await page.goto("/");
        await page.getByRole("link", { name: "Start POV Connection" }).click();
        await waitForPath(page, "/connecting");
        await page.getByRole("heading", { name: "Finding Someone..." }).waitFor();
        await page.getByText("Connecting you to a random POV around the world", { exact: true })
          .waitFor();
        await page.getByText("searching globally", { exact: true }).waitFor();
        const first = await text(page, ".search-elapsed");
        assert.match(first, /^0[0-2]s$/);
        const statuses = new Set<string>();
        statuses.add(await text(page, ".search-status"));
        await until(
          "the elapsed counter to reach 01s",
          () => text(page, ".search-elapsed"),
          (s) => {
            assert.match(s, /^\d\ds$/);
            return s === "01s" || s === "02s";
          },
          3_000,
          100,
        );
        await until(
          "the status text to rotate",
          async () => {
            statuses.add(await text(page, ".search-status"));
            return statuses.size;
          },
          (n) => n >= 2,
          3_500,
          100,
        );
        for (const s of statuses) assert.ok(STATUSES.includes(s), `status '${s}'`);
        await page.getByRole("button", { name: "Cancel" }).click();
        await waitForPath(page, "/");
        // The search was withdrawn: the server no longer counts a waiting member.
        await until(
          "no waiting searchers",
          () => Promise.resolve(server!.hub.waitingCount()),
          (n) => n === 0,
        );
      });

      let noMatchProblem: string | null = null;
      await t.step("a lone searcher gets 'No matches found' and returns to /", async () => {
        const page = lonerPage;
        await page.goto("/connecting");
        await page.getByRole("heading", { name: "Finding Someone..." }).waitFor();
        await sleep(SEARCH_TIMEOUT_MS - 1_500);
        assert.equal(path(page), "/connecting", "still searching before the time-out");
        await waitForPath(page, "/", 8_000);
        try {
          await expectToast(page, "No matches found", "Please try again later.", 5_000);
        } catch {
          noMatchProblem = "back on / without a visible 'No matches found' toast; toasts " +
            `raised by the tab: ${JSON.stringify(await toastLog(page))}`;
        }
      });

      await t.step("...with the 'No matches found' toast there to read", () => {
        assert.equal(noMatchProblem, null);
      });

      await t.step("socket trouble is said, and a dropped search starts again", async () => {
        // The first connection fails: 'Failed to connect' (the page keeps trying).
        const lost = await context(await liveMember(server!, { privacy: "off" }));
        await lost.addInitScript(() => {
          const Real = WebSocket;
          // deno-lint-ignore no-explicit-any
          (globalThis as any).WebSocket = function (url: string) {
            return new Real(url.replace(/\/ws$/, "/ws-nowhere")); // a 404: no handshake
          };
        });
        const nowhere = await lost.newPage();
        await nowhere.goto("/connecting");
        await expectToast(nowhere, "Failed to connect", "Trying again...");
        await lost.close();
        // An open socket drops mid-search: 'Connection error', then the search goes on, and a
        // second member who starts finds the first.
        const [a, b] = await twoMembers();
        await a.goto("/connecting");
        await a.getByRole("heading", { name: "Finding Someone..." }).waitFor();
        // A's search is under way on the server (a drop before it is the next step's).
        await until(
          "A to be searching",
          () => Promise.resolve(server!.hub.waitingCount()),
          (n) => n === 1,
        );
        assert.equal(await cutSocket(a), 1);
        // B starts at once, while A's page reconnects (waiting for A's socket first left B's page
        // load, on a loaded CI machine, past A's new search).
        await Promise.all([
          expectToast(a, "Connection error", "Trying again..."),
          b.goto("/connecting"),
        ]);
        const cut = Date.now();
        await until("A's socket to open again", () => socketCount(a), (c) => c.open === 1);
        console.log(`  A's socket open again ${Date.now() - cut} ms after the cut`);
        try {
          await Promise.all([waitLive(a), waitLive(b)]);
        } catch (err) {
          // Say where each page went, and what it was told on the way.
          const where = async (p: Page) =>
            `${path(p)}; toasts ${JSON.stringify(await toastLog(p))}`;
          throw new Error(
            `not both live ${Date.now() - cut} ms after the cut: A ${await where(a)}; B ` +
              `${await where(b)} (${err})`,
          );
        }
        await a.getByRole("button", { name: "End Session" }).click();
        await Promise.all([waitForPath(a, "/match-end"), waitForPath(b, "/match-end")]);
      });

      await t.step(
        "a socket that drops as the first search starts: it starts once back",
        async () => {
          const [a, b] = await twoMembers();
          await a.context().addInitScript({ content: DROP_AT_REGISTERED });
          await a.goto("/connecting");
          await expectToast(a, "Connection error", "Trying again...");
          await until(
            "A's second socket to open",
            () => socketCount(a),
            (c) => c.opened === 2 && c.open === 1,
          );
          assert.equal(path(a), "/connecting", "A still searching after the drop");
          // Told of the drop, never that the search could not start.
          assert.deepEqual((await toastLog(a)).map((t) => t.title), ["Connection error"]);
          await b.goto("/connecting");
          await Promise.all([waitLive(a), waitLive(b)]);
          await a.getByRole("button", { name: "End Session" }).click();
          await Promise.all([waitForPath(a, "/match-end"), waitForPath(b, "/match-end")]);
        },
      );

      await t.step("the match-found view, then the match ends by itself for both", async () => {
        const [a, b] = await twoMembers();
        await a.goto("/connecting");
        await a.getByRole("heading", { name: "Finding Someone..." }).waitFor();
        await b.goto("/connecting");
        const paired = Date.now();
        // 'Match Found!' with its progress bar and label on the way, read in one look (the view
        // can be gone by a second round trip from a loaded machine).
        const view = await a.waitForFunction(
          () => {
            const heading = [...document.querySelectorAll("h1, h2")].some((h) =>
              h.textContent?.trim() === "Match Found!"
            );
            const label = document.querySelector(".progress-label")?.textContent;
            const line = [...document.querySelectorAll("p, span, div")].some((e) =>
              e.childElementCount === 0 &&
              e.textContent?.trim() === "Establishing secure connection..."
            );
            const speaks = document.querySelector(".partner-language")?.textContent?.trim();
            return heading && label ? { line, label, speaks } : null;
          },
          undefined,
          { polling: "raf", timeout: 15_000 },
        ).then((h) => h.jsonValue());
        assert.ok(view?.line, "'Establishing secure connection...' beside 'Match Found!'");
        assert.equal(view?.speaks, "Speaks English", "the partner's language");
        const label = view!.label.replace(/\s+/g, " ").trim();
        assert.match(label, /^(Connecting|Establishing link|Finalizing connection) \d{1,3}%$/);
        await Promise.all([waitLive(a), waitLive(b)]);
        const live = Date.now();
        await expectRemoteVideoPlaying(a, 3_000, "A").catch(() => {});
        // Nobody presses anything: after MATCH_DURATION_MS both land on the summary.
        await Promise.all([
          waitForPath(a, "/match-end", MATCH_DURATION_MS + 6_000),
          waitForPath(b, "/match-end", MATCH_DURATION_MS + 6_000),
        ]);
        const lasted = Date.now() - paired;
        console.log(`  matched to summary: ${lasted} ms (live view ${Date.now() - live} ms)`);
        assert.ok(lasted >= MATCH_DURATION_MS - 500, `the match ended after ${lasted} ms`);
        for (const p of [a, b]) {
          await p.getByRole("heading", { name: "Session complete" }).waitFor();
          await p.locator(".ended-reason", { hasText: "Time's up" }).waitFor();
          // A session under 10 s earns no badge.
          assert.equal(await p.getByText("Global Explorer", { exact: true }).count(), 0);
        }
      });

      assert.deepEqual(errors, [], "no uncaught page errors");
    } finally {
      for (const c of contexts) await closeQuietly(c);
      await closeQuietly(browser, server);
    }
  },
});
