// Appeals in a real Chromium: a banned member signs in on /auth, is told of the ban and sees the
// appeal form under it (an over-long appeal is refused on the page); they send one, and the form
// becomes the notice that it was sent. An administrator opens the Appeals tab, sees the appeal
// with the ban's reason, lifts the ban through the confirmation, and the member gets the mail in
// their language and signs in again. The ban page and the Appeals tab are photographed at 360 and
// 1280 px when SCREENSHOT_DIR is set, with nothing wider than the screen.
import { english } from "../helpers/english.ts";
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  expectToast,
  launchBrowser,
  resizeTo,
  submitLogin,
  waitForHydration,
} from "../helpers/browser.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { awaitMails, kvUser, registerMember, SESSION_COOKIE, signIn } from "../helpers/accounts.ts";
import { ACTION_TIMEOUT_MS } from "../helpers/time.ts";
import { updateUser } from "../../kv/users.ts";
import { APPEAL_MAX } from "../../lib/shared/moderation/appeals.ts";

const ADMIN = { ADMIN_EMAIL: "appeals-root@example.test", ADMIN_PASSWORD: "admin-pass-1" };
const SHOTS = Deno.env.get("SCREENSHOT_DIR");
const REASON = "Shared someone else's address on camera";
const APPEAL = "It was my own street, not someone else's. I have blurred it since.";

async function newContext(browser: Browser, server: TestServer, session?: string) {
  const ctx = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 900 },
    reducedMotion: "reduce",
  });
  ctx.setDefaultTimeout(ACTION_TIMEOUT_MS);
  if (session) {
    await ctx.addCookies([{
      name: SESSION_COOKIE,
      value: session,
      url: server.url,
      httpOnly: true,
      sameSite: "Lax",
    }]);
  }
  return ctx;
}

/** Photographs the page at 360 and 1280 px (when asked to), and checks nothing overflows. */
async function shoot(page: Page, name: string) {
  // The pictures show the page itself: open notices are dismissed first.
  for (const close of await page.locator(".toast-close").all()) await close.click();
  await page.waitForFunction(() => !document.querySelector(".toast-close"));
  for (const width of [360, 1280]) {
    await resizeTo(page, { width, height: width === 360 ? 780 : 900 });
    const [scroll, inner] = await page.evaluate(() => [
      document.scrollingElement!.scrollWidth,
      innerWidth,
    ]);
    assert.ok(scroll <= inner, `${name} at ${width} px: ${scroll} px wide`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

Deno.test({
  name: "appeals in the browser: a banned member appeals on /auth, an admin lifts the ban in " +
    "the Appeals tab, the member is mailed in their language and signs in again",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    let server: TestServer | undefined;
    let browser: Browser | undefined;
    const contexts: BrowserContext[] = [];
    const pageErrors: string[] = [];
    try {
      server = await startServer(ADMIN);
      browser = await launchBrowser();
      const kv = server.kv;
      const adminClient = await signIn(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
      const member = await registerMember(server);
      await updateUser(kv, member.id, (u) => ({ ...u, language: "es" }));
      const ban = await adminClient.post(`/api/admin/users/${member.id}/ban`, {
        reason: REASON,
        days: 30,
      });
      assert.equal(ban.status, 200, ban.text);

      const memberContext = await newContext(browser, server);
      contexts.push(memberContext);
      const m = await memberContext.newPage();
      m.on("pageerror", (err) => pageErrors.push(`${m.url()}: ${err.message}`));

      assert.ok(
        await t.step(
          "the ban page offers the appeal; over-long is refused; one is sent",
          async () => {
            await submitLogin(m, member.username, member.password);
            await expectToast(m, english("auth.loginFailed"));
            const form = m.locator("section.appeal").filter({
              has: m.getByRole("heading", { name: "Appeal this ban" }),
            });
            await form.getByLabel("Your appeal").waitFor();
            await form.getByLabel("Your appeal").fill("x".repeat(APPEAL_MAX + 1));
            await form.getByText("1,001 of 1,000 characters").waitFor();
            await form.getByRole("button", { name: "Send appeal" }).click();
            await form.getByRole("alert").filter({ hasText: english("auth.appealTooLong") })
              .waitFor();
            assert.equal((await m.request.get("/api/appeal")).status(), 200);
            assert.equal(
              (await (await m.request.get("/api/appeal")).json()).sent,
              null,
              "not sent",
            );

            await form.getByLabel("Your appeal").fill(APPEAL);
            await shoot(m, "appeal-ban-page");
            await form.getByRole("button", { name: "Send appeal" }).click();
            // The form becomes the notice that it was sent.
            const notice = m.getByRole("status").filter({
              hasText: english("auth.appealSentTitle"),
            });
            await notice.getByText(english("auth.appealSentNotice")).waitFor();
            assert.equal(await m.locator("section.appeal textarea").count(), 0);
            // No session came with any of it.
            assert.equal((await m.request.get("/api/simple-user")).status(), 401);
          },
        ),
      );

      const adminContext = await newContext(browser, server, adminClient.session);
      contexts.push(adminContext);
      const a = await adminContext.newPage();
      a.on("pageerror", (err) => pageErrors.push(`${a.url()}: ${err.message}`));

      assert.ok(
        await t.step("the Appeals tab lists it; the admin lifts the ban", async () => {
          await a.goto("/admin/users");
          await a.getByRole("link", { name: "Appeals" }).click();
          await a.waitForURL("**/admin/appeals");
          await waitForHydration(a, "AdminAppeals");
          const card = a.locator("article.admin-appeal").filter({ hasText: member.username });
          await card.getByText(REASON).waitFor();
          await card.getByText(APPEAL).waitFor();
          await card.getByText("pending").first().waitFor();
          await shoot(a, "appeal-admin-tab");
          await resizeTo(a, { width: 1280, height: 900 });

          await card.getByRole("button", { name: "Lift the ban" }).click();
          const dialog = a.getByRole("alertdialog");
          await dialog.getByText(`Lift the ban on ${member.username}?`).waitFor();
          await dialog.getByRole("button", { name: "Lift the ban" }).click();
          await expectToast(
            a,
            english("admin.appealLifted"),
            english("admin.appealLiftedDescription", { username: member.username }),
          );
          await card.getByText("lifted", { exact: true }).waitFor();
          await card.getByText(/^Answered by admin on /).waitFor();
          assert.equal((await kvUser(kv, member.id))?.ban, null, "the ban is lifted");
        }),
      );

      assert.ok(
        await t.step("the member gets the mail in Spanish and signs in again", async () => {
          const [mail] = await awaitMails(kv, member.email, 1, "levantó la suspensión");
          assert.equal(mail.subject, "Tu cuenta de Glimpse vuelve a estar abierta");
          await submitLogin(m, member.username, member.password);
          await m.waitForURL((u) => u.pathname === "/");
          assert.equal((await m.request.get("/api/simple-user")).status(), 200);
        }),
      );

      assert.deepEqual(pageErrors, []);
    } finally {
      for (const c of contexts) await c.close().catch(() => {});
      await browser?.close();
      await server?.close();
    }
  },
});
