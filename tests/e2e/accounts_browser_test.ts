// Accounts in a real Chromium: register with an invitation, the verification banner and Resend, the
// verification link from the outbox, the register form's texts, sign-out, sign-in by email and by
// username, the failed-login toasts, forgot/reset password, profile edit, avatar, password change,
// a privacy switch, and account deletion. One server and one browser for the whole file; every
// member gets a fresh browser context.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import {
  expectToast,
  launchBrowser,
  newContext,
  submitLogin,
  waitForHydration,
} from "../helpers/browser.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { createInvitations } from "../../kv/users.ts";
import { listOutbox } from "../../lib/server/email/mod.ts";
import { SESSION_COOKIE } from "../helpers/accounts.ts";
import { sleep, until } from "../helpers/time.ts";

const WELCOME_HEADLINE = "See the world through a stranger's eyes";
const USERNAME = "ana_e2e";
const EMAIL = "ana.e2e@example.com";
const FIRST_PASSWORD = "first-secret-1";
const RESET_PASSWORD = "reset-secret-2";
const CHANGED_PASSWORD = "changed-secret-3";
const NEW_EMAIL = "ana.moved@example.com";

/** Waits for the form's inline error (role=alert, class form-error) to say exactly `text`. */
async function expectFormError(page: Page, text: string) {
  const alert = page.locator(".form-error[role=alert]");
  await alert.getByText(text, { exact: true }).waitFor({ state: "visible" });
}

/** Polls until the element's attribute equals `value` (10 s at most). */
async function waitForAttribute(locator: Locator, name: string, value: string) {
  const deadline = Date.now() + 10_000;
  let seen: string | null = null;
  while (Date.now() < deadline) {
    seen = await locator.getAttribute(name);
    if (seen === value) return;
    await sleep(50);
  }
  assert.fail(`${name} stayed ${seen}, expected ${value}`);
}

function path(page: Page): string {
  const u = new URL(page.url());
  return u.pathname;
}

/** Signs in through the /auth login form and waits for the Discover page with its toast. */
async function signIn(page: Page, identifier: string, password: string) {
  await submitLogin(page, identifier, password);
  await page.waitForURL((u) => u.pathname === "/");
  await expectToast(page, "Logged in successfully");
  await page.getByRole("link", { name: "Start POV Connection" }).waitFor({ state: "visible" });
}

/** Tries to sign in and expects the 'Login failed' toast, staying on /auth. */
async function signInFails(page: Page, identifier: string, password: string) {
  await submitLogin(page, identifier, password);
  await expectToast(page, "Login failed", "Invalid username/email or password");
  assert.equal(path(page), "/auth");
  // The form is usable again.
  await page.getByRole("button", { name: "Login", exact: true }).waitFor({ state: "visible" });
}

/** Signs out through the bottom navigation's Logout button. */
async function signOut(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" })
    .click();
  await page.getByRole("link", { name: "Login / Register" }).waitFor({ state: "visible" });
  await expectToast(page, "Logged out");
  assert.equal(path(page), "/");
  assert.equal(
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" })
      .count(),
    0,
  );
}

/** How many mails to `to` whose text contains `marker` the outbox holds. */
async function outboxCount(kv: Deno.Kv, to: string, marker: string): Promise<number> {
  return (await listOutbox(kv)).filter((m) => m.to === to && m.text.includes(marker)).length;
}

/**
 * The newest link in the outbox page for `to` whose URL contains `marker`, once the outbox holds
 * at least `atLeast` such mails (mail leaves through the queue, after the answer).
 */
async function newestOutboxLink(
  page: Page,
  kv: Deno.Kv,
  to: string,
  marker: string,
  atLeast = 1,
): Promise<string> {
  await until(
    `${atLeast} ${marker} mail(s) to ${to}`,
    () => outboxCount(kv, to, marker),
    (n) => n >= atLeast,
  );
  await page.goto("/dev/outbox");
  await page.getByRole("heading", { name: "Outbox", level: 1 }).waitFor();
  const mails = page.locator("li.outbox-mail").filter({
    has: page.locator(".outbox-to").getByText(to, { exact: true }),
  });
  const links = mails.locator(`a.outbox-link[href*="${marker}"]`);
  assert.ok((await links.count()) > 0, `no ${marker} link for ${to} in /dev/outbox`);
  const href = await links.first().getAttribute("href");
  assert.ok(href);
  return href;
}

Deno.test({
  name: "accounts in the browser",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    let server: TestServer | undefined;
    let browser: Browser | undefined;
    const contexts: BrowserContext[] = [];
    try {
      server = await startServer();
      browser = await launchBrowser();
      const base = server.url;
      const kv = server.kv;
      const [code] = await createInvitations(kv, null, 1);

      // Ana's first device: registers, verifies, signs out and in.
      const first = await newContext(browser, base, undefined, "reduce");
      contexts.push(first);
      const page = await first.newPage();
      const pageErrors: string[] = [];
      const watch = (p: Page, who: string) =>
        p.on("pageerror", (err) => pageErrors.push(`${who} on ${p.url()}: ${err.message}`));
      watch(page, "first device");

      await t.step("1. register with an invitation link", async () => {
        await page.goto(`/auth?invite=${code}`);
        await waitForHydration(page, "AuthPanel");
        const registerTab = page.getByRole("tab", { name: "Register" });
        assert.equal(await registerTab.getAttribute("aria-selected"), "true");
        await page.getByRole("heading", { name: "Join with an invitation" }).waitFor();
        assert.equal(await page.getByLabel("Invitation code").inputValue(), code);

        await page.getByLabel("Username", { exact: true }).fill(USERNAME);
        await page.getByLabel("Email", { exact: true }).fill(EMAIL);
        await page.getByLabel("Password", { exact: true }).fill(FIRST_PASSWORD);
        await page.getByLabel("I am 18 or older and accept the Terms of Service").check();
        await page.getByRole("button", { name: "Create account" }).click();

        // No session yet: the page says where the link went, and a member may sign in meanwhile.
        await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
        await page.getByText(
          `We sent a link to ${EMAIL}. Open it on this device to finish creating your account.`,
        ).waitFor();
        assert.equal(
          (await first.cookies()).find((c) => c.name === SESSION_COOKIE),
          undefined,
          "registration signs no one in",
        );
        await page.getByRole("button", { name: "Sign in" }).click();
        await page.getByRole("heading", { name: "Welcome back" }).waitFor();
        await page.getByLabel("Username or email", { exact: true }).fill(USERNAME);
        await page.getByLabel("Password", { exact: true }).fill(FIRST_PASSWORD);
        await page.getByRole("button", { name: "Login", exact: true }).click();

        // Signed in unverified: home, with the verification banner.
        await page.waitForURL((u) => u.pathname === "/");
        await page.getByRole("link", { name: "Start POV Connection" }).waitFor({
          state: "visible",
        });
        const banner = page.getByRole("region", { name: "Email verification" });
        await banner.waitFor({ state: "visible" });
        assert.match(await banner.innerText(), new RegExp(EMAIL.replace(/\./g, "\\.")));
        await banner.getByRole("button", { name: "Resend" }).waitFor({ state: "visible" });
      });

      await t.step("2. Resend sends another verification email", async () => {
        await waitForHydration(page, "VerificationBanner");
        const before = await until(
          "the registration's verification mail",
          () => outboxCount(kv, EMAIL, "/verify-email?token="),
          (n) => n >= 1,
        );
        assert.equal(before, 1, "registration sent one verification email");
        const banner = page.getByRole("region", { name: "Email verification" });
        await banner.getByRole("button", { name: "Resend" }).click();
        // 'Sending...' is usually too quick to see; the toast is what must show.
        await expectToast(
          page,
          "Verification email sent",
          "Please check your inbox (and spam folder) for the verification link.",
        );
        await banner.getByRole("button", { name: "Resend" }).waitFor({ state: "visible" });
        const after = await until(
          "the resent verification mail",
          () => outboxCount(kv, EMAIL, "/verify-email?token="),
          (n) => n >= 2,
        );
        assert.equal(after, 2);
      });

      await t.step("2b. Resend shows 'Sending...' while busy", async () => {
        // Hold the request so the busy state is observable.
        let release!: () => void;
        const held = new Promise<void>((r) => (release = r));
        await page.route("**/api/resend-verification", async (route) => {
          await held;
          await route.continue();
        });
        try {
          const banner = page.getByRole("region", { name: "Email verification" });
          await banner.getByRole("button", { name: "Resend" }).click();
          const sending = banner.getByRole("button", { name: "Sending..." });
          await sending.waitFor({ state: "visible" });
          assert.ok(await sending.isDisabled());
          release();
          await expectToast(page, "Verification email sent");
          await banner.getByRole("button", { name: "Resend" }).waitFor({ state: "visible" });
        } finally {
          release();
          await page.unroute("**/api/resend-verification");
        }
      });

      await t.step("3. the newest verification link verifies the email", async () => {
        const link = await newestOutboxLink(page, kv, EMAIL, "/verify-email?token=", 3);
        assert.ok(link.startsWith(`${base}/verify-email?token=`), link);
        await page.goto(link);
        await page.waitForURL((u) => u.pathname === "/");
        await expectToast(page, "Email verified");
        await page.getByRole("link", { name: "Start POV Connection" }).waitFor();
        assert.equal(await page.getByRole("region", { name: "Email verification" }).count(), 0);
        // Still gone on the next page.
        await page.goto("/profile");
        await waitForHydration(page, "ProfilePage");
        assert.equal(await page.getByRole("region", { name: "Email verification" }).count(), 0);
      });

      // A guest's device: form texts, failed sign-ins, forgot/reset.
      const second = await newContext(browser, base, undefined, "reduce");
      contexts.push(second);
      const guest = await second.newPage();
      watch(guest, "second device");

      await t.step("4. the register form explains what is wrong, without a request", async () => {
        const apiCalls: string[] = [];
        // The login tab asks for passkey sign-in options as it loads (for the passkeys the browser
        // offers among the username field's suggestions): not the register form's request.
        const passkeyOptions = "/api/passkeys/signin/options";
        guest.on("request", (r) => {
          const { pathname } = new URL(r.url());
          if (pathname.startsWith("/api/") && pathname !== passkeyOptions) apiCalls.push(r.url());
        });
        await guest.goto("/auth");
        await waitForHydration(guest, "AuthPanel");
        await guest.getByRole("tab", { name: "Register" }).click();
        const submit = guest.getByRole("button", { name: "Create account" });
        await submit.click();
        await expectFormError(guest, "Please fill in all fields");

        await guest.getByLabel("Username", { exact: true }).fill("newbie");
        await guest.getByLabel("Email", { exact: true }).fill("not-an-email");
        await guest.getByLabel("Password", { exact: true }).fill("long-enough");
        await guest.getByLabel("Invitation code").fill("ANYCODE123");
        await submit.click();
        await expectFormError(guest, "Please enter a valid email address");

        await guest.getByLabel("Email", { exact: true }).fill("newbie@example.com");
        await guest.getByLabel("Password", { exact: true }).fill("12345");
        await submit.click();
        await expectFormError(guest, "Password must be at least 6 characters long");
        assert.deepEqual(apiCalls, []);
        guest.removeAllListeners("request");
      });

      await t.step("5. Logout in the bottom navigation signs out", async () => {
        await page.goto("/");
        await page.getByRole("link", { name: "Start POV Connection" }).waitFor();
        await signOut(page);
        await page.getByRole("heading", { level: 1, name: WELCOME_HEADLINE }).waitFor();
        // Protected pages now send the visitor to /auth.
        await page.goto("/profile");
        await page.waitForURL((u) => u.pathname === "/auth");
      });

      await t.step("6. sign in by email and by username; failed sign-ins", async () => {
        await signIn(page, EMAIL, FIRST_PASSWORD);
        await signOut(page);
        await signIn(page, USERNAME, FIRST_PASSWORD);
        // Signed in (by username), /auth sends the member home after about a second.
        await page.goto("/auth");
        await page.getByRole("heading", { name: "You are signed in" }).waitFor();
        await page.waitForURL((u) => u.pathname === "/", { timeout: 10_000 });

        await signInFails(guest, EMAIL, "wrong-password");
        await signInFails(guest, "nobody_here", "wrong-password");

        await guest.goto("/auth");
        await waitForHydration(guest, "AuthPanel");
        await guest.getByRole("button", { name: "Login", exact: true }).click();
        await expectFormError(guest, "Please enter both username/email and password");
        await guest.getByLabel("Username or email", { exact: true }).fill(USERNAME);
        await guest.getByRole("button", { name: "Login", exact: true }).click();
        await expectFormError(guest, "Please enter both username/email and password");
        assert.equal(path(guest), "/auth");
      });

      await t.step("7. forgot password, then reset it with the emailed link", async () => {
        await guest.goto("/auth");
        await waitForHydration(guest, "AuthPanel");
        await guest.getByRole("button", { name: "Forgot password?" }).click();
        await guest.getByRole("heading", { name: "Forgot your password?" }).waitFor();
        await guest.getByRole("button", { name: "Send reset link" }).click();
        await expectFormError(guest, "Please enter your email address");
        await guest.getByLabel("Email", { exact: true }).fill(EMAIL);
        await guest.getByRole("button", { name: "Send reset link" }).click();
        await guest.getByRole("heading", { name: "Check your inbox" }).waitFor();

        const link = await newestOutboxLink(guest, kv, EMAIL, "/auth?reset=");
        assert.ok(link.startsWith(`${base}/auth?reset=`), link);
        await guest.goto(link);
        await waitForHydration(guest, "AuthPanel");
        await guest.getByRole("heading", { name: "Set a new password" }).waitFor();
        await guest.getByLabel("New password", { exact: true }).fill(RESET_PASSWORD);
        await guest.getByLabel("Confirm new password", { exact: true }).fill("something-else");
        await guest.getByRole("button", { name: "Set new password" }).click();
        await expectFormError(guest, "New passwords do not match");

        await guest.getByLabel("Confirm new password", { exact: true }).fill(RESET_PASSWORD);
        await guest.getByRole("button", { name: "Set new password" }).click();
        await expectToast(guest, "Password updated");
        await guest.getByRole("heading", { name: "Password updated" }).waitFor();

        // The link works once.
        await guest.goto(link);
        await waitForHydration(guest, "AuthPanel");
        await guest.getByLabel("New password", { exact: true }).fill("another-one-4");
        await guest.getByLabel("Confirm new password", { exact: true }).fill("another-one-4");
        await guest.getByRole("button", { name: "Set new password" }).click();
        await expectFormError(
          guest,
          "This reset link is invalid or has expired. Please request a new one.",
        );

        // Every other session was signed out: the first device is a guest again.
        await page.goto("/");
        await page.getByRole("link", { name: "Login / Register" }).waitFor({ state: "visible" });

        await signInFails(guest, EMAIL, FIRST_PASSWORD);
        await signIn(guest, EMAIL, RESET_PASSWORD);
      });

      await t.step("8. profile edit: location, display name, saved flag", async () => {
        await guest.goto("/profile");
        await waitForHydration(guest, "ProfilePage");
        await guest.getByRole("tab", { name: "Profile", exact: true }).waitFor();
        assert.equal(await guest.getByLabel("Username", { exact: true }).inputValue(), USERNAME);
        assert.equal(await guest.getByLabel("Email", { exact: true }).inputValue(), EMAIL);
        await guest.getByLabel("Country", { exact: true }).fill("Poland");
        await guest.getByLabel("City", { exact: true }).fill("Warsaw");
        await guest.getByLabel("Display name", { exact: true }).fill("Ana from Warsaw");
        await guest.getByRole("textbox", { name: "Bio", exact: true }).fill("Trams and pierogi.");
        // The page notes when the flag comes and goes (the test's own polling would add its lag).
        await guest.evaluate(() => {
          const seen: { shown?: number; gone?: number } = {};
          // deno-lint-ignore no-explicit-any
          (globalThis as any).__savedFlag = seen;
          new MutationObserver(() => {
            const on = document.querySelector(".saved-flag")?.textContent === "Saved";
            if (on && seen.shown === undefined) seen.shown = performance.now();
            if (!on && seen.shown !== undefined && seen.gone === undefined) {
              seen.gone = performance.now();
            }
          }).observe(document.body, { subtree: true, childList: true, characterData: true });
        });
        await guest.getByRole("button", { name: "Save profile" }).click();
        await expectToast(guest, "Profile updated");
        const flag = guest.locator(".saved-flag").getByText("Saved", { exact: true });
        await flag.waitFor({ state: "visible" });
        await flag.waitFor({ state: "detached", timeout: 10_000 });
        const seen = await guest.evaluate(() =>
          // deno-lint-ignore no-explicit-any
          (globalThis as any).__savedFlag as { shown?: number; gone?: number }
        );
        const shownFor = seen.gone! - seen.shown!;
        assert.ok(shownFor >= 1_500 && shownFor <= 3_500, `saved flag shown for ${shownFor} ms`);

        await guest.reload();
        await waitForHydration(guest, "ProfilePage");
        assert.equal(await guest.getByLabel("Country", { exact: true }).inputValue(), "Poland");
        assert.equal(await guest.getByLabel("City", { exact: true }).inputValue(), "Warsaw");
        assert.equal(
          await guest.getByLabel("Display name", { exact: true }).inputValue(),
          "Ana from Warsaw",
        );
        assert.equal(
          await guest.getByRole("textbox", { name: "Bio", exact: true }).inputValue(),
          "Trams and pierogi.",
        );

        await guest.getByLabel("City", { exact: true }).fill("");
        await guest.getByRole("button", { name: "Save profile" }).click();
        await expectFormError(
          guest,
          "Both country and city are required for location-based matching",
        );
        await guest.reload();
        await waitForHydration(guest, "ProfilePage");
        assert.equal(await guest.getByLabel("City", { exact: true }).inputValue(), "Warsaw");
      });

      await t.step(
        "8b. a new email needs the current password and changes by its link",
        async () => {
          await guest.goto("/profile");
          await waitForHydration(guest, "ProfilePage");
          const email = guest.getByLabel("Email", { exact: true });
          const current = guest.getByLabel("Current password", { exact: true });
          assert.equal(await current.count(), 0, "no password field while the email is unchanged");
          await email.fill(NEW_EMAIL);
          await current.waitFor({ state: "visible" });
          await guest.getByRole("button", { name: "Save profile" }).click();
          await expectFormError(guest, "Please enter your current password to change your email.");

          await current.fill("not-my-password");
          await guest.getByRole("button", { name: "Save profile" }).click();
          await expectToast(
            guest,
            "Failed to update profile. Please try again.",
            "Current password is incorrect",
          );

          await current.fill(RESET_PASSWORD);
          await guest.getByRole("button", { name: "Save profile" }).click();
          const sent =
            `We sent a confirmation link to ${NEW_EMAIL}. Your email changes when you open it.`;
          await expectToast(guest, "Profile updated", sent);
          await guest.locator(".notice[role=status]").getByText(sent, { exact: true }).waitFor();
          // Unchanged until the link is opened; the password field is gone again.
          assert.equal(await email.inputValue(), EMAIL);
          assert.equal(await current.count(), 0);

          const link = await newestOutboxLink(guest, kv, NEW_EMAIL, "/confirm-email?token=");
          await guest.goto(link);
          await guest.waitForURL((u) => u.pathname === "/");
          await expectToast(guest, "Email changed", `Your email is now ${NEW_EMAIL}.`);
          await guest.goto("/profile");
          await waitForHydration(guest, "ProfilePage");
          assert.equal(await guest.getByLabel("Email", { exact: true }).inputValue(), NEW_EMAIL);
        },
      );

      await t.step("9. avatar: a real PNG is resized and served; text is refused", async () => {
        // A 600x400 PNG drawn and encoded by Chromium itself.
        const dataUrl = await guest.evaluate(() => {
          const canvas = document.createElement("canvas");
          canvas.width = 600;
          canvas.height = 400;
          const g = canvas.getContext("2d")!;
          g.fillStyle = "#e4572e";
          g.fillRect(0, 0, 600, 400);
          g.fillStyle = "#17bebb";
          g.beginPath();
          g.arc(300, 200, 150, 0, Math.PI * 2);
          g.fill();
          return canvas.toDataURL("image/png");
        });
        const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
        assert.deepEqual([...png.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);

        assert.equal(await guest.locator("img.avatar").count(), 0);
        await guest.setInputFiles("input[type=file]", {
          name: "a.png",
          mimeType: "image/png",
          buffer: png,
        });
        await expectToast(guest, "Profile updated");
        const img = guest.getByRole("img", { name: "Your profile picture" });
        await img.waitFor({ state: "visible" });
        assert.equal(await img.evaluate((el) => el.className), "avatar");
        const checkAvatar = async () => {
          const src = await img.getAttribute("src");
          assert.ok(src?.startsWith("/avatars/"), `avatar src ${src}`);
          const size = await img.evaluate(async (el: HTMLImageElement) => {
            if (!el.complete) {
              await new Promise((r) => {
                el.addEventListener("load", r, { once: true });
                el.addEventListener("error", r, { once: true });
              });
            }
            return { w: el.naturalWidth, h: el.naturalHeight };
          });
          assert.ok(size.w > 0 && size.h > 0, `avatar did not load: ${JSON.stringify(size)}`);
          assert.ok(size.w <= 256 && size.h <= 256, `avatar is ${size.w}x${size.h}`);
          assert.equal(size.w, 256, "the longest side is scaled to 256 px");
        };
        await checkAvatar();
        // Kept by the server: still there after a reload.
        await guest.reload();
        await waitForHydration(guest, "ProfilePage");
        await img.waitFor({ state: "visible" });
        await checkAvatar();

        await guest.setInputFiles("input[type=file]", {
          name: "notes.txt",
          mimeType: "text/plain",
          buffer: Buffer.from("not a picture"),
        });
        await expectToast(guest, "Please select an image file.");
        assert.ok((await img.getAttribute("src"))?.startsWith("/avatars/"));
      });

      await t.step("10. password change on 'Privacy & Security'", async () => {
        await guest.getByRole("tab", { name: "Privacy & Security" }).click();
        await guest.getByRole("heading", { name: "Change password" }).waitFor();
        const current = guest.getByLabel("Current password", { exact: true });
        const next = guest.getByLabel("New password", { exact: true });
        const confirm = guest.getByLabel("Confirm new password", { exact: true });
        const submit = guest.getByRole("button", { name: "Update password" });

        await current.fill(RESET_PASSWORD);
        await next.fill(CHANGED_PASSWORD);
        await confirm.fill("not-the-same");
        await submit.click();
        await expectFormError(guest, "New passwords do not match");

        await current.fill("not-my-password");
        await confirm.fill(CHANGED_PASSWORD);
        await submit.click();
        await expectToast(guest, "Failed to update password. Please try again.");

        await current.fill(RESET_PASSWORD);
        await next.fill(CHANGED_PASSWORD);
        await confirm.fill(CHANGED_PASSWORD);
        await submit.click();
        await expectToast(guest, "Password updated");
        assert.equal(await current.inputValue(), "", "the form is cleared after success");
        // This device stays signed in.
        await guest.reload();
        await waitForHydration(guest, "ProfilePage");
        assert.equal(path(guest), "/profile");
      });

      await t.step("11. 'Hide exact location' switch flips and stays flipped", async () => {
        await guest.getByRole("tab", { name: "Privacy & Security" }).click();
        const hide = guest.getByRole("switch", { name: "Hide exact location" });
        const before = await hide.getAttribute("aria-checked");
        assert.ok(before === "true" || before === "false", `aria-checked=${before}`);
        const flipped = before === "true" ? "false" : "true";
        await hide.click();
        await waitForAttribute(hide, "aria-checked", flipped);
        await expectToast(guest, "Profile updated");

        await guest.reload();
        await waitForHydration(guest, "ProfilePage");
        await guest.getByRole("tab", { name: "Privacy & Security" }).click();
        assert.equal(
          await guest.getByRole("switch", { name: "Hide exact location" }).getAttribute(
            "aria-checked",
          ),
          flipped,
        );
      });

      await t.step("12. delete account, then the old credentials fail", async () => {
        let dialogMessage = "";
        guest.once("dialog", (d) => {
          dialogMessage = d.message();
          void d.accept();
        });
        await guest.getByRole("button", { name: "Delete account" }).click();
        await guest.waitForURL((u) => u.pathname === "/");
        await guest.getByRole("heading", { level: 1, name: WELCOME_HEADLINE }).waitFor();
        await guest.getByRole("link", { name: "Login / Register" }).waitFor({ state: "visible" });
        assert.equal(
          dialogMessage,
          "Are you sure you want to delete your account? You will be signed out and this cannot be undone.",
        );
        await expectToast(guest, "Account deleted");

        await signInFails(guest, USERNAME, CHANGED_PASSWORD);
        await signInFails(guest, NEW_EMAIL, CHANGED_PASSWORD);
      });

      await t.step("no uncaught page errors along the way", () => {
        assert.deepEqual(pageErrors, []);
      });
    } finally {
      for (const c of contexts) await c.close().catch(() => {});
      await browser?.close();
      await server?.close();
    }
  },
});
