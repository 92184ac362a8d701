// Every page of the product, for whoever opens it (a guest, a member, an administrator), on a
// server seeded so that the pages show real content: members from several countries with long
// names, invitations used (the leaderboard has rows), reports to review, a ban in the audit log.
// Used by the layout walk (tests/e2e/layout_overflow_test.ts), the screenshots (`deno task
// shots`) and the audits (`deno task audit`).
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { Client, type Member, registerMember, SESSION_COOKIE, signIn } from "./accounts.ts";
import { startServer, type TestServer } from "./server.ts";
import { seedReport } from "./reports.ts";
import { LOCATION } from "./live_browser.ts";
import { ACTION_TIMEOUT_MS } from "./time.ts";

/**
 * The pages only a signed-in member can open (a guest is sent to /auth): the member pages and the
 * admin pages. The tests check the app against this list, which is theirs, not the app's.
 */
export const MEMBER_ONLY_PAGES = [
  "/connecting",
  "/match-end",
  "/profile",
  "/camera",
  "/filters",
  "/hashtags",
  "/map-discovery",
  "/test-chat",
  "/admin",
  "/admin/reports",
  "/admin/appeals",
  "/admin/users",
  "/admin/invitations",
  "/admin/audit",
  "/admin/second-factor",
  "/viral",
  "/leaderboard",
] as const;

/**
 * A guest; a newcomer (just registered: email not verified yet, no location, a 20-character
 * name); a member (verified, located); an administrator.
 */
export type Role = "guest" | "newcomer" | "member" | "admin";
export const ROLES: readonly Role[] = ["guest", "newcomer", "member", "admin"];

export interface SitePage {
  /** A short file-safe name (screenshots are named after it). */
  name: string;
  path: string;
  roles: readonly Role[];
  /**
   * The page's own primary actions: each must be on the page, inside the viewport horizontally
   * and, scrolled into view, not covered by the bottom navigation (or anything else).
   */
  primary?: readonly string[];
  /** Runs on the site's origin before the page is opened (e.g. a summary kept by the tab). */
  before?: (page: Page) => Promise<void>;
  /** Runs once the page has loaded (e.g. opens a tab of it). */
  after?: (page: Page) => Promise<void>;
  /** The page opens the camera (or searches): slower, and the walk only visits it as a member. */
  camera?: boolean;
}

/** The summary a tab keeps after a session, for /match-end. */
const SUMMARY = {
  duration: 94,
  location: "Rio de Janeiro, Brazil",
  hashtag: "travel",
  reactions: { "❤️": 3, "👍": 1, "😮": 0, "🔥": 2, "👏": 0 },
};

const ALL: readonly Role[] = ROLES;
const SIGNED_IN: readonly Role[] = ["member", "admin"];
/** The newcomer's pages: each carries the verification banner. */
const NEWCOMER: Role = "newcomer";

export const SITE_PAGES: readonly SitePage[] = [
  { name: "home", path: "/", roles: ALL, primary: ["main .button-primary"] },
  // Going live unverified: the reason and Resend in place of a search.
  { name: "verify-first", path: "/connecting", roles: [NEWCOMER], primary: ["main .button"] },
  { name: "welcome", path: "/welcome", roles: ["guest", "member"] },
  { name: "start", path: "/test", roles: ["guest"], primary: ["main .button-primary"] },
  { name: "simple", path: "/simple", roles: ["guest"] },
  {
    name: "auth-login",
    path: "/auth",
    roles: ["guest"],
    primary: ["main form button[type=submit]"],
  },
  {
    name: "auth-register",
    path: "/auth?tab=register",
    roles: ["guest"],
    primary: ["main form button[type=submit]"],
  },
  {
    name: "auth-forgot",
    path: "/auth?tab=forgot-password",
    roles: ["guest"],
    primary: ["main form button[type=submit]"],
  },
  { name: "terms", path: "/terms-of-service", roles: ["guest", "member"] },
  { name: "privacy-policy", path: "/privacy-policy", roles: ["guest", "member"] },
  { name: "subscriptions", path: "/subscriptions", roles: ["guest", "member", "admin"] },
  { name: "subscriptions-paid", path: "/subscriptions?success=true", roles: ["member"] },
  { name: "direct-admin", path: "/direct-admin", roles: ["guest", "member", "admin"] },
  { name: "live-match", path: "/live-match", roles: ["guest"] },
  {
    name: "not-found",
    path: "/no-such-page",
    roles: ["guest", "member"],
    primary: ["main .button-primary"],
  },
  { name: "outbox", path: "/dev/outbox", roles: ["guest"] },
  {
    name: "profile",
    path: "/profile",
    roles: [NEWCOMER, ...SIGNED_IN],
    primary: ["#panel-profile button[type=submit]"],
  },
  {
    name: "profile-privacy",
    path: "/profile",
    roles: ["member"],
    after: async (page) => {
      await page.locator("#tab-privacy").click();
      await page.locator("#panel-privacy").waitFor({ state: "visible" });
    },
    primary: ["#panel-privacy button[type=submit]", "#panel-privacy .button-danger"],
  },
  { name: "filters", path: "/filters", roles: SIGNED_IN, primary: ["main .button-primary"] },
  { name: "hashtags", path: "/hashtags", roles: SIGNED_IN },
  { name: "map", path: "/map-discovery", roles: SIGNED_IN },
  { name: "connecting", path: "/connecting", roles: ["member"], camera: true },
  { name: "camera", path: "/camera", roles: ["member"], camera: true },
  { name: "test-chat", path: "/test-chat", roles: ["member"], camera: true },
  {
    name: "match-end",
    path: "/match-end",
    roles: ["member"],
    before: async (page) => {
      await page.goto("/no-such-page");
      await page.evaluate(
        (s) => sessionStorage.setItem("glimpse_summary", JSON.stringify(s)),
        SUMMARY,
      );
    },
    primary: ["main .button-primary"],
  },
  {
    name: "match-end-empty",
    path: "/match-end",
    roles: ["admin"],
    primary: ["main .button-primary"],
  },
  { name: "viral", path: "/viral", roles: [NEWCOMER, ...SIGNED_IN] },
  {
    name: "leaderboard",
    path: "/leaderboard",
    roles: SIGNED_IN,
    primary: ["main .button-primary"],
  },
  { name: "leaderboard-all", path: "/leaderboard?period=all", roles: ["member"] },
  { name: "admin-denied", path: "/admin", roles: ["member"] },
  { name: "admin-users", path: "/admin", roles: ["admin"] },
  { name: "admin-reports", path: "/admin/reports", roles: ["admin"] },
  { name: "admin-appeals", path: "/admin/appeals", roles: ["admin"] },
  { name: "admin-audit", path: "/admin/audit", roles: ["admin"] },
  { name: "admin-invitations", path: "/admin/invitations", roles: ["admin"] },
  { name: "admin-second-factor", path: "/admin/second-factor", roles: ["admin"] },
];

/** The pages `role` opens, in order. */
export function pagesFor(role: Role): SitePage[] {
  return SITE_PAGES.filter((p) => p.roles.includes(role));
}

export const ADMIN_ENV = { ADMIN_EMAIL: "site-admin@example.test", ADMIN_PASSWORD: "admin-pass-1" };

export interface Site {
  server: TestServer;
  /** The session cookie of each role (none for a guest). */
  sessions: Record<Role, string | null>;
  /** The member whose pages are walked. */
  member: Member;
  /** Another member, verified and located like the first (a partner for a live match). */
  partner: Member;
}

/** Long-ish names and far-apart places: what real members bring. */
const PEOPLE = [
  { username: "wanderlust_mariana", location: "Rio de Janeiro, Brazil" },
  { username: "kenji_streetviews", location: "Osaka, Japan" },
  { username: "amelie_montmartre", location: "Paris, France" },
  { username: "tomasz_krk", location: "Kraków, Poland" },
  { username: "ngozi_lagos_walks", location: "Lagos, Nigeria" },
];

/**
 * Starts a server on an in-memory KV with an administrator, a newcomer and members: the first
 * member (the one walked) invited two friends, a second invited one; pending reports name four of
 * them, and one is banned (an audit entry).
 */
export async function seedSite(env: Record<string, string> = {}): Promise<Site> {
  const server = await startServer({ ...ADMIN_ENV, ...env });
  try {
    const made: Member[] = [];
    const place = async (client: Client, location: string) => {
      const res = await client.patch("/api/user/profile", { location });
      assert.equal(res.status, 200, `profile location: ${res.text}`);
    };
    const member = await registerMember(server, { username: PEOPLE[0].username });
    await place(member.client, PEOPLE[0].location);
    made.push(member);
    for (const [i, p] of PEOPLE.slice(1).entries()) {
      const inviter = i < 2 ? member : made[1];
      const m = await registerMember(server, {
        username: p.username,
        invitationCode: inviter.codes[i % 2],
      });
      await place(m.client, p.location);
      made.push(m);
    }
    const admin = await signIn(server, ADMIN_ENV.ADMIN_EMAIL, ADMIN_ENV.ADMIN_PASSWORD);
    await place(admin, LOCATION);
    const newcomer = await registerMember(server, {
      username: "globetrotter_alexand",
      verified: false,
    });
    await seedReport(server.kv, {
      reporterId: made[2].id,
      reporterUsername: made[2].username,
      reportedId: made[3].id,
      reportedUsername: made[3].username,
      reportReason: "inappropriate",
      additionalDetails: "Pointed the camera at other people in the street without asking them.",
    });
    await seedReport(server.kv, {
      reporterId: made[1].id,
      reporterUsername: made[1].username,
      reportedId: made[4].id,
      reportedUsername: made[4].username,
      reportReason: "harassment",
    });
    const ban = await admin.post(`/api/admin/users/${made[4].id}/ban`, {
      reason: "Advertising a paid service during calls",
    });
    assert.equal(ban.status, 200, `ban: ${ban.text}`);
    return {
      server,
      member,
      partner: made[1],
      sessions: {
        guest: null,
        newcomer: newcomer.client.session!,
        member: member.client.session!,
        admin: admin.session!,
      },
    };
  } catch (err) {
    await server.close();
    throw err;
  }
}

/** A context for `role` at `viewport`, reduced motion (no entrance animations to wait for). */
export async function roleContext(
  browser: Browser,
  site: Site,
  role: Role,
  viewport: { width: number; height: number },
  /** The browser's language (Accept-Language, navigator.language); English unless given. */
  locale = "en-US",
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: site.server.url,
    viewport,
    reducedMotion: "reduce",
    locale,
  });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  const session = site.sessions[role];
  if (session) {
    await context.addCookies([{
      name: SESSION_COOKIE,
      value: session,
      url: site.server.url,
      httpOnly: true,
      sameSite: "Lax",
    }]);
  }
  return context;
}

/**
 * Sets the profile language of every signed-in role (which outranks the browser's language), so
 * that each role's pages come in `locale`.
 */
export async function setSiteLanguage(site: Site, locale: string): Promise<void> {
  for (const role of ROLES) {
    const session = site.sessions[role];
    if (!session) continue;
    const client = new Client(site.server);
    client.cookies.set(SESSION_COOKIE, session);
    const res = await client.patch("/api/user/profile", { language: locale });
    assert.equal(res.status, 200, `${role}'s language: ${res.text}`);
  }
}

/** Opens `p` and waits until its islands have hydrated and its requests have settled. */
export async function openSitePage(page: Page, p: SitePage): Promise<void> {
  await p.before?.(page);
  await page.goto(p.path);
  await page.waitForLoadState("networkidle", { timeout: p.camera ? 10_000 : 5_000 }).catch(
    () => {},
  );
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-island]")].every((el) =>
      el.getAttribute("data-hydrated") === "true"
    )
  );
  await p.after?.(page);
}
