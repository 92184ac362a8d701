// The remote tile is mirrored when the partner's camera is not a POV (it films them), and not when
// it is a rear camera. Chromium's fake camera has no facing, so it counts as filming the member; a
// rear camera is simulated by reporting "environment".
import assert from "node:assert/strict";
import { startServer } from "../helpers/server.ts";
import { registerMember } from "../helpers/accounts.ts";
import { launchBrowser } from "../helpers/browser.ts";
import type { Browser } from "playwright-core";

const REAR = `
  const original = MediaStreamTrack.prototype.getSettings;
  MediaStreamTrack.prototype.getSettings = function () {
    const s = original.call(this);
    return this.kind === "video" ? { ...s, facingMode: "environment" } : s;
  };
`;

async function member(browser: Browser, url: string, cookie: string, rear: boolean) {
  const ctx = await browser.newContext({
    baseURL: url,
    viewport: { width: 390, height: 844 },
    reducedMotion: "reduce",
  });
  await ctx.addCookies([{ name: "glimpse_session", value: cookie, url }]);
  if (rear) await ctx.addInitScript(REAR);
  return await ctx.newPage();
}

Deno.test({
  name: "live: a partner filming themselves is mirrored; a partner's POV is not",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const server = await startServer({ MATCH_DURATION_MS: "60000" });
    const browser = await launchBrowser();
    try {
      const a = await registerMember(server), b = await registerMember(server);
      for (const m of [a, b]) {
        await m.client.patch("/api/user/profile", { location: "Warsaw, Poland" });
      }
      const pov = await member(browser, server.url, a.client.session!, true);
      const selfie = await member(browser, server.url, b.client.session!, false);
      await Promise.all([pov.goto("/connecting"), selfie.goto("/connecting")]);
      await Promise.all(
        [pov, selfie].map((p) => p.waitForURL(/\/live-match$/, { timeout: 20_000 })),
      );
      // The POV member sees a partner filming themselves: mirrored. The other sees a POV: not.
      await pov.waitForSelector(".tile-remote video.mirrored", { timeout: 10_000 });
      // Wait until the POV member's device has said what its camera is, then look.
      await selfie.waitForSelector('.tile-remote[data-pov="true"]', { timeout: 10_000 });
      assert.equal(await selfie.locator(".tile-remote video.mirrored").count(), 0);
      assert.equal(await pov.locator('.tile-remote[data-pov="false"]').count(), 1);
      // Each member's own preview: mirrored only for the front (selfie) camera.
      assert.equal(await pov.locator(".tile-local video.mirrored").count(), 0);
      assert.equal(await selfie.locator(".tile-local video.mirrored").count(), 1);
    } finally {
      await browser.close();
      await server.close();
    }
  },
});
