// The catalogs cannot drift: every language has exactly English's keys, the same {placeholders}
// in each message, and the plural forms its plural rules need; no message is empty.
import assert from "node:assert/strict";
import { CATALOGS } from "../../lib/server/i18n/catalogs.ts";
import { LOCALES } from "../../lib/shared/i18n/locales.ts";
import type { Message } from "../../lib/shared/i18n/messages.ts";

const placeholders = (m: Message): string[] => {
  const texts = typeof m === "string" ? [m] : Object.values(m) as string[];
  return [...new Set(texts.flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((x) => x[1])))].sort();
};

/** The plural categories a language uses for whole numbers (0–200 covers every rule we ship). */
function categories(locale: string): string[] {
  const rules = new Intl.PluralRules(locale);
  const found = new Set<string>();
  for (let n = 0; n <= 200; n++) found.add(rules.select(n));
  return [...found].sort();
}

Deno.test("catalogs: every language has English's keys, placeholders and plural forms", () => {
  const problems: string[] = [];
  for (const [ns, byLocale] of Object.entries(CATALOGS)) {
    const en = byLocale.en;
    for (const locale of LOCALES) {
      const catalog = byLocale[locale];
      const where = `${ns}/${locale}`;
      for (const key of Object.keys(en)) {
        if (!(key in catalog)) problems.push(`${where}: missing ${key}`);
      }
      for (const [key, message] of Object.entries(catalog)) {
        if (!(key in en)) {
          problems.push(`${where}: extra ${key}`);
          continue;
        }
        const reference = en[key];
        if (typeof reference !== typeof message) {
          problems.push(`${where}.${key}: ${typeof message}, English has ${typeof reference}`);
          continue;
        }
        const [want, got] = [placeholders(reference), placeholders(message)];
        if (want.join() !== got.join()) {
          problems.push(`${where}.${key}: placeholders {${got}} where English has {${want}}`);
        }
        const texts = typeof message === "string" ? [message] : Object.values(message);
        if (texts.some((t) => typeof t !== "string" || t.trim() === "")) {
          problems.push(`${where}.${key}: empty`);
        }
        if (typeof message !== "string") {
          const need = categories(locale);
          const have = Object.keys(message).sort();
          const missing = need.filter((c) => !have.includes(c));
          const extra = have.filter((c) => !need.includes(c));
          if (missing.length) problems.push(`${where}.${key}: no plural form ${missing}`);
          if (extra.length) problems.push(`${where}.${key}: plural form ${extra} never used`);
        }
      }
    }
  }
  assert.deepEqual(problems, []);
});

Deno.test("catalogs: a translated message is not left in English (beyond names and short words)", () => {
  const problems: string[] = [];
  for (const [ns, byLocale] of Object.entries(CATALOGS)) {
    for (const locale of LOCALES) {
      if (locale === "en") continue;
      for (const [key, message] of Object.entries(byLocale[locale])) {
        const reference = byLocale.en[key];
        if (typeof message !== "string" || typeof reference !== "string") continue;
        // Identical long sentences are untranslated; short ones ("Premium", "OK", "POV") may be.
        if (message === reference && reference.split(/\s+/).length > 3) {
          problems.push(`${ns}/${locale}.${key}: "${message}"`);
        }
      }
    }
  }
  assert.deepEqual(problems, []);
});
