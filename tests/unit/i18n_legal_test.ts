// The Terms of Service and the Privacy Policy in every language: a translated page says near the
// top that the English version prevails (an English page does not), Japanese and Chinese pages
// carry no sentence of the English texts, and every translation keeps English's inline elements.
import assert from "node:assert/strict";
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { TermsOfService } from "../../components/legal/TermsOfService.tsx";
import { PrivacyPolicy } from "../../components/legal/PrivacyPolicy.tsx";
import { serverMessages } from "../../lib/server/i18n/catalogs.ts";
import { withMessages } from "../../lib/shared/i18n/messages.ts";
import { LOCALES } from "../../lib/shared/i18n/locales.ts";
import type { IpRelay } from "../../lib/shared/profile.ts";
import legalCatalog from "../../lib/shared/i18n/catalog/legal/mod.ts";

const legal = {
  operatorName: "Glimpse sp. z o.o.",
  operatorAddress: "ul. Prosta 20, 00-850 Warszawa, Poland",
  supportEmail: "support@example.test",
  privacyEmail: "privacy@example.test",
  dpoEmail: "dpo@example.test",
};

/** Every way the policy can describe the relay (each has its own paragraph text). */
const RELAYS: IpRelay[] = [
  { available: true, byDefault: false, always: true },
  { available: false, byDefault: false, always: false },
  { available: true, byDefault: true, always: false },
  { available: true, byDefault: false, always: false },
];

/** A page's visible text: tags dropped (inline ones joined), entities decoded, spaces collapsed. */
function visible(html: string): string {
  return html.replace(/<\/?(a|strong)\b[^>]*>/g, "").replace(/<[^>]+>/g, " ").replace(
    /&quot;/g,
    '"',
  ).replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">").replace(/&amp;/g, "&").replace(/\s+/g, " ");
}

/** Both pages in `locale` (the policy once per relay set-up), as visible text. */
function pages(locale: (typeof LOCALES)[number]): { name: string; text: string }[] {
  return withMessages(serverMessages(locale), () => [
    { name: "terms", text: visible(renderToString(h(TermsOfService, { legal }))) },
    ...RELAYS.map((ipRelay, i) => ({
      name: `privacy#${i}`,
      text: visible(renderToString(h(PrivacyPolicy, { legal, ipRelay }))),
    })),
  ]);
}

const english = legalCatalog.en as Record<string, string>;

/** The English catalog's sentences of four words or more (inline markup and placeholders cut). */
const ENGLISH_SENTENCES = [
  ...new Set(
    Object.values(english).flatMap((message) =>
      message.replace(/<\/?\w+>/g, "").split(/\{\w+\}|(?<=[.;:])\s+/)
        .map((part) => part.trim())
        .filter((part) => (part.match(/[A-Za-z]+/g) ?? []).length >= 4)
    ),
  ),
];

Deno.test("legal pages: a translated page says the English version prevails, English does not", () => {
  for (const locale of LOCALES) {
    const notice = visible((legalCatalog[locale] as Record<string, string>).translationNotice);
    for (const page of pages(locale)) {
      const where = `${locale} ${page.name}`;
      if (locale === "en") {
        assert.ok(!page.text.includes(notice), `${where}: shows the translation notice`);
        assert.ok(page.text.includes("Last updated: 26 November 2026"), `${where}: date`);
      } else {
        assert.ok(page.text.includes(notice), `${where}: no translation notice`);
        // The notice comes before the first section.
        assert.ok(page.text.indexOf(notice) < page.text.indexOf("1. "), `${where}: notice late`);
      }
    }
  }
});

Deno.test("legal pages: the date in the page's language", () => {
  const date = (locale: (typeof LOCALES)[number]) => pages(locale)[0].text;
  assert.ok(date("de").includes("26. November 2026"));
  assert.ok(date("ja").includes("2026年11月26日"));
  assert.ok(date("zh").includes("2026年11月26日"));
});

Deno.test("legal pages: Japanese and Chinese pages carry no English sentence", () => {
  assert.ok(ENGLISH_SENTENCES.length > 200, `only ${ENGLISH_SENTENCES.length} sentences`);
  for (const locale of ["ja", "zh"] as const) {
    for (const page of pages(locale)) {
      const left = ENGLISH_SENTENCES.filter((sentence) => page.text.includes(sentence));
      assert.deepEqual(left, [], `${locale} ${page.name}: English left`);
    }
  }
  // The check does find English: the English pages hold every sentence (but the notice).
  const all = pages("en").map((page) => page.text).join(" ") + " " + english.translationNotice;
  assert.deepEqual(ENGLISH_SENTENCES.filter((sentence) => !all.includes(sentence)), []);
});

Deno.test("legal catalog: every translation keeps English's <strong> and <link> parts", () => {
  const marks = (text: string) => [...text.matchAll(/<\/?\w+>/g)].map((m) => m[0]).join(" ");
  for (const locale of LOCALES) {
    const catalog = legalCatalog[locale] as Record<string, string>;
    for (const [key, message] of Object.entries(english)) {
      assert.equal(marks(catalog[key]), marks(message), `${locale}.${key}`);
    }
  }
});
