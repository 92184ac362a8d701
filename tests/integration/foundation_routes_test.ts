// The app's routes as a guest's browser sees them over HTTP: status codes, one piece of content per page, redirects of protected pages,
// security headers, asset caching and path confinement of the static folders.
import assert from "node:assert/strict";
import { startServer, type TestServer, withServer } from "../helpers/server.ts";
import { MEMBER_ONLY_PAGES } from "../helpers/site.ts";

const SUPPORT_EMAIL = "help@example.test";
const HEADLINE = "See the world through a stranger's eyes";

interface Fetched {
  status: number;
  headers: Headers;
  body: string;
}

async function get(server: TestServer, path: string): Promise<Fetched> {
  const res = await fetch(server.url + path, { redirect: "manual" });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

/** Sends a request line exactly as written (fetch would normalise "/../" away). */
async function rawGet(server: TestServer, path: string): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.port });
  try {
    await conn.write(
      new TextEncoder().encode(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      ),
    );
    const chunks: Uint8Array[] = [];
    const buf = new Uint8Array(64 * 1024);
    while (true) {
      const n = await conn.read(buf);
      if (n === null) break;
      chunks.push(buf.slice(0, n));
    }
    return new TextDecoder().decode(
      chunks.reduce((all, c) => {
        const next = new Uint8Array(all.length + c.length);
        next.set(all);
        next.set(c, all.length);
        return next;
      }, new Uint8Array()),
    );
  } finally {
    try {
      conn.close();
    } catch {
      // already closed by the server
    }
  }
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The visible text of an HTML fragment: tags dropped, entities decoded, spaces collapsed. */
function text(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, n) => NAMED[n])
    .replace(/\s+/g, " ")
    .trim();
}

/** The first element opened by `openTag` (a regex source for the start tag) up to its end tag. */
function element(html: string, openTag: string, tagName: string): string {
  const start = html.search(new RegExp(openTag));
  assert.ok(start >= 0, `no element matching ${openTag}`);
  // Count nesting of the same tag name to find the matching end tag.
  const re = new RegExp(`<(/?)${tagName}\\b[^>]*>`, "g");
  re.lastIndex = start;
  let depth = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return html.slice(start, m.index + m[0].length);
  }
  throw new Error(`unclosed <${tagName}> for ${openTag}`);
}

/** Every <a> in html as {href, text, attrs}. */
function links(html: string) {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map((m) => ({
    attrs: m[1],
    href: m[1].match(/\shref="([^"]*)"/)?.[1],
    text: text(m[2]),
  }));
}

/** The h2 headings inside the legal article. */
function legalHeadings(html: string): string[] {
  const article = element(html, `<article\\b[^>]*class="legal"`, "article");
  return [...article.matchAll(/<h2\b[^>]*>([\s\S]*?)<\/h2>/g)].map((m) => text(m[1]));
}

const ALLOWED_SOURCES = new Set([
  "'self'",
  "'none'",
  "'wasm-unsafe-eval'",
  "data:",
  "blob:",
  "mediastream:",
]);

function assertSecurityHeaders(headers: Headers, where: string) {
  const csp = headers.get("content-security-policy");
  assert.ok(csp, `${where}: no Content-Security-Policy`);
  const directives = new Map(
    csp.split(";").map((d) => d.trim()).filter(Boolean).map((d) => {
      const [name, ...sources] = d.split(/\s+/);
      return [name.toLowerCase(), sources] as const;
    }),
  );
  assert.deepEqual(directives.get("default-src"), ["'self'"], `${where}: default-src`);
  const scriptSrc = directives.get("script-src") ?? [];
  assert.ok(scriptSrc.includes("'self'"), `${where}: script-src lacks 'self'`);
  assert.ok(scriptSrc.includes("'wasm-unsafe-eval'"), `${where}: script-src lacks wasm`);
  assert.deepEqual(directives.get("frame-ancestors"), ["'none'"], `${where}: frame-ancestors`);
  for (const [name, sources] of directives) {
    for (const source of sources) {
      assert.ok(
        ALLOWED_SOURCES.has(source),
        `${where}: ${name} allows ${source}; only this site may be a source`,
      );
    }
  }
  assert.equal(headers.get("x-content-type-options"), "nosniff", `${where}: nosniff`);
  assert.ok(
    ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"].includes(
      headers.get("referrer-policy") ?? "",
    ),
    `${where}: Referrer-Policy is ${headers.get("referrer-policy")}`,
  );
  const permissions = headers.get("permissions-policy") ?? "";
  for (const feature of ["camera=(self)", "microphone=(self)", "geolocation=(self)"]) {
    assert.ok(permissions.includes(feature), `${where}: Permissions-Policy lacks ${feature}`);
  }
}

function assertHtmlPage(page: Fetched, where: string) {
  assert.match(page.headers.get("content-type") ?? "", /^text\/html/, `${where}: content-type`);
  assert.match(page.body, /^<!doctype html>/i, `${where}: not a whole document`);
}

const GUEST_BUTTON = /<a\b[^>]*href="\/auth"[^>]*>\s*Login \/ Register\s*<\/a>/;

Deno.test({
  name: "foundation routes (guest)",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const server = await startServer({ SUPPORT_EMAIL });
    try {
      for (const path of ["/", "/welcome", "/test-welcome"]) {
        await t.step(`${path} shows the welcome screen with Get Started to /auth`, async () => {
          const page = await get(server, path);
          assert.equal(page.status, 200);
          assertHtmlPage(page, path);
          const h1 = page.body.match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/);
          assert.equal(h1 && text(h1[1]), HEADLINE);
          const getStarted = links(page.body).filter((l) => l.text === "Get Started");
          assert.equal(getStarted.length, 1, "one Get Started link");
          assert.equal(getStarted[0].href, "/auth");
          // Three feature cards.
          assert.equal((page.body.match(/class="card feature-card"/g) ?? []).length, 3);
        });
      }

      await t.step("/auth is the login/register panel island", async () => {
        const page = await get(server, "/auth");
        assert.equal(page.status, 200);
        assertHtmlPage(page, "/auth");
        assert.match(page.body, /data-island="AuthPanel"/);
        // Server-rendered login form, usable before the script arrives.
        assert.match(text(page.body), /Welcome back/);
        assert.match(page.body, /<input\b[^>]*name="identifier"/);
        assert.match(
          page.body,
          /<input\b[^>]*name="password"[^>]*type="password"|type="password"[^>]*name="password"/,
        );
      });

      await t.step("/auth?invite=CODE opens the register tab with the code filled in", async () => {
        const page = await get(server, "/auth?invite=FRIEND42");
        assert.equal(page.status, 200);
        assert.match(text(page.body), /Join with an invitation/);
        assert.match(page.body, /<input\b[^>]*name="invitationCode"[^>]*value="FRIEND42"/);
      });

      await t.step("/test says test features are disabled", async () => {
        const page = await get(server, "/test");
        assert.equal(page.status, 200);
        assert.match(text(page.body), /test features are disabled/);
      });

      await t.step("/live-match is open to guests", async () => {
        const page = await get(server, "/live-match");
        assert.equal(page.status, 200);
        assertHtmlPage(page, "/live-match");
        assert.ok(links(page.body).some((l) => l.href === "/" && /Discover/.test(l.text)));
      });

      await t.step(
        "/terms-of-service: 12 numbered sections, Poland, support mailbox from config",
        async () => {
          const page = await get(server, "/terms-of-service");
          assert.equal(page.status, 200);
          const headings = legalHeadings(page.body);
          assert.deepEqual(
            headings.map((h) => h.match(/^(\d+)\. \S/)?.[1]),
            Array.from({ length: 12 }, (_, i) => String(i + 1)),
            `headings: ${headings.join(" | ")}`,
          );
          const body = text(page.body);
          assert.match(body, /Terms of Service/);
          assert.match(body, /Poland/);
          assert.ok(body.includes(SUPPORT_EMAIL), "configured support mailbox not shown");
          assert.ok(page.body.includes(`href="mailto:${SUPPORT_EMAIL}"`), "mailbox is not a link");
          assert.ok(
            !body.includes("support@glimpse.local"),
            "default mailbox shown despite config",
          );
          assert.ok(
            links(page.body).some((l) =>
              l.href === "/profile" && /aria-label="Back"/.test(l.attrs)
            ),
            "no Back link to /profile",
          );
        },
      );

      await t.step("/privacy-policy: 14 numbered sections and Back to /profile", async () => {
        const page = await get(server, "/privacy-policy");
        assert.equal(page.status, 200);
        const headings = legalHeadings(page.body);
        assert.deepEqual(
          headings.map((h) => h.match(/^(\d+)\. \S/)?.[1]),
          Array.from({ length: 14 }, (_, i) => String(i + 1)),
          `headings: ${headings.join(" | ")}`,
        );
        assert.match(text(page.body), /Privacy Policy/);
        assert.ok(
          links(page.body).some((l) => l.href === "/profile" && /aria-label="Back"/.test(l.attrs)),
          "no Back link to /profile",
        );
      });

      await t.step(
        "/subscriptions: four tiers, prices, Popular plus, a guest signs in to upgrade",
        async () => {
          const page = await get(server, "/subscriptions");
          assert.equal(page.status, 200);
          const cards = [...page.body.matchAll(/<article\b[^>]*class="[^"]*tier-card[^"]*"/g)].map(
            (m) => element(page.body.slice(m.index), "<article", "article"),
          );
          assert.equal(cards.length, 4, "one card per tier");
          const name = (card: string) => text(card.match(/<h2\b[^>]*>([\s\S]*?)<\/h2>/)?.[1] ?? "");
          const price = (card: string) =>
            text(card.match(/class="tier-price"[^>]*>([\s\S]*?)<\/p>/)?.[1] ?? "");
          assert.deepEqual(cards.map(name), ["Free", "Basic", "Plus", "VIP"]);
          // The Free card's name says Free once; its price reads like the others.
          assert.equal(price(cards[0]), "$0/month");
          for (const card of cards.slice(1)) assert.match(price(card), /^\$\d+\/month$/);
          assert.deepEqual(cards.map((c) => text(c).includes("Popular")), [
            false,
            false,
            true,
            false,
          ]);
          // A guest is on no plan: no 'Current Plan'; the paid plans send them to sign in.
          const shown = page.body.replace(/<script[\s\S]*?<\/script>/g, "");
          assert.ok(!shown.includes("Current Plan"), "a guest has a Current Plan");
          const free = cards[0].match(/<button\b([^>]*)>\s*Free plan\s*<\/button>/);
          assert.ok(free, "the Free card has no 'Free plan' button");
          assert.match(free[1], /\sdisabled(\s|=|$)/, "'Free plan' is not disabled");
          for (const card of cards.slice(1)) {
            assert.ok(
              links(card).some((l) =>
                l.text === "Sign in to upgrade" && l.href?.startsWith("/auth")
              ),
            );
          }
          const body = text(page.body);
          assert.match(body, /Why Choose Premium\?/);
          assert.match(body, /Cancel anytime/);
          assert.ok(
            links(page.body).some((l) => l.href === "/" && /aria-label="Back"/.test(l.attrs)),
          );
        },
      );

      await t.step("/simple is the fallback screen with status 200", async () => {
        const page = await get(server, "/simple");
        assert.equal(page.status, 200);
        assertHtmlPage(page, "/simple");
        assert.ok(links(page.body).some((l) => l.href === "/" && /Home/.test(l.text)));
        assert.ok(!text(page.body).includes("Page not found"));
      });

      await t.step("an unknown path is a 404 'Page not found' page", async () => {
        const page = await get(server, "/this/does/not/exist");
        assert.equal(page.status, 404);
        assertHtmlPage(page, "404");
        assert.match(text(page.body), /Page not found/);
        assert.ok(links(page.body).some((l) => l.href === "/"), "no way home from the 404 page");
      });

      await t.step("an unknown /api path returns JSON 404", async () => {
        const res = await fetch(server.url + "/api/no-such-endpoint");
        assert.equal(res.status, 404);
        assert.match(res.headers.get("content-type") ?? "", /application\/json/);
        assert.ok(typeof (await res.json()).error === "string");
      });

      await t.step("every protected page sends a guest to /auth with 303", async () => {
        assert.ok(MEMBER_ONLY_PAGES.length >= 13);
        for (const path of [...MEMBER_ONLY_PAGES, "/profile?tab=privacy"]) {
          const res = await fetch(server.url + path, { redirect: "manual" });
          await res.body?.cancel();
          assert.equal(res.status, 303, `${path} status`);
          const location = res.headers.get("location");
          assert.ok(location, `${path}: no Location`);
          assert.equal(new URL(location, server.url).pathname, "/auth", `${path} Location`);
        }
      });

      await t.step("the member-only routes are all in MEMBER_ONLY_PAGES", () => {
        for (
          const path of [
            "/connecting",
            "/match-end",
            "/profile",
            "/camera",
            "/filters",
            "/hashtags",
            "/map-discovery",
            "/test-chat",
            "/admin/reports",
            "/admin/users",
            "/admin",
            "/viral",
            "/leaderboard",
          ]
        ) {
          assert.ok((MEMBER_ONLY_PAGES as readonly string[]).includes(path), `${path} unprotected`);
        }
        assert.ok(!(MEMBER_ONLY_PAGES as readonly string[]).includes("/live-match"));
        assert.ok(!(MEMBER_ONLY_PAGES as readonly string[]).includes("/direct-admin"));
      });

      await t.step(
        "/direct-admin is public: no redirect to /auth and no server error",
        async () => {
          const page = await get(server, "/direct-admin");
          // Status today: 404 (the page comes with the admin issue); 200 once it exists.
          assert.ok([200, 404].includes(page.status), `/direct-admin responded ${page.status}`);
          assertHtmlPage(page, "/direct-admin");
        },
      );

      await t.step("/healthz reports ok with a working KV", async () => {
        const res = await fetch(server.url + "/healthz");
        assert.equal(res.status, 200);
        assert.match(res.headers.get("content-type") ?? "", /application\/json/);
        assert.deepEqual(await res.json(), { ok: true, kv: "ok" });
      });

      await t.step(
        "the document set of security headers on a page, a 404, a redirect and a /build asset",
        async () => {
          const auth = await get(server, "/auth");
          const script = auth.body.match(/<script\b[^>]*src="([^"]+)"/)?.[1];
          assert.ok(script, "no island script on /auth");
          for (const path of ["/", "/this/does/not/exist", "/profile", script]) {
            const res = await fetch(server.url + path, { redirect: "manual" });
            await res.body?.cancel();
            assertSecurityHeaders(res.headers, path);
          }
        },
      );

      await t.step("/build assets of /auth load and are cached immutably", async () => {
        const auth = await get(server, "/auth");
        // One module script for one island (and the JSON of the messages it reads).
        const scripts = [...auth.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
          .filter((s) => !s.includes('type="application/json"'));
        assert.equal(scripts.length, 1, "one script for one island");
        assert.match(scripts[0], /type="module"/);
        const js = scripts[0].match(/src="([^"]+)"/)?.[1];
        const css = auth.body.match(/<link rel="stylesheet" href="([^"]+)"/)?.[1];
        const preloads = [...auth.body.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)]
          .map((m) => m[1]);
        assert.ok(js?.startsWith("/build/") && css?.startsWith("/build/"));
        for (
          const [path, type] of [
            [js, /javascript/],
            [css, /text\/css/],
            ...preloads.map((p) => [p, /javascript/] as const),
          ] as [string, RegExp][]
        ) {
          const res = await fetch(server.url + path);
          const body = await res.text();
          assert.equal(res.status, 200, `${path} status`);
          assert.ok(body.length > 0, `${path} is empty`);
          assert.match(res.headers.get("content-type") ?? "", type, `${path} content-type`);
          assert.equal(
            res.headers.get("cache-control"),
            "public, max-age=31536000, immutable",
            `${path} cache-control`,
          );
        }
      });

      await t.step("non-hashed /static files are not cached immutably", async () => {
        const res = await fetch(server.url + "/static/icon.svg");
        await res.body?.cancel();
        assert.equal(res.status, 200);
        assert.match(res.headers.get("content-type") ?? "", /image\/svg\+xml/);
        assert.doesNotMatch(res.headers.get("cache-control") ?? "", /immutable/);
      });

      await t.step("pages without islands carry no script; /auth carries one", async () => {
        for (
          const path of [
            "/",
            "/welcome",
            "/test",
            "/terms-of-service",
            "/privacy-policy",
            "/simple",
            "/live-match",
            "/this/does/not/exist",
          ]
        ) {
          const page = await get(server, path);
          assert.ok(!/<script/i.test(page.body), `${path} ships a <script>`);
        }
      });

      for (const path of ["/", "/subscriptions", "/terms-of-service", "/this/does/not/exist"]) {
        await t.step(`${path}: bottom navigation for a guest, without Logout`, async () => {
          const page = await get(server, path);
          const nav = element(page.body, `<nav\\b[^>]*class="bottom-nav"`, "nav");
          assert.deepEqual(
            links(nav).map((l) => [l.href, l.text]),
            [["/", "Home"], ["/subscriptions", "Premium"], ["/map-discovery", "Discover"], [
              "/profile",
              "Profile",
            ]],
          );
          assert.ok(!text(nav).includes("Logout"), "guests see Logout");
          assert.ok(!nav.includes("/api/logout"), "guests get a logout form");
        });
      }

      await t.step("the bottom navigation marks the current page", async () => {
        const page = await get(server, "/subscriptions");
        const nav = element(page.body, `<nav\\b[^>]*class="bottom-nav"`, "nav");
        const current = links(nav).filter((l) => /aria-current="page"/.test(l.attrs));
        assert.deepEqual(current.map((l) => l.text), ["Premium"]);
      });

      for (
        const [path, shown] of [
          ["/", true],
          ["/terms-of-service", true],
          ["/test-welcome", true],
          ["/auth", false],
          ["/welcome", false],
        ] as const
      ) {
        await t.step(
          `${path}: guest 'Login / Register' button ${shown ? "shown" : "hidden"}`,
          async () => {
            const page = await get(server, path);
            assert.equal(GUEST_BUTTON.test(page.body), shown);
          },
        );
      }

      await t.step("/static and /build do not serve files outside their folders", async () => {
        const secret = /"importMap"|"compilerOptions"/;
        for (
          const path of [
            "/static/%2e%2e/deno.json",
            "/static/..%2fdeno.json",
            "/static/%2e%2e%2fdeno.json",
            "/static/css/%2e%2e/%2e%2e/deno.json",
            "/build/%2e%2e/%2e%2e/deno.json",
            "/static/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
          ]
        ) {
          const page = await get(server, path);
          assert.equal(page.status, 404, `${path} status`);
          assert.doesNotMatch(page.body, secret, `${path} leaked deno.json`);
          assert.doesNotMatch(page.body, /root:x:0:0/, `${path} leaked /etc/passwd`);
        }
        for (const path of ["/static/../deno.json", "/build/../../deno.json"]) {
          const raw = await rawGet(server, path);
          assert.match(raw, /^HTTP\/1\.1 (400|404) /, `${path}: ${raw.slice(0, 40)}`);
          assert.doesNotMatch(raw, secret, `${path} leaked deno.json`);
        }
      });
    } finally {
      await server.close();
    }
  },
});

Deno.test({
  name: "a malformed %-escape in a /static or /build path is a 404, not a 500",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const server = await startServer();
    try {
      for (const path of ["/static/%E0%A4%A", "/static/%", "/build/%zz.js"]) {
        const res = await fetch(server.url + path);
        await res.body?.cancel();
        // A bad link must read as "not found" (or "bad request"), not as a server failure.
        assert.ok([400, 404].includes(res.status), `${path} responded ${res.status}`);
      }
    } finally {
      await server.close();
    }
  },
});

Deno.test({
  name: "/build/manifest.json is for the server only: not served",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const server = await startServer();
    try {
      const res = await fetch(server.url + "/build/manifest.json");
      await res.body?.cancel();
      // The manifest changes with every build and lists the project's source files; it is for the
      // server only. Either it is not served, or at least not cached forever.
      assert.ok(
        res.status === 404,
        `manifest.json: ${res.status} ${res.headers.get("cache-control")}`,
      );
    } finally {
      await server.close();
    }
  },
});

Deno.test({
  name: "routes: a ?notice= is carried once as the flash, never left in the address",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withServer(async (server) => {
      // A known notice: the same page without it, the notice in the one-shot flash cookie.
      const res = await fetch(server.url + "/auth?notice=no-match&x=1", { redirect: "manual" });
      await res.body?.cancel();
      assert.equal(res.status, 303);
      assert.equal(res.headers.get("location"), "/auth?x=1");
      const cookie = res.headers.get("set-cookie") ?? "";
      assert.match(cookie, /^glimpse_flash=/);
      const shown = await fetch(server.url + "/auth?x=1", {
        headers: { cookie: cookie.split(";")[0] },
      });
      const html = await shown.text();
      // Neutral news: the info toast, not the success one.
      assert.match(html, /class="toast toast-info toast-auto-info"[^>]*>.*No matches found/s);
      assert.match(html, /Please try again later\./);
      // An unknown notice is dropped: the address is cleaned, nothing is shown.
      const unknown = await fetch(server.url + "/auth?notice=<script>", { redirect: "manual" });
      await unknown.body?.cancel();
      assert.equal(unknown.status, 303);
      assert.equal(unknown.headers.get("location"), "/auth");
      assert.equal(unknown.headers.get("set-cookie"), null);
    });
  },
});
