// What the server keeps between requests to answer faster (lib/server/render/page.tsx, the verified
// session tokens of lib/server/auth/session.ts) changes nothing anyone sees: every page, for each
// role, in each language, is byte for byte the page rendered from scratch; a guest's kept page
// is per language, never a member's (and the other way round), shows a toast when there is one,
// and a new build serves its own pages; a member's change shows on the next page; a session
// ended or a member banned is refused at once, on every instance.
import { said } from "../../lib/shared/i18n/said.ts";
import assert from "node:assert/strict";
import { LOCALES } from "../../lib/shared/i18n/locales.ts";
import { createApp } from "../../routes/app.tsx";
import { PageRenderer, renderDocument } from "../../lib/server/render/page.tsx";
import { Client, registerMember, SESSION_COOKIE } from "../helpers/accounts.ts";
import { pagesFor, ROLES, seedSite } from "../helpers/site.ts";
import { startServer, TEST_IP_HEADER, withServer } from "../helpers/server.ts";
import { keys } from "../../kv/keys.ts";
import { usageTodayKey } from "../../kv/usage.ts";
import { newBan } from "../../lib/shared/moderation/bans.ts";
import type { UserRecord } from "../../lib/shared/auth/types.ts";
import { WelcomeScreen } from "../../components/WelcomeScreen.tsx";
import { h } from "preact";

/** The headers a page's two renderings must agree on (the encoding and length may differ). */
const SAME_HEADERS = [
  "content-type",
  "cache-control",
  "content-language",
  "vary",
  "content-security-policy",
  "permissions-policy",
  "referrer-policy",
  "x-frame-options",
  "x-content-type-options",
  "cross-origin-opener-policy",
  "strict-transport-security",
];

/** The site's pages a guest is served from the renderer's memory (marked sameForEveryGuest). */
const KEPT_FOR_GUESTS = [
  "/",
  "/welcome",
  "/test",
  "/simple",
  "/auth",
  "/terms-of-service",
  "/privacy-policy",
  "/live-match",
];

Deno.test({
  name: "page cache: every page, for each role, in each language, is the page rendered afresh",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const site = await seedSite();
    const { server } = site;
    // A second app on the same KV and build that keeps nothing: every page rendered from scratch.
    const fresh = await createApp({
      config: server.config,
      kv: server.kv,
      assets: server.assets,
      hub: server.hub,
      pages: new PageRenderer(server.assets, { keep: false }),
      log: () => {},
    });
    try {
      for (const locale of LOCALES) {
        await t.step(locale, async () => {
          for (const role of ROLES) {
            const client = new Client(server);
            const session = site.sessions[role];
            const headers: Record<string, string> = { "accept-language": locale };
            if (session) {
              client.cookies.set(SESSION_COOKIE, session);
              const res = await client.patch("/api/user/profile", { language: locale });
              assert.equal(res.status, 200, `${role}: ${res.text}`);
              headers.cookie = `${SESSION_COOKIE}=${session}`;
            }
            for (const p of pagesFor(role)) {
              const where = `${locale} ${role} ${p.path}`;
              // Twice: the first may fill what is kept, the second is served from it. Both as a
              // browser asks (brotli or gzip), and once more as gzip only and as plain bytes.
              const answers = [
                await client.get(p.path, { headers: { "accept-language": locale } }),
                await client.get(p.path, { headers: { "accept-language": locale } }),
                await client.get(p.path, {
                  headers: { "accept-language": locale, "accept-encoding": "gzip" },
                }),
                await client.get(p.path, {
                  headers: { "accept-language": locale, "accept-encoding": "identity" },
                }),
              ];
              const reference = await fresh.request(`${server.url}${p.path}`, { headers });
              const expected = await reference.text();
              for (const [i, a] of answers.entries()) {
                assert.equal(a.status, reference.status, `${where} (#${i}) status`);
                assert.ok(a.text === expected, `${where} (#${i}): not the fresh page`);
                for (const name of SAME_HEADERS) {
                  assert.equal(
                    a.headers.get(name),
                    reference.headers.get(name),
                    `${where} (#${i}) ${name}`,
                  );
                }
              }
              // Offered both: a guest's kept page (compressed once) as brotli, a page made per
              // request as gzip.
              const kept = role === "guest" && KEPT_FOR_GUESTS.includes(p.path);
              assert.equal(
                answers[1].headers.get("content-encoding"),
                kept ? "br" : "gzip",
                `${where} ${kept ? "br" : "gzip"}`,
              );
              assert.equal(answers[2].headers.get("content-encoding"), "gzip", `${where} gzip`);
              assert.equal(answers[3].headers.get("content-encoding"), null, `${where} plain`);
            }
          }
        });
      }
    } finally {
      await site.server.close();
    }
  },
});

Deno.test({
  name:
    "page cache: a guest's kept page is per language and path, never a member's, and shows a toast",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withServer(async (server) => {
      const guest = new Client(server);
      const member = await registerMember(server);
      const html = async (client: Client, path: string, locale = "en") => {
        const a = await client.get(path, { headers: { "accept-language": locale } });
        assert.equal(a.status, 200, `${path}: ${a.status}`);
        return a.text;
      };
      const signedIn = (page: string) => page.includes('action="/api/logout"');
      // The guest fills the cache first; the member must still get their own page.
      for (const path of ["/", "/welcome", "/terms-of-service", "/auth"]) {
        const asGuest = await html(guest, path);
        const asMember = await html(member.client, path);
        assert.ok(!signedIn(asGuest), `${path}: the guest's page is a guest's`);
        if (path !== "/auth") assert.ok(signedIn(asMember), `${path}: the member's page is theirs`);
        // And the other way round: the guest after the member.
        assert.equal(await html(guest, path), asGuest, path);
      }
      // The member's home is theirs, the guest's the welcome screen.
      assert.ok((await html(member.client, "/")).includes(member.username));
      assert.ok(!(await html(guest, "/")).includes(member.username));
      // Per language and per path.
      const fr = await html(guest, "/welcome", "fr");
      const de = await html(guest, "/welcome", "de");
      assert.match(fr, /<html lang="fr">/);
      assert.match(de, /<html lang="de">/);
      assert.notEqual(fr, de);
      assert.ok((await html(guest, "/")).includes(`name="next" value="/"`));
      assert.ok((await html(guest, "/welcome")).includes(`name="next" value="/welcome"`));
      // A query makes the sign-in page another page (the register tab).
      assert.notEqual(await html(guest, "/auth?tab=register"), await html(guest, "/auth"));
      // A toast waiting in the guest's cookie is shown, once.
      const sent = await guest.get("/welcome?notice=no-match");
      assert.equal(sent.status, 303);
      const toast = await html(guest, "/welcome");
      assert.ok(toast.includes("No matches found"), "the toast is on the page");
      assert.ok(!(await html(guest, "/welcome")).includes("No matches found"), "and only once");
    });
  },
});

Deno.test({
  name: "page cache: a new build serves its own pages, not the last build's",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const server = await startServer();
    try {
      const guest = new Client(server);
      const before = await guest.get("/welcome");
      assert.ok(before.text.includes(`href="${server.assets.css}"`));
      const next = { ...server.assets, css: "/build/next-build.css" };
      await server.deploy(next);
      const after = await guest.get("/welcome");
      assert.ok(after.text.includes(`href="/build/next-build.css"`), "the new build's stylesheet");
      assert.equal(after.text, renderDocumentFor(next));
    } finally {
      await server.close();
    }
  },
});

/** /welcome for an English guest, rendered from scratch with `assets` (as routes/pages/public.tsx). */
function renderDocumentFor(assets: Parameters<typeof renderDocument>[0]): string {
  return renderDocument(assets, {
    path: "/welcome",
    user: null,
    flash: null,
    title: said("home.titleWelcome"),
    locale: "en",
    body: h(WelcomeScreen, {}),
  });
}

Deno.test({
  name: "page cache: a member's change shows on the next page (name, text, language, verification)",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withServer(async (server) => {
      const fresh = await createApp({
        config: server.config,
        kv: server.kv,
        assets: server.assets,
        hub: server.hub,
        pages: new PageRenderer(server.assets, { keep: false }),
        log: () => {},
      });
      const member = await registerMember(server, { verified: false });
      const client = member.client;
      /** The page as this server serves it, checked against the page rendered from scratch. */
      const get = async (path: string) => {
        // The same cookies for both (a toast waiting in one shows on both).
        const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
        const served = await client.get(path);
        const expected = await (await fresh.request(`${server.url}${path}`, {
          headers: { cookie },
        })).text();
        assert.ok(served.text === expected, `${path}: not the fresh page`);
        return served.text;
      };
      const home = await get("/");
      assert.ok(home.includes(member.username));
      // The unverified member's banner, on every page.
      assert.ok(home.includes('data-island="VerificationBanner"'));
      const renamed = `${member.username.slice(0, 14)}_new`;
      const patch = await client.patch("/api/user/profile", { username: renamed });
      assert.equal(patch.status, 200, patch.text);
      for (const path of ["/", "/profile"]) {
        assert.ok((await get(path)).includes(renamed), `${path}: the new name`);
      }
      // A text of the member's that spells where the cached layout is cut changes nothing.
      const bio = "<glimpse-body></glimpse-body> \uE000glimpse-body\uE000 <glimpse-banner>";
      const about = await client.patch("/api/user/profile", { bio });
      assert.equal(about.status, 200, about.text);
      assert.equal((await get("/profile")).split('<main id="main"').length, 2);
      const language = await client.patch("/api/user/profile", { language: "de" });
      assert.equal(language.status, 200, language.text);
      const german = await client.get("/");
      assert.match(german.text, /<html lang="de">/);
      assert.equal(german.headers.get("content-language"), "de");
      await get("/");
      // Verified: the banner is gone from the next page.
      const record = (await server.kv.get<UserRecord>(keys.user(member.id))).value!;
      await server.kv.set(keys.user(member.id), { ...record, emailVerified: true });
      assert.ok(!(await get("/")).includes('data-island="VerificationBanner"'));
      await get("/profile");
      // Verified, the home page is kept while what it shows of the member is unchanged (the same
      // bytes again), and each change shows on the next one: hashtags, a session used, the name.
      const kept = await get("/");
      assert.equal(await get("/"), kept);
      const tags = await client.post("/api/filters", { hashtags: ["ramen"] });
      assert.equal(tags.status, 200, tags.text);
      const tagged = await get("/");
      assert.ok(tagged.includes("ramen") && !kept.includes("ramen"), "the new hashtag");
      await server.kv.atomic().sum(usageTodayKey(member.id), 1n).commit();
      const used = await get("/");
      assert.notEqual(used, tagged, "one session fewer left");
      const again = `${renamed.slice(0, 12)}_two`;
      const rename = await client.patch("/api/user/profile", { username: again });
      assert.equal(rename.status, 200, rename.text);
      assert.ok((await get("/")).includes(again), "the name changed again");
    });
  },
});

Deno.test({
  name: "sessions: signing out or a ban refuses the same cookie at once, on every instance",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withServer(async (server) => {
      // Another instance on the same KV (its own memory of verified tokens).
      const other = await createApp({
        config: server.config,
        kv: server.kv,
        assets: server.assets,
        hub: server.hub,
        log: () => {},
      });
      const onOther = (cookie: string) =>
        other.request(`${server.url}/api/user/profile`, {
          headers: { cookie: `${SESSION_COOKIE}=${cookie}`, [TEST_IP_HEADER]: "192.0.2.9" },
        });
      // Signing out, on this instance, after both instances have seen the cookie.
      const a = await registerMember(server);
      const cookieA = a.client.session!;
      assert.equal((await a.client.get("/api/user/profile")).status, 200);
      assert.equal((await onOther(cookieA)).status, 200);
      const kept = a.client.clone();
      assert.equal((await a.client.post("/api/logout", {})).status, 200);
      assert.equal((await kept.get("/api/user/profile")).status, 401, "this instance");
      assert.equal((await onOther(cookieA)).status, 401, "the other instance");
      const page = await kept.get("/profile");
      assert.equal(page.status, 303, "a member page sends the signed-out cookie to sign in");
      // A ban written on the record (its sessions not yet ended): refused at once, both places.
      const b = await registerMember(server);
      const cookieB = b.client.session!;
      assert.equal((await b.client.get("/api/user/profile")).status, 200);
      assert.equal((await onOther(cookieB)).status, 200);
      const record = (await server.kv.get<UserRecord>(keys.user(b.id))).value!;
      await server.kv.set(keys.user(b.id), {
        ...record,
        ban: newBan("test", undefined, "admin", Date.now()),
      });
      assert.equal((await b.client.get("/api/user/profile")).status, 401, "banned, here");
      assert.equal((await onOther(cookieB)).status, 401, "banned, the other instance");
      // A token changed by one character is no token, even beside one verified before.
      const c = await registerMember(server);
      const cookieC = c.client.session!;
      assert.equal((await onOther(cookieC)).status, 200);
      const forged = cookieC.slice(0, -2) + (cookieC.at(-2) === "A" ? "B" : "A") + cookieC.at(-1);
      assert.equal((await onOther(forged)).status, 401, "a changed signature");
    });
  },
});
