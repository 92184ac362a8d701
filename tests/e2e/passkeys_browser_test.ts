// Passkeys in a real Chromium with its virtual authenticator (the DevTools protocol's WebAuthn
// domain): a member adds a passkey on /profile, renames it, signs out and signs in with it on
// /auth (no username), then removes their password and can no longer remove their last passkey.
// Bad input, each refused with its text and nothing stored: a replayed sign-in, an expired
// challenge, a sign-in and a new passkey made for another origin. With SCREENSHOT_DIR set, /auth
// and the passkeys card are saved at 360 and 1280 px wide, and the Privacy & Security tab without
// a password.
import { english } from "../helpers/english.ts";
import assert from "node:assert/strict";
import type { APIRequestContext, Browser, BrowserContext, Page } from "playwright-core";
import {
  expectToast,
  launchBrowser,
  newContext,
  resizeTo,
  submitLogin,
  waitForHydration,
} from "../helpers/browser.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { registerMember, sessionCount } from "../helpers/accounts.ts";
import { kvDump } from "../helpers/kv_dump.ts";
import { keys } from "../../kv/keys.ts";
import { type ChallengeRecord, listPasskeys } from "../../kv/passkeys.ts";

const SHOTS = Deno.env.get("SCREENSHOT_DIR");

async function addAuthenticator(context: BrowserContext, page: Page) {
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
  return cdp;
}

/**
 * The virtual authenticator answers a conditional request (passkeys among the username field's
 * suggestions) at once, as a member picking their passkey there would. A tab named
 * "button-only" is told the browser has no such suggestions, so only the button signs in.
 */
async function buttonOnly(context: BrowserContext, page: Page) {
  await context.addInitScript(() => {
    if (self.name === "button-only") {
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    }
  });
  await page.evaluate(() => self.name = "button-only");
}

async function openPasskeys(page: Page) {
  await page.goto("/profile");
  await waitForHydration(page, "ProfilePage");
  await page.getByRole("tab", { name: "Privacy & Security" }).click();
  await page.locator("#passkeys").waitFor({ state: "visible" });
}

/** A captured JSON body with its client data's origin replaced (the signature no longer matters). */
function withOrigin(body: string, origin: string): Record<string, unknown> {
  const parsed = JSON.parse(body);
  const b64 = parsed.response.response.clientDataJSON.replace(/-/g, "+").replace(/_/g, "/");
  const data = JSON.parse(atob(b64));
  data.origin = origin;
  parsed.response.response.clientDataJSON = btoa(JSON.stringify(data)).replace(/\+/g, "-")
    .replace(/\//g, "_").replace(/=+$/, "");
  return parsed;
}

/** Posts `data` as the page's browser would and expects a refusal with `text`, nothing stored. */
async function refused(
  server: TestServer,
  request: APIRequestContext,
  path: string,
  data: unknown,
  status: number,
  text: string,
) {
  const before = await kvDump(server.kv, ["presence", "rate_limits", "passkey_challenges"]);
  const res = await request.post(path, { data, headers: { origin: server.url } });
  assert.equal(res.status(), status, await res.text());
  assert.equal((await res.json()).error, text);
  assert.deepEqual(
    await kvDump(server.kv, ["presence", "rate_limits", "passkey_challenges"]),
    before,
  );
}

/** The bodies of the next requests to `path`, which never reach the server. */
function capture(page: Page, path: string): string[] {
  const bodies: string[] = [];
  page.route(`**${path}`, (route) => {
    bodies.push(route.request().postData() ?? "");
    return route.abort();
  });
  return bodies;
}

async function shots(page: Page, name: string, locator: string) {
  if (!SHOTS) return;
  for (const width of [360, 1280]) {
    await resizeTo(page, { width, height: 900 });
    await page.locator(locator).screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

Deno.test({
  name:
    "passkeys: add, rename, sign in with one, remove the password; replays and other origins refused",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    let server: TestServer | undefined;
    let browser: Browser | undefined;
    try {
      // WebAuthn takes a domain as its relying party: the site runs as localhost.
      server = await startServer({}, { hostname: "localhost" });
      browser = await launchBrowser();
      const member = await registerMember(server);
      const context = await newContext(browser, server.url, { width: 390, height: 844 }, "reduce");
      const page = await context.newPage();
      await addAuthenticator(context, page);

      await submitLogin(page, member.username, member.password);
      await page.waitForURL((u) => u.pathname === "/");
      await openPasskeys(page);
      await page.getByText("You have no passkey yet.").waitFor();

      // A new passkey made for another origin: refused, nothing stored.
      const registrations = capture(page, "/api/passkeys");
      await page.getByRole("button", { name: "Add a passkey" }).click();
      await expectToast(page, "The passkey could not be changed");
      await page.unroute("**/api/passkeys");
      assert.equal(registrations.length, 1);
      await refused(
        server,
        page.request,
        "/api/passkeys",
        withOrigin(registrations[0], "http://evil.example"),
        400,
        english("profile.pkWrongSite"),
      );

      // Added for real (a second authenticator credential: the first never reached the server).
      await page.getByRole("button", { name: "Add a passkey" }).click();
      await expectToast(page, "Passkey added");
      const row = page.locator("#passkeys li[data-passkey]");
      await row.waitFor();
      assert.match(await row.innerText(), /Not used yet/);
      assert.equal((await listPasskeys(server.kv, member.id)).length, 1);

      await page.getByRole("button", { name: /^Rename / }).click();
      await page.getByLabel("Name of the passkey").fill("Work laptop");
      await page.getByRole("button", { name: "Save" }).click();
      await expectToast(page, "Passkey renamed");
      await page.locator("#passkeys .device-name").getByText("Work laptop").waitFor();
      await shots(page, "profile-passkeys", "#passkeys");

      // Signed out, then in with the passkey: no username typed.
      await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" })
        .click();
      await expectToast(page, "Logged out");
      const sessionsBefore = await sessionCount(server.kv, member.id);
      const signIns: string[] = [];
      page.on("request", (req) => {
        if (req.url().endsWith("/api/passkeys/signin")) signIns.push(req.postData() ?? "");
      });
      // The passkey offered among the username field's suggestions, and picked: signed in.
      await page.goto("/auth");
      await page.waitForURL((u) => u.pathname === "/");
      await expectToast(page, "Logged in successfully");
      assert.equal(await sessionCount(server.kv, member.id), sessionsBefore + 1);
      const [used] = await listPasskeys(server.kv, member.id);
      assert.ok(used.lastUsedAt, "the sign-in is the passkey's last use");
      assert.ok(used.counter > 0, "the authenticator's counter is kept");

      // The same answer again: its challenge was used.
      assert.equal(signIns.length, 1);
      await refused(
        server,
        page.request,
        "/api/passkeys/signin",
        JSON.parse(signIns[0]),
        400,
        english("profile.pkChallengeInvalid"),
      );

      // Two fresh answers that never reached the server: one for another origin, one whose
      // challenge has expired.
      await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" })
        .click();
      await expectToast(page, "Logged out");
      await buttonOnly(context, page);
      await page.goto("/auth");
      await waitForHydration(page, "AuthPanel");
      await shots(page, "auth-passkey", ".auth-card");
      const held = capture(page, "/api/passkeys/signin");
      for (let i = 0; i < 2; i++) {
        await page.goto("/auth");
        await waitForHydration(page, "AuthPanel");
        await page.getByRole("button", { name: "Sign in with a passkey" }).click();
        await page.locator(".form-error[role=alert]").waitFor();
      }
      assert.equal(held.length, 2);
      await refused(
        server,
        page.request,
        "/api/passkeys/signin",
        withOrigin(held[0], "http://evil.example"),
        400,
        english("profile.pkWrongSite"),
      );
      const late = JSON.parse(held[1]);
      const challenge = JSON.parse(atob(
        late.response.response.clientDataJSON.replace(/-/g, "+").replace(/_/g, "/"),
      )).challenge;
      const entry = await server.kv.get<ChallengeRecord>(keys.passkeyChallenge(challenge));
      assert.ok(entry.value, "the unanswered challenge is still stored");
      await server.kv.set(entry.key, { ...entry.value, expiresAt: Date.now() - 1 });
      await refused(
        server,
        page.request,
        "/api/passkeys/signin",
        late,
        400,
        english("profile.pkChallengeInvalid"),
      );
      assert.equal(await sessionCount(server.kv, member.id), sessionsBefore);
      await page.unroute("**/api/passkeys/signin");

      // Signed in with the passkey again, the member removes their password.
      await page.goto("/auth");
      await waitForHydration(page, "AuthPanel");
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await page.waitForURL((u) => u.pathname === "/");
      await openPasskeys(page);
      await page.getByRole("button", { name: "Remove password" }).click();
      await page.getByRole("button", { name: "Yes, remove my password" }).click();
      await expectToast(page, english("profile.pkPasswordRemoved"));
      await page.getByText(/Your account has no password/).waitFor();
      await shots(page, "profile-no-password", "#panel-privacy");
      // The last passkey stays.
      await page.getByRole("button", { name: "Remove Work laptop" }).click();
      await expectToast(page, "The passkey could not be changed", english("profile.pkLastPasskey"));
      assert.equal((await listPasskeys(server.kv, member.id)).length, 1);
      // The old password no longer signs in.
      const login = await page.request.post("/api/simple-login", {
        data: { identifier: member.username, password: member.password },
        headers: { origin: server.url },
      });
      assert.equal(login.status(), 401);
      await context.close();
    } finally {
      await browser?.close();
      await server?.close();
    }
  },
});
