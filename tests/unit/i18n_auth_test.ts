// /auth in other languages: the login and register tabs (the island as the server renders it) show
// no English word of the auth catalog in Japanese or German, and in English exactly the catalog's
// English texts; the account rules' messages name their limits, in every language.
import assert from "node:assert/strict";
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import AuthPanel from "../../islands/AuthPanel.tsx";
import type { AuthTab } from "../../lib/shared/auth/rules.ts";
import {
  checkNewPassword,
  checkUsername,
  fieldOfServerText,
  RULE_HINT,
  RULE_PROBLEM,
} from "../../lib/shared/auth/rules.ts";
import { sayIn, serverMessages } from "../../lib/server/i18n/catalogs.ts";
import { said, say } from "../../lib/shared/i18n/said.ts";
import { serverField } from "../../lib/client/form.ts";
import { english } from "../helpers/english.ts";
import auth from "../../lib/shared/i18n/catalog/auth/mod.ts";
import common from "../../lib/shared/i18n/catalog/common/mod.ts";
import { withMessages } from "../../lib/shared/i18n/messages.ts";
import type { Locale } from "../../lib/shared/i18n/locales.ts";

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
    "3 to 20 characters: lowercase letters, digits or _",
    "0/20",
    en.emailLabel,
    english("auth.hintEmail"),
    en.passwordLabel,
    "At least 6 characters",
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

Deno.test("auth: the rules' messages name their limits, in English as the API said them", () => {
  const inEnglish = (
    m: { name: Parameters<typeof english>[0]; vars?: Record<string, string | number> },
  ) => english(m.name, m.vars);
  assert.equal(inEnglish(RULE_HINT.username), "3 to 20 characters: lowercase letters, digits or _");
  assert.equal(inEnglish(RULE_HINT.password), "At least 6 characters");
  assert.equal(
    inEnglish(RULE_PROBLEM.badUsername),
    "Username must be 3 to 20 characters: lowercase letters, digits or _",
  );
  assert.equal(
    inEnglish(RULE_PROBLEM.shortPassword),
    "Password must be at least 6 characters long",
  );
  assert.equal(
    inEnglish(RULE_PROBLEM.longPassword),
    "Password must be at most 200 characters long",
  );
  assert.equal(
    inEnglish(RULE_PROBLEM.longDisplayName),
    "Display name must be at most 50 characters",
  );
  assert.equal(inEnglish(RULE_PROBLEM.longBio), "Bio must be at most 300 characters");
  assert.equal(
    inEnglish(RULE_PROBLEM.longLocation),
    "City and country must be at most 120 characters together",
  );
});

Deno.test("auth: the server's messages come out in the request's language, values filled in", () => {
  assert.equal(sayIn("de", said("auth.usernameTaken")), auth.de.usernameTaken);
  assert.equal(sayIn("ja", RULE_PROBLEM.shortPassword), "パスワードは6文字以上にしてください");
  assert.equal(
    sayIn("fr", said("auth.emailChangeSent", { email: "ana@example.test" })),
    auth.fr.emailChangeSent.replace("{email}", "ana@example.test"),
  );
  assert.equal(
    sayIn("es", said("auth.emailVerifiedText", { username: "ana" })),
    auth.es.emailVerifiedText.replace("{username}", "ana"),
  );
  assert.equal(sayIn("en", said("auth.usernameTaken")), "Username is already taken");
});

Deno.test("auth: a rule's verdict shows in the page's language, a refusal finds its field", () => {
  withMessages(serverMessages("zh"), () => {
    const short = say(checkNewPassword("abc").problem!);
    assert.equal(short, auth.zh.shortPassword.replace("{min}", "6"));
    assert.equal(
      say(checkUsername("ab").problem!),
      "用户名须为 3 到 20 个字符：小写字母、数字或 _",
    );
    assert.equal(fieldOfServerText(auth.zh.usernameTaken), "username");
    assert.equal(fieldOfServerText(auth.zh.emailTaken), "email");
    assert.equal(serverField(short, { password: "newPassword" }), "newPassword");
    assert.equal(fieldOfServerText(auth.zh.networkError), null);
    assert.equal(fieldOfServerText("Something else"), null);
  });
  withMessages(serverMessages("en"), () => {
    assert.equal(fieldOfServerText("Username is already taken"), "username");
    assert.equal(
      say(checkUsername("ab").problem!),
      english("auth.badUsername", { min: 3, max: 20 }),
    );
  });
});
