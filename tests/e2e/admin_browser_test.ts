// The administrator's pages in a real Chromium: a member sees Access Denied; the admin deletes a
// member through the 'Are you absolutely sure?' dialog and verifies another on /admin; the reports
// dashboard's tabs, search and Review/Dismiss; /direct-admin's login as the admin ('Total users:
// N', the System rows, Verify and Delete with the browser's confirm) and a member's refused login
// ('Not authorized as admin', signed out again). One server and one browser for the whole file;
// each viewer gets a fresh context.
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { expectToast, launchBrowser, waitForHydration } from "../helpers/browser.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import {
  kvUser,
  type Member,
  registerMember,
  SESSION_COOKIE,
  signIn,
} from "../helpers/accounts.ts";
import { keys } from "../../kv/keys.ts";
import { indexReport } from "../../kv/reports.ts";
import type { Report } from "../../lib/moderation/reports.ts";
import { ADMIN_TEXT } from "../../lib/admin/shared.ts";

const ADMIN = { ADMIN_EMAIL: "root@example.test", ADMIN_PASSWORD: "admin-pass-1" };

/** A desktop-sized context, signed in with the given session cookie when one is given. */
async function context(browser: Browser, server: TestServer, session?: string) {
  const ctx = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 900 },
    reducedMotion: "reduce",
  });
  ctx.setDefaultTimeout(10_000);
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

function row(page: Page, username: string): Locator {
  return page.locator("tbody tr").filter({
    has: page.getByRole("cell", { name: username, exact: true }),
  });
}

async function seedReport(kv: Deno.Kv, fields: Partial<Report>): Promise<Report> {
  const report: Report = {
    id: crypto.randomUUID(),
    status: "pending",
    createdAt: new Date().toISOString(),
    reporterId: null,
    reporterUsername: "reporter",
    reportedId: null,
    reportedUsername: "reported",
    reportReason: "inappropriate",
    additionalDetails: "",
    partnerPeerId: "peer",
    matchId: crypto.randomUUID(),
    blocked: true,
    ...fields,
  };
  await kv.set(keys.report(report.id), report);
  await indexReport(kv, report);
  return report;
}

Deno.test({
  name: "admin pages in the browser",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    let server: TestServer | undefined;
    let browser: Browser | undefined;
    const contexts: BrowserContext[] = [];
    const pageErrors: string[] = [];
    const open = async (session?: string) => {
      const ctx = await context(browser!, server!, session);
      contexts.push(ctx);
      const page = await ctx.newPage();
      page.on("pageerror", (err) => pageErrors.push(`${page.url()}: ${err.message}`));
      return page;
    };
    try {
      server = await startServer(ADMIN);
      browser = await launchBrowser();
      const kv = server.kv;
      const adminClient = await signIn(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
      // Unverified, all three: the pages show their status and offer Verify.
      const member: Member = await registerMember(server, {
        username: "plain_member",
        verified: false,
      });
      const doomed = await registerMember(server, { username: "doomed_dan", verified: false });
      const unverified = await registerMember(server, {
        username: "vera_unverified",
        verified: false,
      });

      await t.step("a member sees Access Denied on every admin page", async () => {
        const page = await open(member.client.session);
        for (const path of ["/admin", "/admin/users", "/admin/reports"]) {
          const res = await page.goto(path);
          assert.equal(res?.status(), 403, path);
          await page.getByRole("heading", { name: ADMIN_TEXT.accessDenied }).waitFor();
          await page.getByText(ADMIN_TEXT.noPermission, { exact: true }).waitFor();
          await page.getByText(ADMIN_TEXT.onlyAdmins, { exact: true }).waitFor();
          assert.equal(await page.locator("table").count(), 0);
        }
      });

      const admin = await open(adminClient.session);

      await t.step("the admin deletes a member through the dialog", async () => {
        await admin.goto("/admin");
        await waitForHydration(admin, "AdminUsers");
        await admin.getByRole("heading", { name: ADMIN_TEXT.usersTitle, level: 1 }).waitFor();
        const nav = admin.getByRole("navigation", { name: "Admin sections" });
        assert.equal(
          await nav.getByRole("link", { name: "Users" }).getAttribute("aria-current"),
          "page",
        );
        const headers = await admin.locator("thead th").allInnerTexts();
        assert.deepEqual(headers.map((h) => h.trim()), [
          "ID",
          "Username",
          "Email",
          "Email Verified",
          "Created At",
          "Location",
          "Face Blur",
          "Actions",
        ]);
        assert.equal(await admin.locator("tbody tr").count(), 4);
        // Face blur is shown read-only.
        const blur = row(admin, "doomed_dan").getByRole("checkbox");
        assert.equal(await blur.isDisabled(), true);
        assert.equal(await blur.isChecked(), true);

        // Search is case-insensitive over username and email.
        const search = admin.getByPlaceholder("Search by username or email");
        await search.fill("DOOMED");
        await admin.locator("tbody tr").filter({ hasText: "doomed_dan" }).waitFor();
        assert.equal(await admin.locator("tbody tr").count(), 1);
        await search.fill("nobody-matches-this");
        await admin.getByText(ADMIN_TEXT.noUsers, { exact: true }).waitFor();
        await search.fill("");

        // Cancel keeps the member.
        await row(admin, "doomed_dan").getByRole("button", { name: "Delete doomed_dan" }).click();
        const dialog = admin.getByRole("alertdialog", { name: ADMIN_TEXT.deleteTitle });
        await dialog.waitFor();
        assert.match(
          await dialog.innerText(),
          /permanently delete the user doomed_dan and all associated data/,
        );
        assert.match(await dialog.innerText(), /cannot be undone/);
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await dialog.waitFor({ state: "detached" });
        assert.equal((await kvUser(kv, doomed.id))?.deletedAt, undefined);

        await row(admin, "doomed_dan").getByRole("button", { name: "Delete doomed_dan" }).click();
        await dialog.getByRole("button", { name: "Delete", exact: true }).click();
        await expectToast(admin, ADMIN_TEXT.userDeleted, ADMIN_TEXT.userDeletedDescription);
        await row(admin, "doomed_dan").waitFor({ state: "detached" });
        assert.ok((await kvUser(kv, doomed.id))?.deletedAt, "deleted in KV");
        // The admin's own Delete is disabled.
        const mine = admin.locator("tbody tr").filter({ hasText: ADMIN.ADMIN_EMAIL });
        assert.equal(await mine.getByRole("button", { name: /^Delete/ }).isDisabled(), true);
      });

      await t.step("the admin verifies an unverified member", async () => {
        const r = row(admin, "vera_unverified");
        assert.equal((await r.locator(".badge").first().innerText()).trim(), "No");
        await r.getByRole("button", { name: "Verify vera_unverified" }).click();
        await expectToast(admin, ADMIN_TEXT.emailVerified, ADMIN_TEXT.emailVerifiedDescription);
        await r.getByRole("button", { name: "Verify vera_unverified" }).waitFor({
          state: "detached",
        });
        assert.equal((await r.locator(".badge").first().innerText()).trim(), "Yes");
        assert.equal((await kvUser(kv, unverified.id))?.emailVerified, true);
      });

      await t.step("the reports dashboard: tabs, search, Review and Dismiss", async () => {
        const base = Date.UTC(2026, 2, 3, 14, 5);
        const harass = await seedReport(kv, {
          createdAt: new Date(base).toISOString(),
          reporterUsername: "rita",
          reportedUsername: "troll_tom",
          reportReason: "harassment",
          additionalDetails: "Shouted insults",
        });
        // Filed by a member of this test, so the search by username finds it.
        const fake = await seedReport(kv, {
          createdAt: new Date(base + 60_000).toISOString(),
          reporterId: member.id,
          reporterUsername: member.username,
          reportedUsername: "faker_fay",
          reportReason: "impersonation",
          additionalDetails: "Pretended to be a celebrity",
          blocked: false,
        });
        await seedReport(kv, {
          createdAt: new Date(base - 60_000).toISOString(),
          reporterUsername: "old_olga",
          status: "dismissed",
        });

        await admin.goto("/admin/reports");
        await waitForHydration(admin, "AdminReports");
        await admin.getByRole("heading", { name: ADMIN_TEXT.reportsTitle, level: 1 }).waitFor();
        const tabs = admin.getByRole("tablist", { name: "Report status" }).getByRole("tab");
        assert.deepEqual(await tabs.allInnerTexts(), [
          "Pending",
          "Reviewed",
          "Dismissed",
          "All Reports",
        ]);
        const cards = admin.locator("article.admin-report");
        assert.equal(await cards.count(), 2);
        // Triage order: most distinct reporters first (none counted here: neither report names
        // the reported member), then oldest first; the card's facts.
        const first = cards.first();
        assert.equal(await first.getByRole("heading").innerText(), "Harassment or Bullying");
        const text = await first.innerText();
        for (const part of ["Harassment or Bullying", "rita", "troll_tom", "Shouted insults"]) {
          assert.ok(text.includes(part), `${part} in ${text}`);
        }
        assert.match(text, /blocked/);
        assert.match(text, /Mar 3, 2026, \d{1,2}:\d{2}\s?[AP]M/, "short month, day, year, time");
        const second = cards.nth(1);
        assert.equal(await second.getByRole("heading").innerText(), "Impersonation");
        assert.ok(!(await second.innerText()).includes("blocked"), "fay was not blocked");

        // Search by a member's exact username (any case, a leading @ allowed): the reports they
        // filed or are named in.
        const search = admin.getByPlaceholder("Search by exact username");
        await search.fill(`@${member.username.toUpperCase()}`);
        await admin.locator(`article[data-report-id="${harass.id}"]`).waitFor({
          state: "detached",
        });
        await admin.locator(`article[data-report-id="${fake.id}"]`).waitFor();
        assert.equal(await cards.count(), 1);
        assert.equal(await first.getByRole("heading").innerText(), "Impersonation");
        await search.fill("no_such_member");
        await admin.getByText(ADMIN_TEXT.noReports, { exact: true }).waitFor();
        await admin.getByText(ADMIN_TEXT.noReportsDescription, { exact: true }).waitFor();
        await search.fill("");

        // Review the harassment report: it leaves the pending list.
        const harassCard = admin.locator(`article[data-report-id="${harass.id}"]`);
        await harassCard.getByRole("button", { name: "Review" }).click();
        await expectToast(admin, ADMIN_TEXT.reportReviewed, ADMIN_TEXT.reportReviewedDescription);
        await harassCard.waitFor({ state: "detached" });
        // Dismiss the other one.
        const fakeCard = admin.locator(`article[data-report-id="${fake.id}"]`);
        await fakeCard.getByRole("button", { name: "Dismiss" }).click();
        await expectToast(admin, ADMIN_TEXT.reportDismissed, ADMIN_TEXT.reportDismissedDescription);
        await fakeCard.waitFor({ state: "detached" });
        await admin.getByText(ADMIN_TEXT.noReports, { exact: true }).waitFor();

        // Reviewed: the report, without Review/Dismiss.
        await admin.getByRole("tab", { name: "Reviewed" }).click();
        await harassCard.waitFor();
        assert.equal(await cards.count(), 1);
        assert.equal(await harassCard.getByRole("button").count(), 0);
        assert.equal(
          (await harassCard.locator(".admin-report-status").textContent())?.trim(),
          "reviewed",
        );
        await admin.getByRole("tab", { name: "Dismissed" }).click();
        await fakeCard.waitFor();
        assert.equal(await cards.count(), 2);
        await admin.getByRole("tab", { name: "All Reports" }).click();
        await admin.locator("article.admin-report").nth(2).waitFor();
        assert.equal(await cards.count(), 3);
        assert.equal(await admin.getByRole("button", { name: "Review" }).count(), 0);
      });

      await t.step(
        "/direct-admin: the admin logs in, sees the users and the System tab",
        async () => {
          const page = await open();
          page.on("dialog", (d) => d.accept());
          await page.goto("/direct-admin");
          await waitForHydration(page, "DirectAdmin");
          await page.getByRole("heading", { name: ADMIN_TEXT.loginTitle }).waitFor();
          await page.getByText(ADMIN_TEXT.loginDescription, { exact: true }).waitFor();
          await page.getByLabel("Email", { exact: true }).fill(ADMIN.ADMIN_EMAIL);
          await page.getByLabel("Password", { exact: true }).fill(ADMIN.ADMIN_PASSWORD);
          await page.getByRole("button", { name: "Login", exact: true }).click();
          await page.getByText(ADMIN_TEXT.dashboardDescription, { exact: true }).waitFor();
          // admin, plain_member, vera (doomed_dan is gone).
          await page.getByText("Total users: 3", { exact: true }).waitFor();
          const headers = await page.locator("thead th").allInnerTexts();
          assert.deepEqual(headers.map((h) => h.trim()), [
            "ID",
            "Username",
            "Email",
            "Status",
            "Created",
            "Location",
            "Actions",
          ]);
          assert.equal(
            (await row(page, "plain_member").locator(".badge").innerText()).trim(),
            "Unverified",
          );
          assert.ok((await row(page, "plain_member").innerText()).includes("Unknown"));
          const own = page.locator("tbody tr").filter({ hasText: ADMIN.ADMIN_EMAIL });
          assert.equal(await own.getByRole("button", { name: /^Delete/ }).isDisabled(), true);

          // Verify, then Delete (after the browser's confirm).
          await row(page, "plain_member").getByRole("button", { name: "Verify plain_member" })
            .click();
          await page.getByText(ADMIN_TEXT.bannerVerified, { exact: true }).waitFor();
          await row(page, "plain_member").getByText("Verified", { exact: true }).waitFor();
          assert.equal((await kvUser(kv, member.id))?.emailVerified, true);
          // The success alert clears after 3 s.
          await page.getByText(ADMIN_TEXT.bannerVerified, { exact: true }).waitFor({
            state: "detached",
            timeout: 5_000,
          });

          await page.getByRole("tab", { name: "System" }).click();
          const system = page.locator(".admin-system");
          await system.getByText("Connected", { exact: true }).waitFor();
          const rows = await page.locator(".admin-system-row dt").allInnerTexts();
          assert.deepEqual(rows, ["Environment", "Database", "Email Provider", "WebSocket Server"]);
          const value = (label: string) =>
            page.locator(".admin-system-row").filter({ hasText: label }).locator("dd").innerText();
          assert.equal(await value("Environment"), "Test");
          assert.match(await value("Email Provider"), /^Outbox/);
          assert.match(await value("WebSocket Server"), /^Running/);
          await page.getByRole("button", { name: "Refresh Status" }).click();
          await system.getByText("Connected", { exact: true }).waitFor();

          await page.getByRole("tab", { name: "Users" }).click();
          await row(page, "vera_unverified").getByRole("button", { name: "Delete vera_unverified" })
            .click();
          await page.getByText(ADMIN_TEXT.bannerDeleted, { exact: true }).waitFor();
          await page.getByText("Total users: 2", { exact: true }).waitFor();
          assert.ok((await kvUser(kv, unverified.id))?.deletedAt);

          // Logout returns to the empty login form.
          await page.getByRole("button", { name: "Logout" }).click();
          await page.getByRole("heading", { name: ADMIN_TEXT.loginTitle }).waitFor();
          assert.equal(await page.getByLabel("Email", { exact: true }).inputValue(), "");
          assert.equal(await page.getByLabel("Password", { exact: true }).inputValue(), "");
          assert.equal((await page.request.get("/api/simple-user")).status(), 401);
        },
      );

      await t.step("/direct-admin: a member's login is refused and signed out", async () => {
        const page = await open();
        await page.goto("/direct-admin");
        await waitForHydration(page, "DirectAdmin");
        await page.getByLabel("Email", { exact: true }).fill(member.email);
        await page.getByLabel("Password", { exact: true }).fill("wrong-password");
        await page.getByRole("button", { name: "Login", exact: true }).click();
        await page.getByRole("alert").getByText(ADMIN_TEXT.authFailed, { exact: true }).waitFor();

        await page.getByLabel("Password", { exact: true }).fill(member.password);
        await page.getByRole("button", { name: "Login", exact: true }).click();
        await page.getByRole("alert").getByText(ADMIN_TEXT.notAdmin, { exact: true }).waitFor();
        await page.getByRole("heading", { name: ADMIN_TEXT.loginTitle }).waitFor();
        assert.equal(await page.getByText(ADMIN_TEXT.dashboardDescription).count(), 0);
        // The session that sign-in opened was ended again.
        assert.equal((await page.request.get("/api/simple-user")).status(), 401);
        const cookies = await page.context().cookies();
        assert.ok(!cookies.some((c) => c.name === SESSION_COOKIE), "no session cookie left");
      });

      await t.step("an admin already signed in sees the dashboard on /direct-admin", async () => {
        await admin.goto("/direct-admin");
        await waitForHydration(admin, "DirectAdmin");
        await admin.getByText(ADMIN_TEXT.dashboardDescription, { exact: true }).waitFor();
        await admin.getByText("Total users: 2", { exact: true }).waitFor();
      });

      await t.step(
        "the reports dashboard sends a signed-out admin to / after 'Access Denied'",
        async () => {
          const other = await signIn(server!, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
          const page = await open(other.session);
          await page.goto("/admin/reports");
          await waitForHydration(page, "AdminReports");
          // The session ends elsewhere (e.g. a sign-out on another device)…
          await other.post("/api/logout");
          // …so the next call answers 401.
          await page.getByRole("tab", { name: "Reviewed" }).click();
          await expectToast(page, ADMIN_TEXT.accessDenied);
          await page.waitForURL((u) => u.pathname === "/", { timeout: 5_000 });
        },
      );

      assert.deepEqual(pageErrors, []);
    } finally {
      for (const c of contexts) await c.close().catch(() => {});
      await browser?.close().catch(() => {});
      await server?.close();
    }
  },
});
