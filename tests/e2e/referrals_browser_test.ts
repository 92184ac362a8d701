// /viral and /leaderboard in a real Chromium at 390 px: the member's rank and figures, the earned
// invitations rule, Copy link and Share (the device's share sheet when the browser has one,
// else the link is copied), Instagram's copy, the period tabs; nothing wider than the phone.
// Screenshots at 390 and 1280 px go to /tmp/shots-referrals/.
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expectToast, launchBrowser, resizeTo, waitForHydration } from "../helpers/browser.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { type Member, registerMember } from "../helpers/accounts.ts";
import { closeQuietly, memberContext } from "../helpers/live_browser.ts";
import { storeLiveMatch } from "../helpers/matches.ts";
import { updateUser } from "../../kv/users.ts";
import { endMatch } from "../../kv/matches.ts";
import { MAX_UNUSED_INVITATIONS } from "../../lib/shared/referrals/rules.ts";
import { english } from "../helpers/english.ts";

const SHOTS = "/tmp/shots-referrals";

/** A session between two members that ended now: each met the other's country. */
async function played(server: TestServer, a: Member, aMet: string, b: Member, bMet: string) {
  const match = await storeLiveMatch(server.kv, a, aMet, b, bMet, Date.now());
  assert.ok(await endMatch(server.kv, match.id, "timeout"));
}

async function noWiderThan(page: Page, width: number) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= width, `the page is ${wide} px wide at ${width} px`);
}

async function withClipboard(browser: Browser, server: TestServer, m: Member, width = 390) {
  const ctx = await memberContext(browser, server, m);
  await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  await ctx.pages().at(0)?.close();
  if (width !== 390) {
    const page = await ctx.newPage();
    await resizeTo(page, { width, height: 900 });
    return { ctx, page };
  }
  return { ctx, page: await ctx.newPage() };
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

Deno.test("referral pages at 390 px: rank, earned invitations, copy and share, periods", async () => {
  await Deno.mkdir(SHOTS, { recursive: true });
  const server = await startServer();
  let browser: Browser | null = null;
  const contexts: BrowserContext[] = [];
  try {
    const ann = await registerMember(server, { username: "ann_referrer" });
    const ben = await registerMember(server, { username: "a_very_long_name_20c" });
    const friend = await registerMember(server, { invitationCode: ann.codes[0] });
    await updateUser(server.kv, ann.id, (u) => ({ ...u, location: "Lisbon, Portugal" }));
    await updateUser(server.kv, ben.id, (u) => ({ ...u, location: "Osaka, Japan" }));
    await played(server, ann, "Japan", ben, "Portugal");
    await played(server, ann, "Japan", friend, "Portugal");
    // ann: a verified friend (10), 2 sessions (2), Japan (5) = 17; ben: 1 + 5 = 6; friend 6.

    browser = await launchBrowser();
    const { ctx, page } = await withClipboard(browser, server, ann);
    contexts.push(ctx);
    await page.goto("/viral");
    await waitForHydration(page, "ReferralShare");
    const impact = page.locator("section", { has: page.locator("#impact-title") });
    assert.equal(await impact.locator("dt:has-text('Rank') + dd").innerText(), "#1 of 3");
    assert.equal(await impact.locator("dt:has-text('Points') + dd").innerText(), "17");
    assert.equal(await impact.locator("dt:has-text('Countries met') + dd").innerText(), "1");
    await page.getByText(english("plans.inviteEarn", { count: MAX_UNUSED_INVITATIONS }), {
      exact: false,
    }).waitFor();
    await page.locator(".invite-used").getByText(friend.username, { exact: true }).waitFor();
    await noWiderThan(page, 390);
    await page.screenshot({ path: `${SHOTS}/viral-390.png`, fullPage: true });

    const link = await page.locator("input[readonly]").inputValue();
    assert.match(link, /\/auth\?invite=[A-Z2-9]{10}$/);
    await page.getByRole("button", { name: "Copy link" }).click();
    await expectToast(page, "Referral link copied!");
    assert.equal(await clipboard(page), link);

    // Share: headless Chromium on Linux has no share sheet, so the page copies the link.
    await page.evaluate(() => navigator.clipboard.writeText("something else"));
    const hasShare = await page.evaluate(() => typeof navigator.share === "function");
    assert.equal(hasShare, false, "this Chromium has no navigator.share (the fallback is tested)");
    await page.getByRole("button", { name: "Share", exact: true }).click();
    await expectToast(page, "Referral link copied!");
    assert.equal(await clipboard(page), link, "without a share sheet, Share copies the link");
    await page.getByRole("button", { name: "Instagram" }).click();
    await expectToast(page, "Referral link copied! Paste it into your Instagram story or bio.");

    // A browser with a share sheet gets the link in it (and nothing is copied).
    const shared = await memberContext(browser, server, ann);
    contexts.push(shared);
    await shared.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await shared.addInitScript(() => {
      // deno-lint-ignore no-explicit-any
      (navigator as any).share = (data: ShareData) => {
        // deno-lint-ignore no-explicit-any
        (window as any).__shared = data;
        return Promise.resolve();
      };
    });
    const sp = await shared.newPage();
    await sp.goto("/viral");
    await waitForHydration(sp, "ReferralShare");
    await sp.evaluate(() => navigator.clipboard.writeText("untouched"));
    await sp.getByRole("button", { name: "Share", exact: true }).click();
    // deno-lint-ignore no-explicit-any
    const data = await sp.waitForFunction(() => (window as any).__shared).then((h) =>
      h.jsonValue()
    );
    assert.equal(data.url, link);
    assert.equal(await clipboard(sp), "untouched");

    // The leaderboard: this week by default, the tabs change the period.
    await page.goto("/leaderboard");
    const rows = page.locator(".rank-row");
    assert.equal(await rows.count(), 3);
    assert.match(
      await rows.nth(0).innerText(),
      /#1\s+ann_referrer\s+1 referral · 17 points · Portugal/,
    );
    await page.getByText("This week runs Monday to Sunday").waitFor();
    await noWiderThan(page, 390);
    await page.screenshot({ path: `${SHOTS}/leaderboard-390.png`, fullPage: true });
    await page.getByRole("link", { name: "All Time" }).click();
    await page.waitForURL(/period=all/);
    assert.equal(
      await page.getByRole("link", { name: "All Time" }).getAttribute("aria-current"),
      "page",
    );
    assert.equal(await rows.count(), 3);
    await page.getByRole("link", { name: "Climb Up" }).click();
    await page.waitForURL(/\/viral$/);

    const wide = await withClipboard(browser, server, ann, 1280);
    contexts.push(wide.ctx);
    await wide.page.goto("/viral");
    await waitForHydration(wide.page, "ReferralShare");
    await wide.page.screenshot({ path: `${SHOTS}/viral-1280.png`, fullPage: true });
    await wide.page.goto("/leaderboard");
    await wide.page.screenshot({ path: `${SHOTS}/leaderboard-1280.png`, fullPage: true });
  } finally {
    await closeQuietly(...contexts, browser);
    await server.close();
  }
});
