// Forms in a real Chromium: the rules show before anything is submitted and refuse live in the
// server's words (a 44-character username is never cut), show-password toggles, the header signed
// in right after registering, the hashtag editors refusing what the server refuses while keeping
// the rest, and the server's own reason beside its field when it refuses (a taken username, a
// wrong current password, a tampered save), with every typed value kept. One server and one
// browser for the file; each member gets a fresh context.
import { english } from "../helpers/english.ts";
import assert from "node:assert/strict";
import axeSource from "axe-core/axe.min.js" with { type: "text" };
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { expectToast, launchBrowser, waitForHydration } from "../helpers/browser.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import {
  awaitMails,
  linkIn,
  type Member,
  registerMember,
  SESSION_COOKIE,
} from "../helpers/accounts.ts";
import { createInvitations } from "../../kv/users.ts";
import { ACTION_TIMEOUT_MS } from "../helpers/time.ts";

const LONG_NAME = "a".repeat(44);
const EMOJI = "🙂";
const LONG_TAG = "t".repeat(80);

async function guestContext(browser: Browser, server: TestServer, width = 390) {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: 844 },
    reducedMotion: "reduce",
  });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  return context;
}

async function memberContext(browser: Browser, server: TestServer, member: Member, width = 390) {
  const context = await guestContext(browser, server, width);
  await context.addCookies([
    { name: SESSION_COOKIE, value: member.client.session!, url: server.url, httpOnly: true },
  ]);
  return context;
}

/** The text of the elements an input names in aria-describedby (what a screen reader reads). */
function description(input: Locator): Promise<string> {
  return input.evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? "").join(" ").trim()
  );
}

/** Waits until the input's description contains `text`. */
async function expectDescription(input: Locator, text: string) {
  const deadline = Date.now() + 5_000;
  let seen = "";
  while (Date.now() < deadline) {
    seen = await description(input);
    if (seen.includes(text)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`description stayed ${JSON.stringify(seen)}, expected ${JSON.stringify(text)}`);
}

/** The form's alert saying exactly `text`. */
async function expectAlert(page: Page, text: string) {
  await page.locator(".form-error[role=alert]").getByText(text, { exact: true }).waitFor();
}

/** Records the /api requests a page sends (path and method). */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/")) calls.push(`${r.method()} ${url.pathname}`);
  });
  return calls;
}

async function axeProblems(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const result = await (globalThis as any).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21aa"] },
    });
    return result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[];
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The page is no wider than its window (nothing scrolls sideways). */
async function assertNoSideScroll(page: Page, label: string) {
  const [scroll, inner] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    globalThis.innerWidth,
  ]);
  assert.ok(scroll <= inner, `${label}: the page is ${scroll} px wide in a ${inner} px window`);
}

Deno.test({
  name: "forms in the browser",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    let server: TestServer | undefined;
    let browser: Browser | undefined;
    const contexts: BrowserContext[] = [];
    const pageErrors: string[] = [];
    const watch = (p: Page) =>
      p.on("pageerror", (err) => pageErrors.push(`${p.url()}: ${err.message}`));
    try {
      server = await startServer();
      browser = await launchBrowser();
      const srv = server;

      await t.step(
        "registration: rules before submit, a 44-character name refused visibly; then 'check your inbox' and the mailed link signs in",
        async () => {
          const [code] = await createInvitations(srv.kv, null, 1);
          const ctx = await guestContext(browser!, srv, 360);
          contexts.push(ctx);
          const page = await ctx.newPage();
          watch(page);
          const calls = apiCalls(page);
          await page.goto(`/auth?invite=${code}`);
          await waitForHydration(page, "AuthPanel");
          const username = page.getByLabel("Username", { exact: true });
          const password = page.getByLabel("Password", { exact: true });

          // Before anything is typed or submitted, the rules are there and read with the fields.
          assert.equal(
            await description(username),
            `${english("auth.hintUsername", { min: 3, max: 20 })}0/20`,
          );
          assert.equal(await description(password), english("auth.hintPassword", { min: 6 }));
          await page.getByText(english("auth.hintUsername", { min: 3, max: 20 }), { exact: true })
            .waitFor({ state: "visible" });

          // 44 characters stay 44 characters; the counter and the rule say why it will not do.
          await username.fill(LONG_NAME);
          assert.equal(await username.inputValue(), LONG_NAME, "nothing was cut");
          await expectDescription(username, english("auth.badUsername", { min: 3, max: 20 }));
          assert.ok((await description(username)).endsWith("44/20"));
          assert.equal(await username.getAttribute("aria-invalid"), "true");
          await page.locator("#reg-username-hint").getByText(
            english("auth.badUsername", { min: 3, max: 20 }),
          ).waitFor({
            state: "visible",
          });

          await page.getByLabel("Email", { exact: true }).fill("newbie@example.com");
          await password.fill("secret-pass-9");
          await page.getByLabel("I am 18 or older and accept the Terms of Service").check();
          await page.getByRole("button", { name: "Create account" }).click();
          await expectAlert(page, english("auth.badUsername", { min: 3, max: 20 }));
          // The focus moves once the browser has painted the problem (the next frame).
          await page.waitForFunction(() => document.activeElement?.id === "reg-username", null, {
            timeout: 2_000,
          }).catch(() => {});
          assert.equal(
            await page.evaluate(() => document.activeElement?.id),
            "reg-username",
            "the refused field has the focus",
          );
          assert.deepEqual(calls, [], "refused before sending");

          // The server says the very same thing when the name is sent to it directly.
          const direct = await fetch(`${srv.url}/api/register`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: srv.url },
            body: JSON.stringify({
              username: LONG_NAME,
              email: "newbie@example.com",
              password: "secret-pass-9",
              invitationCode: code,
              ageConfirmed: true,
            }),
          });
          assert.equal(direct.status, 400);
          assert.equal(
            (await direct.json()).error,
            english("auth.badUsername", { min: 3, max: 20 }),
          );

          // The show-password toggle reveals the password and hides it again.
          const toggle = page.locator("#reg-password + .reveal-button");
          assert.equal(await toggle.getAttribute("aria-label"), "Show password");
          assert.equal(await toggle.getAttribute("aria-pressed"), "false");
          assert.equal(await password.getAttribute("type"), "password");
          await toggle.click();
          assert.equal(await toggle.getAttribute("aria-pressed"), "true");
          assert.equal(await password.getAttribute("type"), "text");
          assert.equal(await password.inputValue(), "secret-pass-9");
          await toggle.click();
          assert.equal(await password.getAttribute("type"), "password");

          assert.deepEqual(await axeProblems(page), [], "the register form with its problems");
          await assertNoSideScroll(page, "/auth register at 360");

          // Fixed, the account is made, and the page says to check the inbox: no session yet.
          await username.fill("Newbie_1");
          await expectDescription(username, english("auth.hintUsername", { min: 3, max: 20 }));
          await page.getByRole("button", { name: "Create account" }).click();
          await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
          await page.getByText(
            "We sent a link to newbie@example.com. Open it on this device to finish creating your account.",
          ).waitFor();
          await page.getByRole("button", { name: "Sign in" }).waitFor({ state: "visible" });
          const cookies = await ctx.cookies();
          assert.equal(cookies.find((c) => c.name === SESSION_COOKIE), undefined, "not signed in");
          assert.deepEqual(await axeProblems(page), [], "the check-your-inbox screen");
          await assertNoSideScroll(page, "/auth check your inbox at 360");

          // The mailed link, opened on this device, verifies the address and signs the member in:
          // home, rendered signed in (Profile in the header, Logout in the navigation).
          const [mail] = await awaitMails(srv.kv, "newbie@example.com", 1, "/verify-email?token=");
          await page.goto(linkIn(mail, "/verify-email?token="));
          await page.waitForURL((u) => u.pathname === "/");
          await expectToast(page, "Email verified");
          await page.getByRole("navigation", { name: "Account" }).getByRole("link", {
            name: "Profile",
          }).waitFor({ state: "visible" });
          await page.getByRole("navigation", { name: "Main" }).getByRole("button", {
            name: "Logout",
          }).waitFor({ state: "visible" });
          assert.equal(await page.getByRole("link", { name: "Login / Register" }).count(), 0);
          assert.equal(await page.getByRole("region", { name: "Email verification" }).count(), 0);
        },
      );

      await t.step(
        "registration: a taken username — the server's reason, nothing lost",
        async () => {
          await registerMember(srv, { username: "taken_one" });
          const [code] = await createInvitations(srv.kv, null, 1);
          const ctx = await guestContext(browser!, srv);
          contexts.push(ctx);
          const page = await ctx.newPage();
          watch(page);
          await page.goto("/auth?tab=register");
          await waitForHydration(page, "AuthPanel");
          const values = {
            Username: "Taken_One",
            Email: "second@example.com",
            Password: "another-pass-2",
            "Invitation code": code,
          };
          for (const [label, value] of Object.entries(values)) {
            await page.getByLabel(label, { exact: true }).fill(value);
          }
          await page.getByLabel("I am 18 or older and accept the Terms of Service").check();
          await page.getByRole("button", { name: "Create account" }).click();
          await expectToast(
            page,
            english("auth.registrationFailed"),
            english("auth.usernameTaken"),
          );
          await expectAlert(page, english("auth.usernameTaken"));
          const username = page.getByLabel("Username", { exact: true });
          await expectDescription(username, english("auth.usernameTaken"));
          assert.equal(await username.getAttribute("aria-invalid"), "true");
          for (const [label, value] of Object.entries(values)) {
            assert.equal(await page.getByLabel(label, { exact: true }).inputValue(), value, label);
          }
          assert.ok(
            await page.getByLabel("I am 18 or older and accept the Terms of Service").isChecked(),
          );
          // Switching tabs and back keeps them too.
          await page.getByRole("tab", { name: "Login" }).click();
          await page.getByRole("tab", { name: "Register" }).click();
          assert.equal(await username.inputValue(), "Taken_One");
          // Editing the name takes the server's reason away.
          await username.fill("free_one");
          await expectDescription(username, english("auth.hintUsername", { min: 3, max: 20 }));

          // The login form's toggle too, and its tab panel wraps the form (no form role=tabpanel).
          await page.getByRole("tab", { name: "Login" }).click();
          const panel = page.getByRole("tabpanel", { name: "Login" });
          assert.equal(await panel.evaluate((el) => el.tagName), "DIV");
          assert.equal(await page.locator("form[role]").count(), 0);
          const loginPassword = panel.getByLabel("Password", { exact: true });
          await loginPassword.fill("typed-secret");
          await panel.getByRole("button", { name: "Show password" }).click();
          assert.equal(await loginPassword.getAttribute("type"), "text");
          // Arrow keys move between the tabs.
          await page.getByRole("tab", { name: "Login" }).focus();
          await page.keyboard.press("ArrowRight");
          assert.equal(
            await page.getByRole("tab", { name: "Register" }).getAttribute("aria-selected"),
            "true",
          );
          assert.deepEqual(await axeProblems(page), []);
        },
      );

      await t.step("/filters: emoji and 80-character tags refused before saving", async () => {
        const ana = await registerMember(srv, { username: "ana_forms" });
        const ctx = await memberContext(browser!, srv, ana, 320);
        contexts.push(ctx);
        const page = await ctx.newPage();
        watch(page);
        const calls = apiCalls(page);
        await page.goto("/filters");
        await waitForHydration(page, "FiltersEditor");
        const input = page.getByPlaceholder("Add a hashtag");
        const chips = page.getByRole("list", { name: "Your hashtags" }).getByRole("listitem");
        assert.equal(
          await description(input),
          `${english("profile.hashtagHint", { length: 30, max: 30 })}0/30`,
        );
        await input.fill("yoga");
        await input.press("Enter");
        assert.equal(await chips.count(), 2, "#adventure and #yoga");

        for (const tag of [EMOJI, LONG_TAG]) {
          await input.fill(tag);
          await expectDescription(input, english("profile.badHashtag", { max: 30 }));
          assert.equal(await input.getAttribute("aria-invalid"), "true");
          await input.press("Enter");
          await page.getByRole("button", { name: "Add", exact: true }).click();
          assert.equal(await input.inputValue(), tag, "the refused tag stays to be fixed");
          assert.equal(await chips.count(), 2, "nothing was added");
          // The server's answer to the same tag is the text the editor shows.
          const direct = await ana.client.post("/api/filters", { hashtags: ["yoga", tag] });
          assert.equal(direct.status, 400);
          assert.equal(direct.json.error, english("profile.badHashtag", { max: 30 }));
        }
        assert.ok((await description(input)).endsWith("80/30"), "the counter shows 80");

        // The longest accepted tag wraps inside its chip at 320 px.
        await input.fill("w".repeat(30));
        await input.press("Enter");
        assert.equal(await chips.count(), 3);
        await assertNoSideScroll(page, "/filters at 320 with a 30-character chip");
        const box = await chips.last().boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= 320, `chip at ${JSON.stringify(box)}`);

        assert.deepEqual(calls.filter((c) => c.includes("/api/filters")), [], "nothing sent");
        await page.getByRole("button", { name: "Save", exact: true }).click();
        await page.waitForURL((u) => u.pathname === "/");
        const saved = (await ana.client.get("/api/filters")).json;
        assert.deepEqual(saved.hashtags, ["adventure", "yoga", "w".repeat(30)]);
      });

      await t.step(
        "/filters: a save the server refuses keeps every choice and says why",
        async () => {
          const bo = await registerMember(srv, { username: "bo_forms" });
          const ctx = await memberContext(browser!, srv, bo);
          contexts.push(ctx);
          const page = await ctx.newPage();
          watch(page);
          await page.goto("/filters");
          await waitForHydration(page, "FiltersEditor");
          await page.getByPlaceholder("Add a hashtag").fill("cycling");
          await page.getByPlaceholder("Add a hashtag").press("Enter");
          await page.getByLabel("Language preference").selectOption("fr");
          // The request is changed on its way (as a script could): the real server refuses it.
          const tooMany = Array.from({ length: 31 }, (_, i) => `tag${i}`);
          await page.route("**/api/filters*", async (route) => {
            const body = JSON.parse(route.request().postData() ?? "{}");
            await route.continue({ postData: JSON.stringify({ ...body, hashtags: tooMany }) });
          });
          await page.getByRole("button", { name: "Save", exact: true }).click();
          await expectToast(
            page,
            english("profile.saveError"),
            english("profile.tooManyHashtags", { max: 30 }),
          );
          await expectAlert(page, english("profile.tooManyHashtags", { max: 30 }));
          await page.unroute("**/api/filters*");
          assert.equal(new URL(page.url()).pathname, "/filters");
          const chips = await page.getByRole("list", { name: "Your hashtags" }).getByRole(
            "listitem",
          )
            .allInnerTexts();
          assert.deepEqual(chips.map((c) => c.replace("×", "").trim()), ["#adventure", "#cycling"]);
          assert.equal(await page.getByLabel("Language preference").inputValue(), "fr");
          const stored = (await bo.client.get("/api/filters")).json;
          assert.deepEqual(stored.hashtags, ["adventure"], "nothing was stored");
          // Saved again untouched, it goes through.
          await page.getByRole("button", { name: "Save", exact: true }).click();
          await page.waitForURL((u) => u.pathname === "/");
          assert.deepEqual((await bo.client.get("/api/filters")).json.hashtags, [
            "adventure",
            "cycling",
          ]);
        },
      );

      await t.step("/hashtags: a 31st tag is refused in the server's words", async () => {
        const cy = await registerMember(srv, { username: "cy_forms" });
        const mine = Array.from({ length: 30 }, (_, i) => `mine${i}`);
        assert.equal((await cy.client.post("/api/filters", { hashtags: mine })).status, 200);
        const ctx = await memberContext(browser!, srv, cy, 320);
        contexts.push(ctx);
        const page = await ctx.newPage();
        watch(page);
        await page.goto("/hashtags");
        await waitForHydration(page, "HashtagBrowser");
        await page.getByRole("button", { name: "#travel" }).click();
        await expectAlert(page, english("profile.tooManyHashtags", { max: 30 }));
        await page.getByRole("heading", { name: "Selected (30)" }).waitFor();
        assert.equal(
          await page.getByRole("button", { name: "#travel" }).getAttribute("aria-pressed"),
          "false",
        );
        await assertNoSideScroll(page, "/hashtags at 320 with 30 chips");
      });

      await t.step(
        "/profile: a taken username and a wrong password — reasons shown, values kept",
        async () => {
          await registerMember(srv, { username: "someone_else" });
          const dee = await registerMember(srv, { username: "dee_forms" });
          await dee.client.patch("/api/user/profile", { location: "Warsaw, Poland" });
          const ctx = await memberContext(browser!, srv, dee);
          contexts.push(ctx);
          const page = await ctx.newPage();
          watch(page);
          await page.goto("/profile");
          await waitForHydration(page, "ProfilePage");
          const username = page.getByLabel("Username", { exact: true });
          const displayName = page.getByLabel("Display name", { exact: true });
          const bio = page.getByLabel("Bio", { exact: true });
          assert.equal(await displayName.getAttribute("maxlength"), null, "no silent cut");
          await displayName.fill("d".repeat(55));
          await expectDescription(displayName, "Display name must be at most 50 characters");
          assert.equal((await displayName.inputValue()).length, 55);
          await displayName.fill("Dee from Warsaw");
          await bio.fill("Trams and rivers.");
          await username.fill("Someone_Else");
          await page.getByRole("button", { name: "Save profile" }).click();
          await expectToast(
            page,
            "Failed to update profile. Please try again.",
            english("auth.usernameTaken"),
          );
          await expectAlert(page, english("auth.usernameTaken"));
          await expectDescription(username, english("auth.usernameTaken"));
          assert.equal(await username.inputValue(), "Someone_Else");
          assert.equal(await displayName.inputValue(), "Dee from Warsaw");
          assert.equal(await bio.inputValue(), "Trams and rivers.");

          await page.getByRole("tab", { name: "Privacy & Security" }).click();
          const current = page.getByLabel("Current password", { exact: true });
          const next = page.getByLabel("New password", { exact: true });
          const confirm = page.getByLabel("Confirm new password", { exact: true });
          await current.fill("not-my-password");
          await next.fill("brand-new-pass");
          await confirm.fill("brand-new-pass");
          assert.equal(await page.getByRole("button", { name: "Show password" }).count(), 3);
          await page.locator("#pw-newPassword + .reveal-button").click();
          assert.equal(await next.getAttribute("type"), "text");
          await page.getByRole("button", { name: "Update password" }).click();
          await expectAlert(page, english("auth.wrongCurrentPassword"));
          await expectDescription(current, english("auth.wrongCurrentPassword"));
          assert.equal(await current.inputValue(), "not-my-password");
          assert.equal(await next.inputValue(), "brand-new-pass");
          assert.equal(await confirm.inputValue(), "brand-new-pass");
          assert.deepEqual(await axeProblems(page), []);
        },
      );

      await t.step("/direct-admin: the password field has its toggle", async () => {
        const ctx = await guestContext(browser!, srv);
        contexts.push(ctx);
        const page = await ctx.newPage();
        watch(page);
        await page.goto("/direct-admin");
        await waitForHydration(page, "DirectAdmin");
        const password = page.getByLabel("Password", { exact: true });
        await password.fill("admin-typed");
        await page.getByRole("button", { name: "Show password" }).click();
        assert.equal(await password.getAttribute("type"), "text");
      });

      assert.deepEqual(pageErrors, []);
    } finally {
      for (const c of contexts) await c.close().catch(() => {});
      await browser?.close();
      await server?.close();
    }
  },
});
