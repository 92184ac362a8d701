// The texts of the emails Glimpse sends, in the recipient's language (the member's profile
// language; English when not given). The texts are the "email" catalog's; links stay as given.
import type { EmailMessage } from "./mod.ts";
import { formatDate, tr, withMessages } from "../../shared/i18n/messages.ts";
import { deviceLabel } from "../../shared/devices.ts";
import { DEFAULT_LOCALE, type Locale } from "../../shared/i18n/locales.ts";
import { serverMessages } from "../i18n/catalogs.ts";
import type en from "../../shared/i18n/catalog/email/en.ts";

const t = tr<typeof en>("email");

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Draft {
  subject: string;
  lines: string[];
  link: string;
  action: string;
}

/** Builds the mail in `locale`: `draft` reads its texts with `t` while that language is set. */
function layout(to: string, locale: Locale, draft: () => Draft) {
  return withMessages(serverMessages(locale), () => {
    const { subject, lines, link, action } = draft();
    const text = `${lines.join("\n\n")}\n\n${action}${t("actionColon")}${link}\n\n— Glimpse`;
    // English mails keep their markup as it always was; the others name their language.
    const lang = locale === DEFAULT_LOCALE ? "" : ` lang="${locale}"`;
    const html =
      `<!doctype html><html${lang}><body style="font-family:system-ui,sans-serif;line-height:1.5">` +
      lines.map((l) => `<p>${escape(l)}</p>`).join("") +
      `<p><a href="${escape(link)}">${escape(action)}</a></p><p>— Glimpse</p></body></html>`;
    return { to, subject, text, html } satisfies EmailMessage;
  });
}

export function verificationEmail(
  to: string,
  username: string,
  link: string,
  locale: Locale = DEFAULT_LOCALE,
) {
  return layout(to, locale, () => ({
    subject: t("verifySubject"),
    lines: [t("greeting", { username }), t("verifyBody"), t("verifyIgnore")],
    link,
    action: t("verifyAction"),
  }));
}

export function passwordResetEmail(
  to: string,
  username: string,
  link: string,
  locale: Locale = DEFAULT_LOCALE,
) {
  return layout(to, locale, () => ({
    subject: t("resetSubject"),
    lines: [t("greeting", { username }), t("resetBody"), t("resetIgnore")],
    link,
    action: t("resetAction"),
  }));
}

export function emailChangeEmail(
  to: string,
  username: string,
  link: string,
  locale: Locale = DEFAULT_LOCALE,
) {
  return layout(to, locale, () => ({
    subject: t("changeSubject"),
    lines: [t("greeting", { username }), t("changeBody"), t("changeIgnore")],
    link,
    action: t("changeAction"),
  }));
}

/** To an address that already has an account, when someone tried to register a new one with it. */
export function registrationAttemptEmail(
  to: string,
  link: string,
  locale: Locale = DEFAULT_LOCALE,
) {
  return layout(to, locale, () => ({
    subject: t("attemptSubject"),
    lines: [t("greetingNoName"), t("attemptBody"), t("attemptAdvice")],
    link,
    action: t("signIn"),
  }));
}

/** To an address that already has an account, when someone asked to move another account to it. */
export function emailInUseEmail(to: string, link: string, locale: Locale = DEFAULT_LOCALE) {
  return layout(to, locale, () => ({
    subject: t("inUseSubject"),
    lines: [t("greetingNoName"), t("inUseBody"), t("inUseAdvice")],
    link,
    action: t("signIn"),
  }));
}

/**
 * To a member whose account was signed in to from a browser it had not used before: the browser,
 * the time (UTC: the server knows no member's zone) and, if it was not them, the reset link.
 */
export function newSignInEmail(
  to: string,
  username: string,
  sign: { device: { browser: string | null; system: string | null }; at: number; link: string },
  locale: Locale = DEFAULT_LOCALE,
) {
  return layout(to, locale, () => ({
    subject: t("newSignInSubject"),
    lines: [
      t("greeting", { username }),
      t("newSignInBody", {
        device: deviceLabel(sign.device),
        time: formatDate(sign.at, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }),
      }),
      t("newSignInAdvice"),
    ],
    link: sign.link,
    action: t("resetAction"),
  }));
}

/** To a member whose appeal of a ban an administrator answered: upheld, or lifted (sign in again). */
export function appealAnsweredEmail(
  to: string,
  username: string,
  status: "upheld" | "lifted",
  links: { signIn: string; terms: string },
  locale: Locale = DEFAULT_LOCALE,
) {
  const lifted = status === "lifted";
  return layout(to, locale, () => ({
    subject: lifted ? t("appealLiftedSubject") : t("appealUpheldSubject"),
    lines: [
      t("greeting", { username }),
      lifted ? t("appealLiftedBody") : t("appealUpheldBody"),
      lifted ? t("appealLiftedAdvice") : t("appealUpheldAdvice"),
    ],
    link: lifted ? links.signIn : links.terms,
    action: lifted ? t("signIn") : t("appealTermsAction"),
  }));
}

/**
 * To a member put on a safety hold (what it stops, what it leaves them, and the appeal on their
 * profile), when the hold is lifted, or when an administrator answers their appeal of a hold and
 * keeps it.
 */
export function holdEmail(
  to: string,
  username: string,
  event: "placed" | "lifted" | "upheld",
  profile: string,
  locale: Locale = DEFAULT_LOCALE,
) {
  return layout(to, locale, () => {
    const [subject, body, advice] = event === "placed"
      ? [t("holdPlacedSubject"), t("holdPlacedBody"), t("holdPlacedAdvice")]
      : event === "lifted"
      ? [t("holdLiftedSubject"), t("holdLiftedBody"), t("holdLiftedAdvice")]
      : [t("appealUpheldSubject"), t("holdUpheldBody"), t("holdPlacedAdvice")];
    return {
      subject,
      lines: [t("greeting", { username }), body, event === "upheld" ? "" : advice].filter(Boolean),
      link: profile,
      action: t("holdProfileAction"),
    };
  });
}
