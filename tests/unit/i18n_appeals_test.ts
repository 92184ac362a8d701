// The appeals' texts: every text the server writes (APPEAL_TEXT) is found by its English text in
// each other language, and the member's mail is written in theirs.
import assert from "node:assert/strict";
import { localizeFor } from "../../lib/server/i18n/catalogs.ts";
import { APPEAL_MAX, APPEAL_TEXT, appealLength } from "../../lib/shared/moderation/appeals.ts";
import { appealAnsweredEmail } from "../../lib/server/email/templates.ts";
import { LOCALES } from "../../lib/shared/i18n/locales.ts";

const LINKS = {
  signIn: "https://glimpse.test/auth",
  terms: "https://glimpse.test/terms-of-service",
};

Deno.test("appeals: every server text has its translation in every language", () => {
  const untranslated: string[] = [];
  for (const locale of LOCALES.filter((l) => l !== "en")) {
    for (const [key, value] of Object.entries(APPEAL_TEXT)) {
      const text = typeof value === "function" ? value("bob") : value;
      const out = localizeFor(locale, text);
      if (out === text) untranslated.push(`${locale} ${key}`);
      if (typeof value === "function") assert.ok(out.includes("bob"), `${locale} ${key}: ${out}`);
    }
  }
  assert.deepEqual(untranslated, []);
});

Deno.test("appeals: the answer's mail, upheld or lifted, in the member's language", () => {
  const lifted = appealAnsweredEmail("a@x.test", "ana", "lifted", LINKS, "es");
  assert.equal(lifted.subject, "Tu cuenta de Glimpse vuelve a estar abierta");
  assert.ok(lifted.text.includes("levantó la suspensión"));
  assert.ok(lifted.text.includes(LINKS.signIn));
  const upheld = appealAnsweredEmail("a@x.test", "ana", "upheld", LINKS, "ja");
  assert.equal(upheld.subject, "Glimpse への異議申し立てに回答がありました");
  assert.ok(upheld.text.includes(LINKS.terms));
  assert.ok(!upheld.text.includes(LINKS.signIn), "an upheld ban offers no sign-in");
  assert.ok(upheld.html.includes('lang="ja"'));
});

Deno.test("appeals: the length is counted in characters as a reader counts them", () => {
  assert.equal(appealLength("🙂".repeat(APPEAL_MAX)), APPEAL_MAX);
  assert.equal(appealLength("abc"), 3);
});
