// Accessibility: axe-core (from npm, injected into the page) finds no serious or critical
// violation, colour contrast included, on the main pages at phone size, for a guest and a member,
// and on the admin user tables (cards on a phone, tables on a desktop) for an administrator.
import assert from "node:assert/strict";
import axeSource from "axe-core/axe.min.js" with { type: "text" };
import { startServer } from "../helpers/server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { registerMember, signIn } from "../helpers/accounts.ts";
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
      `${path}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`
    );
}

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
