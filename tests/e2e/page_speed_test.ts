// Prints the largest contentful paint and total blocking time of the landing page, /welcome and a
// member's home page in Chromium with a 4x CPU slowdown (as Lighthouse's mobile run), a phone
// viewport and no cache. Figures only: the asserts check that they were measured, not how fast
// (speed targets live in bench/ and in the page budgets, never as timed asserts).
import assert from "node:assert/strict";
import { launchBrowser, newContext } from "../helpers/browser.ts";
import { withServer } from "../helpers/server.ts";
import { registerMember } from "../helpers/accounts.ts";

/** Installed before any page script: collects paints and long tasks from the very start. */
const OBSERVE = `
  window.__speed = { lcp: 0, fcp: 0, tasks: [] };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) __speed.lcp = e.startTime; })
    .observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (e.name === "first-contentful-paint") __speed.fcp = e.startTime;
  }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) __speed.tasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
`;

Deno.test("page speed: LCP and total blocking time of /, /welcome and a member's home (4x CPU slowdown)", async () => {
  await withServer(async (server) => {
    const member = await registerMember(server);
    const browser = await launchBrowser();
    try {
      const rows: string[] = [];
      for (
        const [path, as] of [["/", "guest"], ["/welcome", "guest"], ["/", "member"]] as const
      ) {
        const context = await newContext(browser, server.url);
        if (as === "member") {
          await context.addCookies([{
            name: "glimpse_session",
            value: member.client.session!,
            url: server.url,
          }]);
        }
        await context.addInitScript(OBSERVE);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
        await cdp.send("Network.enable");
        await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
        const res = await page.goto(path, { waitUntil: "load" });
        assert.equal(res?.status(), 200, `${path} as ${as}`);
        // Lighthouse stops when the page is quiet; a second of quiet is enough for these pages.
        await page.waitForTimeout(1500);
        // A click ends the LCP candidates, as a member's first input would.
        await page.mouse.click(1, 1);
        const s = await page.evaluate(() =>
          (globalThis as unknown as {
            __speed: { lcp: number; fcp: number; tasks: [number, number][] };
          }).__speed
        );
        const tbt = s.tasks
          .filter(([start]) => start >= s.fcp)
          .reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
        assert.ok(s.fcp > 0, `${path}: first contentful paint measured`);
        assert.ok(s.lcp >= s.fcp, `${path}: largest contentful paint measured`);
        rows.push(
          `${path.padEnd(9)} ${as.padEnd(7)} FCP ${Math.round(s.fcp)} ms  LCP ${
            Math.round(s.lcp)
          } ms  TBT ${Math.round(tbt)} ms  (${s.tasks.length} long tasks)`,
        );
        await context.close();
      }
      console.log(`\nPage speed, 4x CPU slowdown, 390x844, no cache:\n${rows.join("\n")}`);
    } finally {
      await browser.close();
    }
  });
});
