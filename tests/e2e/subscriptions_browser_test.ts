// The plans page, the limit screen and the home screen's sessions left, in a real Chromium: the
// payment banners (dismissed, the query dropped), the plan re-read after a payment until the
// webhook has changed it, 'Current Plan' on the member's own card, the usage card, checkout
// without Stripe (the configRequired toast, the window closed), a blocked window, a network
// failure, checkout against a local stand-in for Stripe's API ('Upgrading...', the window sent to
// Stripe, the page reloaded when it closes, the result handed back from the window), the billing
// portal, the retry card, the 'Session Limit Reached' screen, and 'N sessions left today'.
// Stripe's own pages are never reached: the context answers for checkout.stripe.com and
// billing.stripe.com with a tiny page.
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { launchBrowser, waitForHydration } from "../helpers/browser.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { type Member, registerMember } from "../helpers/accounts.ts";
import {
  captures,
  closeQuietly,
  expectToast,
  liveMember,
  memberContext,
  setTier,
} from "../helpers/live_browser.ts";
import { startStripeStandIn, type StripeStandIn } from "../helpers/stripe_standin.ts";
import { eventually, until } from "../helpers/time.ts";
import { keys } from "../../kv/keys.ts";
import { dayKey } from "../../kv/hashtags.ts";
import { updateUser } from "../../kv/users.ts";
import type { TierKey } from "../../lib/shared/constants.ts";
import { english } from "../helpers/english.ts";
import { rtEnglish } from "../helpers/rt_english.ts";

const PRICES = { basic: "price_basic_e2e", plus: "price_plus_e2e", vip: "price_vip_e2e" };
const STRIPE_PAGE = "<!doctype html><title>Stripe</title><h1>Stripe stand-in page</h1>";

async function setUsage(server: TestServer, m: Member, n: number) {
  await server.kv.set(keys.usage(m.id, dayKey()), new Deno.KvU64(BigInt(n)));
}

/** The member's plan, and a Stripe customer as a paid checkout leaves one. */
async function subscribe(server: TestServer, m: Member, tier: TierKey) {
  const res = await updateUser(server.kv, m.id, (u) => ({
    ...u,
    tier,
    billing: {
      customerId: "cus_e2e",
      subscriptionId: "sub_e2e",
      status: "active",
      eventCreated: 1,
    },
  }));
  assert.ok(res, "subscribe");
}

function card(page: Page, tier: TierKey): Locator {
  return page.locator(`article.tier-card[data-tier="${tier}"]`);
}

/** The card's one button or button-like link. */
function cardButton(page: Page, tier: TierKey): Locator {
  return card(page, tier).locator(".tier-action").locator("button, a");
}

async function expectButton(page: Page, tier: TierKey, text: string, disabled: boolean) {
  const b = cardButton(page, tier);
  await until(
    `${tier}: '${text}' ${disabled ? "disabled" : "enabled"}`,
    async () => ({ text: (await b.innerText()).trim(), disabled: await b.isDisabled() }),
    (v) => v.text === text && v.disabled === disabled,
    10_000,
  );
}

/** The address has lost its ?success / ?cancelled. */
async function queryDropped(page: Page) {
  await until("the query dropped", () => Promise.resolve(new URL(page.url()).search), (s) => !s);
  assert.equal(new URL(page.url()).pathname, "/subscriptions");
}

async function openPlans(page: Page, query = "") {
  await page.goto(`/subscriptions${query}`);
  await waitForHydration(page, "SubscriptionsPage");
}

/** Answers for Stripe's hosts with a tiny page, so no request leaves this machine. */
async function standInStripePages(context: BrowserContext) {
  for (const host of ["https://checkout.stripe.com/**", "https://billing.stripe.com/**"]) {
    await context.route(
      host,
      (r) => r.fulfill({ status: 200, contentType: "text/html", body: STRIPE_PAGE }),
    );
  }
}

Deno.test({
  name: "plans page, limit screen and sessions left, in Chromium",
  sanitizeOps: false,
  sanitizeResources: false,
  sanitizeExit: false,
  async fn(t) {
    let plain: TestServer | null = null;
    let paid: TestServer | null = null;
    let stripe: StripeStandIn | null = null;
    let browser: Browser | null = null;
    const contexts: BrowserContext[] = [];
    const context = async (server: TestServer, m: Member | null) => {
      const c = await memberContext(browser!, server, m);
      contexts.push(c);
      await standInStripePages(c);
      return c;
    };
    try {
      stripe = startStripeStandIn();
      [plain, paid, browser] = await Promise.all([
        startServer(),
        startServer({
          STRIPE_SECRET_KEY: "sk_test_x",
          STRIPE_PRICE_BASIC: PRICES.basic,
          STRIPE_PRICE_PLUS: PRICES.plus,
          STRIPE_PRICE_VIP: PRICES.vip,
          STRIPE_API_URL: stripe.url,
        }),
        launchBrowser(),
      ]);
      const server = plain;
      const stripeServer = paid;
      const standIn = stripe;

      await t.step("a guest sees the plans and 'Sign in to upgrade', no usage card", async () => {
        const page = await (await context(server, null)).newPage();
        await openPlans(page);
        await expectButton(page, "free", english("plans.freePlan"), true);
        for (const tier of ["basic", "plus", "vip"] as const) {
          const link = cardButton(page, tier);
          assert.equal((await link.innerText()).trim(), english("plans.signIn"));
          assert.match((await link.getAttribute("href")) ?? "", /^\/auth/);
        }
        assert.equal(await page.locator(".usage-card").count(), 0);
        assert.equal(await page.getByText(english("plans.current")).count(), 0);
        // The Free card names Free once; '3 more features' expands.
        assert.equal(await card(page, "free").getByText("Free", { exact: true }).count(), 1);
        await card(page, "plus").getByText("3 more features").click();
        await card(page, "plus").getByText("Emoji reactions").waitFor({ state: "visible" });
        // Only the plans page lets its checkout window keep its link to it.
        for (
          const [path, policy] of [
            ["/", "same-origin"],
            ["/profile", "same-origin"],
            ["/subscriptions", "same-origin-allow-popups"],
            ["/subscriptions?success=true", "unsafe-none"],
          ]
        ) {
          const res = await fetch(server.url + path, { redirect: "manual" });
          await res.body?.cancel();
          assert.equal(res.headers.get("cross-origin-opener-policy"), policy, path);
        }
        assert.equal(
          await page.locator('a.back-button[href="/"]').count(),
          1,
          "the Back button to /",
        );
      });

      await t.step(
        "'Current Plan' is on the member's own card; the usage card counts",
        async () => {
          const free = await registerMember(server);
          await setUsage(server, free, 3);
          const page = await (await context(server, free)).newPage();
          await openPlans(page);
          await expectButton(page, "free", english("plans.current"), true);
          for (const tier of ["basic", "plus", "vip"] as const) {
            await expectButton(page, tier, english("plans.upgrade"), false);
          }
          const usage = page.locator(".usage-card");
          await usage.getByText("Sessions today: 3 of 5", { exact: true }).waitFor();
          await usage.getByText(english("plans.renews"), { exact: true }).waitFor();
          assert.equal(await usage.getByText(english("plans.manage")).count(), 0, "no customer");

          const plus = await registerMember(server);
          await setTier(server.kv, plus.id, "plus");
          const p2 = await (await context(server, plus)).newPage();
          await openPlans(p2);
          await expectButton(p2, "plus", english("plans.current"), true);
          await expectButton(p2, "free", english("plans.freePlan"), true);
          await expectButton(p2, "basic", english("plans.upgrade"), false);
          assert.equal(await p2.getByText(english("plans.current"), { exact: true }).count(), 1);
          await p2.locator(".usage-card").getByText(english("plans.unlimited"), { exact: true })
            .waitFor();
          assert.equal(await p2.getByText(english("plans.renews")).count(), 0);
        },
      );

      await t.step(
        "?success=true: banner, query dropped, the plan re-read until it changes",
        async () => {
          const m = await registerMember(server);
          await setUsage(server, m, 2);
          const page = await (await context(server, m)).newPage();
          await openPlans(page, "?success=true");
          const banner = page.locator(".payment-banner");
          await banner.getByText(english("plans.success"), { exact: true }).waitFor();
          await queryDropped(page);
          assert.equal(new URL(page.url()).pathname, "/subscriptions");
          await page.getByText(english("plans.updating"), { exact: true }).waitFor();
          await expectButton(page, "free", english("plans.current"), true);
          // Stripe's webhook lands a moment later.
          await setTier(server.kv, m.id, "plus");
          await expectButton(page, "plus", english("plans.current"), true);
          await expectButton(page, "free", english("plans.freePlan"), true);
          await page.locator(".usage-card").getByText(english("plans.unlimited")).waitFor();
          await page.getByText(english("plans.updating")).waitFor({ state: "detached" });
          await banner.getByRole("button", { name: english("plans.dismiss") }).click();
          await banner.waitFor({ state: "detached" });
        },
      );

      await t.step("?cancelled=true: banner, dismissed, query dropped, no re-read", async () => {
        const m = await registerMember(server);
        const page = await (await context(server, m)).newPage();
        const reads: string[] = [];
        page.on("request", (r) => r.url().includes("/session-limit") && reads.push(r.url()));
        await openPlans(page, "?cancelled=true");
        const banner = page.locator(".payment-banner");
        await banner.getByText(english("plans.cancelled"), { exact: true }).waitFor();
        await queryDropped(page);
        assert.equal(await page.getByText(english("plans.updating")).count(), 0);
        await banner.getByRole("button", { name: english("plans.dismiss") }).click();
        await banner.waitFor({ state: "detached" });
        assert.deepEqual(reads, []);
      });

      await t.step("a failed re-read shows the retry card; Retry reads again", async () => {
        const m = await registerMember(server);
        const ctx = await context(server, m);
        const page = await ctx.newPage();
        let failures = 1;
        await page.route("**/api/subscription/session-limit", (r) => {
          if (failures-- > 0) {
            return r.fulfill({ status: 500, contentType: "application/json", body: "{}" });
          }
          return r.continue();
        });
        await openPlans(page, "?success=true");
        const failed = page.getByRole("alert").filter({ hasText: english("plans.loadFailed") });
        await failed.waitFor();
        assert.equal(await page.locator(".usage-card").count(), 0);
        await setTier(server.kv, m.id, "vip");
        await failed.getByRole("button", { name: english("plans.retry") }).click();
        await expectButton(page, "vip", english("plans.current"), true);
        await failed.waitFor({ state: "detached" });
        await page.locator(".usage-card").getByText(english("plans.unlimited")).waitFor();
      });

      await t.step(
        "checkout without Stripe: the configRequired toast; the window closes",
        async () => {
          const m = await registerMember(server);
          const page = await (await context(server, m)).newPage();
          await openPlans(page);
          const opened = page.waitForEvent("popup");
          await cardButton(page, "basic").click();
          const popup = await opened;
          await expectToast(page, english("plans.notConfigured"));
          assert.ok(await eventually(() => popup.isClosed(), 5000), "the window is still open");
          await expectButton(page, "basic", english("plans.upgrade"), false);
        },
      );

      await t.step("checkout: no answer at all, and a blocked window", async () => {
        const m = await registerMember(stripeServer);
        const ctx = await context(stripeServer, m);
        const page = await ctx.newPage();
        await openPlans(page);
        await page.route("**/api/subscription/create-checkout", (r) => r.abort("failed"));
        const opened = page.waitForEvent("popup");
        await cardButton(page, "vip").click();
        const popup = await opened;
        await expectToast(page, english("plans.network"));
        assert.ok(await eventually(() => popup.isClosed(), 5000), "the window is still open");
        await page.unroute("**/api/subscription/create-checkout");

        // A browser that blocks the window: an alert with the link to pay.
        await page.evaluate(() => (globalThis.open = () => null));
        // The alert opens within the click: it is answered while the click is still under way
        // (a click waits for what the page does next, which the open alert holds).
        const dialog = page.waitForEvent("dialog");
        const clicked = cardButton(page, "plus").click();
        const d = await dialog;
        const message = d.message();
        await d.dismiss();
        await clicked;
        assert.ok(message.startsWith(english("plans.popupBlocked")), message);
        assert.match(message, /https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
        await expectButton(page, "plus", english("plans.upgrade"), false);
      });

      await t.step(
        "checkout with Stripe: 'Upgrading...', the window goes to Stripe, closing it reloads",
        async () => {
          const m = await registerMember(stripeServer);
          const ctx = await context(stripeServer, m);
          const page = await ctx.newPage();
          await openPlans(page);
          let release = () => {};
          const gate = new Promise<void>((r) => (release = r));
          await page.route("**/api/subscription/create-checkout", async (r) => {
            await gate;
            await r.continue();
          });
          // What the page asks window.open for (the window itself takes the context's viewport).
          await page.evaluate(() => {
            const open = globalThis.open;
            globalThis.open = (...args) => {
              Object.assign(globalThis, { __openArgs: args });
              return open.apply(globalThis, args);
            };
          });
          const opened = page.waitForEvent("popup");
          await cardButton(page, "plus").click();
          const popup = await opened;
          await expectButton(page, "plus", english("plans.upgrading"), true);
          await expectButton(page, "basic", english("plans.upgrade"), true);
          await expectButton(page, "vip", english("plans.upgrade"), true);
          const [url, , features] = await page.evaluate(() =>
            (globalThis as unknown as { __openArgs: string[] }).__openArgs
          );
          assert.equal(url, "about:blank", "opened empty, in the click");
          assert.match(features, /width=800,height=600/);
          release();
          await popup.waitForURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
          await popup.getByText("Stripe stand-in page").waitFor();
          const session = standIn.callsTo("/v1/checkout/sessions").at(-1);
          assert.ok(session && Object.values(session.form).includes(PRICES.plus), "plus's price");
          await page.getByText(english("plans.paying")).waitFor();
          // The page keeps watching the window while it shows Stripe (a page that lost its link
          // to the window would take it for closed and reload at once).
          await page.waitForTimeout(1500);
          assert.ok(await page.evaluate(() => "__openArgs" in globalThis), "reloaded early");
          await page.evaluate(() => Object.assign(globalThis, { __beforeReload: true }));
          await popup.close();
          await until(
            "the page reloaded",
            () => page.evaluate(() => !("__beforeReload" in globalThis)).catch(() => false),
            (v) => v,
            5000,
          );
          await waitForHydration(page, "SubscriptionsPage");
          await expectButton(page, "plus", english("plans.upgrade"), false);
        },
      );

      await t.step(
        "back from Stripe in the window: the page that opened it shows the result",
        async () => {
          const m = await registerMember(stripeServer);
          const ctx = await context(stripeServer, m);
          const page = await ctx.newPage();
          await openPlans(page);
          const opened = page.waitForEvent("popup");
          await cardButton(page, "basic").click();
          const popup = await opened;
          await popup.waitForURL(/^https:\/\/checkout\.stripe\.com\//);
          // Stripe sends the window to the success address.
          await popup.evaluate(
            (url) => location.assign(url),
            `${stripeServer.url}/subscriptions?success=true`,
          ).catch(() => {});
          assert.ok(await eventually(() => popup.isClosed(), 10_000), "the window is still open");
          await page.locator(".payment-banner").getByText(english("plans.success")).waitFor();
          await queryDropped(page);
          await page.getByText(english("plans.updating")).waitFor();
          await setTier(stripeServer.kv, m.id, "basic");
          await expectButton(page, "basic", english("plans.current"), true);
          // A customer now exists: 'Manage subscription' is offered.
          await page.reload();
          await waitForHydration(page, "SubscriptionsPage");
          await page.getByRole("button", { name: english("plans.manage") }).waitFor();
        },
      );

      await t.step(
        "a subscriber changes plans in the billing portal; Manage subscription goes there",
        async () => {
          const m = await registerMember(stripeServer);
          await subscribe(stripeServer, m, "basic");
          await setUsage(stripeServer, m, 7);
          const ctx = await context(stripeServer, m);
          const page = await ctx.newPage();
          await openPlans(page);
          await page.locator(".usage-card").getByText("Sessions today: 7 of 20").waitFor();
          await expectButton(page, "basic", english("plans.current"), true);
          await expectButton(page, "plus", english("plans.change"), false);
          await expectButton(page, "free", english("plans.freePlan"), true);
          const before = standIn.callsTo("/v1/billing_portal/sessions").length;
          await page.getByRole("button", { name: english("plans.manage") }).click();
          await page.waitForURL(/^https:\/\/billing\.stripe\.com\/p\/session\//);
          assert.equal(standIn.callsTo("/v1/billing_portal/sessions").length, before + 1);
          assert.equal(
            standIn.callsTo("/v1/checkout/sessions").filter((c) =>
              c.form.client_reference_id === m.id
            ).length,
            0,
            "no second checkout",
          );
        },
      );

      await t.step(
        "limit reached: the screen explains, with See plans and Back to Discover",
        async () => {
          const m = await liveMember(server);
          await setUsage(server, m, 5);
          const page = await (await context(server, m)).newPage();
          await page.goto("/connecting");
          const screen = page.getByRole("region", { name: english("live.sessionLimit") });
          await screen.waitFor({ timeout: 15_000 });
          await screen.getByText(rtEnglish("session_limit"), { exact: true }).waitFor();
          const plans = screen.getByRole("link", { name: english("live.seePlans") });
          const back = screen.getByRole("link", { name: english("live.backToDiscover") });
          assert.equal(await plans.getAttribute("href"), "/subscriptions");
          assert.equal(await back.getAttribute("href"), "/");
          // The camera the search had started is let go.
          await until("the camera let go", () => captures(page), (c) => c.live === 0, 10_000);
          assert.equal(new URL(page.url()).pathname, "/connecting", "no redirect");
          await plans.click();
          await page.waitForURL((u) => u.pathname === "/subscriptions");
          await page.locator(".usage-card").getByText("Sessions today: 5 of 5").waitFor();
        },
      );

      await t.step(
        "home: the sessions left today on a limited plan, none on an unlimited one",
        async () => {
          const m = await registerMember(server);
          const page = await (await context(server, m)).newPage();
          const line = page.locator(".sessions-left");
          for (
            const [used, text] of [
              [0, "5 sessions left today"],
              [4, "1 session left today"],
              [5, "No sessions left today — see plans"],
            ] as const
          ) {
            await setUsage(server, m, used);
            await page.goto("/");
            assert.equal((await line.innerText()).trim(), text);
          }
          assert.equal(
            await line.getByRole("link", { name: "see plans" }).getAttribute("href"),
            "/subscriptions",
          );
          await setTier(server.kv, m.id, "plus");
          await page.goto("/");
          await page.getByRole("heading", { level: 1 }).waitFor();
          assert.equal(await line.count(), 0);
        },
      );
    } finally {
      await closeQuietly(...contexts, browser, plain, paid, stripe);
    }
  },
});
