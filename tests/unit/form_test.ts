// The form hook's state changes (lib/client/form.ts) as plain functions: what a change of value, a
// submit, a request, a refusal and a fresh start do to a form's values, alert and server texts.
import { english } from "../helpers/english.ts";
import assert from "node:assert/strict";
import {
  changed,
  edited,
  firstProblem,
  initialFormState,
  refusal,
  RESET,
  SENDING,
  serverField,
} from "../../lib/client/form.ts";

const start = () =>
  initialFormState<{ username: string; email: string; ageConfirmed: boolean }>({
    username: "ana",
    email: "a@b.co",
    ageConfirmed: false,
  });

Deno.test("form: starts with its values, no alert, no server texts, nothing sent", () => {
  assert.deepEqual(start(), {
    values: { username: "ana", email: "a@b.co", ageConfirmed: false },
    error: "",
    submitted: false,
    serverErrors: {},
    busy: false,
  });
});

Deno.test("form: a refusal shows the server's text in the alert and beside its field", () => {
  const refused = changed(start(), refusal(english("auth.usernameTaken"), "username"));
  assert.equal(refused.error, english("auth.usernameTaken"));
  assert.deepEqual(refused.serverErrors, { username: english("auth.usernameTaken") });
  assert.deepEqual(refused.values, start().values, "nothing typed is lost");

  // A text about no field goes to the alert only, and keeps the texts beside the fields.
  const again = changed(refused, refusal("Too many attempts", null));
  assert.equal(again.error, "Too many attempts");
  assert.deepEqual(again.serverErrors, { username: english("auth.usernameTaken") });
});

Deno.test("form: editing a field drops the server's text about it, and only that one", () => {
  const refused = changed(start(), {
    error: english("auth.emailTaken"),
    serverErrors: { username: english("auth.usernameTaken"), email: english("auth.emailTaken") },
  });
  const next = edited(refused, "email", "other@b.co");
  assert.equal(next.values.email, "other@b.co");
  assert.equal(next.values.username, "ana");
  assert.deepEqual(next.serverErrors, { username: english("auth.usernameTaken") });
  assert.equal(next.error, english("auth.emailTaken"), "the alert stays until the next submit");
  // A checkbox is a value like the others.
  assert.equal(edited(next, "ageConfirmed", true).values.ageConfirmed, true);
  // Editing a field the server said nothing about leaves the texts as they are.
  assert.deepEqual(edited(next, "username", "ana2").serverErrors, {});
  assert.deepEqual(edited(start(), "username", "bo").serverErrors, {});
});

Deno.test("form: a submit, a request, its answer and a fresh start", () => {
  const submitted = changed(start(), { submitted: true });
  assert.equal(submitted.submitted, true);

  const refused = changed(submitted, refusal(english("auth.usernameTaken"), "username"));
  const sending = changed(refused, SENDING);
  assert.deepEqual(
    { error: sending.error, serverErrors: sending.serverErrors, busy: sending.busy },
    { error: "", serverErrors: {}, busy: true },
    "the answer brings its own texts",
  );
  assert.equal(sending.submitted, true);

  // The server took it: the values it stored (merged), no submit tried any more.
  const accepted = changed(changed(sending, { busy: false }), {
    values: { email: "a@b.co", username: "ana_b" },
    submitted: false,
  });
  assert.deepEqual(accepted.values, { username: "ana_b", email: "a@b.co", ageConfirmed: false });
  assert.equal(accepted.submitted, false);
  assert.equal(accepted.busy, false);

  // Another tab: the values stay, the rest starts again.
  const fresh = changed(changed(submitted, refusal("No", "email")), RESET);
  assert.deepEqual(fresh, { ...start(), values: start().values });
});

Deno.test("form: the field a server's text is about, renamed where the form calls it otherwise", () => {
  assert.equal(serverField(english("auth.usernameTaken")), "username");
  assert.equal(serverField(english("auth.emailTaken"), { email: "forgotEmail" }), "forgotEmail");
  assert.equal(
    serverField(english("auth.shortPassword", { min: 6 }), { password: "newPassword" }),
    "newPassword",
  );
  assert.equal(serverField(english("auth.wrongCurrentPassword")), "currentPassword");
  assert.equal(serverField(english("auth.longBio", { max: 300 })), "bio");
  assert.equal(serverField("Something went wrong. Please try again."), null);
});

Deno.test("form: the first problem, in the order the rules are checked", () => {
  assert.deepEqual(
    firstProblem([["displayName", null], ["bio", "Too long"], ["username", "Bad"]]),
    ["bio", "Too long"],
  );
  assert.equal(firstProblem([["displayName", null], ["bio", null]]), undefined);
  assert.equal(firstProblem([]), undefined);
});
