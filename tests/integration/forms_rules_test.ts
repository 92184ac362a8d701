// The forms' rules and the server's agree: for a table of inputs, the verdict of the shared rule
// functions the islands run before sending (lib/shared/auth/rules.ts, lib/shared/filters.ts) is exactly the
// server's response to the same input sent directly over HTTP — accepted, or refused with the same
// text. And the server refuses every bad input sent without the form (nothing is stored).
import { english } from "../helpers/english.ts";
import type { Said } from "../../lib/shared/i18n/said.ts";
import assert from "node:assert/strict";
import { withServer } from "../helpers/server.ts";
import { Client, kvUser, registerMember, usernameOwner } from "../helpers/accounts.ts";
import { createInvitations } from "../../kv/users.ts";
import {
  checkBio,
  checkDisplayName,
  checkEmail,
  checkLocation,
  checkNewPassword,
  checkRegistration,
  checkUsername,
  fieldOfServerText,
} from "../../lib/shared/auth/rules.ts";
import {
  badHashtag,
  hashtagListProblem,
  tooManyHashtags,
  tryAddHashtag,
} from "../../lib/shared/filters.ts";

const EMOJI = "🙂";
const LONG_TAG = "a".repeat(80);

/** A rule's verdict as the English API says it. */
const inEnglish = (problem: Said | null) => problem && english(problem.name, problem.vars);

Deno.test("forms: registration — the form's verdict is the server's, input by input", async () => {
  await withServer(async (server) => {
    const valid = {
      username: "valid_name",
      email: "valid@example.test",
      password: "secret-pass-1",
      invitationCode: "",
      ageConfirmed: true,
    };
    const cases: [string, Partial<typeof valid>][] = [
      ["44-character username", { username: "a".repeat(44) }],
      ["101-character username (past the body bound)", { username: "a".repeat(101) }],
      ["username with an emoji", { username: `ana${EMOJI}` }],
      ["username with a dash", { username: "ana-maria" }],
      ["2-character username", { username: "ab" }],
      ["201-character password", { password: "p".repeat(201) }],
      ["5-character password", { password: "12345" }],
      ["email without a dot", { email: "ana@example" }],
      ["300-character email", { email: `${"a".repeat(290)}@example.test` }],
      ["not 18", { ageConfirmed: false }],
      ["blank username", { username: "   " }],
    ];
    for (const [label, change] of cases) {
      const [code] = await createInvitations(server.kv, null, 1);
      const input = { ...valid, invitationCode: code, ...change };
      const client = checkRegistration(input);
      assert.ok(client, `${label}: the form refuses it`);
      const res = await new Client(server).post("/api/register", input);
      assert.equal(res.status, 400, `${label}: ${res.status} ${res.text}`);
      assert.equal(
        res.json.error,
        inEnglish(client.message),
        `${label}: the server says what the form says`,
      );
      assert.equal(await usernameOwner(server.kv, input.username.trim().toLowerCase()), null);
    }

    // Accepted by both: an upper-case username is stored lower-cased, exactly 20 characters.
    const [code] = await createInvitations(server.kv, null, 1);
    const ok = { ...valid, username: "Ana_Has_Twenty_Chars", invitationCode: code };
    assert.equal(checkRegistration(ok), null);
    const res = await new Client(server).post("/api/register", ok);
    assert.equal(res.status, 202, res.text);
    assert.ok(await usernameOwner(server.kv, "ana_has_twenty_chars"));

    // The refusals only the server can know name their field by their text.
    const [code2] = await createInvitations(server.kv, null, 1);
    const taken = await new Client(server).post("/api/register", {
      ...ok,
      email: "other@example.test",
      invitationCode: code2,
    });
    assert.equal(taken.status, 409);
    assert.equal(taken.json.error, english("auth.usernameTaken"));
    assert.equal(fieldOfServerText(taken.json.error), "username");
    const badCode = await new Client(server).post("/api/register", {
      ...valid,
      invitationCode: "X".repeat(65),
    });
    assert.equal(
      badCode.json.error,
      english("auth.invalidInvitation"),
      "an over-long code is invalid",
    );
    assert.equal(fieldOfServerText(badCode.json.error), "invitationCode");
  });
});

Deno.test("forms: profile — username, email, display name, bio, location as the form checks", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server, { username: "prof_owner" });
    await registerMember(server, { username: "taken_name" });
    const before = await kvUser(server.kv, m.id);
    const cases: [string, Record<string, string>, string | null][] = [
      [
        "44-character username",
        { username: "b".repeat(44) },
        inEnglish(checkUsername("b".repeat(44)).problem),
      ],
      [
        "username with an emoji",
        { username: `x${EMOJI}y` },
        inEnglish(checkUsername(`x${EMOJI}y`).problem),
      ],
      ["bad email", { email: "nope@nowhere" }, inEnglish(checkEmail("nope@nowhere").problem)],
      [
        "51-character display name",
        { displayName: "d".repeat(51) },
        inEnglish(checkDisplayName("d".repeat(51)).problem),
      ],
      // Past the body bound: still the rule's own text, never 'Invalid request body'.
      [
        "1001-character display name",
        { displayName: "d".repeat(1001) },
        english("auth.longDisplayName", { max: 50 }),
      ],
      ["301-character bio", { bio: "b".repeat(301) }, inEnglish(checkBio("b".repeat(301)).problem)],
      [
        "location without a city",
        { location: "Poland" },
        inEnglish(checkLocation("Poland").problem),
      ],
      [
        "121-character location",
        { location: `${"c".repeat(110)}, ${"p".repeat(9)}` },
        inEnglish(checkLocation(`${"c".repeat(110)}, ${"p".repeat(9)}`).problem),
      ],
    ];
    for (const [label, patch, expected] of cases) {
      assert.ok(expected, `${label}: the form refuses it`);
      const res = await m.client.patch("/api/user/profile", patch);
      assert.equal(res.status, 400, `${label}: ${res.status} ${res.text}`);
      assert.equal(res.json.error, expected, label);
      assert.ok(fieldOfServerText(res.json.error), `${label}: the text names its field`);
    }
    // A 50-character display name with spaces around it is accepted by both (stored trimmed).
    const fifty = ` ${"d".repeat(50)} `;
    assert.equal(checkDisplayName(fifty).problem, null);
    const ok = await m.client.patch("/api/user/profile", { displayName: fifty });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.json.displayName, "d".repeat(50));

    const taken = await m.client.patch("/api/user/profile", { username: "Taken_Name" });
    assert.equal(taken.status, 409);
    assert.equal(taken.json.error, english("auth.usernameTaken"));
    const after = await kvUser(server.kv, m.id);
    assert.equal(after?.username, before?.username, "a refused patch changes nothing");
    assert.equal(after?.bio, before?.bio);
  });
});

Deno.test("forms: passwords — a new password over 200 characters is refused in words", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const long = "p".repeat(201);
    assert.equal(
      inEnglish(checkNewPassword(long).problem),
      english("auth.longPassword", { max: 200 }),
    );
    const change = await m.client.post("/api/user/password", {
      currentPassword: m.password,
      newPassword: long,
    });
    assert.equal(change.status, 400);
    assert.equal(change.json.error, english("auth.longPassword", { max: 200 }));
    const wrong = await m.client.post("/api/user/password", {
      currentPassword: "not-the-password",
      newPassword: "new-secret-2",
    });
    assert.equal(wrong.json.error, english("auth.wrongCurrentPassword"));
    assert.equal(fieldOfServerText(wrong.json.error), "currentPassword");
    // The old password still signs in: nothing changed.
    const again = await new Client(server).post("/api/simple-login", {
      identifier: m.username,
      password: m.password,
    });
    assert.equal(again.status, 200, again.text);
  });
});

Deno.test("forms: hashtags — the editor's verdict is the server's, tag by tag", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const saved = await m.client.post("/api/filters", { hashtags: ["travel"] });
    assert.equal(saved.status, 200, saved.text);
    const tags: string[] = [
      EMOJI,
      `party${EMOJI}`,
      LONG_TAG,
      "x".repeat(31),
      "x".repeat(30),
      "##double",
      "#Street Food",
      "ünïcödé",
      "日本",
      "no-dash",
      "a.b",
      "<img src=x>",
      "tab\there",
      "_under_",
    ];
    for (const raw of tags) {
      const editor = tryAddHashtag([], raw);
      const res = await m.client.post("/api/filters", { hashtags: [raw] });
      if (editor.kind === "refused") {
        assert.equal(res.status, 400, `${JSON.stringify(raw)}: ${res.text}`);
        assert.equal(res.json.error, inEnglish(editor.problem), JSON.stringify(raw));
        assert.deepEqual(editor.problem, badHashtag());
      } else {
        assert.equal(editor.kind, "added", JSON.stringify(raw));
        assert.equal(res.status, 200, `${JSON.stringify(raw)}: ${res.text}`);
        assert.deepEqual(res.json.hashtags, [editor.tag], JSON.stringify(raw));
      }
    }
    // Whole lists: too many, and one bad tag among good ones; nothing is stored.
    const before = (await m.client.get("/api/filters")).json.hashtags;
    const lists = [
      Array.from({ length: 31 }, (_, i) => `tag${i}`),
      ["yoga", EMOJI, "travel"],
      ["yoga", LONG_TAG],
    ];
    for (const list of lists) {
      const problem = hashtagListProblem(list);
      assert.ok(problem);
      const res = await m.client.post("/api/filters", { hashtags: list });
      assert.equal(res.status, 400);
      assert.equal(res.json.error, inEnglish(problem));
    }
    assert.deepEqual((await m.client.get("/api/filters")).json.hashtags, before);
    // The 31st tag is refused by the editor with the server's count text.
    const thirty = Array.from({ length: 30 }, (_, i) => `tag${i}`);
    const refused = tryAddHashtag(thirty, "one_more");
    assert.equal(refused.kind, "refused");
    assert.deepEqual(refused.kind === "refused" && refused.problem, tooManyHashtags());
  });
});
