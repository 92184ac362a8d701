// The server's own texts (the "texts" catalog) reach a member in their language: the English
// text the server writes is looked up, a number it was built with carried over; a text no catalog
// holds (a member's own words) stays as it is, and English stays English.
import assert from "node:assert/strict";
import { localizeFor, sayIn } from "../../lib/server/i18n/catalogs.ts";
import { said } from "../../lib/shared/i18n/said.ts";
import { tooManyText } from "../../lib/server/http/rate_limit.ts";
import { HTTP_TEXT } from "../../lib/server/http/errors.ts";
import { LOCALES } from "../../lib/shared/i18n/locales.ts";
import texts from "../../lib/shared/i18n/catalog/texts/mod.ts";

Deno.test("texts: a rate-limit text keeps its number in Japanese and German, in both plural forms", () => {
  assert.equal(
    localizeFor("ja", tooManyText(7)),
    "試行回数が多すぎます。7 分待ってから、もう一度お試しください。",
  );
  assert.equal(
    localizeFor("de", tooManyText(1)),
    "Zu viele Versuche. Bitte warte 1 Minute und versuche es dann erneut.",
  );
  assert.equal(
    localizeFor("de", tooManyText(15)),
    "Zu viele Versuche. Bitte warte 15 Minuten und versuche es dann erneut.",
  );
  assert.equal(localizeFor("en", tooManyText(15)), tooManyText(15));
});

Deno.test("texts: an unknown text stays as it is", () => {
  const own = "Hello from a member, 42 times over.";
  for (const locale of LOCALES) assert.equal(localizeFor(locale, own), own);
});

Deno.test("texts: every HTTP-layer text is in the catalog and translated in every language", () => {
  const english = Object.values(texts.en) as string[];
  for (const text of Object.values(HTTP_TEXT)) {
    assert.ok(english.includes(text), `"${text}" is not in the texts catalog`);
    for (const locale of LOCALES) {
      if (locale === "en") continue;
      assert.notEqual(localizeFor(locale, text), text, `"${text}" in ${locale}`);
    }
  }
  assert.equal(localizeFor("ja", HTTP_TEXT.notFound), "見つかりません");
});

Deno.test("texts: the location look-up's refusals are translated in every language", () => {
  for (const message of [said("texts.locationNoNames"), said("texts.locationUnavailable")]) {
    const english = sayIn("en", message);
    for (const locale of LOCALES) {
      if (locale === "en") continue;
      assert.notEqual(sayIn(locale, message), english, `${message.name} in ${locale}`);
    }
  }
});
