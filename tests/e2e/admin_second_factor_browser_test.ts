// The administrators' second factor in a real Chromium, with the production rule on
// (ADMIN_SECOND_FACTOR=required): an administrator signed in is sent from /admin to the
// second-factor page and nothing else answers; a wrong first code is refused under the field
// and nothing stored; the code the test computes from the secret the page shows turns the factor
// on, the ten recovery codes show once, and Continue opens /admin. A new sign-in through
// /direct-admin is sent to give the factor: the code already used is refused, a recovery code
// admits it back to /direct-admin; in a third browser the used recovery code is refused and the
// next code admits it to /admin/audit, and the page then refuses a wrong code for new recovery
// codes. Screenshots of the set-up, the codes, the prompt and the page once given at 360 and 1280 px go
// to SHOTS_DIR when it is set.
import { english } from "../helpers/english.ts";
import assert from "node:assert/strict";
import * as OTPAuth from "otpauth";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newContext, submitLogin, waitForHydration } from "../helpers/browser.ts";
import { listAudit } from "../../kv/audit.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { kvDump } from "../helpers/kv_dump.ts";
import { awaitMails, mailsTo } from "../helpers/accounts.ts";
import en from "../../lib/shared/i18n/catalog/admin/en.ts";

const ADMIN = {
  ADMIN_EMAIL: "root@example.test",
  ADMIN_PASSWORD: "admin-pass-1",
  ADMIN_SECOND_FACTOR: "required",
};
const SHOTS = Deno.env.get("SHOTS_DIR");

function code(secret: string, steps = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

function wrongCode(secret: string): string {
  const near = [-1, 0, 1, 2].map((s) => code(secret, s));
  for (let n = 0;; n++) {
    const c = String(n).padStart(6, "0");
    if (!near.includes(c)) return c;
  }
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/**
 * Signs in on /direct-admin's own form; once `server` has stored the mail a sign-in from a new
 * browser sends, when given (so a dump taken next sees only what follows).
 */
async function directLogin(page: Page, server?: TestServer) {
  const mails = server ? (await mailsTo(server.kv, ADMIN.ADMIN_EMAIL)).length : 0;
  await page.goto("/direct-admin");
  await page.getByLabel("Email", { exact: true }).fill(ADMIN.ADMIN_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  if (server) await awaitMails(server.kv, ADMIN.ADMIN_EMAIL, mails + 1);
}

async function sendCode(page: Page, label: string, value: string, button: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole("button", { name: button, exact: true }).click();
}

Deno.test({
  name: "admin second factor in the browser",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    let server: TestServer | undefined;
    let browser: Browser | undefined;
    const errors: string[] = [];
    try {
      server = await startServer(ADMIN);
      browser = await launchBrowser();
      const open = async () => {
        const ctx = await newContext(browser!, server!.url, { width: 1280, height: 900 }, "reduce");
        const page = await ctx.newPage();
        page.on("pageerror", (err) => errors.push(`${page.url()}: ${err.message}`));
        return page;
      };

      // Blocked: /direct-admin's sign-in goes to the set-up, and so does /admin.
      const page = await open();
      await directLogin(page);
      await page.waitForURL(/\/admin\/second-factor\?next=%2Fdirect-admin$/);
      await page.goto("/admin");
      await page.waitForURL(/\/admin\/second-factor\?next=%2Fadmin$/);
      await waitForHydration(page, "AdminSecondFactor");
      await page.getByText(english("admin.sfSetupRequired"), { exact: true }).waitFor();
      const api = await page.request.get("/api/admin/users");
      assert.equal(api.status(), 403);
      assert.equal((await api.json()).error, english("admin.sfSetupRequired"));

      await page.getByRole("button", { name: en.sfStart, exact: true }).click();
      const secret = await page.locator("[data-secret]").getAttribute("data-secret");
      assert.ok(secret);
      assert.ok(
        (await page.locator(".admin-factor-uri").innerText()).startsWith("otpauth://totp/"),
      );
      await shot(page, "second-factor-setup");
      const before = await kvDump(server.kv);
      await sendCode(page, en.sfCode, wrongCode(secret), en.sfConfirm);
      await page.getByRole("alert").filter({ hasText: english("admin.sfWrongCode") }).waitFor();
      assert.deepEqual(await kvDump(server.kv), before, "a wrong code stores nothing");

      const first = code(secret);
      await sendCode(page, en.sfCode, first, en.sfConfirm);
      await page.getByRole("heading", { name: en.sfRecoveryTitle }).waitFor();
      const recovery = await page.locator(".admin-recovery-codes code").allInnerTexts();
      assert.equal(recovery.length, 10);
      await shot(page, "second-factor-codes");
      await page.getByRole("link", { name: en.sfContinue, exact: true }).click();
      await page.waitForURL(/\/admin$/);
      await page.getByRole("heading", { name: english("admin.usersTitle") }).waitFor();

      // A new sign-in through /direct-admin is asked for the factor.
      const second = await open();
      await directLogin(second, server);
      await second.waitForURL(/\/admin\/second-factor\?next=%2Fdirect-admin$/);
      await waitForHydration(second, "AdminSecondFactor");
      await second.getByRole("heading", { name: en.sfPromptTitle }).waitFor();
      await shot(second, "second-factor-prompt");
      const beforeReuse = await kvDump(server.kv);
      await sendCode(second, en.sfPromptLabel, first, en.sfContinue);
      await second.getByRole("alert").filter({ hasText: english("admin.sfReusedCode") }).waitFor();
      assert.deepEqual(await kvDump(server.kv), beforeReuse, "a reused code stores nothing");
      await sendCode(second, en.sfPromptLabel, recovery[0], en.sfContinue);
      await second.waitForURL(/\/direct-admin$/);
      await second.getByText(english("admin.dashboardDescription"), { exact: true }).waitFor();

      // A third browser: the used recovery code is refused, the next code admits.
      const third = await open();
      await directLogin(third, server);
      await third.waitForURL(/\/admin\/second-factor/);
      await waitForHydration(third, "AdminSecondFactor");
      const beforeUsed = await kvDump(server.kv);
      await sendCode(third, en.sfPromptLabel, recovery[0], en.sfContinue);
      await third.getByRole("alert").filter({ hasText: english("admin.sfUsedRecoveryCode") })
        .waitFor();
      assert.deepEqual(await kvDump(server.kv), beforeUsed, "a used recovery code stores nothing");
      await third.goto("/admin/second-factor?next=/admin/audit");
      await waitForHydration(third, "AdminSecondFactor");
      await sendCode(third, en.sfPromptLabel, code(secret, 1), en.sfContinue);
      await third.waitForURL(/\/admin\/audit$/);
      await third.getByText(en.auditSecondFactorAdded).first().waitFor();
      assert.equal(await third.getByText(en.auditSecondFactorUsed).count(), 2);

      // Given: the page offers new recovery codes and removal, each for a current code.
      await third.goto("/admin/second-factor");
      await waitForHydration(third, "AdminSecondFactor");
      await third.getByText("9 unused recovery codes left.", { exact: true }).waitFor();
      const beforeRenew = await kvDump(server.kv);
      await sendCode(third, en.sfPromptLabel, wrongCode(secret), en.sfRenew);
      await third.getByRole("alert").filter({ hasText: english("admin.sfWrongCode") }).waitFor();
      assert.deepEqual(await kvDump(server.kv), beforeRenew, "a wrong code renews nothing");
      await shot(third, "second-factor-manage");
      assert.deepEqual(errors, []);
    } finally {
      await browser?.close();
      await server?.close();
    }
  },
});

// A passkey as the factor (Chromium's virtual authenticator, the server on localhost: browsers
// take no IP address as the relying party): an administrator under the production rule adds a
// passkey on the set-up page and reaches /admin; signed out, they sign in with it on /auth and
// reach /admin without a code; signed in with the password instead, they are asked and "Use a
// passkey" admits them; the app set up beside the passkey, another browser is offered both and a
// recovery code admits it. Screenshots of the set-up, the prompts and the page once given go to
// SHOTS_DIR when it is set.
Deno.test({
  name: "admin second factor in the browser: a passkey",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    let server: TestServer | undefined;
    let browser: Browser | undefined;
    const errors: string[] = [];
    try {
      server = await startServer(ADMIN, { hostname: "localhost" });
      browser = await launchBrowser();
      const context = await newContext(browser, server.url, { width: 1280, height: 900 }, "reduce");
      const page = await context.newPage();
      page.on("pageerror", (err) => errors.push(`${page.url()}: ${err.message}`));
      const cdp = await context.newCDPSession(page);
      await cdp.send("WebAuthn.enable");
      await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: {
          protocol: "ctap2",
          transport: "internal",
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });
      // Only the button asks for a passkey on /auth: the password form signs in below.
      await context.addInitScript(() => {
        if (self.name === "button-only") {
          PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
        }
      });

      await submitLogin(page, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
      await page.waitForURL((u) => u.pathname === "/");
      await page.goto("/admin");
      await page.waitForURL((u) => u.pathname === "/admin/second-factor");
      await waitForHydration(page, "AdminSecondFactor");
      await page.getByRole("heading", { name: en.sfAddPasskeyTitle }).waitFor();
      await shot(page, "admin-factor-setup-passkey");
      await page.getByRole("button", { name: en.sfAddPasskey, exact: true }).click();
      await page.waitForURL((u) => u.pathname === "/admin");
      const added = (await listAudit(server.kv, 10)).entries.map((e) => e.action);
      assert.deepEqual(added, ["second_factor_added"]);

      // Signed out, then in with the passkey (offered among the username's suggestions).
      await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" })
        .click();
      await page.waitForURL((u) => u.pathname !== "/admin");
      await page.goto("/auth");
      await page.waitForURL((u) => u.pathname === "/");
      await page.goto("/admin");
      await waitForHydration(page, "AdminUsers");
      assert.equal(new URL(page.url()).pathname, "/admin", "no code asked after a passkey sign-in");

      // Signed in with the password instead: asked, and the passkey gives the factor.
      await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" })
        .click();
      await page.waitForURL((u) => u.pathname !== "/admin");
      await page.evaluate(() => self.name = "button-only");
      await submitLogin(page, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
      await page.waitForURL((u) => u.pathname === "/");
      await page.goto("/admin/audit");
      await page.waitForURL((u) => u.pathname === "/admin/second-factor");
      await waitForHydration(page, "AdminSecondFactor");
      await page.getByRole("heading", { name: en.sfPromptTitle }).waitFor();
      await shot(page, "admin-factor-verify-passkey");
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole("button", { name: en.sfUsePasskey, exact: true }).click();
      await page.waitForURL((u) => u.pathname === "/admin/audit");
      const actions = (await listAudit(server.kv, 10)).entries.map((e) => [
        e.action,
        e.details.method ?? e.details.factor,
      ]);
      assert.deepEqual(actions, [
        ["second_factor_used", "passkey"],
        ["second_factor_used", "passkey"],
        ["second_factor_added", "passkey"],
      ]);
      // Given, the page lists the passkeys and offers the app beside them.
      await page.goto("/admin/second-factor");
      await waitForHydration(page, "AdminSecondFactor");
      await page.getByText(/^Passkeys as second factor: /).waitFor();
      await page.getByRole("button", { name: en.sfStart, exact: true }).waitFor();
      await shot(page, "admin-factor-manage-passkey");

      // The app set up beside the passkey; a new browser is offered both, and a code admits it.
      await page.getByRole("button", { name: en.sfStart, exact: true }).click();
      const secret = await page.locator("[data-secret]").getAttribute("data-secret");
      await sendCode(page, en.sfCode, code(secret!), en.sfConfirm);
      await page.getByRole("heading", { name: en.sfRecoveryTitle }).waitFor();
      const recovery = await page.locator(".admin-recovery-codes code").allInnerTexts();
      const elsewhere = await (await newContext(browser, server.url, {
        width: 1280,
        height: 900,
      }, "reduce")).newPage();
      elsewhere.on("pageerror", (err) => errors.push(`${elsewhere.url()}: ${err.message}`));
      await submitLogin(elsewhere, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
      await elsewhere.waitForURL((u) => u.pathname === "/");
      await elsewhere.goto("/admin");
      await waitForHydration(elsewhere, "AdminSecondFactor");
      await elsewhere.getByRole("button", { name: en.sfUsePasskey, exact: true }).waitFor();
      await elsewhere.getByRole("heading", { name: en.sfOrCode }).waitFor();
      await shot(elsewhere, "admin-factor-verify-both");
      await elsewhere.setViewportSize({ width: 1280, height: 900 });
      await sendCode(elsewhere, en.sfPromptLabel, recovery[0], en.sfContinue);
      await elsewhere.waitForURL((u) => u.pathname === "/admin");
      assert.deepEqual(errors, []);
    } finally {
      await browser?.close();
      await server?.close();
    }
  },
});
