// The server's own messages (the "texts" catalog) reach a member in their language, a number they
// carry written into each language's own plural form, and the English as the product words it.
import assert from "node:assert/strict";
import { sayIn } from "../../lib/server/i18n/catalogs.ts";
import { tooManySaid } from "../../lib/server/http/rate_limit.ts";
import { said } from "../../lib/shared/i18n/said.ts";
import { LOCALES } from "../../lib/shared/i18n/locales.ts";
import texts from "../../lib/shared/i18n/catalog/texts/mod.ts";

Deno.test("texts: a rate-limit refusal keeps its number in every plural form", () => {
  assert.equal(
    sayIn("ja", tooManySaid(7)),
    "試行回数が多すぎます。7 分待ってから、もう一度お試しください。",
  );
  assert.equal(
    sayIn("de", tooManySaid(1)),
    "Zu viele Versuche. Bitte warte 1 Minute und versuche es dann erneut.",
  );
  assert.equal(
    sayIn("de", tooManySaid(15)),
    "Zu viele Versuche. Bitte warte 15 Minuten und versuche es dann erneut.",
  );
  assert.equal(
    sayIn("en", tooManySaid(1)),
    "Too many attempts. Please wait 1 minute and try again.",
  );
  // A wait of a day is written as the English always wrote it (no thousands separator).
  assert.equal(
    sayIn("en", tooManySaid(1440)),
    "Too many attempts. Please wait 1440 minutes and try again.",
  );
});

Deno.test("texts: every message of the texts catalog is translated in every language", () => {
  for (const key of Object.keys(texts.en) as (keyof typeof texts.en)[]) {
    const english = sayIn("en", said(`texts.${key}`));
    for (const locale of LOCALES) {
      if (locale === "en") continue;
      assert.notEqual(sayIn(locale, said(`texts.${key}`)), english, `texts.${key} in ${locale}`);
    }
  }
  assert.equal(sayIn("ja", said("texts.notFound")), "見つかりません");
});

Deno.test("texts: a server failure names its reference in every language", () => {
  const reference = "0123abcd";
  assert.equal(
    sayIn("en", said("texts.failedWithReference", { reference })),
    "Something went wrong. Please try again. (Reference: 0123abcd)",
  );
  for (const locale of LOCALES) {
    assert.ok(sayIn(locale, said("texts.failedWithReference", { reference })).includes(reference));
  }
});
