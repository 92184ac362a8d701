// Map discovery and the home page's popular hashtags in a real Chromium on a 390x844 phone: the
// SVG world map drawn from the page's own data (no request leaves the server), a continent's
// shade and count from a member really online there, tapping the continent on the map opens its
// panel, a hashtag tapped there and a popular one on home are saved (read back from the API), the
// server's own reason when it refuses one, Connect with the region, the region buttons readable
// and apart at 320 px and on a 1280 px screen, and no page scrolling sideways at 320 or 390 px.
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { expectToast, launchBrowser, resizeTo, waitForHydration } from "../helpers/browser.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { type Member, registerMember, SESSION_COOKIE } from "../helpers/accounts.ts";
import { worldMap } from "../../lib/server/geo/world_map.ts";
import { MAX_HASHTAGS } from "../../lib/shared/filters.ts";
import { ACTION_TIMEOUT_MS } from "../helpers/time.ts";
import { english } from "../helpers/english.ts";

const WARSAW = { latitude: 52.2297, longitude: 21.0122 };

async function memberContext(browser: Browser, server: TestServer, member: Member) {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    reducedMotion: "reduce",
  });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  await context.addCookies([{
    name: SESSION_COOKIE,
    value: member.client.session!,
    url: server.url,
    httpOnly: true,
    sameSite: "Lax",
  }]);
  return context;
}

async function savedHashtags(member: Member): Promise<string[]> {
  const res = await member.client.get("/api/filters");
  assert.equal(res.status, 200, res.text);
  return res.json.hashtags;
}

/** Fails when the page is wider than the window (it would scroll sideways). */
async function assertNoSideScroll(page: Page, what: string) {
  const [scroll, inner] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    innerWidth,
  ]);
  assert.ok(scroll <= inner, `${what}: the page is ${scroll} px wide in a ${inner} px window`);
}

type Box = { x: number; y: number; width: number; height: number };

/** Each region button's box; they must not overlap and must lie inside `within`. */
async function assertButtonsApart(buttons: Locator, within: Box, what: string) {
  const boxes: Box[] = [];
  for (const b of await buttons.all()) {
    const box = await b.boundingBox();
    assert.ok(box, `${what}: a region button is shown`);
    const fontPx = await b.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    assert.ok(fontPx >= 12, `${what}: region text is ${fontPx} px`);
    assert.ok(
      box.x >= within.x - 0.5 && box.y >= within.y - 0.5 &&
        box.x + box.width <= within.x + within.width + 0.5 &&
        box.y + box.height <= within.y + within.height + 0.5,
      `${what}: ${await b.innerText()} lies inside its area`,
    );
    boxes.push(box);
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i];
      const b = boxes[j];
      const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y ||
        b.y + b.height <= a.y;
      assert.ok(apart, `${what}: region buttons ${i} and ${j} overlap`);
    }
  }
}

Deno.test({
  name: "map discovery and popular hashtags in the browser",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    let server: TestServer | undefined;
    let browser: Browser | undefined;
    let context: BrowserContext | undefined;
    const pageErrors: string[] = [];
    const foreign: string[] = [];
    try {
      server = await startServer();
      browser = await launchBrowser();
      const ana = await registerMember(server, { username: "ana_map" });
      // Bo is online in Warsaw and has used #pierogi and #streetfood this week.
      const bo = await registerMember(server, { username: "bo_map" });
      assert.equal((await bo.client.post("/api/location", WARSAW)).status, 200);
      assert.equal(
        (await bo.client.post("/api/filters", { hashtags: ["pierogi", "streetfood"] })).status,
        200,
      );

      context = await memberContext(browser, server, ana);
      const page = await context.newPage();
      page.on("pageerror", (err) => pageErrors.push(`${page.url()}: ${err.message}`));
      page.on("request", (r) => {
        if (!r.url().startsWith(server!.url) && !r.url().startsWith("data:")) foreign.push(r.url());
      });
      const regions = page.getByRole("group", { name: "Regions" }).getByRole("button");

      await t.step("the map is an SVG of the world, shaded by members online", async () => {
        await page.goto("/map-discovery");
        await waitForHydration(page, "MapDiscovery");
        const land = page.locator("svg.world-map-land");
        const box = await land.boundingBox();
        assert.ok(box && box.width >= 340 && box.height >= 140, `the map is ${box?.width} px`);
        const shapes = await page.locator("svg.world-map-land use").evaluateAll((uses) =>
          uses.map((u) => {
            const ref = document.querySelector(u.getAttribute("href")!);
            return {
              href: u.getAttribute("href"),
              points: (ref?.getAttribute("d") ?? "").length,
              fill: getComputedStyle(u).fill,
            };
          })
        );
        assert.equal(shapes.length, 6, "six continents");
        for (const s of shapes) assert.ok(s.points > 500, `${s.href} has land (${s.points})`);
        const fill = (href: string) => shapes.find((s) => s.href === href)!.fill;
        assert.notEqual(fill("#map-europe"), fill("#map-africa"), "Europe, with Bo, is shaded");
        assert.equal(fill("#map-africa"), fill("#map-asia"), "empty continents look alike");

        assert.equal(await regions.count(), 6);
        await regions.getByText("Europe", { exact: true }).waitFor();
        assert.equal(await page.getByRole("button", { name: "Europe, 1 online" }).count(), 1);
        assert.equal(await page.getByRole("button", { name: "Africa, 0 online" }).count(), 1);
        await page.getByText("Members online:").waitFor();
      });

      await t.step("tapping Europe on the map opens its panel", async () => {
        const at = worldMap().project(WARSAW.longitude, WARSAW.latitude);
        const point = await page.locator("svg.world-map-land").evaluate(
          (svg, [x, y]) => {
            const p = new DOMPoint(x, y).matrixTransform((svg as SVGSVGElement).getScreenCTM()!);
            return { x: p.x, y: p.y };
          },
          at,
        );
        await page.touchscreen.tap(point.x, point.y);
        const card = page.getByRole("region", { name: "Europe" });
        await card.getByRole("heading", { name: "Europe" }).waitFor();
        assert.equal((await card.locator(".badge").innerText()).trim(), "Active Users: 1");
        const europe = page.getByRole("button", { name: "Europe, 1 online" });
        assert.equal(await europe.getAttribute("aria-pressed"), "true");
        assert.equal(await page.locator(".continent-outline").count(), 1, "Europe is outlined");
        await assertNoSideScroll(page, "/map-discovery at 390 with a panel open");
      });

      await t.step("a hashtag tapped in the panel is saved to the filters", async () => {
        const card = page.getByRole("region", { name: "Europe" });
        const pierogi = card.getByRole("button", { name: "#pierogi" });
        assert.equal(await pierogi.getAttribute("aria-pressed"), "false");
        await pierogi.click();
        await expectToast(page, "#pierogi added", english("profile.filtersSavedDescription"));
        assert.equal(await pierogi.getAttribute("aria-pressed"), "true");
        assert.ok((await savedHashtags(ana)).includes("pierogi"), "read back from the API");
      });

      await t.step("a region button works from the keyboard", async () => {
        await page.getByRole("button", { name: "Asia, 0 online" }).focus();
        await page.keyboard.press("Enter");
        await page.getByRole("region", { name: "Asia" }).getByRole("heading", { name: "Asia" })
          .waitFor();
        await page.getByText("No hashtags were used in Asia in the last 7 days yet.").waitFor();
        await page.getByRole("button", { name: "Europe, 1 online" }).click();
      });

      await t.step("Connect with Europe sets the preference and goes to /connecting", async () => {
        const navigation = page.waitForRequest((r) =>
          r.isNavigationRequest() && new URL(r.url()).pathname === "/connecting"
        );
        await page.getByRole("button", { name: "Connect with Europe" }).click();
        await navigation;
        // Ana has no profile location, so /connecting may send her on to /profile.
        await page.waitForURL((u) => u.pathname === "/connecting" || u.pathname === "/profile");
        const f = (await ana.client.get("/api/filters")).json;
        assert.equal(f.locationPreference, "continent");
        assert.equal(f.continentPreference, "Europe");
      });

      await t.step("on home, a popular hashtag is added with one tap", async () => {
        await page.goto("/");
        await waitForHydration(page, "HomeHashtags");
        const popular = page.getByRole("list", { name: "Popular this week" });
        const art = popular.getByRole("button", { name: "#art" });
        assert.equal(await art.getAttribute("aria-pressed"), "false");
        await art.click();
        await expectToast(page, "#art added", english("profile.filtersSavedDescription"));
        assert.equal(await art.getAttribute("aria-pressed"), "true");
        assert.ok((await savedHashtags(ana)).includes("art"), "read back from the API");
        const interests = page.getByRole("region", { name: "Your interests" });
        await interests.getByText("#art", { exact: true }).waitFor();

        // A second tap takes it off again.
        await art.click();
        await expectToast(page, "#art removed", english("profile.filtersSavedDescription"));
        assert.equal(await art.getAttribute("aria-pressed"), "false");
        assert.ok(!(await savedHashtags(ana)).includes("art"));
      });

      await t.step("a hashtag the server refuses shows the server's reason", async () => {
        const full = Array.from({ length: MAX_HASHTAGS }, (_, i) => `tag${i}`);
        assert.equal((await ana.client.post("/api/filters", { hashtags: full })).status, 200);
        await page.goto("/");
        await waitForHydration(page, "HomeHashtags");
        const music = page.getByRole("list", { name: "Popular this week" })
          .getByRole("button", { name: "#music" });
        await music.click();
        await expectToast(
          page,
          english("profile.saveError"),
          english("profile.tooManyHashtags", { max: 30 }),
        );
        assert.equal(await music.getAttribute("aria-pressed"), "false");
        assert.deepEqual(await savedHashtags(ana), full, "nothing changed");
      });

      await t.step("no sideways scroll at 320 and 390; region buttons readable", async () => {
        for (const width of [320, 390]) {
          await resizeTo(page, { width, height: 844 });
          await page.goto("/map-discovery");
          await waitForHydration(page, "MapDiscovery");
          await assertNoSideScroll(page, `/map-discovery at ${width}`);
          await assertButtonsApart(
            regions,
            { x: 0, y: 0, width, height: 10_000 },
            `/map-discovery at ${width}`,
          );
          await page.getByRole("button", { name: "Oceania, 0 online" }).click();
          await page.getByRole("region", { name: "Oceania" }).waitFor();
          await assertNoSideScroll(page, `/map-discovery at ${width} with a panel open`);
          await page.goto("/");
          await waitForHydration(page, "HomeHashtags");
          await assertNoSideScroll(page, `/ at ${width}`);
        }
        // On a wide screen the buttons sit on the map, apart from each other.
        await resizeTo(page, { width: 1280, height: 800 });
        await page.goto("/map-discovery");
        await waitForHydration(page, "MapDiscovery");
        const map = await page.locator(".world-map").boundingBox();
        assert.ok(map);
        await assertButtonsApart(regions, map, "/map-discovery at 1280");
      });

      assert.deepEqual(foreign, [], "no request leaves this server");
      assert.deepEqual(pageErrors, [], "no uncaught errors in the pages");
    } finally {
      await context?.close().catch(() => {});
      await browser?.close().catch(() => {});
      await server?.close();
    }
  },
});
