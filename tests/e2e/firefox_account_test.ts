// What a member does on the account pages, in Firefox ESR (puppeteer-core over WebDriver BiDi,
// headless), not only in Chromium: sign in through the /auth form; on /profile, "Your devices"
// lists Firefox as this device and the member's other session, which one tap signs out (that
// session is refused at once); the widening switch on /filters is saved; and a banned member told
// of the ban on /auth sends an appeal from the form under it, which the administrators' list then
// holds. One Firefox, one server; the pages must not throw.
import assert from "node:assert/strict";
import { startServer, type TestServer } from "../helpers/server.ts";
import { registerMember, signIn } from "../helpers/accounts.ts";
import {
  click,
  type Firefox,
  type FirefoxPage,
  launchFirefox,
  waitForPathname,
} from "../helpers/firefox.ts";
import { ACTION_TIMEOUT_MS, until } from "../helpers/time.ts";
import { english } from "../helpers/english.ts";

const ADMIN = { ADMIN_EMAIL: "ff-account-root@example.test", ADMIN_PASSWORD: "admin-pass-1" };
const APPEAL = "It was a street sign, not anybody's address. Please have another look.";

/** Waits until the island `name` has hydrated on the page. */
async function hydrated(page: FirefoxPage, name: string) {
  await page.locator(`[data-island="${name}"][data-hydrated="true"]`)
    .setTimeout(ACTION_TIMEOUT_MS).wait();
}

/** Opens `url` and waits for its document. */
function go(page: FirefoxPage, url: string) {
  return page.goto(url, { waitUntil: "domcontentloaded", timeout: ACTION_TIMEOUT_MS });
}

/** Opens /auth and sends the login form, as a member types it. */
async function submitLogin(page: FirefoxPage, base: string, identifier: string, password: string) {
  await go(page, `${base}/auth`);
  await hydrated(page, "AuthPanel");
  await page.locator("#panel-login input[autocomplete~=username]").fill(identifier);
  await page.locator("#panel-login input[type=password]").fill(password);
  await click(page, "#panel-login button[type=submit]");
}

/** The text of every element matching `selector`, trimmed and with spaces collapsed. */
function texts(page: FirefoxPage, selector: string): Promise<string[]> {
  return page.evaluate(
    (s: string) =>
      [...document.querySelectorAll(s)].map((e) =>
        (e as HTMLElement).innerText.replace(/\s+/g, " ").trim()
      ),
    selector,
  );
}

Deno.test({
  name: "firefox account pages: sign in, devices, the widening switch, an appeal from the ban page",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    let server: TestServer | undefined;
    let firefox: Firefox | undefined;
    const errors: string[] = [];
    try {
      [server, firefox] = await Promise.all([startServer(ADMIN), launchFirefox()]);
      const base = server.url;
      const admin = await signIn(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
      // The member's registration left a session of its own: their "other device".
      const member = await registerMember(server);
      const page = (await firefox.browser.pages())[0] ?? await firefox.browser.newPage();
      page.setDefaultTimeout(ACTION_TIMEOUT_MS);
      await page.setViewport({ width: 390, height: 844 });
      page.on("pageerror", (e) => errors.push(String(e)));

      await t.step("sign in through the /auth form", async () => {
        await submitLogin(page, base, member.username, member.password);
        await waitForPathname(page, "/");
      });

      await t.step("Your devices: Firefox is this device; the other is signed out", async () => {
        await go(page, `${base}/profile`);
        await hydrated(page, "ProfilePage");
        await click(page, '::-p-aria([name="Privacy & Security"][role="tab"])');
        await page.locator("#devices li.device").wait();
        const rows = await until(
          "both devices listed",
          () => texts(page, "#devices li.device"),
          (r) => r.length === 2,
        );
        const mine = rows.find((r) => r.includes("This device"));
        assert.ok(mine, rows.join(" | "));
        assert.match(mine, /Firefox on Linux/);
        assert.equal(
          (await member.client.get("/api/simple-user")).status,
          200,
          "the other session works before",
        );
        await click(page, "#devices li.device button");
        await until(
          "the other device gone from the list",
          () => texts(page, "#devices li.device"),
          (r) => r.length === 1 && r[0].includes("This device"),
        );
        await page.locator("::-p-text(Device signed out)").wait();
        assert.equal(
          (await member.client.get("/api/simple-user")).status,
          401,
          "the other session is signed out",
        );
      });

      await t.step("/filters saves 'Widen automatically when nobody is near'", async () => {
        // The switch is offered for a filter narrower than "anywhere": the member's city.
        const set = await page.evaluate(async () =>
          (await fetch("/api/filters", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ locationPreference: "city" }),
          })).status
        );
        assert.equal(set, 200);
        await go(page, `${base}/filters`);
        await hydrated(page, "FiltersEditor");
        const widen = "button[role=switch][aria-labelledby=label-widen]";
        assert.equal(
          await page.evaluate(() => document.getElementById("label-widen")?.textContent),
          "Widen automatically when nobody is near",
        );
        await click(page, widen);
        await until(
          "the switch on",
          () =>
            page.evaluate(
              (s: string) => document.querySelector(s)?.getAttribute("aria-checked"),
              widen,
            ),
          (v) => v === "true",
        );
        await click(page, '::-p-aria([name="Save"][role="button"])');
        await waitForPathname(page, "/");
        const saved = await page.evaluate(async () => (await fetch("/api/filters")).json());
        assert.equal(saved.widenAutomatically, true);
      });

      await t.step("a banned member appeals from the ban page", async () => {
        const banned = await registerMember(server!);
        const ban = await admin.post(`/api/admin/users/${banned.id}/ban`, {
          reason: "Spam links",
          days: 7,
        });
        assert.equal(ban.status, 200, ban.text);
        // Signed out first: the ban page is what a banned member meets at the door.
        await page.evaluate(() => fetch("/api/simple-logout", { method: "POST" }));
        await submitLogin(page, base, banned.username, banned.password);
        await page.locator("section.appeal textarea").wait();
        await page.locator("section.appeal textarea").fill(APPEAL);
        await click(page, "section.appeal button[type=submit]");
        await page.locator(`::-p-text(${english("auth.appealSentTitle")})`).wait();
        assert.equal(
          await page.evaluate(() => document.querySelectorAll("section.appeal textarea").length),
          0,
          "the form became the notice",
        );
        const listed = await admin.get("/api/admin/appeals");
        assert.equal(listed.status, 200, listed.text);
        const appeal = listed.json.pending.find((a: { username: string }) =>
          a.username === banned.username
        );
        assert.equal(appeal?.text, APPEAL);
      });

      assert.deepEqual(errors, []);
    } finally {
      await firefox?.close();
      await server?.close();
    }
  },
});
