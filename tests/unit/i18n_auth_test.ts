// /auth in other languages: the login and register tabs (the island as the server renders it) show
// no English word of the auth catalog in Japanese or German, and in English exactly the catalog's
// English texts, which are the account rules' and the API's own texts word for word.
import assert from "node:assert/strict";
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import AuthPanel from "../../islands/AuthPanel.tsx";
import type { AuthTab } from "../../lib/shared/auth/rules.ts";
import {
  AUTH_TEXT,
  checkNewPassword,
  PROFILE_RULE_TEXT,
  RULE_HINT,
  SECURITY_TEXT,
} from "../../lib/shared/auth/rules.ts";
import { VERIFY_TEXT } from "../../lib/shared/auth/verify_text.ts";
import { ACCOUNT_TEXT } from "../../lib/server/auth/accounts.ts";
import { HASH_BUSY_TEXT } from "../../lib/server/auth/password.ts";
import { AVATAR_TEXT } from "../../lib/server/auth/avatar.ts";
import { localizeFor, serverMessages } from "../../lib/server/i18n/catalogs.ts";
import auth from "../../lib/shared/i18n/catalog/auth/mod.ts";
import common from "../../lib/shared/i18n/catalog/common/mod.ts";
import { withMessages } from "../../lib/shared/i18n/messages.ts";
import type { Locale } from "../../lib/shared/i18n/locales.ts";
import { refusedField, ruleCheck, ruleText } from "../../components/auth/texts.ts";

const en = auth.en as Record<string, string>;

function render(tab: AuthTab, locale: Locale): string {
  return withMessages(
    serverMessages(locale),
    () => renderToString(h(AuthPanel, { initialTab: tab, signedIn: false })),
  );
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e) => ENTITIES[e]);

/** What a member reads or hears: the text nodes, and the labels, titles and placeholders. */
function visibleText(html: string): string[] {
  const attrs = [...html.matchAll(/\s(?:aria-label|title|placeholder|alt)="([^"]*)"/g)]
    .map((m) => decode(m[1]));
  const text = html.replace(/<[^>]*>/g, "\n").split("\n").map((s) => decode(s).trim())
    .filter(Boolean);
  return [...text, ...attrs];
}

const words = (s: string) => s.toLowerCase().match(/\p{L}{3,}/gu) ?? [];

/** Words English and the language share (the brand, a loanword). */
const SHARED_WORDS: Record<string, string[]> = { de: ["glimpse", "link"], ja: ["glimpse"] };

for (const locale of ["ja", "de"] as const) {
  for (const tab of ["login", "register"] as const) {
    Deno.test(`/auth ${tab} in ${locale}: no English word of the auth catalog`, () => {
      const english = new Set(Object.values(en).flatMap(words));
      for (const w of SHARED_WORDS[locale]) english.delete(w);
      const shown = visibleText(render(tab, locale));
      const left = shown.filter((line) => words(line).some((w) => english.has(w)));
      assert.deepEqual(left, [], `English left in ${locale}`);
      // Every text is a message: none shows as its key ("auth.loginTitle").
      assert.ok(!shown.some((line) => /\b(auth|common)\.\w+/.test(line)), shown.join(" | "));
    });
  }
}

Deno.test("/auth login in English: the catalog's English texts", () => {
  const shown = visibleText(render("login", "en"));
  assert.deepEqual(shown, [
    en.tabLogin,
    en.tabRegister,
    en.loginTitle,
    en.identifierLabel,
    en.passwordLabel,
    en.loginButton,
    en.forgotLink,
    en.tabsLabel,
    en.showPassword,
    en.showPassword,
  ]);
  assert.deepEqual(shown.slice(0, 7), [
    "Login",
    "Register",
    "Welcome back",
    "Username or email",
    "Password",
    "Login",
    "Forgot password?",
  ]);
});

Deno.test("/auth register in English: the catalog's English texts and the rules' hints", () => {
  const html = render("register", "en");
  assert.deepEqual(visibleText(html), [
    en.tabLogin,
    en.tabRegister,
    en.registerTitle,
    en.usernameLabel,
    RULE_HINT.username,
    "0/20",
    en.emailLabel,
    RULE_HINT.email,
    en.passwordLabel,
    RULE_HINT.password,
    en.invitationLabel,
    "I am 18 or older and accept the",
    common.en.terms,
    en.createAccount,
    en.tabsLabel,
    en.showPassword,
    en.showPassword,
  ]);
  assert.ok(
    html.includes(
      'I am 18 or older and accept the <a href="/terms-of-service">Terms of Service</a></span>',
    ),
  );
});

Deno.test("auth catalog: the rules' and the API's English texts, word for word", () => {
  const same = (texts: Record<string, unknown>, key: (name: string) => string) => {
    for (const [name, text] of Object.entries(texts)) {
      if (typeof text === "string") assert.equal(en[key(name)], text, name);
    }
  };
  const cap = (s: string) => s[0].toUpperCase() + s.slice(1);
  same(AUTH_TEXT, (k) => k);
  same(RULE_HINT, (k) => `hint${cap(k)}`);
  same(PROFILE_RULE_TEXT, (k) => k);
  same(SECURITY_TEXT, (k) => k);
  same(VERIFY_TEXT, (k) => `verify${cap(k)}`);
  same(ACCOUNT_TEXT, (k) => k);
  assert.equal(en.serverBusy, HASH_BUSY_TEXT);
  assert.equal(en.avatarTooLarge, AVATAR_TEXT.tooLarge);
  assert.equal(en.emailChangeSent, SECURITY_TEXT.emailChangeSent("{email}"));
  assert.equal(en.emailChangedDescription, SECURITY_TEXT.emailChangedDescription("{email}"));
});

Deno.test("auth: the server's English texts come back in the request's language", () => {
  assert.equal(localizeFor("de", AUTH_TEXT.usernameTaken), auth.de.usernameTaken);
  assert.equal(localizeFor("ja", ACCOUNT_TEXT.badCredentials), auth.ja.badCredentials);
  assert.equal(
    localizeFor("fr", SECURITY_TEXT.emailChangeSent("ana@example.test")),
    auth.fr.emailChangeSent.replace("{email}", "ana@example.test"),
  );
  assert.equal(
    localizeFor("es", "Thank you, ana: every Glimpse feature is open to you."),
    auth.es.emailVerifiedText.replace("{username}", "ana"),
  );
  assert.equal(localizeFor("en", AUTH_TEXT.usernameTaken), AUTH_TEXT.usernameTaken);
});

Deno.test("auth: a rule's verdict shows by key, a translated refusal still finds its field", () => {
  withMessages(serverMessages("zh"), () => {
    assert.equal(ruleText(AUTH_TEXT.shortPassword), auth.zh.shortPassword);
    assert.equal(ruleCheck(checkNewPassword)("abc").problem, auth.zh.shortPassword);
    assert.equal(ruleText("Something else"), "Something else");
    assert.equal(refusedField(auth.zh.usernameTaken), "username");
    assert.equal(refusedField(AUTH_TEXT.emailTaken), "email");
    assert.equal(refusedField(auth.zh.shortPassword, { password: "newPassword" }), "newPassword");
    assert.equal(refusedField(auth.zh.networkError), null);
  });
  withMessages(serverMessages("en"), () => {
    assert.equal(ruleText(AUTH_TEXT.badUsername), AUTH_TEXT.badUsername);
  });
});
