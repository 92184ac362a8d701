// The installable app in the request's language: the web app manifest's description and `lang`
// follow Accept-Language (and the language switcher's cookie), English by default, and say that
// they vary with both; the offline page the service worker keeps is rendered in the language
// asked for (Accept-Language, or `?lang=`, which the worker uses to keep it in the language of
// the member's pages) and says which language it is in.
import assert from "node:assert/strict";
import { startServer } from "../helpers/server.ts";
import { english as englishOf } from "../helpers/english.ts";
import home from "../../lib/shared/i18n/catalog/home/mod.ts";

const varies = (res: Response) => {
  const vary = (res.headers.get("vary") ?? "").toLowerCase().split(/\s*,\s*/);
  return vary.includes("accept-language") && vary.includes("cookie");
};

Deno.test("i18n pwa: the manifest is in the request's language, English by default", async () => {
  const server = await startServer();
  try {
    const english = await fetch(server.url + "/manifest.webmanifest");
    assert.equal(english.status, 200);
    assert.match(english.headers.get("content-type") ?? "", /^application\/manifest\+json/);
    assert.ok(varies(english), `Vary: ${english.headers.get("vary")}`);
    assert.equal(english.headers.get("content-language"), "en");
    const en = await english.json();
    assert.equal(en.description, englishOf("home.appDescription"));
    assert.equal(en.description, "Live point-of-view video with a stranger, somewhere else.");
    assert.equal(en.lang, "en");
    assert.equal(en.name, "Glimpse");

    const german = await fetch(server.url + "/manifest.webmanifest", {
      headers: { "accept-language": "de-DE,de;q=0.9,en;q=0.5" },
    });
    assert.equal(german.status, 200);
    assert.ok(varies(german), `Vary: ${german.headers.get("vary")}`);
    assert.equal(german.headers.get("content-language"), "de");
    const de = await german.json();
    assert.equal(de.description, home.de.appDescription);
    assert.notEqual(de.description, en.description);
    assert.equal(de.lang, "de");
    // The brand, the colours, the icons and the addresses are the same in every language.
    assert.deepEqual({ ...de, description: en.description, lang: en.lang }, en);

    // The language switcher's cookie counts too.
    const chosen = await fetch(server.url + "/manifest.webmanifest", {
      headers: { cookie: "glimpse_lang=ja", "accept-language": "de" },
    });
    assert.equal((await chosen.json()).description, home.ja.appDescription);
  } finally {
    await server.close();
  }
});

Deno.test("i18n pwa: the offline page is in the language asked for", async () => {
  const server = await startServer();
  try {
    const english = await fetch(server.url + "/offline");
    const enHtml = await english.text();
    assert.equal(english.headers.get("content-language"), "en");
    assert.ok(varies(english), `Vary: ${english.headers.get("vary")}`);
    assert.ok(enHtml.includes(`<html lang="en">`));
    assert.ok(enHtml.includes(home.en.offlineTitle) && enHtml.includes(home.en.offlineDescription));

    const german = await fetch(server.url + "/offline", { headers: { "accept-language": "de" } });
    const deHtml = await german.text();
    assert.equal(german.headers.get("content-language"), "de");
    assert.ok(deHtml.includes(`<html lang="de">`));
    assert.ok(deHtml.includes(home.de.offlineTitle), "the German heading");
    assert.ok(deHtml.includes(`>${home.de.retry}</a>`), "the German Retry");
    assert.ok(deHtml.includes(`<title>${home.de.titleOffline} · Glimpse</title>`));
    assert.ok(!deHtml.includes(home.en.offlineTitle) && !deHtml.includes(home.en.offlineNote));

    // ?lang= (what the worker asks for) wins over the browser's languages; an unknown one is
    // ignored.
    const japanese = await fetch(server.url + "/offline?lang=ja", {
      headers: { "accept-language": "de" },
    });
    const jaHtml = await japanese.text();
    assert.equal(japanese.headers.get("content-language"), "ja");
    assert.ok(jaHtml.includes(`<html lang="ja">`) && jaHtml.includes(home.ja.offlineTitle));
    const unknown = await fetch(server.url + "/offline?lang=xx");
    assert.equal(unknown.headers.get("content-language"), "en");
    assert.equal(await unknown.text(), enHtml);
  } finally {
    await server.close();
  }
});
