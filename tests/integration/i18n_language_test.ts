// The request's language over HTTP: <html lang>, Content-Language and Vary on pages; profile beats
// the switcher's cookie beats Accept-Language; the switcher (POST /lang) sets the cookie only on a
// choice, writes a member's profile language, refuses junk and other sites, and never sends a
// visitor off the site; API errors come back in the language.
import assert from "node:assert/strict";
import { startServer } from "../helpers/server.ts";
import { Client, cookieLine, registerMember } from "../helpers/accounts.ts";

const langOf = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

Deno.test({
  name: "languages: negotiation, headers, the switcher's cookie and a member's profile",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const server = await startServer();
    try {
      await t.step("Accept-Language picks the page's language, by base language", async () => {
        const guest = new Client(server);
        for (const [header, want] of [["de-AT,de;q=0.9", "de"], ["zh-Hant", "zh"], ["it", "en"]]) {
          const res = await guest.get("/welcome", { headers: { "accept-language": header } });
          assert.equal(res.status, 200);
          assert.equal(langOf(res.text), want, header);
          assert.equal(res.headers.get("content-language"), want);
          const vary = (res.headers.get("vary") ?? "").toLowerCase();
          assert.ok(vary.includes("accept-language") && vary.includes("cookie"), vary);
        }
        assert.equal(guest.cookies.size, 0, "no cookie is set by a guess");
        // The page links the manifest in its language (browsers fetch it without cookies).
        const de = await guest.get("/welcome", { headers: { "accept-language": "de" } });
        assert.match(de.text, /<link rel="manifest" href="\/manifest\.webmanifest\?lang=de">/);
        const en = await guest.get("/welcome");
        assert.match(en.text, /<link rel="manifest" href="\/manifest\.webmanifest">/);
        const manifest = await guest.get("/manifest.webmanifest?lang=ja");
        assert.equal(JSON.parse(manifest.text).lang, "ja");
      });

      await t.step("the switcher sets the cookie, which beats Accept-Language", async () => {
        const guest = new Client(server);
        const form = new URLSearchParams({ lang: "ja", next: "/auth?tab=register" });
        const res = await guest.post("/lang", undefined, {
          body: form,
          headers: { "content-type": "application/x-www-form-urlencoded" },
        });
        assert.equal(res.status, 303);
        assert.equal(res.headers.get("location"), "/auth?tab=register");
        assert.match(cookieLine(res, "glimpse_lang") ?? "", /^glimpse_lang=ja;/);
        const page = await guest.get("/welcome", { headers: { "accept-language": "de" } });
        assert.equal(langOf(page.text), "ja");
      });

      await t.step("junk, other sites and outside addresses are refused", async () => {
        const guest = new Client(server);
        const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
          guest.post("/lang", undefined, {
            body: new URLSearchParams(body),
            headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
          });
        const bad = await post({ lang: "xx" });
        assert.equal(bad.status, 400);
        assert.equal(bad.text, "Please choose one of the languages offered.");
        assert.equal(guest.cookies.size, 0);
        const foreign = await post({ lang: "de" }, { origin: "https://evil.example" });
        assert.equal(foreign.status, 403);
        assert.equal(guest.cookies.size, 0);
        for (const next of ["//evil.example/x", "https://evil.example", "/\\evil.example"]) {
          const res = await post({ lang: "fr", next });
          assert.equal(res.status, 303);
          assert.equal(res.headers.get("location"), "/", next);
        }
      });

      await t.step(
        "a member's profile language beats the cookie; the switcher writes it",
        async () => {
          const member = await registerMember(server);
          member.client.cookies.set("glimpse_lang", "es");
          const before = await member.client.get("/", { headers: { "accept-language": "fr" } });
          assert.equal(langOf(before.text), "en", "the profile's language (English) wins");
          const res = await member.client.post("/lang", undefined, {
            body: new URLSearchParams({ lang: "de", next: "/profile" }),
            headers: { "content-type": "application/x-www-form-urlencoded" },
          });
          assert.equal(res.status, 303);
          const profile = await member.client.get("/api/user/profile");
          assert.equal(profile.json.language, "de");
          member.client.cookies.delete("glimpse_lang");
          const after = await member.client.get("/");
          assert.equal(langOf(after.text), "de");
        },
      );

      await t.step("a refusal comes back in the request's language", async () => {
        const guest = new Client(server);
        const en = await guest.post("/lang", undefined, {
          body: new URLSearchParams({ lang: "xx" }),
          headers: { "content-type": "application/x-www-form-urlencoded", "accept-language": "ja" },
        });
        assert.equal(en.status, 400);
        assert.equal(en.text, "表示されている言語から選んでください。");
        assert.equal(en.headers.get("content-language"), "ja");
        // Refused before the language middleware runs (the request's shape): still in Japanese.
        const long = await guest.get(`/api/user/profile?q=${"a".repeat(20_000)}`, {
          headers: { "accept-language": "ja" },
        });
        assert.equal(long.status, 414);
        assert.equal(long.json.error, "アドレスが長すぎます。");
      });
    } finally {
      await server.close();
    }
  },
});
