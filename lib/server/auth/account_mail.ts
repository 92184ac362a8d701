// Account mail goes out after the response, through the KV queue: the request only queues a
// message (inside the commit that makes the change, where there is one) and the queue listener
// sends it, with retries when the provider fails. So a response never waits for, or depends on,
// the provider, and a request's work is the same whatever the mail turns out to be: the reset
// message is queued for any address and the listener looks the address up; the email-change
// message is queued for any new address and the listener decides between the confirmation link
// and, for an address that already has an account, a notice to it. A registration with an address
// that has an account queues a notice to that account.
import type { EmailSender } from "../email/mod.ts";
import {
  appealAnsweredEmail,
  emailChangeEmail,
  emailInUseEmail,
  holdEmail,
  newSignInEmail,
  passwordResetEmail,
  registrationAttemptEmail,
  verificationEmail,
} from "../email/templates.ts";
import { findUserByEmail, getUser } from "../../../kv/users.ts";
import { issueEmailToken } from "../../../kv/email_tokens.ts";
import { deliveryAttempt, enqueue, RETRY_SCHEDULE_MS } from "../../../kv/queue.ts";
import { hit } from "../../../kv/rate_limits.ts";
import { errorFields, logger } from "../../shared/log.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../shared/i18n/locales.ts";
import type { UserRecord } from "../../shared/auth/types.ts";
import { USER_AGENT_MAX } from "../../../kv/sessions.ts";
import { parseUserAgent } from "../../shared/devices.ts";

/** The language a member's mail is written in: their profile language (English if none). */
const languageOf = (user: UserRecord): Locale =>
  isLocale(user.language) ? user.language : DEFAULT_LOCALE;

interface Base {
  /** Counts the deliveries of this message. */
  id: string;
  /** Where the links point (the site's origin when the request came). */
  origin: string;
}

export type AccountMail =
  | Base & { kind: "mail-verify"; userId: string; email: string }
  | Base & { kind: "mail-reset"; email: string }
  | Base & { kind: "mail-email-change"; userId: string; newEmail: string }
  | Base & { kind: "mail-registration-attempt"; email: string }
  | Base & { kind: "mail-new-sign-in"; userId: string; userAgent: string; at: number }
  | Base & { kind: "mail-appeal-answered"; userId: string; status: "upheld" | "lifted" }
  | Base & { kind: "mail-hold"; userId: string; event: "placed" | "lifted" | "upheld" };

const KINDS = new Set([
  "mail-verify",
  "mail-reset",
  "mail-email-change",
  "mail-registration-attempt",
  "mail-new-sign-in",
  "mail-appeal-answered",
  "mail-hold",
]);

export function isAccountMail(v: unknown): v is AccountMail {
  return typeof v === "object" && v !== null && KINDS.has((v as AccountMail).kind) &&
    typeof (v as AccountMail).id === "string" && typeof (v as AccountMail).origin === "string";
}

const id = () => crypto.randomUUID();

export const verifyMail = (userId: string, email: string, origin: string): AccountMail => ({
  kind: "mail-verify",
  id: id(),
  origin,
  userId,
  email,
});
export const resetMail = (email: string, origin: string): AccountMail => ({
  kind: "mail-reset",
  id: id(),
  origin,
  email,
});
export const emailChangeMail = (userId: string, newEmail: string, origin: string): AccountMail => ({
  kind: "mail-email-change",
  id: id(),
  origin,
  userId,
  newEmail,
});
/** To the holder of an address someone tried to register a new account with. */
export const registrationAttemptMail = (email: string, origin: string): AccountMail => ({
  kind: "mail-registration-attempt",
  id: id(),
  origin,
  email,
});

/** To a member whose account was signed in to from a browser it had not used before. */
export const newSignInMail = (
  userId: string,
  userAgent: string,
  at: number,
  origin: string,
): AccountMail => ({
  kind: "mail-new-sign-in",
  id: id(),
  origin,
  userId,
  userAgent: userAgent.slice(0, USER_AGENT_MAX),
  at,
});

/** To a member whose appeal an administrator answered: the decision. */
export const appealAnsweredMail = (
  userId: string,
  status: "upheld" | "lifted",
  origin: string,
): AccountMail => ({ kind: "mail-appeal-answered", id: id(), origin, userId, status });

/** To a member put on a safety hold, whose hold was lifted, or whose appeal of it was upheld. */
export const holdMail = (
  userId: string,
  event: "placed" | "lifted" | "upheld",
  origin: string,
): AccountMail => ({ kind: "mail-hold", id: id(), origin, userId, event });

/** One notice an hour (a window from the first) at most per address, however many attempts. */
const ATTEMPT_NOTICE = { scope: "registration-attempt-notice", max: 1, windowMs: 60 * 60_000 };

/** Queues a registration-attempt notice to the holder of `email`, the first of the hour only. */
export async function queueRegistrationAttempt(kv: Deno.Kv, email: string, origin: string) {
  const { scope, ...limit } = ATTEMPT_NOTICE;
  if ((await hit(kv, scope, email, limit)).ok) {
    await enqueue(kv, registrationAttemptMail(email, origin));
  }
}

/** The mail a message asks for now, or null when there is none to send (nothing to do). */
async function compose(kv: Deno.Kv, m: AccountMail) {
  switch (m.kind) {
    case "mail-verify": {
      const user = await getUser(kv, m.userId);
      // Verified meanwhile, or the address changed: a link would verify nothing.
      if (!user || user.emailVerified || user.email.toLowerCase() !== m.email.toLowerCase()) {
        return null;
      }
      const token = await issueEmailToken(kv, user.id, "verify", user.email);
      return verificationEmail(
        user.email,
        user.username,
        `${m.origin}/verify-email?token=${token}`,
        languageOf(user),
      );
    }
    case "mail-reset": {
      const user = await findUserByEmail(kv, m.email);
      if (!user) return null;
      const token = await issueEmailToken(kv, user.id, "reset", user.email);
      return passwordResetEmail(
        user.email,
        user.username,
        `${m.origin}/auth?reset=${token}`,
        languageOf(user),
      );
    }
    case "mail-email-change": {
      const user = await getUser(kv, m.userId);
      if (!user) return null;
      const owner = await findUserByEmail(kv, m.newEmail);
      if (owner?.id === user.id) return null;
      // The notice goes to the address's holder, in their language.
      if (owner) return emailInUseEmail(m.newEmail, `${m.origin}/auth`, languageOf(owner));
      const token = await issueEmailToken(kv, user.id, "email_change", m.newEmail);
      return emailChangeEmail(
        m.newEmail,
        user.username,
        `${m.origin}/confirm-email?token=${token}`,
        languageOf(user),
      );
    }
    case "mail-new-sign-in": {
      const user = await getUser(kv, m.userId);
      // Gone, or the member asked for no mail about their account (the notifications switch).
      if (!user || user.deletedAt || !user.notificationsEnabled) return null;
      // The way out if it was not them: the reset flow's own link, which also signs out every device.
      const token = await issueEmailToken(kv, user.id, "reset", user.email);
      return newSignInEmail(user.email, user.username, {
        device: parseUserAgent(m.userAgent),
        at: m.at,
        link: `${m.origin}/auth?reset=${token}`,
      }, languageOf(user));
    }
    case "mail-appeal-answered": {
      const user = await getUser(kv, m.userId);
      // The answer to the member's own request: sent whatever their notifications switch says.
      if (!user || user.deletedAt) return null;
      return appealAnsweredEmail(
        user.email,
        user.username,
        m.status,
        { signIn: `${m.origin}/auth`, terms: `${m.origin}/terms-of-service` },
        languageOf(user),
      );
    }
    case "mail-hold": {
      const user = await getUser(kv, m.userId);
      // About the member's own account and what they can do: sent whatever the switch says.
      if (!user || user.deletedAt) return null;
      return holdEmail(user.email, user.username, m.event, `${m.origin}/profile`, languageOf(user));
    }
    case "mail-registration-attempt": {
      const owner = await findUserByEmail(kv, m.email);
      return owner
        ? registrationAttemptEmail(owner.email, `${m.origin}/auth`, languageOf(owner))
        : null;
    }
  }
}

/**
 * Sends the mail a queued message asks for. A provider failure is thrown, so the queue delivers
 * the message again later (RETRY_SCHEDULE_MS); after the last retry it is logged and dropped.
 */
export async function deliverAccountMail(kv: Deno.Kv, sender: EmailSender, m: AccountMail) {
  const attempt = await deliveryAttempt(kv, m.id);
  const mail = await compose(kv, m);
  if (!mail) return;
  try {
    await sender.send(mail);
  } catch (err) {
    const tries = RETRY_SCHEDULE_MS.length + 1;
    if (attempt >= tries) {
      logger.error("account mail: gave up", err, { kind: m.kind, id: m.id, attempts: tries });
      return;
    }
    logger.warn("account mail: attempt failed; retrying", {
      kind: m.kind,
      id: m.id,
      attempt,
      of: tries,
      ...errorFields(err),
    });
    throw err;
  }
}
