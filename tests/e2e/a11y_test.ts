// Accessibility: axe-core (from npm, injected into the page) finds no serious or critical
// violation, colour contrast included, on the main pages at phone size, for a guest and an
// unverified member, on the admin user tables (cards on a phone, tables on a desktop) for an
// administrator, and on every other page of the site (tests/helpers/site.ts) for whoever opens it.
import assert from "node:assert/strict";
import axeSource from "axe-core/axe.min.js" with { type: "text" };
import { startServer } from "../helpers/server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { registerMember, signIn } from "../helpers/accounts.ts";
import { openSitePage, pagesFor, roleContext, ROLES, seedSite } from "../helpers/site.ts";
import type { Page } from "playwright-core";

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function audit(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  return await axeProblems(page, path);
}

/** The serious and critical violations on the page as it is now, each named after `label`. */
async function axeProblems(page: Page, label: string): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const result = await (globalThis as any).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21aa"] },
    });
    return result.violations as Violation[];
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) =>
      `${label}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`
    );
}

/** Guest pages the first test audits (the member's there is an unverified one). */
const GUEST_AUDITED = new Set([
  "/",
  "/auth",
  "/terms-of-service",
  "/subscriptions",
  "/direct-admin",
]);

Deno.test({
  name: "accessibility: no serious or critical WCAG 2.1 AA violations on the main pages",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const guest = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 390, height: 844 },
        reducedMotion: "reduce",
      });
      const guestPage = await guest.newPage();
      const problems: string[] = [];
      for (
        const path of [
          "/",
          "/auth",
          "/terms-of-service",
          "/subscriptions",
          "/direct-admin",
          "/nope",
        ]
      ) {
        problems.push(...await audit(guestPage, path));
      }

      // Unverified: the pages carry the verification banner, and /connecting is the live start
      // screen's reason and Resend (no camera, no search).
      const member = await registerMember(server, { verified: false });
      await member.client.patch("/api/user/profile", { location: "Warsaw, Poland" });
      const ctx = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 390, height: 844 },
        reducedMotion: "reduce",
      });
      await ctx.addCookies([
        { name: "glimpse_session", value: member.client.session!, url: server.url },
      ]);
      const page = await ctx.newPage();
      for (
        const path of [
          "/",
          "/profile",
          "/filters",
          "/hashtags",
          "/map-discovery",
          "/viral",
          "/subscriptions",
          "/subscriptions?cancelled=true",
          "/connecting",
        ]
      ) {
        problems.push(...await audit(page, path));
      }
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
      await server.close();
    }
  },
});

Deno.test({
  name: "accessibility: the admin user tables (cards on a phone, tables on a desktop)",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const admin = { ADMIN_EMAIL: "a11y-admin@example.test", ADMIN_PASSWORD: "admin-pass-1" };
    const server = await startServer(admin);
    const browser = await launchBrowser();
    try {
      const banned = await registerMember(server);
      await registerMember(server);
      const client = await signIn(server, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD);
      const ban = await client.post(`/api/admin/users/${banned.id}/ban`, { reason: "spam" });
      assert.equal(ban.status, 200, ban.text);
      const problems: string[] = [];
      for (const width of [390, 1280]) {
        const ctx = await browser.newContext({
          baseURL: server.url,
          viewport: { width, height: 844 },
          reducedMotion: "reduce",
        });
        await ctx.addCookies([
          { name: "glimpse_session", value: client.session!, url: server.url },
        ]);
        const page = await ctx.newPage();
        for (const path of ["/admin", "/direct-admin"]) {
          problems.push(...(await audit(page, path)).map((p) => `${width} px ${p}`));
        }
        await ctx.close();
      }
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
      await server.close();
    }
  },
});

Deno.test({
  name: "accessibility: every other page, for a guest, a newcomer, a member and an administrator",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const site = await seedSite();
    const browser = await launchBrowser();
    try {
      const problems: string[] = [];
      for (const role of ROLES) {
        const ctx = await roleContext(browser, site, role, { width: 390, height: 844 });
        const page = await ctx.newPage();
        for (const p of pagesFor(role)) {
          // Audited above: the guest's main pages, the administrator's users table.
          if (role === "guest" && GUEST_AUDITED.has(p.path)) continue;
          if (role === "admin" && ["admin-users", "direct-admin"].includes(p.name)) continue;
          await openSitePage(page, p);
          problems.push(...await axeProblems(page, `${role} ${p.name} (${p.path})`));
        }
        await ctx.close();
      }
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
      await site.server.close();
    }
  },
});
