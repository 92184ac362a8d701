// "Your devices" in a real Chromium: one member signed in from two browser contexts; the first
// lists both on /profile (this device marked, the other named by its browser), signs the other
// out, and the other is sent to sign in on its next action. With SCREENSHOT_DIR set, the devices
// card is saved at 360 and 1280 px wide.
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  expectToast,
  launchBrowser,
  newContext,
  submitLogin,
  waitForHydration,
} from "../helpers/browser.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { registerMember } from "../helpers/accounts.ts";
import { ACTION_TIMEOUT_MS } from "../helpers/time.ts";

const FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0";

/** Signs in through the /auth form and waits for the home page. */
async function signIn(page: Page, identifier: string, password: string) {
  await submitLogin(page, identifier, password);
  await page.waitForURL((u) => u.pathname === "/");
  await expectToast(page, "Logged in successfully");
}

Deno.test({
  name: "devices in the browser: list both, sign the other out, the other must sign in again",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    let server: TestServer | undefined;
    let browser: Browser | undefined;
    const contexts: BrowserContext[] = [];
    try {
      server = await startServer();
      browser = await launchBrowser();
      const member = await registerMember(server);
      // The registration's own session ends: the member's devices are the two browsers below.
      assert.equal((await member.client.post("/api/simple-logout")).status, 200);

      const first = await newContext(browser, server.url, { width: 360, height: 800 }, "reduce");
      const other = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 390, height: 844 },
        reducedMotion: "reduce",
        userAgent: FIREFOX_ANDROID,
      });
      other.setDefaultTimeout(ACTION_TIMEOUT_MS);
      contexts.push(first, other);
      const page = await first.newPage();
      const phone = await other.newPage();
      await signIn(page, member.username, member.password);
      await signIn(phone, member.username, member.password);
      // The phone shares its own position (as "Use my current location" sends it).
      const located = await phone.evaluate(async () =>
        (await fetch("/api/location", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ latitude: 52.2297, longitude: 21.0122 }),
        })).status
      );
      assert.equal(located, 200);

      await page.goto("/profile");
      await waitForHydration(page, "ProfilePage");
      await page.getByRole("tab", { name: "Privacy & Security" }).click();
      const card = page.locator("#devices");
      await card.getByRole("heading", { name: "Your devices" }).waitFor({ state: "visible" });
      const rows = card.locator("li.device");
      assert.equal(await rows.count(), 2);
      const mine = rows.filter({ hasText: "This device" });
      assert.equal(await mine.count(), 1);
      assert.match(await mine.innerText(), /Chrome on Linux/);
      assert.match(await mine.innerText(), /Active in the last 5 minutes/);
      const theirs = rows.filter({ hasText: "Firefox on Android" });
      assert.equal(await theirs.count(), 1);
      assert.match(await theirs.innerText(), /Near Warsaw/);
      assert.doesNotMatch(await mine.innerText(), /Near/, "this device shared no position");
      assert.equal(await mine.getByRole("button").count(), 0, "this device has no sign-out here");

      const dir = Deno.env.get("SCREENSHOT_DIR");
      if (dir) {
        await card.scrollIntoViewIfNeeded();
        await card.screenshot({ path: `${dir}/profile-devices-360.png` });
        await page.setViewportSize({ width: 1280, height: 900 });
        await card.scrollIntoViewIfNeeded();
        await card.screenshot({ path: `${dir}/profile-devices-1280.png` });
      }

      await card.getByRole("button", { name: "Sign out Firefox on Android", exact: true }).click();
      await expectToast(page, "Device signed out");
      await card.getByText("No other device is signed in.", { exact: true })
        .waitFor({ state: "visible" });
      assert.equal(await rows.count(), 1);
      assert.equal(
        await card.getByRole("button", { name: "Sign out all other devices" }).count(),
        0,
      );

      // The other browser's next action (opening its profile) finds it signed out.
      await phone.getByRole("link", { name: "Profile" }).first().click();
      await phone.waitForURL((u) => u.pathname === "/auth");
      await phone.getByRole("button", { name: "Login", exact: true }).waitFor({ state: "visible" });

      // The first is still signed in.
      await page.reload();
      await waitForHydration(page, "ProfilePage");
      assert.equal(new URL(page.url()).pathname, "/profile");
    } finally {
      for (const c of contexts) await c.close().catch(() => {});
      await browser?.close();
      await server?.close();
    }
  },
});
