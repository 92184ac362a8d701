// The texts of the emails Glimpse sends.
import type { EmailMessage } from "./mod.ts";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(to: string, subject: string, lines: string[], link: string, action: string) {
  const text = `${lines.join("\n\n")}\n\n${action}: ${link}\n\n— Glimpse`;
  const html =
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">` +
    lines.map((l) => `<p>${escape(l)}</p>`).join("") +
    `<p><a href="${escape(link)}">${escape(action)}</a></p><p>— Glimpse</p></body></html>`;
  return { to, subject, text, html } satisfies EmailMessage;
}

export function verificationEmail(to: string, username: string, link: string) {
  return layout(
    to,
    "Verify your email for Glimpse",
    [
      `Hi ${username},`,
      "Please confirm that this is your email address to unlock every Glimpse feature.",
      "If you did not create a Glimpse account, you can ignore this email.",
    ],
    link,
    "Verify my email",
  );
}

export function passwordResetEmail(to: string, username: string, link: string) {
  return layout(
    to,
    "Reset your Glimpse password",
    [
      `Hi ${username},`,
      "Someone asked to reset the password of your Glimpse account. The link below works once and for one hour.",
      "If it was not you, ignore this email: your password stays as it is.",
    ],
    link,
    "Set a new password",
  );
}

export function emailChangeEmail(to: string, username: string, link: string) {
  return layout(
    to,
    "Confirm your new email for Glimpse",
    [
      `Hi ${username},`,
      "You asked to use this address for your Glimpse account. Your email changes when you open the link below. It works once and for one hour.",
      "If it was not you, ignore this email: nothing changes.",
    ],
    link,
    "Use this email",
  );
}

/** To an address that already has an account, when someone tried to register a new one with it. */
export function registrationAttemptEmail(to: string, link: string) {
  return layout(
    to,
    "Someone tried to register on Glimpse with your email",
    [
      "Hi,",
      "Someone tried to create a new Glimpse account with this address. It already belongs to your account, so no new account was created.",
      "If it was you, sign in, or reset your password if you forgot it. If it was not you, you can ignore this email: your account is unchanged.",
    ],
    link,
    "Sign in",
  );
}

/** To an address that already has an account, when someone asked to move another account to it. */
export function emailInUseEmail(to: string, link: string) {
  return layout(
    to,
    "Someone tried to use your email on Glimpse",
    [
      "Hi,",
      "Someone tried to use this address for a Glimpse account. It already belongs to an account, so nothing changed.",
      "If it was you, sign in, or reset your password if you forgot it. If it was not you, you can ignore this email.",
    ],
    link,
    "Sign in",
  );
}
