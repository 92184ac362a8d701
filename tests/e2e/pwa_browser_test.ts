// The installable app in a real Chromium, as a signed-in member on a phone: a page with an
// island registers the service worker, which takes control of the page and stores the shell
// (offline page, stylesheet, icons), and Chromium finds the app installable; API answers always
// come from the server, even through the controlled page (a profile change shows at once; with
// the network cut an API call fails instead of answering from a cache) and nothing of the API or
// of a member's page is ever in the cache; with the network cut, any page shows the offline page
// with the site's styling, and Retry loads the page once the network is back; a new build's
// worker replaces the old cache.
// SCREENSHOT_DIR set: the offline page at 360 and 1280 px wide is saved there.
import assert from "node:assert/strict";
import axeSource from "axe-core/axe.min.js" with { type: "text" };
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, resizeTo, waitForHydration } from "../helpers/browser.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { registerMember, SESSION_COOKIE } from "../helpers/accounts.ts";
import { ACTION_TIMEOUT_MS, until } from "../helpers/time.ts";
import { MEMBER_ONLY_PAGES } from "../helpers/site.ts";
import { cacheName, type ShellConfig } from "../../lib/client/sw/policy.ts";
import { english } from "../helpers/english.ts";

const PHONE = { width: 390, height: 844 };

/** The shell the server's /sw.js carries (read as the browser would get it). */
async function servedShell(server: TestServer): Promise<ShellConfig> {
  const script = await (await fetch(`${server.url}/sw.js`)).text();
  const json = script.match(/^var __GLIMPSE_SHELL__ = (.*);$/m)?.[1];
  assert.ok(json, "/sw.js starts with the build's shell");
  return JSON.parse(json);
}

/** Every cache of the page's origin and the paths (with any query) stored in it. */
async function cacheContents(page: Page): Promise<Record<string, string[]>> {
  return await page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((r) => {
        const u = new URL(r.url);
        return u.pathname + u.search;
      });
    }
    return out;
  });
}

/** The member's bio as the API tells the page now. */
async function apiBio(page: Page): Promise<string> {
  return await page.evaluate(async () => {
    const res = await fetch("/api/user/profile");
    return (await res.json()).bio;
  });
}

/** Waits until a service worker controls the page; returns its scope and script. */
async function controller(page: Page): Promise<{ scope: string; script: string }> {
  return await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) =>
        navigator.serviceWorker.addEventListener("controllerchange", r, { once: true })
      );
    }
    return { scope: reg.scope, script: navigator.serviceWorker.controller!.scriptURL };
  });
}

async function expectOfflinePage(page: Page) {
  await page.getByRole("heading", { level: 1, name: english("home.offlineTitle") }).waitFor();
  const retry = page.getByRole("link", { name: english("home.retry") });
  assert.ok(await retry.isVisible(), "Retry is on screen");
  assert.equal(await retry.getAttribute("href"), "", "Retry opens the same address again");
  // The stored stylesheet styled it: the primary button has the theme's accent, not a bare link.
  await page.waitForLoadState("load");
  const background = await retry.evaluate((a) => getComputedStyle(a).backgroundImage);
  assert.match(background, /linear-gradient\(.*rgb\(255, 122, 89\)/, "the offline page is styled");
}

Deno.test({
  name:
    "installable app: the worker keeps the shell, the offline page shows, the API is never cached",
  sanitizeOps: false,
  sanitizeResources: false,
  sanitizeExit: false,
  async fn(t) {
    let server: TestServer | null = null;
    let browser: Browser | null = null;
    let context: BrowserContext | null = null;
    try {
      server = await startServer();
      browser = await launchBrowser({ full: true });
      const member = await registerMember(server);
      context = await browser.newContext({ baseURL: server.url, viewport: PHONE });
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      await context.addCookies([{
        name: SESSION_COOKIE,
        value: member.client.session!,
        url: server.url,
        httpOnly: true,
        sameSite: "Lax",
      }]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (e) => {
          console.error(`CSP: ${e.violatedDirective} blocked ${e.blockedURI || "inline"}`);
        });
      });
      const consoleErrors: string[] = [];
      page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
      const shell = await servedShell(server);
      const allowed = new Set([...shell.precache, ...shell.cacheFirst]);
      const memberPages = new Set<string>(["/", ...MEMBER_ONLY_PAGES]);

      await t.step("a page with an island registers the worker; it controls the page", async () => {
        await page.goto("/profile");
        await waitForHydration(page, "ProfilePage");
        const sw = await controller(page);
        assert.equal(sw.scope, `${server!.url}/`);
        assert.equal(sw.script, `${server!.url}/sw.js`);
        // Installing stored the whole shell, in the cache named after this build.
        const caches = await cacheContents(page);
        assert.deepEqual(Object.keys(caches), [cacheName(shell.version)]);
        assert.deepEqual([...caches[cacheName(shell.version)]].sort(), [...shell.precache].sort());
        assert.deepEqual(consoleErrors, [], "the page and the worker ran under the CSP");
        // Chromium reads the manifest without a complaint and finds nothing against installing
        // but the test's profile (a test context is incognito, where nothing is ever installed).
        const cdp = await context!.newCDPSession(page);
        const manifest = await cdp.send("Page.getAppManifest");
        assert.equal(manifest.url, `${server!.url}/manifest.webmanifest`);
        assert.deepEqual(manifest.errors, []);
        const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
        assert.deepEqual(
          installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito"),
          [],
        );
        await cdp.detach();
      });

      await t.step("API answers come from the server, through the controlled page", async () => {
        // Another island page: its scripts go through the worker (and are kept).
        const island = page.waitForResponse((r) =>
          /\/build\/FiltersEditor-[^/]+\.js$/.test(r.url())
        );
        await page.goto("/filters");
        await waitForHydration(page, "FiltersEditor");
        assert.ok(
          (await island).fromServiceWorker(),
          "the island's script came through the worker",
        );

        const before = await apiBio(page);
        const changed = `bio ${crypto.randomUUID().slice(0, 8)}`;
        const res = await member.client.patch("/api/user/profile", { bio: changed });
        assert.equal(res.status, 200, res.text);
        assert.notEqual(before, changed);
        assert.equal(await apiBio(page), changed, "the second answer is the server's new one");

        // The answer came from the network, not the worker; a test's route still sees the call.
        let routed = 0;
        await page.route("**/api/user/profile", (route) => {
          routed++;
          return route.continue();
        });
        const answer = page.waitForResponse((r) => r.url().endsWith("/api/user/profile"));
        assert.equal(await apiBio(page), changed);
        assert.equal((await answer).fromServiceWorker(), false);
        assert.equal(routed, 1, "the page's own route saw the API call");
        await page.unroute("**/api/user/profile");

        const stored = (await until(
          "the island's script kept",
          () => cacheContents(page),
          (c) => c[cacheName(shell.version)].some((p) => /^\/build\/FiltersEditor-/.test(p)),
        ))[cacheName(shell.version)];
        for (const path of stored) {
          assert.ok(allowed.has(path), `${path} is not part of the shell`);
          assert.ok(!path.startsWith("/api/"), `an API answer is stored: ${path}`);
          assert.ok(!memberPages.has(path), `a member's page is stored: ${path}`);
        }
      });

      await t.step("with the network cut, pages show the offline page", async () => {
        await context!.setOffline(true);
        await page.goto("/");
        await expectOfflinePage(page);
        assert.equal(new URL(page.url()).pathname, "/", "the address stays the one asked for");
        // A member page that was open before is not kept either: the offline page again.
        await page.goto("/profile");
        await expectOfflinePage(page);
        assert.equal(await page.getByRole("heading", { name: "Your profile" }).count(), 0);
        // An API call fails as it would without a worker: no stored answer stands in.
        const offlineApi = await page.evaluate(() =>
          fetch("/api/user/profile").then((r) => `answered ${r.status}`, (e) => e.name)
        );
        assert.equal(offlineApi, "TypeError");
        // As the worker serves it, the page has no serious accessibility problem.
        await page.evaluate(axeSource);
        const violations = await page.evaluate(async () => {
          // deno-lint-ignore no-explicit-any
          const result = await (globalThis as any).axe.run(document, {
            runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21aa"] },
          });
          return (result.violations as { id: string; impact: string | null }[])
            .filter((v) => v.impact === "serious" || v.impact === "critical")
            .map((v) => v.id);
        });
        assert.deepEqual(violations, [], "axe on the offline page");
        for (const width of [360, 1280]) {
          await resizeTo(page, { width, height: width === 360 ? 740 : 800 });
          const overflow = await page.evaluate(() =>
            document.documentElement.scrollWidth - globalThis.innerWidth
          );
          assert.ok(overflow <= 0, `the offline page scrolls sideways at ${width}: ${overflow}`);
          const dir = Deno.env.get("SCREENSHOT_DIR");
          if (dir) await page.screenshot({ path: `${dir}/offline-${width}.png`, fullPage: true });
        }
        await resizeTo(page, PHONE);
      });

      await t.step("with the network back, Retry loads the page asked for", async () => {
        await context!.setOffline(false);
        await page.getByRole("link", { name: english("home.retry") }).click();
        await page.getByRole("heading", { name: "Your profile" }).waitFor();
        await waitForHydration(page, "ProfilePage");
      });

      await t.step("a new build's worker replaces the old cache", async () => {
        const built = server!.assets;
        await server!.deploy({
          ...built,
          serviceWorker: `${built.serviceWorker}\n// next build\n`,
        });
        const next = await servedShell(server!);
        assert.notEqual(next.version, shell.version);
        await page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          await reg!.update();
        });
        const caches = await until(
          "only the new build's cache",
          () => cacheContents(page),
          (c) => Object.keys(c).join() === cacheName(next.version),
          // About 5 s on an idle machine (the new worker fetches the whole shell again); the
          // order of caches is what is pinned here, not the time.
          40_000,
        );
        assert.deepEqual([...caches[cacheName(next.version)]].sort(), [...next.precache].sort());
      });

      await t.step("the stored offline page follows the language of the pages", async () => {
        const res = await member.client.patch("/api/user/profile", { language: "de" });
        assert.equal(res.status, 200, res.text);
        await page.goto("/profile");
        await page.getByRole("heading", { name: "Dein Profil" }).waitFor();
        // The worker stores the German offline page in place of the English one.
        await until(
          "the German offline page stored",
          () =>
            page.evaluate(async () => {
              const stored = await caches.match("/offline", { ignoreVary: true });
              return stored ? stored.headers.get("content-language") : null;
            }),
          (lang) => lang === "de",
          20_000,
        );
        await context!.setOffline(true);
        await page.goto("/");
        await page.getByRole("heading", { name: "Du bist offline" }).waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.lang), "de");
        await context!.setOffline(false);
        await member.client.patch("/api/user/profile", { language: "en" });
      });

      assert.deepEqual(errors, []);
      assert.deepEqual(consoleErrors.filter((e) => e.startsWith("CSP:")), []);
    } finally {
      await context?.close().catch(() => {});
      await browser?.close().catch(() => {});
      await server?.close();
    }
  },
});
