// The administrator's pages in a real Chromium: a member sees Access Denied; the admin deletes a
// member through the 'Are you absolutely sure?' dialog and verifies another on /admin; the reports
// dashboard's tabs, search and Review/Dismiss; /direct-admin's login as the admin ('Total users:
// N', the System rows measured again on Refresh Status, Verify and Delete with the browser's
// confirm) and a member's refused login ('Not authorized as admin', signed out again); Load more
// on both user tables; a ban from each table's dialog (its badge in the viewer's time zone) and
// its lifting; no Ban or Delete on the admin's own row; and the tables as cards at 360 px, with
// nothing wider than the screen. One server and one browser for the whole file; each viewer gets
// a fresh context.
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
import { seedReport } from "../helpers/reports.ts";
import { createUserWithInvitation } from "../../kv/users.ts";
import { formatReportDate } from "../../lib/shared/admin.ts";
import { newUserRecord } from "../../lib/shared/auth/types.ts";
import { ACTION_TIMEOUT_MS } from "../helpers/time.ts";
import { english } from "../helpers/english.ts";

const ADMIN = { ADMIN_EMAIL: "root@example.test", ADMIN_PASSWORD: "admin-pass-1" };

/** A desktop-sized context (or `width` wide), signed in with the session cookie when given. */
async function context(
  browser: Browser,
  server: TestServer,
  session?: string,
  options: { width?: number; timezoneId?: string } = {},
) {
  const ctx = await browser.newContext({
    baseURL: server.url,
    viewport: { width: options.width ?? 1280, height: 900 },
    reducedMotion: "reduce",
    timezoneId: options.timezoneId,
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

function row(page: Page, username: string): Locator {
  return page.locator("tbody tr").filter({
    has: page.getByRole("cell", { name: username, exact: true }),
  });
}

/** A member's row by id (its name cell also holds the badges). */
function rowOf(page: Page, id: string): Locator {
  return page.locator(`tbody tr[data-user-id="${id}"]`);
}

/** Waits until the users table shows exactly `n` rows. */
async function rowsShown(page: Page, n: number) {
  await page.waitForFunction(
    (n) => document.querySelectorAll("tbody tr[data-user-id]").length === n,
    n,
    { timeout: 10_000 },
  );
}

/** Nothing on the page is wider than the screen. */
async function assertNoSidewaysScroll(page: Page, where: string) {
  const [scroll, inner] = await page.evaluate(() => [
    document.scrollingElement!.scrollWidth,
    innerWidth,
  ]);
  assert.ok(scroll <= inner, `${where}: page ${scroll} px wide on a ${inner} px screen`);
}

/** Members straight through the app's writer (no password hash each), oldest first. */
async function seedMembers(kv: Deno.Kv, n: number, prefix: string) {
  for (let i = 0; i < n; i++) {
    const res = await createUserWithInvitation(
      kv,
      newUserRecord({
        username: `${prefix}${String(i).padStart(2, "0")}`,
        email: `${prefix}${i}@seeded.example.test`,
        passwordHash: "not-a-hash",
      }),
      null,
    );
    assert.ok(res.ok);
  }
}

async function kvUserByName(kv: Deno.Kv, username: string): Promise<string | null> {
  return (await kv.get<string>(keys.userByUsername(username))).value;
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
    const open = async (
      session?: string,
      options: { width?: number; timezoneId?: string } = {},
    ) => {
      const ctx = await context(browser!, server!, session, options);
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
          await page.getByRole("heading", { name: english("admin.accessDenied") }).waitFor();
          await page.getByText(english("admin.noPermission"), { exact: true }).waitFor();
          await page.getByText(english("admin.onlyAdmins"), { exact: true }).waitFor();
          assert.equal(await page.locator("table").count(), 0);
        }
      });

      const admin = await open(adminClient.session);

      await t.step("the admin deletes a member through the dialog", async () => {
        await admin.goto("/admin");
        await waitForHydration(admin, "AdminUsers");
        await admin.getByRole("heading", { name: english("admin.usersTitle"), level: 1 }).waitFor();
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

        // Search asks the server for usernames or emails that begin with the text, any case.
        const search = admin.getByPlaceholder(english("admin.searchPlaceholder"));
        await admin.getByText(english("admin.searchHelp"), { exact: true }).waitFor();
        await search.fill("DOOMED");
        await rowsShown(admin, 1);
        await row(admin, "doomed_dan").waitFor();
        await search.fill("dan");
        await admin.getByText(english("admin.noUsers"), { exact: true }).waitFor();
        await search.fill("");
        await rowsShown(admin, 4);

        // Cancel keeps the member.
        await row(admin, "doomed_dan").getByRole("button", { name: "Delete doomed_dan" }).click();
        const dialog = admin.getByRole("alertdialog", { name: english("admin.deleteTitle") });
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
        await expectToast(
          admin,
          english("admin.userDeleted"),
          english("admin.userDeletedDescription"),
        );
        await row(admin, "doomed_dan").waitFor({ state: "detached" });
        assert.ok((await kvUser(kv, doomed.id))?.deletedAt, "deleted in KV");
        // The admin's own row offers neither Delete nor Ban.
        const mine = admin.locator("tbody tr").filter({ hasText: ADMIN.ADMIN_EMAIL });
        await mine.waitFor();
        assert.equal(await mine.getByRole("button", { name: /^(Delete|Ban)/ }).count(), 0);
      });

      await t.step("the admin verifies an unverified member", async () => {
        const r = row(admin, "vera_unverified");
        assert.equal((await r.locator(".badge").first().innerText()).trim(), "No");
        await r.getByRole("button", { name: "Verify vera_unverified" }).click();
        await expectToast(
          admin,
          english("admin.emailVerified"),
          english("admin.emailVerifiedDescription"),
        );
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
        await admin.getByRole("heading", { name: english("admin.reportsTitle"), level: 1 })
          .waitFor();
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
        await admin.getByText(english("admin.noReports"), { exact: true }).waitFor();
        await admin.getByText(english("admin.noReportsDescription"), { exact: true }).waitFor();
        await search.fill("");

        // Review the harassment report: it leaves the pending list.
        const harassCard = admin.locator(`article[data-report-id="${harass.id}"]`);
        await harassCard.getByRole("button", { name: "Review" }).click();
        await expectToast(
          admin,
          english("admin.reportReviewed"),
          english("admin.reportReviewedDescription"),
        );
        await harassCard.waitFor({ state: "detached" });
        // Dismiss the other one.
        const fakeCard = admin.locator(`article[data-report-id="${fake.id}"]`);
        await fakeCard.getByRole("button", { name: "Dismiss" }).click();
        await expectToast(
          admin,
          english("admin.reportDismissed"),
          english("admin.reportDismissedDescription"),
        );
        await fakeCard.waitFor({ state: "detached" });
        await admin.getByText(english("admin.noReports"), { exact: true }).waitFor();

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
          await page.getByRole("heading", { name: english("admin.loginTitle") }).waitFor();
          await page.getByText(english("admin.loginDescription"), { exact: true }).waitFor();
          await page.getByLabel("Email", { exact: true }).fill(ADMIN.ADMIN_EMAIL);
          await page.getByLabel("Password", { exact: true }).fill(ADMIN.ADMIN_PASSWORD);
          await page.getByRole("button", { name: "Login", exact: true }).click();
          await page.getByText(english("admin.dashboardDescription"), { exact: true }).waitFor();
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
          assert.equal(await own.getByRole("button", { name: /^(Delete|Ban)/ }).count(), 0);

          // Verify, then Delete (after the browser's confirm).
          await row(page, "plain_member").getByRole("button", { name: "Verify plain_member" })
            .click();
          await page.getByText(english("admin.bannerVerified"), { exact: true }).waitFor();
          await row(page, "plain_member").getByText("Verified", { exact: true }).waitFor();
          assert.equal((await kvUser(kv, member.id))?.emailVerified, true);
          // The success alert clears after 3 s.
          await page.getByText(english("admin.bannerVerified"), { exact: true }).waitFor({
            state: "detached",
            timeout: 5_000,
          });

          await page.getByRole("tab", { name: "System" }).click();
          const system = page.locator(".admin-system");
          await system.getByText(/^Connected \(\d+\.\d ms\)$/).waitFor();
          const rows = await page.locator(".admin-system-row dt").allInnerTexts();
          assert.deepEqual(rows, [
            "Environment",
            "Database",
            "Email Provider",
            "WebSocket Server",
            english("admin.systemMembersWaiting"),
            english("admin.systemLiveMatches"),
            english("admin.systemBuild"),
            english("admin.systemRuntime"),
            english("admin.systemUptime"),
          ]);
          const value = (label: string) =>
            page.locator(".admin-system-row").filter({
              has: page.getByText(label, { exact: true }),
            }).locator("dd").innerText();
          assert.equal(await value("Environment"), "Test");
          assert.match(await value("Email Provider"), /^Outbox/);
          assert.equal(
            await value("WebSocket Server"),
            english("admin.systemSockets", { count: 0 }),
          );
          assert.equal(
            await value(english("admin.systemMembersWaiting")),
            english("admin.systemOnInstance", { count: 0 }),
          );
          assert.equal(
            await value(english("admin.systemLiveMatches")),
            english("admin.systemOnInstance", { count: 0 }),
          );
          assert.match(await value(english("admin.systemBuild")), /^assets [0-9a-f]{12}, built /);
          assert.equal(await value(english("admin.systemRuntime")), `Deno ${Deno.version.deno}`);
          assert.match(
            await value(english("admin.systemUptime")),
            /^\d+ (s|min .*|h .*|d .*) \(since /,
          );
          const note = page.locator(".admin-system-note");
          assert.match(
            await note.innerText(),
            new RegExp(`this instance \\(${server!.hub.instanceId.slice(0, 8)}\\)`),
          );
          // Refresh Status asks the server again: a new measurement, a later check.
          const checked = await page.locator(".admin-system-checked").innerText();
          await page.waitForTimeout(1_100);
          const [answer] = await Promise.all([
            page.waitForResponse((r) => r.url().endsWith("/api/admin/system")),
            page.getByRole("button", { name: "Refresh Status" }).click(),
          ]);
          assert.equal(answer.status(), 200);
          await system.getByText(/^Connected \(\d+\.\d ms\)$/).waitFor();
          const again = await page.locator(".admin-system-checked").innerText();
          assert.notEqual(again, checked, "checked again");

          await page.getByRole("tab", { name: "Users" }).click();
          await row(page, "vera_unverified").getByRole("button", { name: "Delete vera_unverified" })
            .click();
          await page.getByText(english("admin.bannerDeleted"), { exact: true }).waitFor();
          await page.getByText("Total users: 2", { exact: true }).waitFor();
          assert.ok((await kvUser(kv, unverified.id))?.deletedAt);

          // Logout returns to the empty login form.
          await page.getByRole("button", { name: "Logout" }).click();
          await page.getByRole("heading", { name: english("admin.loginTitle") }).waitFor();
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
        await page.getByRole("alert").getByText(english("admin.authFailed"), { exact: true })
          .waitFor();

        await page.getByLabel("Password", { exact: true }).fill(member.password);
        await page.getByRole("button", { name: "Login", exact: true }).click();
        await page.getByRole("alert").getByText(english("admin.notAdmin"), { exact: true })
          .waitFor();
        await page.getByRole("heading", { name: english("admin.loginTitle") }).waitFor();
        assert.equal(await page.getByText(english("admin.dashboardDescription")).count(), 0);
        // The session that sign-in opened was ended again.
        assert.equal((await page.request.get("/api/simple-user")).status(), 401);
        const cookies = await page.context().cookies();
        assert.ok(!cookies.some((c) => c.name === SESSION_COOKIE), "no session cookie left");
      });

      await t.step("an admin already signed in sees the dashboard on /direct-admin", async () => {
        await admin.goto("/direct-admin");
        await waitForHydration(admin, "DirectAdmin");
        await admin.getByText(english("admin.dashboardDescription"), { exact: true }).waitFor();
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
          await expectToast(page, english("admin.accessDenied"));
          await page.waitForURL((u) => u.pathname === "/", { timeout: 10_000 });
        },
      );

      await t.step(
        "/admin: the first page comes with the page, Load more brings the rest",
        async () => {
          // admin, plain_member and 55 more: two pages.
          await seedMembers(kv, 55, "bulk_");
          await admin.goto("/admin");
          await waitForHydration(admin, "AdminUsers");
          await rowsShown(admin, 50);
          await admin.getByText("Showing 50 of 57 users", { exact: true }).waitFor();
          await admin.getByRole("button", { name: english("admin.loadMore") }).click();
          await rowsShown(admin, 57);
          await admin.getByText("Showing 57 of 57 users", { exact: true }).waitFor();
          assert.equal(
            await admin.getByRole("button", { name: english("admin.loadMore") }).count(),
            0,
          );
          const ids = await admin.locator("tbody tr[data-user-id]").evaluateAll((rows) =>
            rows.map((r) => r.getAttribute("data-user-id"))
          );
          assert.equal(new Set(ids).size, 57, "no member twice");
          // A search is paged too.
          await admin.getByPlaceholder(english("admin.searchPlaceholder")).fill("bulk_");
          await rowsShown(admin, 50);
          await admin.getByText("50+ matching users", { exact: true }).waitFor();
          await admin.getByRole("button", { name: english("admin.loadMore") }).click();
          await rowsShown(admin, 55);
          await admin.getByText("55 matching users", { exact: true }).waitFor();
        },
      );

      await t.step(
        "/admin: a ban from the table's dialog, its badge in local time, and unban",
        async () => {
          const page = await open(adminClient.session, { timezoneId: "Asia/Tokyo" });
          await page.goto("/admin");
          await waitForHydration(page, "AdminUsers");
          // An older member than the first page's: found by an exact username.
          await page.getByPlaceholder(english("admin.searchPlaceholder")).fill(member.username);
          await rowsShown(page, 1);
          const r = rowOf(page, member.id);
          await r.getByRole("button", { name: `Ban ${member.username}` }).click();
          const dialog = page.getByRole("alertdialog", {
            name: english("admin.banTitle", { username: member.username }),
          });
          await dialog.waitFor();
          // The reason is required (the dialog says so, nothing is sent).
          await dialog.getByRole("button", { name: english("admin.ban"), exact: true }).click();
          await dialog.getByRole("alert").getByText(english("admin.banReasonRequired")).waitFor();
          assert.equal((await kvUser(kv, member.id))?.ban ?? null, null);
          await dialog.locator("textarea[name=reason]").fill("Spam in every call");
          await dialog.locator("select[name=duration]").selectOption("custom");
          await dialog.locator("input[name=days]").fill("0");
          await dialog.getByRole("button", { name: english("admin.ban"), exact: true }).click();
          await dialog.getByRole("alert").getByText(english("admin.banBadDays")).waitFor();
          await dialog.locator("input[name=days]").fill("3");
          await dialog.getByRole("button", { name: english("admin.ban"), exact: true }).click();
          await expectToast(
            page,
            english("admin.banned"),
            english("admin.bannedDescription", { username: member.username }),
          );
          await dialog.waitFor({ state: "detached" });
          const stored = (await kvUser(kv, member.id))?.ban;
          assert.equal(stored?.reason, "Spam in every call");
          const days = (Date.parse(stored!.until!) - Date.now()) / 86400_000;
          assert.ok(days > 2.99 && days <= 3, `three days (${days})`);
          // The badge shows the end in the viewer's zone (Tokyo here).
          const badge = r.locator(".admin-ban");
          assert.equal(
            (await badge.innerText()).trim(),
            english("admin.bannedUntil", { date: formatReportDate(stored!.until!, "Asia/Tokyo") }),
          );
          // The member's session ended.
          assert.equal((await member.client.get("/api/simple-user")).status, 401);

          await r.getByRole("button", { name: `Unban ${member.username}` }).click();
          const lift = page.getByRole("alertdialog", {
            name: english("admin.unbanTitle", { username: member.username }),
          });
          await lift.getByRole("button", { name: english("admin.unban"), exact: true }).click();
          await expectToast(
            page,
            english("admin.unbanned"),
            english("admin.unbannedDescription", { username: member.username }),
          );
          await badge.waitFor({ state: "detached" });
          assert.equal((await kvUser(kv, member.id))?.ban, null);
          await r.getByRole("button", { name: `Ban ${member.username}` }).waitFor();
        },
      );

      await t.step("/direct-admin: Load more, a permanent ban from the dialog", async () => {
        await admin.goto("/direct-admin");
        await waitForHydration(admin, "DirectAdmin");
        await admin.getByText("Total users: 57", { exact: true }).waitFor();
        await rowsShown(admin, 50);
        await admin.getByRole("button", { name: english("admin.loadMore") }).click();
        await rowsShown(admin, 57);
        const own = admin.locator("tbody tr").filter({ hasText: ADMIN.ADMIN_EMAIL });
        assert.equal(await own.getByRole("button", { name: /^(Delete|Ban)/ }).count(), 0);

        const r = rowOf(admin, member.id);
        await r.getByRole("button", { name: `Ban ${member.username}` }).click();
        const dialog = admin.getByRole("alertdialog", {
          name: english("admin.banTitle", { username: member.username }),
        });
        await dialog.locator("textarea[name=reason]").fill("Fake profile");
        await dialog.locator("select[name=duration]").selectOption("custom");
        await dialog.locator("input[name=days]").fill("12");
        await dialog.locator("select[name=duration]").selectOption("permanent");
        await dialog.getByRole("button", { name: english("admin.ban"), exact: true }).click();
        await admin.locator(".admin-alert-success").getByText(
          english("admin.bannedDescription", { username: member.username }),
          { exact: true },
        ).waitFor();
        await admin.locator(".admin-alert-success").getByText(english("admin.banned")).waitFor();
        await r.getByText(english("admin.bannedForever"), { exact: true }).waitFor();
        assert.equal((await kvUser(kv, member.id))?.ban?.until, null);
        await r.getByRole("button", { name: `Unban ${member.username}` }).click();
        await admin.getByRole("alertdialog").getByRole("button", {
          name: english("admin.unban"),
          exact: true,
        }).click();
        await r.getByText(english("admin.bannedForever"), { exact: true }).waitFor({
          state: "detached",
        });
      });

      await t.step(
        "at 360 px the users tables are cards, nothing wider than the screen",
        async () => {
          const long = "a.very.long.address.for.wrapping.checks@subdomain.example-company.test";
          await createUserWithInvitation(
            kv,
            newUserRecord({ username: "long_mail", email: long, passwordHash: "not-a-hash" }),
            null,
          );
          const phone = await open(adminClient.session, { width: 360 });
          for (const path of ["/admin", "/direct-admin"]) {
            await phone.goto(path);
            await waitForHydration(phone, path === "/admin" ? "AdminUsers" : "DirectAdmin");
            const first = phone.locator("tbody tr[data-user-id]").first();
            await first.waitFor();
            // A card: the header row is hidden, each cell is a labelled line of its own.
            const head = await phone.locator("thead").boundingBox();
            assert.ok(!head || head.width <= 1, `${path}: the header row is hidden`);
            const cells = first.locator("td");
            const boxes = await cells.evaluateAll((tds) =>
              tds.map((td) => {
                const r = td.getBoundingClientRect();
                return {
                  label: getComputedStyle(td, "::before").content,
                  display: getComputedStyle(td).display,
                  left: r.left,
                  right: r.right,
                };
              })
            );
            const card = await first.boundingBox();
            assert.ok(card && card.width <= 360, `${path}: card ${card?.width} px`);
            for (const b of boxes) {
              assert.equal(b.display, "block", path);
              assert.ok(b.right <= 360, `${path}: a field ends at ${b.right} px`);
            }
            assert.ok(boxes.some((b) => b.label === '"Email"'), `${path}: labelled fields`);
            // The long address shows whole, wrapped inside its card.
            const mail = rowOf(phone, (await kvUserByName(kv, "long_mail"))!).locator(
              ".admin-email",
            );
            await mail.scrollIntoViewIfNeeded();
            assert.equal((await mail.innerText()).trim(), long);
            const fits = await mail.evaluate((el) => el.scrollWidth <= el.clientWidth);
            assert.ok(fits, `${path}: the address is not cut off`);
            // Actions are buttons.
            await first.getByRole("button", { name: /^Ban / }).waitFor();
            await assertNoSidewaysScroll(phone, path);
          }
          await phone.getByRole("tab", { name: "System" }).click();
          await phone.locator(".admin-system").getByText(/^Connected/).waitFor();
          await assertNoSidewaysScroll(phone, "/direct-admin System");
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
