// Verified before live, in a real Chromium: an unverified member who starts a POV connection gets
// the live start screen's reason and Resend instead of a search (no socket, no camera), at phone
// and desktop widths without overflow; Resend queues a new verification mail; once the mailed
// link has verified them, a reload searches. A member the page took for verified but the server
// refuses gets the same screen, and the camera the page had started is let go.
// SCREENSHOT_DIR=<folder> keeps a PNG of the screen at each width there.
import { english } from "../helpers/english.ts";
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, resizeTo, waitForHydration } from "../helpers/browser.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { linkIn, mailsTo, type Member } from "../helpers/accounts.ts";
import {
  captures,
  closeQuietly,
  expectToast,
  liveMember,
  memberContext,
  socketCount,
  waitForPath,
} from "../helpers/live_browser.ts";
import { eventually, sleep, until } from "../helpers/time.ts";
import { updateUser } from "../../kv/users.ts";
import { rtEnglish } from "../helpers/rt_english.ts";

const VERIFY_LINK = "/verify-email?token=";
const WIDTHS = [{ width: 360, height: 740 }, { width: 1280, height: 800 }];

/** Verification mails in the outbox for the member, newest first. */
async function verificationMails(server: TestServer, m: Member) {
  return (await mailsTo(server.kv, m.email)).filter((x) => x.text.includes(VERIFY_LINK));
}

/** The live start screen for an unverified member: heading, reason, Resend, the way back. */
async function expectVerifyScreen(page: Page) {
  const screen = page.getByRole("region", { name: english("live.verifyEmail") });
  await screen.waitFor({ state: "visible" });
  await screen.getByText(rtEnglish("email_unverified"), { exact: true }).waitFor({
    state: "visible",
  });
  await screen.getByRole("button", { name: english("live.resendVerification") }).waitFor({
    state: "visible",
  });
  await screen.getByRole("link", { name: english("live.backToDiscover") }).waitFor({
    state: "visible",
  });
  assert.equal(await page.getByText("Finding Someone...").count(), 0, "no searching screen");
  return screen;
}

/** Nothing overflows the viewport sideways, and the screen's parts are inside it. */
async function expectFits(page: Page, width: number) {
  const layout = await page.evaluate(() => {
    const box = (sel: string) => {
      const r = document.querySelector(sel)!.getBoundingClientRect();
      return { left: r.left, right: r.right, height: r.height };
    };
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: globalThis.innerWidth,
      heading: box(".verify-first h1"),
      text: box(".verify-first-text"),
      button: box(".verify-first button"),
    };
  });
  assert.ok(layout.scrollWidth <= layout.innerWidth, `${width}px: ${JSON.stringify(layout)}`);
  for (const part of [layout.heading, layout.text, layout.button]) {
    assert.ok(part.left >= 0 && part.right <= width, `${width}px: ${JSON.stringify(layout)}`);
  }
  assert.ok(layout.button.height >= 40, `a tap-sized button at ${width}px`);
}

Deno.test({
  name: "verified before live: the start screen's reason and Resend, no search, then live",
  sanitizeOps: false,
  sanitizeResources: false,
  sanitizeExit: false,
  async fn(t) {
    let server: TestServer | null = null;
    let browser: Browser | null = null;
    const contexts: BrowserContext[] = [];
    try {
      server = await startServer();
      // The second step serves /connecting through the test's route, which Chromium takes for a
      // page from another network and would block its socket to this machine.
      browser = await launchBrowser({
        extraArgs: ["--disable-features=LocalNetworkAccessChecks"],
      });
      const errors: string[] = [];

      await t.step("an unverified member sees why, can resend, and no search starts", async () => {
        const member = await liveMember(server!, { verified: false });
        const ctx = await memberContext(browser!, server!, member);
        contexts.push(ctx);
        const page = await ctx.newPage();
        page.on("pageerror", (e) => errors.push(String(e)));

        // Start POV Connection on the discover screen leads to the live start screen.
        await page.goto("/");
        await page.getByRole("link", { name: "Start POV Connection" }).click();
        await waitForPath(page, "/connecting");
        await waitForHydration(page, "LiveSession");
        const screen = await expectVerifyScreen(page);
        // The screen is the notice: the banner does not say it twice.
        assert.equal(await page.getByRole("region", { name: "Email verification" }).count(), 0);

        for (const size of WIDTHS) {
          await resizeTo(page, size);
          await expectFits(page, size.width);
          const dir = Deno.env.get("SCREENSHOT_DIR");
          if (dir) {
            await page.screenshot({ path: `${dir}/verify-before-live-${size.width}.png` });
          }
        }

        // Resend queues a new verification mail (the registration's was the first).
        assert.equal((await verificationMails(server!, member)).length, 1);
        await screen.getByRole("button", { name: english("live.resendVerification") }).click();
        await expectToast(page, english("live.verifySent"), english("live.verifySentDescription"));
        await until(
          "the resent verification mail",
          () => verificationMails(server!, member),
          (mails) => mails.length === 2,
          10_000,
        );

        // No search: no socket opened, no camera, nobody waiting on the server.
        await sleep(500);
        assert.deepEqual(await socketCount(page), { opened: 0, open: 0 });
        assert.equal((await captures(page)).opened, 0, "the camera was never asked for");
        assert.equal(server!.hub.waitingCount(), 0);
        assert.equal((await server!.kv.get(["mm", "waiting", member.id])).value, null);

        // The newest link verifies them; a reload of the start screen searches.
        const [newest] = await verificationMails(server!, member);
        await page.goto(linkIn(newest, VERIFY_LINK));
        await waitForPath(page, "/");
        await expectToast(page, "Email verified");
        await page.goto("/connecting");
        await page.getByText("Finding Someone...").waitFor({ state: "visible" });
        await eventually(() => server!.hub.waitingCount() === 1);
        await page.getByRole("button", { name: "Cancel" }).click();
        await waitForPath(page, "/");
      });

      await t.step(
        "a member the server refuses as unverified gets the same screen; the camera is let go",
        async () => {
          const member = await liveMember(server!);
          const ctx = await memberContext(browser!, server!, member);
          contexts.push(ctx);
          const page = await ctx.newPage();
          page.on("pageerror", (e) => errors.push(String(e)));
          // The page is rendered for a verified member; the address is unverified again before
          // its socket asks to search, so only the server's refusal can stop it.
          await page.route("**/connecting", async (route) => {
            const response = await route.fetch();
            const changed = await updateUser(
              server!.kv,
              member.id,
              (u) => ({ ...u, emailVerified: false }),
            );
            assert.ok(changed.ok, "the record was changed");
            await route.fulfill({ response });
          });
          await page.goto("/connecting");
          const screen = await expectVerifyScreen(page);
          await until("the socket closed", () => socketCount(page), (s) => s.open === 0);
          // The page asked for the camera with the search; whenever it opened, it is let go.
          await until(
            "the camera let go",
            () => captures(page),
            (c) => c.opened > 0 && c.live === 0,
          );
          assert.equal(server!.hub.waitingCount(), 0);
          assert.equal((await server!.kv.get(["mm", "waiting", member.id])).value, null);
          // Its Resend works like the other one.
          await screen.getByRole("button", { name: english("live.resendVerification") }).click();
          await until(
            "the resent verification mail",
            () => verificationMails(server!, member),
            (mails) => mails.length === 2,
            10_000,
          );
        },
      );

      assert.deepEqual(errors, [], "no page errors");
    } finally {
      for (const c of contexts) await closeQuietly(c);
      await closeQuietly(browser, server);
    }
  },
});
