// The shared form rules (lib/shared/auth/rules.ts, lib/shared/filters.ts): the verdicts a form shows as the
// member types, and their agreement with the server's zod schemas on a table of inputs.
import assert from "node:assert/strict";
import {
  charCount,
  checkDisplayName,
  checkEmail,
  checkLocation,
  checkNewPassword,
  checkRegistration,
  checkUsername,
  fieldOfServerText,
  normalizeEmail,
  RULE_HINT,
  USERNAME_MAX_LENGTH,
  validateLogin,
  validateRegistration,
} from "../../lib/shared/auth/rules.ts";
import {
  badHashtag,
  hashtagListProblem,
  hashtagProblem,
  MAX_HASHTAG_LENGTH,
  normalizeHashtag,
  tooManyHashtags,
  tryAddHashtag,
} from "../../lib/shared/filters.ts";
import { filtersPatchSchema, hashtagSchema } from "../../lib/shared/filters_schema.ts";
import { profilePatchSchema, registrationSchema } from "../../lib/server/auth/accounts.ts";
import { fromCarried, said } from "../../lib/shared/i18n/said.ts";
import { english } from "../helpers/english.ts";

const EMOJI = "🙂";

/** The server schema's first refusal text for a value, or null when it accepts it. */
function schemaText(
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  v: unknown,
) {
  const r = schema.safeParse(v) as { success: boolean; error?: { issues: { message: string }[] } };
  return r.success ? null : r.error!.issues[0].message;
}

/** The message the server schema's first refusal carries, or null when it accepts the value. */
function schemaSaid(
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  v: unknown,
) {
  const text = schemaText(schema, v);
  return text === null ? null : fromCarried(text);
}

Deno.test("username: a 44-character name is refused at once, in the server's words", () => {
  const verdict = checkUsername("a".repeat(44));
  assert.deepEqual(verdict.problem, said("auth.badUsername", { min: 3, max: 20 }));
  assert.equal(verdict.final, true, "typing more cannot fix it: shown while typing");
  assert.equal(charCount("a".repeat(44)), 44, "the counter shows 44, nothing is cut");
  const hint = english(RULE_HINT.username.name, RULE_HINT.username.vars);
  assert.ok(hint.includes(`${USERNAME_MAX_LENGTH} characters`), hint);
});

Deno.test("username: a name too short waits for the member; bad characters do not", () => {
  assert.deepEqual(checkUsername("ab"), {
    problem: said("auth.badUsername", { min: 3, max: 20 }),
    final: false,
  });
  assert.deepEqual(checkUsername("ana-maria"), {
    problem: said("auth.badUsername", { min: 3, max: 20 }),
    final: true,
  });
  assert.deepEqual(checkUsername(`ana${EMOJI}`), {
    problem: said("auth.badUsername", { min: 3, max: 20 }),
    final: true,
  });
  assert.equal(checkUsername(" Ana_99 ").problem, null, "trimmed and lower-cased, as stored");
  assert.equal(checkUsername("a".repeat(20)).problem, null);
});

Deno.test("email: only a plain address; what more typing cannot fix shows at once", () => {
  for (
    const plain of [
      "ana@example.com",
      "Ana.O'Neil+tag@Example.COM",
      "a!#$%&'*+/=?^_`{|}~-@x-y.example.io",
      "ana@xn--bcher-kva.example",
      `${"a".repeat(64)}@example.com`,
    ]
  ) assert.equal(checkEmail(plain).problem, null, plain);
  const refused = (email: string, final: boolean) =>
    assert.deepEqual(checkEmail(email), { problem: said("auth.invalidEmail"), final }, email);
  // A character no address holds, or a second @: final.
  refused("bob<attacker@evil.example>", true);
  refused('"a,b"@evil.example', true);
  refused("bob (c)@example.com", true);
  refused("bob@example.com (Bob)", true);
  refused("bob@evil.example@example.com", true);
  refused("bob\u0007@example.com", true);
  refused("bob@exämple.com", true);
  refused(`${"a".repeat(65)}@example.com`, true);
  // Unfinished: more typing may fix it.
  refused("ana@", false);
  refused("ana@example", false);
  refused("ana@example.", false);
  refused("ana.@example.com", false);
  refused(".ana@example.com", false);
  refused("an..a@example.com", false);
  refused("ana@-example.com", false);
  refused("ana@example-.com", false);
  refused("ana@192.0.2.1", false);
});

Deno.test("email: stored trimmed, the domain lower-cased, the local part as typed", () => {
  assert.equal(normalizeEmail("  Ana.B@Mail.Example.COM "), "Ana.B@mail.example.com");
  assert.equal(normalizeEmail("ana@example.com"), "ana@example.com");
  assert.equal(normalizeEmail("no-at-sign"), "no-at-sign");
});

Deno.test("sign-in: an identifier with an @ must be a plain address", () => {
  assert.equal(validateLogin({ identifier: "ana", password: "x" }), null);
  assert.equal(validateLogin({ identifier: "ana@example.com", password: "x" }), null);
  assert.deepEqual(validateLogin({ identifier: "", password: "x" }), said("auth.loginMissing"));
  assert.deepEqual(
    validateLogin({ identifier: "ana<x@evil.example>", password: "x" }),
    said("auth.invalidEmail"),
  );
});

Deno.test("email, password, location: verdicts and when they show", () => {
  assert.deepEqual(checkEmail("ana@example"), { problem: said("auth.invalidEmail"), final: false });
  assert.equal(checkEmail(" ana@example.com ").problem, null);
  assert.equal(checkEmail(`${"a".repeat(250)}@example.com`).final, true);
  assert.deepEqual(checkNewPassword("12345"), {
    problem: said("auth.shortPassword", { min: 6 }),
    final: false,
  });
  assert.deepEqual(checkNewPassword("p".repeat(201)), {
    problem: said("auth.longPassword", { max: 200 }),
    final: true,
  });
  assert.equal(checkNewPassword("p".repeat(200)).problem, null);
  assert.equal(checkLocation("Warsaw, Poland").problem, null);
  assert.deepEqual(checkLocation("Poland").problem, said("auth.locationRequired"));
  assert.deepEqual(checkLocation(" , Poland").problem, said("auth.locationRequired"));
});

Deno.test("registration: the first problem in the server's order, with its field", () => {
  const valid = {
    username: "ana",
    email: "ana@example.com",
    password: "secret-1",
    invitationCode: "CODE",
    ageConfirmed: true,
  };
  assert.equal(checkRegistration(valid), null);
  assert.deepEqual(checkRegistration({ ...valid, invitationCode: " " }), {
    field: "invitationCode",
    message: said("auth.fillAll"),
  });
  // Email before password before username before age, as the server checks.
  assert.deepEqual(
    checkRegistration({ ...valid, username: "a".repeat(44), email: "x", password: "1" }),
    { field: "email", message: said("auth.invalidEmail") },
  );
  assert.deepEqual(checkRegistration({ ...valid, username: "a".repeat(44), password: "1" }), {
    field: "password",
    message: said("auth.shortPassword", { min: 6 }),
  });
  assert.deepEqual(checkRegistration({ ...valid, username: "a".repeat(44) }), {
    field: "username",
    message: said("auth.badUsername", { min: 3, max: 20 }),
  });
  assert.deepEqual(
    validateRegistration({ ...valid, ageConfirmed: false }),
    said("auth.ageRequired"),
  );
});

Deno.test("registration schema: over-long values are refused with the rule's text", () => {
  const base = {
    username: "ana",
    email: "ana@example.com",
    password: "secret-1",
    invitationCode: "CODE",
    ageConfirmed: true,
  };
  assert.deepEqual(
    schemaSaid(registrationSchema, { ...base, username: "a".repeat(101) }),
    said("auth.badUsername", { min: 3, max: 20 }),
  );
  assert.deepEqual(
    schemaSaid(registrationSchema, { ...base, password: "p".repeat(201) }),
    said("auth.longPassword", { max: 200 }),
  );
  assert.deepEqual(
    schemaSaid(registrationSchema, { ...base, email: `${"a".repeat(320)}@x.io` }),
    said("auth.invalidEmail"),
  );
  assert.equal(schemaText(registrationSchema, base), null);
});

Deno.test("profile schema and form agree on display name and bio lengths", () => {
  for (
    const name of [
      "",
      "Ana",
      "d".repeat(50),
      ` ${"d".repeat(50)} `,
      "d".repeat(51),
      EMOJI.repeat(50),
      EMOJI.repeat(51),
    ]
  ) {
    assert.deepEqual(
      schemaSaid(profilePatchSchema, { displayName: name }),
      checkDisplayName(name).problem,
      `display name of ${charCount(name)} characters`,
    );
  }
  assert.deepEqual(
    schemaSaid(profilePatchSchema, { bio: "b".repeat(301) }),
    said("auth.longBio", { max: 300 }),
  );
  assert.equal(schemaText(profilePatchSchema, { bio: "b".repeat(300) }), null);
});

Deno.test("hashtags: emoji and 80 characters are refused by the editor and the schema alike", () => {
  const table = [
    EMOJI,
    `party${EMOJI}`,
    "a".repeat(80),
    "x".repeat(MAX_HASHTAG_LENGTH + 1),
    "x".repeat(MAX_HASHTAG_LENGTH),
    "日本".repeat(15),
    "日本".repeat(15) + "x",
    "##double",
    " #Street Food ",
    "ünïcödé",
    "no-dash",
    "<b>",
    "_",
  ];
  for (const raw of table) {
    const editor = tryAddHashtag([], raw);
    // The schema's text is the message it carries.
    const server = fromCarried(schemaText(hashtagSchema, raw) ?? undefined);
    const editorText = editor.kind === "refused" ? editor.problem : null;
    assert.deepEqual(editorText, server, JSON.stringify(raw));
    if (server) assert.deepEqual(server, badHashtag());
    if (editor.kind === "added") {
      assert.deepEqual(filtersPatchSchema.parse({ hashtags: [raw] }).hashtags, [editor.tag]);
    }
  }
  assert.deepEqual(hashtagProblem(normalizeHashtag(EMOJI)), badHashtag());
});

Deno.test("hashtags: empty and present tags add nothing; the 31st is refused in words", () => {
  assert.equal(tryAddHashtag(["yoga"], "  # ").kind, "empty");
  assert.equal(tryAddHashtag(["yoga"], "#YOGA").kind, "present");
  const thirty = Array.from({ length: 30 }, (_, i) => `t${i}`);
  assert.deepEqual(tryAddHashtag(thirty, "more"), {
    kind: "refused",
    tag: "more",
    problem: tooManyHashtags(),
  });
  assert.deepEqual(tooManyHashtags(), { name: "profile.tooManyHashtags", vars: { max: 30 } });
  assert.deepEqual(hashtagListProblem([...thirty, "more"]), tooManyHashtags());
  assert.deepEqual(
    fromCarried(schemaText(filtersPatchSchema, { hashtags: [...thirty, "more"] }) ?? undefined),
    tooManyHashtags(),
  );
  assert.equal(hashtagListProblem(thirty), null);
});

Deno.test("server texts name the field they are about", () => {
  assert.equal(fieldOfServerText(english("auth.usernameTaken")), "username");
  assert.equal(fieldOfServerText(english("auth.emailTaken")), "email");
  assert.equal(fieldOfServerText(english("auth.invalidInvitation")), "invitationCode");
  assert.equal(fieldOfServerText(english("auth.wrongCurrentPassword")), "currentPassword");
  assert.equal(fieldOfServerText("Too many attempts. Please try again later."), null);
});
