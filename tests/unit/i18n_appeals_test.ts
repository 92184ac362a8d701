// The appeals' texts: every message the server answers with is translated in each other language,
// and the member's mail is written in theirs.
import assert from "node:assert/strict";
import { sayIn } from "../../lib/server/i18n/catalogs.ts";
import { type MessageName, said } from "../../lib/shared/i18n/said.ts";
import { APPEAL_MAX, appealLength } from "../../lib/shared/moderation/appeals.ts";
import { appealAnsweredEmail } from "../../lib/server/email/templates.ts";
import { LOCALES } from "../../lib/shared/i18n/locales.ts";

const LINKS = {
  signIn: "https://glimpse.test/auth",
  terms: "https://glimpse.test/terms-of-service",
};

/** The messages the appeal API and the admin's answers to appeals say (names as the code writes them). */
const APPEAL_MESSAGES: MessageName[] = [
  "auth.appealRequired",
  "auth.appealTooLong",
  "auth.appealAlreadySent",
  "auth.appealAlreadySentHold",
  "auth.appealNoPass",
  "auth.appealNotBanned",
  "auth.appealFailed",
  "auth.appealSentNotice",
  "admin.appealNotFound",
  "admin.appealAlreadyAnswered",
  "admin.appealBanReplaced",
  "admin.appealHoldReplaced",
  "admin.appealBadDecision",
  "admin.appealBanEnded",
  "admin.appealHoldEnded",
  "admin.appealUpheldDescription",
  "admin.appealLiftedDescription",
  "admin.appealUpheldHoldDescription",
  "admin.appealLiftedHoldDescription",
];

Deno.test("appeals: every server text has its translation in every language", () => {
  const untranslated: string[] = [];
  for (const locale of LOCALES.filter((l) => l !== "en")) {
    for (const name of APPEAL_MESSAGES) {
      const english = sayIn("en", said(name, { username: "bob" }));
      const out = sayIn(locale, said(name, { username: "bob" }));
      if (out === english) untranslated.push(`${locale} ${name}`);
      if (english.includes("bob")) assert.ok(out.includes("bob"), `${locale} ${name}: ${out}`);
    }
  }
  assert.deepEqual(untranslated, []);
  // The limit the message states is the rule's.
  assert.ok(sayIn("en", said("auth.appealTooLong")).includes(String(APPEAL_MAX)));
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
