// Account mail goes out in the recipient's language, their profile language: a German member's
// password reset, verification, email-change and registration-attempt mails are in German
// (subject, text and HTML, links as always); an English member's are exactly the English mails.
import assert from "node:assert/strict";
import { withServer } from "../helpers/server.ts";
import {
  awaitMails,
  Client,
  kvUser,
  linkIn,
  PASSWORD,
  registerMember,
  uniqueName,
} from "../helpers/accounts.ts";
import { createInvitations } from "../../kv/users.ts";
import emailCatalog from "../../lib/shared/i18n/catalog/email/mod.ts";
import type { StoredEmail } from "../../lib/server/email/mod.ts";

const de = emailCatalog.de;

/** Sets the signed-in member's profile language. */
async function speak(client: Client, language: string) {
  const res = await client.patch("/api/user/profile", { language });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.json.language, language);
}

/** Asks for a reset link for `email` and waits for the mail. */
async function resetMail(
  server: { url: string; kv: Deno.Kv },
  email: string,
): Promise<StoredEmail> {
  const res = await new Client(server).post("/api/forgot-password", { email });
  assert.equal(res.status, 200, res.text);
  const [mail] = await awaitMails(server.kv, email, 1, "/auth?reset=");
  return mail;
}

/** The German parts every German mail has: its language, the greeting and no English left. */
function assertGerman(mail: StoredEmail, greeting: string) {
  assert.ok(mail.text.startsWith(`${greeting}\n\n`), mail.text);
  assert.match(mail.html, /^<!doctype html><html lang="de">/);
  assert.ok(mail.text.endsWith("\n\n— Glimpse"), mail.text);
  assert.doesNotMatch(mail.text, /\b(Hi|Someone|If it was|Please|Sign in)\b/, mail.text);
}

Deno.test("mail in German: a member whose profile language is German gets their reset mail in German", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    await speak(m.client, "de");
    const mail = await resetMail(server, m.email);
    assert.equal(mail.subject, de.resetSubject);
    assert.equal(mail.subject, "Setze dein Glimpse-Passwort zurück");
    assertGerman(mail, `Hallo ${m.username},`);
    assert.ok(mail.text.includes(de.resetBody), mail.text);
    assert.ok(mail.text.includes(de.resetIgnore), mail.text);
    // The link is the same as ever, after the German label.
    const link = linkIn(mail, "/auth?reset=");
    assert.ok(mail.text.includes(`${de.resetAction}: ${server.url}${link}`), mail.text);
    assert.ok(mail.html.includes(`>${de.resetAction}</a>`), mail.html);
    // And it works: the member sets a new password with it.
    const token = new URL(server.url + link).searchParams.get("reset");
    const reset = await new Client(server).post("/api/reset-password", {
      token,
      newPassword: "another-pass-2",
    });
    assert.equal(reset.status, 200, reset.text);
  });
});

Deno.test("mail in German: verification, email change and the notices to an address's holder", async () => {
  await withServer(async (server) => {
    // Verification, asked for again by an unverified German member.
    const m = await registerMember(server, { verified: false });
    await speak(m.client, "de");
    const resend = await m.client.post("/api/resend-verification");
    assert.equal(resend.status, 200, resend.text);
    const [verify] = await awaitMails(server.kv, m.email, 2, "/verify-email?token=");
    assert.equal(verify.subject, de.verifySubject);
    assertGerman(verify, `Hallo ${m.username},`);
    assert.ok(verify.text.includes(de.verifyBody));

    // An email change: the confirmation to the new address is in the member's language.
    const newEmail = `${uniqueName("n")}@example.test`;
    const change = await m.client.patch("/api/user/profile", {
      email: newEmail,
      currentPassword: PASSWORD,
    });
    assert.equal(change.status, 200, change.text);
    const [confirm] = await awaitMails(server.kv, newEmail, 1, "/confirm-email?token=");
    assert.equal(confirm.subject, de.changeSubject);
    assertGerman(confirm, `Hallo ${m.username},`);

    // Someone registers with the German member's address: the holder's notice is in German.
    const [code] = await createInvitations(server.kv, null, 1);
    const attempt = await new Client(server).post("/api/register", {
      username: uniqueName("x"),
      email: m.email,
      password: PASSWORD,
      invitationCode: code,
      ageConfirmed: true,
    });
    assert.equal(attempt.status, 202, attempt.text);
    const [notice] = await awaitMails(server.kv, m.email, 1, "/auth");
    assert.equal(notice.subject, de.attemptSubject);
    assertGerman(notice, de.greetingNoName);

    // An English member asks to move to the German member's address: the holder hears in German.
    const en = await registerMember(server);
    const taken = await en.client.patch("/api/user/profile", {
      email: m.email,
      currentPassword: PASSWORD,
    });
    assert.equal(taken.status, 200, taken.text);
    const [inUse] = await awaitMails(server.kv, m.email, 2, "/auth");
    assert.equal(inUse.subject, de.inUseSubject);
    assertGerman(inUse, de.greetingNoName);
  });
});

Deno.test("mail at registration: the verification mail is in the language registration stored", async () => {
  await withServer(async (server) => {
    const [code] = await createInvitations(server.kv, null, 1);
    const username = uniqueName("g");
    const email = `${username}@example.test`;
    const client = new Client(server);
    client.cookies.set("glimpse_lang", "de");
    const res = await client.post("/api/register", {
      username,
      email,
      password: PASSWORD,
      invitationCode: code,
      ageConfirmed: true,
    }, { headers: { "accept-language": "de-DE,de;q=0.9" } });
    assert.equal(res.status, 202, res.text);
    const [mail] = await awaitMails(server.kv, email, 1, "/verify-email?token=");
    const id = (await server.kv.get<string>(["users_by_username", username])).value!;
    const stored = (await kvUser(server.kv, id))!.language;
    assert.equal(mail.subject, emailCatalog[stored].verifySubject);
  });
});

Deno.test("mail in English: an English member's reset mail is exactly the English mail", async () => {
  await withServer(async (server) => {
    const m = await registerMember(server);
    const mail = await resetMail(server, m.email);
    const link = `${server.url}${linkIn(mail, "/auth?reset=")}`;
    assert.equal(mail.subject, "Reset your Glimpse password");
    assert.equal(
      mail.text,
      `Hi ${m.username},\n\n` +
        "Someone asked to reset the password of your Glimpse account. The link below works once and for one hour.\n\n" +
        "If it was not you, ignore this email: your password stays as it is.\n\n" +
        `Set a new password: ${link}\n\n— Glimpse`,
    );
    assert.equal(
      mail.html,
      `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">` +
        `<p>Hi ${m.username},</p>` +
        "<p>Someone asked to reset the password of your Glimpse account. The link below works once and for one hour.</p>" +
        "<p>If it was not you, ignore this email: your password stays as it is.</p>" +
        `<p><a href="${link}">Set a new password</a></p><p>— Glimpse</p></body></html>`,
    );
  });
});
