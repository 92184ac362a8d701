// Every page of the site, for each role, in each language: the page says its language, and its
// text (the server-rendered HTML, islands included, and its title) holds no key name and no
// English sentence of the catalogs — beyond names, places and hashtags, which stay as written.
import assert from "node:assert/strict";
import { CATALOGS } from "../../lib/server/i18n/catalogs.ts";
import { LOCALES } from "../../lib/shared/i18n/locales.ts";
import { Client, SESSION_COOKIE } from "../helpers/accounts.ts";
import { pagesFor, ROLES, seedSite } from "../helpers/site.ts";

/** The page's visible text: no scripts, styles or tags; entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

/** English messages of three words or more (short ones may read the same in another language). */
const ENGLISH = [
  ...new Set(
    Object.values(CATALOGS).flatMap((c) =>
      Object.values(c.en).flatMap((m) => typeof m === "string" ? [m] : Object.values(m))
    ).filter((m) => m.split(/\s+/).length >= 3 && !/\{/.test(m)).map((m) => m.trim()),
  ),
];
const KEY_NAME = new RegExp(`\\b(?:${Object.keys(CATALOGS).join("|")})\\.[a-z][A-Za-z0-9]+\\b`);

Deno.test({
  name: "languages: every page, for each role, in each language, with no key names or English left",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const site = await seedSite();
    try {
      for (const locale of LOCALES) {
        await t.step(locale, async () => {
          const problems: string[] = [];
          for (const role of ROLES) {
            const client = new Client(site.server);
            const session = site.sessions[role];
            if (session) {
              client.cookies.set(SESSION_COOKIE, session);
              const res = await client.patch("/api/user/profile", { language: locale });
              assert.equal(res.status, 200, `${role}: ${res.text}`);
            }
            for (const p of pagesFor(role)) {
              const res = await client.get(p.path, { headers: { "accept-language": locale } });
              const where = `${locale} ${role} ${p.path}`;
              if (res.status >= 300 && res.status < 400) continue;
              const lang = /<html lang="([^"]+)"/.exec(res.text)?.[1];
              if (lang !== locale) problems.push(`${where}: <html lang="${lang}">`);
              if (res.headers.get("content-language") !== locale) {
                problems.push(`${where}: Content-Language ${res.headers.get("content-language")}`);
              }
              const text = visibleText(res.text);
              const key = KEY_NAME.exec(text);
              if (key) problems.push(`${where}: key name ${key[0]}`);
              // The outbox shows the mails as they were sent (in their recipients' language).
              if (locale !== "en" && p.path !== "/dev/outbox") {
                for (const sentence of ENGLISH) {
                  if (text.includes(sentence)) problems.push(`${where}: English "${sentence}"`);
                }
              }
            }
          }
          assert.deepEqual(problems, []);
        });
      }
    } finally {
      await site.server.close();
    }
  },
});
