// Which language a request gets: profile beats the switcher's cookie beats Accept-Language beats
// English; Accept-Language ranges by weight, matched by base language.
import assert from "node:assert/strict";
import {
  acceptedRanges,
  chooseLocale,
  endonym,
  LOCALES,
  matchAcceptLanguage,
} from "../../lib/shared/i18n/locales.ts";
import { formatDate, formatPrice, render, withMessages } from "../../lib/shared/i18n/messages.ts";
import { sayIn, serverMessages } from "../../lib/server/i18n/catalogs.ts";
import { said } from "../../lib/shared/i18n/said.ts";

Deno.test("Accept-Language: weights, order, base-language fallback, and junk", () => {
  assert.deepEqual(acceptedRanges("fr;q=0.5, de-AT, en;q=0.8"), ["de-at", "en", "fr"]);
  assert.equal(matchAcceptLanguage("de-AT,de;q=0.9,en;q=0.8"), "de");
  assert.equal(matchAcceptLanguage("zh-Hant-TW"), "zh");
  assert.equal(matchAcceptLanguage("pt-BR, ja;q=0.3"), "ja");
  assert.equal(matchAcceptLanguage("pt-BR, it"), null);
  assert.equal(matchAcceptLanguage("ja;q=0, es;q=0.1"), "es", "q=0 means not wanted");
  assert.equal(matchAcceptLanguage("*"), null);
  assert.equal(matchAcceptLanguage("<script>, ,;q=x, fr"), "fr");
  assert.equal(matchAcceptLanguage(""), null);
  assert.equal(matchAcceptLanguage(null), null);
});

Deno.test("the language chosen: profile > cookie > Accept-Language > English", () => {
  assert.equal(chooseLocale({ profile: "ja", cookie: "de", acceptLanguage: "fr" }), "ja");
  assert.equal(chooseLocale({ cookie: "de", acceptLanguage: "fr" }), "de");
  assert.equal(chooseLocale({ cookie: "xx", acceptLanguage: "fr-CA" }), "fr");
  assert.equal(chooseLocale({ acceptLanguage: "it" }), "en");
  assert.equal(chooseLocale({}), "en");
});

Deno.test("languages are named in their own language", () => {
  assert.equal(endonym("de"), "Deutsch");
  assert.equal(endonym("ja"), "日本語");
  assert.equal(endonym("es"), "Español");
});

Deno.test("plural forms follow the language's rules; placeholders are filled", () => {
  const left = { one: "{count} skip left", other: "{count} skips left" };
  assert.equal(render(left, { count: 1 }, "en"), "1 skip left");
  assert.equal(render(left, { count: 3 }, "en"), "3 skips left");
  assert.equal(render({ other: "残り{count}回" }, { count: 1 }, "ja"), "残り1回");
});

Deno.test("Intl formats: a price and a date in de and ja", () => {
  const date = new Date("2026-03-05T12:00:00Z");
  const [deText, jaText] = (["de", "ja"] as const).map((l) =>
    withMessages(serverMessages(l), () => [formatPrice(4.99, "USD"), formatDate(date)])
  );
  assert.equal(deText[0].replace(/\s/g, " "), "4,99 $");
  assert.equal(deText[1], "05.03.2026");
  assert.equal(jaText[0], "$4.99");
  assert.equal(jaText[1], "2026/03/05");
});

Deno.test("a server's message is said in the request's language, with its values", () => {
  assert.equal(
    sayIn("ja", said("texts.tooMany", { minutes: "30", count: 30 })),
    "試行回数が多すぎます。30 分待ってから、もう一度お試しください。",
  );
  assert.equal(sayIn("en", said("texts.notFound")), "Not found");
  // A date a message names is written in the language, in UTC.
  const until = "2026-03-05T12:00:00Z";
  assert.equal(
    sayIn("en", said("admin.signInBannedUntil", {}, { until })),
    "Your account is suspended until Mar 5, 2026, 12:00 PM UTC for breaking the community guidelines.",
  );
  assert.ok(
    sayIn("de", said("admin.signInBannedUntil", {}, { until })).includes("05.03.2026, 12:00 UTC"),
  );
});

Deno.test("Accept-Language: our rule picks what Hono's languageDetector picks, configured without its cookie", async () => {
  const { Hono } = await import("hono");
  const { languageDetector } = await import("hono/language");
  const app = new Hono<{ Variables: { language: string } }>();
  app.use(languageDetector({
    supportedLanguages: [...LOCALES],
    fallbackLanguage: "en",
    order: ["header"],
    caches: false,
  }));
  app.get("/", (c) => c.text(c.var.language));
  for (
    const header of [
      "de-AT,de;q=0.9,en;q=0.8",
      "zh-Hant-TW",
      "pt-BR, ja;q=0.3",
      "fr;q=0.5, de-CH, en;q=0.8",
      "ja;q=0, es;q=0.1",
      "it",
      "",
    ]
  ) {
    const res = await app.request("/", { headers: { "accept-language": header } });
    assert.equal(res.headers.get("set-cookie"), null, "no cookie from a guess");
    assert.equal(matchAcceptLanguage(header) ?? "en", await res.text(), header);
  }
});

Deno.test("a date a server's message names is written in the response's language", async () => {
  const { sayIn } = await import("../../lib/server/i18n/catalogs.ts");
  const { signInBanText } = await import("../../lib/shared/moderation/ban_text.ts");
  const until = "2026-12-01T15:04:00Z";
  const message = signInBanText({ reason: "", until, at: "", by: "" });
  assert.match(
    sayIn("en", message),
    /^Your account is suspended until Dec 1, 2026, 3:04\sPM UTC for breaking the community guidelines\.$/,
    "English as it was",
  );
  const de = sayIn("de", message);
  assert.ok(de.includes("01.12.2026, 15:04 UTC"), de);
  assert.ok(!de.includes("Dec"), de);
  const ja = sayIn("ja", message);
  assert.ok(ja.includes("2026/12/01 15:04 UTC"), ja);
});
