// Moderation end to end in a real Chromium: two members meet live and one reports the other
// through the live page's report dialog; a second member reports the same member after a real
// match of their own (socket and API); the administrator finds the dialog's report first in
// Pending ('2 members reported', ahead of an older report about someone else with one reporter),
// reviews it and bans the member in one step from the 'Review and ban' dialog; the banned
// member, live with a third member meanwhile, is cut off at once (their socket closes with 4401,
// the page says they must sign in) and the partner's page shows the call ended; the banned
// member's sign-in on /auth is refused with the ban's text and end; the audit log lists the ban
// and the review, newest first. The admin pages (reports with the ban dialog open, audit,
// invitations with 5 new codes) never scroll sideways at 360 px; with SCREENSHOT_DIR set they
// are saved there as PNGs at 360 and 1280 px. One server and one browser for the file.
import { english } from "../helpers/english.ts";
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, resizeTo, waitForHydration } from "../helpers/browser.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { kvUser, type Member, SESSION_COOKIE, signIn } from "../helpers/accounts.ts";
import {
  closeQuietly,
  expectRemoteVideoPlaying,
  expectToast,
  liveMember,
  memberContext,
  path,
  startPair,
  waitForPath,
} from "../helpers/live_browser.ts";
import { closeAll, connectPeer, MemberFactory, search } from "../helpers/realtime_members.ts";
import { WsClient } from "../helpers/realtime.ts";
import { ACTION_TIMEOUT_MS, until } from "../helpers/time.ts";
import { keys } from "../../kv/keys.ts";
import { seedReport } from "../helpers/reports.ts";
import type { Report } from "../../lib/server/moderation/reports.ts";
import { rtEnglish } from "../helpers/rt_english.ts";

const ADMIN = { ADMIN_EMAIL: "root@example.test", ADMIN_PASSWORD: "admin-pass-1" };
const SHOTS = Deno.env.get("SCREENSHOT_DIR");
const BAN_REASON = "Insulted two members on camera.";

/**
 * What the tab heard and showed, with the time, kept in its sessionStorage so that it outlives
 * the page's own navigation: every socket message that ends or refuses something, every socket
 * close, and every toast (title and description).
 */
const LOG_TAB = `(() => {
  const log = (entry) => {
    const list = JSON.parse(sessionStorage.getItem("__tab_log") || "[]");
    list.push({ ...entry, at: Date.now(), path: location.pathname });
    sessionStorage.setItem("__tab_log", JSON.stringify(list));
  };
  const Base = window.WebSocket;
  window.WebSocket = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {
        let m;
        try { m = JSON.parse(String(e.data)); } catch { return; }
        if (m && (m.type === "session_ended" || m.type === "error")) {
          log({ event: m.type, reason: m.reason ?? m.code ?? null });
        }
      });
      this.addEventListener("close", (e) => log({ event: "close", code: e.code }));
    }
  };
  const text = (n, sel) => (n.querySelector && n.querySelector(sel)?.textContent) || null;
  const watchToasts = () => {
    const region = document.getElementById("toasts");
    if (!region) return;
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) {
          const title = text(n, ".toast-title");
          if (title) log({ event: "toast", title, description: text(n, ".toast-description") });
        }
      }
    }).observe(region, { childList: true });
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", watchToasts);
  } else watchToasts();
})();`;

interface TabEvent {
  event: "session_ended" | "error" | "close" | "toast";
  reason?: string | null;
  code?: number;
  title?: string;
  description?: string | null;
  at: number;
  path: string;
}

async function tabLog(page: Page): Promise<TabEvent[]> {
  for (let tries = 1;; tries++) {
    try {
      return await page.evaluate(() => JSON.parse(sessionStorage.getItem("__tab_log") || "[]"));
    } catch (err) {
      // The tab navigated while it was read (a signed-out member's page leaves the call): the
      // log is the tab's (sessionStorage), so the next page reads it whole.
      if (tries >= 5 || !/context was destroyed|navigat/i.test(String(err))) throw err;
      await page.waitForLoadState("domcontentloaded").catch(() => {});
    }
  }
}

/** The first event since `since` that `match` accepts, waiting up to `timeout`. */
async function tabEvent(
  page: Page,
  what: string,
  since: number,
  match: (e: TabEvent) => boolean,
  timeout = 5_000,
): Promise<TabEvent> {
  const log = await until(
    what,
    () => tabLog(page),
    (l) => l.some((e) => e.at >= since && match(e)),
    timeout,
    50,
  );
  return log.find((e) => e.at >= since && match(e))!;
}

/** Whether the page scrolls sideways. */
async function scrollsSideways(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth,
  }));
}

/**
 * At 360 and 1280 px wide: the page must not scroll sideways; with SCREENSHOT_DIR set, a
 * full-page PNG `<name>-<width>.png` is saved. Leaves the page at 1280 px.
 */
async function checkWidths(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await resizeTo(page, { width, height: width === 360 ? 780 : 900 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    const size = await scrollsSideways(page);
    assert.ok(
      size.scrollWidth <= size.innerWidth,
      `${name} at ${width} px scrolls sideways: ${JSON.stringify(size)}`,
    );
    if (SHOTS) {
      await Deno.mkdir(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    }
  }
}

/** A report seeded straight into KV and indexed as the app indexes a stored one. */
/** An older pending report, by someone else, about a member of its own. */
function seedOlderReport(kv: Deno.Kv, fields: Partial<Report>): Promise<Report> {
  return seedReport(kv, {
    reporterId: crypto.randomUUID(),
    reporterUsername: "earlier_reporter",
    reportedUsername: "someone",
    additionalDetails: "Filmed people without asking.",
    ...fields,
  });
}

/** The stored reports `reporterId` filed. */
async function reportsBy(kv: Deno.Kv, reporterId: string): Promise<Report[]> {
  const out: Report[] = [];
  for await (const e of kv.list<Report>({ prefix: keys.reportsPrefix() })) {
    if (e.value.reporterId === reporterId) out.push(e.value);
  }
  return out;
}

Deno.test({
  name: "moderation in the browser: a live report triaged first by its 2 reporters, review and " +
    "ban in one step cut the member's live call, their sign-in shows the ban, the audit log " +
    "lists both",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    let server: TestServer | undefined;
    let browser: Browser | undefined;
    const contexts: BrowserContext[] = [];
    const pageErrors: string[] = [];
    const watch = (page: Page) =>
      page.on("pageerror", (err) => pageErrors.push(`${page.url()}: ${err.message}`));
    try {
      server = await startServer({
        ...ADMIN,
        MATCH_DURATION_MS: "120000",
        SEARCH_TIMEOUT_MS: "20000",
      });
      browser = await launchBrowser();
      const kv = server.kv;
      const factory = await MemberFactory.forServer(server);

      const liveContext = async (member: Member) => {
        const ctx = await memberContext(browser!, server!, member);
        await ctx.addInitScript({ content: LOG_TAB });
        contexts.push(ctx);
        const page = await ctx.newPage();
        watch(page);
        return page;
      };
      const [alice, bob, dave] = [
        await liveMember(server, { privacy: "off" }),
        await liveMember(server, { privacy: "off" }),
        await liveMember(server, { privacy: "off" }),
      ];
      const [a, b, d] = [await liveContext(alice), await liveContext(bob), await liveContext(dave)];

      const adminClient = await signIn(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
      const adminContext = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 1280, height: 900 },
        reducedMotion: "reduce",
      });
      adminContext.setDefaultTimeout(ACTION_TIMEOUT_MS);
      contexts.push(adminContext);
      await adminContext.addCookies([{
        name: SESSION_COOKIE,
        value: adminClient.session!,
        url: server.url,
        httpOnly: true,
        sameSite: "Lax",
      }]);
      const admin = await adminContext.newPage();
      watch(admin);

      // Reported two hours ago by one member: older than every report below.
      const erin = await factory.create();
      const seeded = await seedOlderReport(kv, {
        createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
        reportedId: erin.id,
        reportedUsername: erin.username,
      });

      await t.step("the admin creates 5 invitation codes on /admin/invitations", async () => {
        await admin.goto("/admin/invitations");
        await waitForHydration(admin, "AdminInvitations");
        await admin.getByLabel(english("admin.invitationsCount")).fill("5");
        await admin.getByRole("button", { name: english("admin.invitationsCreate") }).click();
        await expectToast(admin, english("admin.invitationsCreated", { count: 5 }));
        await admin.getByRole("heading", {
          name: english("admin.invitationsCreated", { count: 5 }),
        }).waitFor();
        const codes = await admin.locator(".admin-codes code").allInnerTexts();
        assert.equal(codes.length, 5);
        for (const code of codes) {
          await admin.getByRole("button", { name: `${english("admin.copy")} ${code}` }).waitFor();
        }
        await checkWidths(admin, "admin-invitations");
      });

      let aliceReport: Report | undefined;
      await t.step("two members meet live; one reports the other through the dialog", async () => {
        await startPair(a, b);
        await expectRemoteVideoPlaying(a, ACTION_TIMEOUT_MS, "alice");
        await a.getByRole("button", { name: "Report" }).click();
        const dialog = a.getByRole("dialog", { name: "Report this user" });
        await dialog.waitFor();
        await dialog.getByLabel("Harassment or Bullying").check();
        await dialog.locator("textarea").fill("Kept insulting me on camera.");
        await dialog.getByRole("button", { name: "Submit report" }).click();
        await Promise.all([waitForPath(a, "/match-end"), waitForPath(b, "/match-end")]);
        const filed = await reportsBy(kv, alice.id);
        assert.equal(filed.length, 1, "alice's report is stored");
        aliceReport = filed[0];
        assert.equal(aliceReport.reportedId, bob.id);
      });

      await t.step("a second member reports the same member after a real match", async () => {
        const carol = await factory.create();
        const carolPeer = await connectPeer(carol);
        const bobWs = await WsClient.connect(
          server!.url,
          `${SESSION_COOKIE}=${bob.client.session}`,
        );
        try {
          const bobPeerId = await bobWs.register();
          search(carolPeer);
          await carolPeer.ws.next("searching");
          bobWs.send({ type: "find_match" });
          const [found] = await Promise.all([
            carolPeer.ws.next("match_found"),
            bobWs.next("match_found"),
          ]);
          assert.equal(found.peerId, bobPeerId, "carol's partner is bob");
          const res = await carol.client.post("/api/report", {
            reportReason: "inappropriate",
            additionalDetails: "",
            partnerPeerId: bobPeerId,
            blockUser: true,
          });
          assert.equal(res.status, 201, res.text);
          await bobWs.next("session_ended");
        } finally {
          closeAll(carolPeer, bobWs);
        }
      });

      await t.step("the reported member goes live with a third member", async () => {
        await startPair(b, d);
        await expectRemoteVideoPlaying(b, ACTION_TIMEOUT_MS, "bob");
        await expectRemoteVideoPlaying(d, ACTION_TIMEOUT_MS, "dave");
      });

      const cards = admin.locator("article.admin-report");
      await t.step("Pending lists the live report first, with its 2 reporters", async () => {
        await admin.goto("/admin/reports");
        await waitForHydration(admin, "AdminReports");
        const ids = await cards.evaluateAll((els) =>
          els.map((e) => e.getAttribute("data-report-id"))
        );
        assert.equal(ids.length, 3, `pending cards: ${ids}`);
        assert.equal(ids[0], aliceReport!.id, "the live report comes first");
        assert.equal(ids[2], seeded.id, "the older report with one reporter comes last");
        const first = cards.first();
        assert.equal(
          (await first.locator(".admin-reporters").innerText()).trim(),
          english("admin.reportersCount", { count: 2 }),
        );
        assert.equal(
          (await cards.nth(2).locator(".admin-reporters").innerText()).trim(),
          english("admin.reportersCount", { count: 1 }),
        );
        const text = await first.innerText();
        for (const part of ["Harassment or Bullying", alice.username, bob.username]) {
          assert.ok(text.includes(part), `${part} in ${text}`);
        }
        assert.ok(text.includes("Kept insulting me on camera."), text);
        await checkWidths(admin, "admin-reports");
      });

      let banClick = 0, banAnswered = 0;
      await t.step("Review and ban: reason, duration, confirm; the card leaves", async () => {
        const first = admin.locator(`article[data-report-id="${aliceReport!.id}"]`);
        await first.getByRole("button", { name: english("admin.reviewAndBan") }).click();
        const dialog = admin.getByRole("alertdialog", {
          name: english("admin.reviewBanTitle", { username: bob.username }),
        });
        await dialog.waitFor();
        await dialog.getByLabel("Reason").fill(BAN_REASON);
        await dialog.getByLabel("Duration").selectOption({ label: "30 days" });
        await checkWidths(admin, "admin-reports-ban-dialog");
        const answer = admin.waitForResponse((r) =>
          r.url().includes(`/api/admin/reports/${aliceReport!.id}`) &&
          r.request().method() === "PUT"
        );
        banClick = Date.now();
        await dialog.getByRole("button", { name: english("admin.reviewAndBan") }).click();
        assert.equal((await answer).status(), 200);
        banAnswered = Date.now();
        await expectToast(
          admin,
          english("admin.banned"),
          english("admin.bannedDescription", { username: bob.username }),
        );
        await dialog.waitFor({ state: "detached" });
        await first.waitFor({ state: "detached" });
        // Carol's report about the same member stays pending, and shows the ban.
        assert.equal(await cards.count(), 2);
        const carolCard = cards.first();
        await carolCard.locator(".admin-badge-banned").waitFor();
        assert.equal(
          await carolCard.getByRole("button", { name: english("admin.reviewAndBan") }).count(),
          0,
        );
        await checkWidths(admin, "admin-reports-after-ban");
      });

      await t.step("the banned member's live call is cut: 4401, 'Please sign in'", async () => {
        const closed = await tabEvent(
          b,
          "bob's socket to close",
          banClick,
          (e) => e.event === "close",
        );
        assert.equal(closed.code, 4401, `bob's socket closed with ${closed.code}`);
        assert.equal(closed.path, "/live-match", "bob was in the live call");
        const told = await tabEvent(b, "bob's refusal", banClick, (e) => e.event === "error");
        console.log(
          `ban: PUT answered ${banAnswered - banClick} ms after the click; bob's page heard ` +
            `'${told.reason}' ${told.at - banClick} ms and saw the socket close ` +
            `${closed.at - banClick} ms after the click (${closed.at - banAnswered} ms after ` +
            `the answer)`,
        );
        // About a second, with room for a busy two-core machine decoding two live videos.
        assert.ok(
          closed.at - banAnswered < 2_000,
          `bob's socket closed ${closed.at - banAnswered} ms after the ban was answered`,
        );
        const since = (await tabLog(b)).filter((e) => e.at >= banClick);
        assert.deepEqual(
          since.filter((e) => e.event === "error" || e.event === "session_ended")
            .map((e) => `${e.event}:${e.reason}`),
          ["error:not_authenticated"],
          "bob is told he is signed out (his own match ends without a session_ended)",
        );
        // The page says why, then leaves the call for the welcome screen (a guest now).
        await tabEvent(
          b,
          "bob's toast",
          banClick,
          (e) =>
            e.event === "toast" && e.title === english("live.connectionError") &&
            e.description === rtEnglish("not_authenticated") && e.path === "/live-match",
        );
        await waitForPath(b, "/", ACTION_TIMEOUT_MS);
        await b.getByRole("heading", { name: "See the world through a stranger's eyes" })
          .waitFor();
        await b.getByRole("link", { name: "Get Started" }).waitFor();
      });

      await t.step("the partner's page shows the call ended", async () => {
        const ended = await tabEvent(
          d,
          "dave's session_ended",
          banClick,
          (e) => e.event === "session_ended",
        );
        assert.equal(ended.reason, "signed_out");
        console.log(
          `ban: the partner heard session_ended ${ended.at - banClick} ms after the click`,
        );
        await waitForPath(d, "/match-end", ACTION_TIMEOUT_MS);
        await d.getByRole("heading", { name: "Session complete" }).waitFor();
      });

      await t.step("the banned member's sign-in on /auth shows the ban and its end", async () => {
        const ban = (await kvUser(kv, bob.id))?.ban;
        assert.ok(ban?.until, "a timed ban is stored");
        const days = (Date.parse(ban.until) - Date.parse(ban.at)) / 86400_000;
        assert.equal(days, 30);
        await b.goto("/auth");
        await waitForHydration(b, "AuthPanel");
        await b.getByLabel("Username or email").fill(bob.email);
        await b.getByLabel("Password", { exact: true }).fill(bob.password);
        await b.getByRole("button", { name: "Login", exact: true }).click();
        const refusal = english("admin.signInBannedUntil", {}, { until: ban.until });
        await expectToast(b, english("auth.loginFailed"), refusal);
        // The end is written as a date and time in UTC ("Dec 7, 2026, 1:05 PM UTC").
        assert.match(refusal, /until \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M UTC for/);
        assert.equal(path(b), "/auth");
        // No session was opened: the tab is a guest still.
        assert.equal((await b.request.get("/api/simple-user")).status(), 401);
      });

      await t.step("/admin/audit lists the ban and the review, newest first", async () => {
        await admin.goto("/admin/audit");
        await waitForHydration(admin, "AdminAudit");
        const entries = admin.locator("li.admin-audit-entry");
        const actions = await entries.evaluateAll((els) =>
          els.map((e) => e.getAttribute("data-action"))
        );
        assert.deepEqual(actions, ["ban", "review_report", "create_invitations"]);
        const ban = await entries.nth(0).innerText();
        for (const part of ["banned", bob.username, `Reason: ${BAN_REASON}`, "Banned until"]) {
          assert.ok(ban.includes(part), `${part} in ${ban}`);
        }
        const review = await entries.nth(1).innerText();
        const label = `Report on ${bob.username} by ${alice.username}`;
        for (const part of ["reviewed", label, `Reported member: ${bob.username}`]) {
          assert.ok(review.includes(part), `${part} in ${review}`);
        }
        await checkWidths(admin, "admin-audit");
      });

      assert.deepEqual(pageErrors, [], "no uncaught page errors");
    } finally {
      for (const c of contexts) await closeQuietly(c);
      await closeQuietly(browser, server);
    }
  },
});
