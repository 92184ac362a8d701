// Safety holds end to end in a real Chromium: a member meets another live and reports them as an
// "Underage User" through the live page's report dialog (one new reporter: no hold); a second
// member, who met the same member earlier, reports them the same way while that member is in a
// live call with a third member. The hold lands at once: the held member's call ends and their
// page says their account is under review and takes them to their profile, which says so and
// offers their one appeal of the hold (every other page says so in a banner); the partner's page
// shows the call ended. The admin queue
// lists the hold first; Lift hold ends it. The held member's screens and the admin queue are
// checked at 360 and 1280 px (no sideways scroll) and, with SCREENSHOT_DIR set, saved as PNGs.
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, resizeTo, waitForHydration } from "../helpers/browser.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { type Member, SESSION_COOKIE, signIn } from "../helpers/accounts.ts";
import {
  closeQuietly,
  expectRemoteVideoPlaying,
  expectToast,
  liveMember,
  memberContext,
  startPair,
  waitForPath,
} from "../helpers/live_browser.ts";
import { closeAll, connectPeer, MemberFactory, search } from "../helpers/realtime_members.ts";
import { WsClient } from "../helpers/realtime.ts";
import { ACTION_TIMEOUT_MS, until } from "../helpers/time.ts";
import { getUser } from "../../kv/users.ts";
import { rtEnglish } from "../helpers/rt_english.ts";

const ADMIN = { ADMIN_EMAIL: "holds-root@example.test", ADMIN_PASSWORD: "admin-pass-1" };
const SHOTS = Deno.env.get("SCREENSHOT_DIR");

async function checkWidths(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await resizeTo(page, { width, height: width === 360 ? 780 : 900 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    const size = await page.evaluate(() => ({
      scrollWidth: document.scrollingElement!.scrollWidth,
      innerWidth,
    }));
    assert.ok(size.scrollWidth <= size.innerWidth, `${name} at ${width} px scrolls sideways`);
    if (SHOTS) {
      await Deno.mkdir(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    }
  }
}

Deno.test({
  name: "holds in the browser: two 'Underage User' reports hold the member at once, ending their " +
    "live call with a third member; their screen and profile say so; the admin queue lists the " +
    "hold first and lifts it",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    let server: TestServer | undefined;
    let browser: Browser | undefined;
    const contexts: BrowserContext[] = [];
    const pageErrors: string[] = [];
    try {
      server = await startServer({ ...ADMIN, MATCH_DURATION_MS: "120000" });
      browser = await launchBrowser();
      const kv = server.kv;
      const factory = await MemberFactory.forServer(server);
      const open = async (member: Member) => {
        const ctx = await memberContext(browser!, server!, member);
        contexts.push(ctx);
        const page = await ctx.newPage();
        page.on("pageerror", (err) => pageErrors.push(`${page.url()}: ${err.message}`));
        return page;
      };
      const [alice, bob, dave] = [
        await liveMember(server, { privacy: "off" }),
        await liveMember(server, { privacy: "off" }),
        await liveMember(server, { privacy: "off" }),
      ];
      const [a, b, d] = [await open(alice), await open(bob), await open(dave)];

      // Carol met bob earlier (a real match over the socket), and has not reported him yet.
      const carol = await factory.create();
      let bobPeerId = "";
      await t.step("a second member meets the member first, over the socket", async () => {
        const carolPeer = await connectPeer(carol);
        const bobWs = await WsClient.connect(
          server!.url,
          `${SESSION_COOKIE}=${bob.client.session}`,
        );
        try {
          bobPeerId = await bobWs.register();
          search(carolPeer);
          await carolPeer.ws.next("searching");
          bobWs.send({ type: "find_match" });
          await Promise.all([carolPeer.ws.next("match_found"), bobWs.next("match_found")]);
          carolPeer.ws.send({ type: "end_session" });
          await bobWs.next("session_ended");
        } finally {
          closeAll(carolPeer, bobWs);
        }
      });

      await t.step("one member reports the other as underage through the dialog", async () => {
        await startPair(a, b);
        await expectRemoteVideoPlaying(a, ACTION_TIMEOUT_MS, "alice");
        await a.getByRole("button", { name: "Report" }).click();
        const dialog = a.getByRole("dialog", { name: "Report this user" });
        await dialog.waitFor();
        await dialog.getByLabel("Underage User").check();
        await dialog.getByRole("button", { name: "Submit report" }).click();
        await Promise.all([waitForPath(a, "/match-end"), waitForPath(b, "/match-end")]);
        assert.equal((await getUser(kv, bob.id))?.hold ?? null, null, "one new reporter: no hold");
      });

      await t.step("the second report holds the member, live with a third, at once", async () => {
        await startPair(b, d);
        await expectRemoteVideoPlaying(b, ACTION_TIMEOUT_MS, "bob");
        const res = await carol.client.post("/api/report", {
          reportReason: "minor",
          additionalDetails: "",
          partnerPeerId: bobPeerId,
        });
        assert.equal(res.status, 201, res.text);
        assert.ok((await getUser(kv, bob.id))?.hold, "bob is on hold");
        // The held member is told why, in a toast that names it, and not who reported them.
        await expectToast(b, "Account under review", rtEnglish("on_hold"));
        await waitForPath(d, "/match-end");
        // The toast as the live page shows it (the page moves on to the profile 1.5 s later).
        if (SHOTS) {
          await Deno.mkdir(SHOTS, { recursive: true });
          await b.screenshot({ path: `${SHOTS}/hold-live-390.png` }).catch(() => {});
        }
        await waitForPath(b, "/profile");
        await waitForHydration(b, "ProfilePage");
        const notice = b.getByRole("region", { name: "Your account is under review" });
        await notice.waitFor();
        const text = await notice.innerText();
        assert.ok(!text.includes(alice.username) && !text.includes(carol.username));
        await notice.getByRole("heading", { name: "Appeal this hold" }).waitFor();
        await checkWidths(b, "hold-profile");
      });

      await t.step("every other page says so, with the way to the profile", async () => {
        await b.goto("/");
        const banner = b.getByRole("region", { name: "Account under review" });
        await banner.getByRole("link", { name: "See why and appeal" }).waitFor();
        await checkWidths(b, "hold-home");
      });

      await t.step("a search is refused while held", async () => {
        await b.goto("/connecting");
        await expectToast(b, "Account under review", rtEnglish("on_hold"));
        await waitForPath(b, "/profile");
      });

      await t.step("the held member sends their one appeal from the profile", async () => {
        await waitForHydration(b, "ProfilePage");
        const notice = b.getByRole("region", { name: "Your account is under review" });
        await notice.getByLabel("Your appeal").fill("I am 29. Happy to show an ID.");
        await notice.getByRole("button", { name: "Send appeal" }).click();
        await notice.getByRole("heading", { name: "Appeal sent" }).waitFor();
      });

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
      admin.on("pageerror", (err) => pageErrors.push(`${admin.url()}: ${err.message}`));

      await t.step("the admin queue lists the hold first; Lift hold ends it", async () => {
        await admin.goto("/admin/reports");
        await waitForHydration(admin, "AdminReports");
        const first = admin.locator("main article").first();
        assert.equal(await first.getAttribute("data-hold"), bob.id, "the hold comes first");
        const card = await first.innerText();
        assert.ok(card.includes(bob.username) && card.includes("2 members reported them"), card);
        await checkWidths(admin, "hold-admin-queue");
        await first.getByRole("button", { name: "Lift hold" }).click();
        const confirm = admin.getByRole("alertdialog", {
          name: `Lift the hold on ${bob.username}?`,
        });
        await confirm.getByRole("button", { name: "Lift hold" }).click();
        await expectToast(admin, "Hold lifted");
        await until(
          "the hold gone",
          () => getUser(kv, bob.id),
          (u) => !u?.hold,
          ACTION_TIMEOUT_MS,
        );
        assert.equal(await admin.locator("[data-hold]").count(), 0);
      });

      assert.deepEqual(pageErrors, []);
    } finally {
      for (const c of contexts) await closeQuietly(c);
      await closeQuietly(browser);
      await server?.close();
    }
  },
});
