// Rate limits on what costs a password hash, sends mail or tells whether an account exists.
// Counted in KV (kv/rate_limits.ts), so a limit holds across every server instance. A limit whose
// subject is the caller's address is a middleware placed before the body is read; one whose
// subject is in the body (an account, an email) counts after validation, still before the work.
import { type Said, said } from "../../shared/i18n/said.ts";
import type { Context, MiddlewareHandler } from "hono";
import {
  hit,
  isKnownLoginIp,
  type Limit,
  rememberLoginIp,
  unhit,
} from "../../../kv/rate_limits.ts";
import { AppError } from "./errors.ts";
import { memberIdOf } from "./auth.ts";

export interface RateRule {
  scope: string;
  limit: Limit;
}

const MINUTES_15 = 15 * 60_000;
const HOUR = 60 * 60_000;

export const RATE_RULES = {
  /** Every sign-in from one address. */
  loginIp: { scope: "login-ip", limit: { max: 30, windowMs: MINUTES_15 } },
  /** Failed sign-ins to one account from one address: an attacker locks out only themselves. */
  loginAccountIp: { scope: "login-account-ip", limit: { max: 10, windowMs: MINUTES_15 } },
  /**
   * Failed sign-ins to one account from addresses its member never signed in from: stops a guess
   * spread over many addresses. Past LOGIN_FREE_FAILURES each failure gets its response later.
   */
  loginAccount: { scope: "login-account", limit: { max: 100, windowMs: MINUTES_15 } },
  registerIp: { scope: "register-ip", limit: { max: 10, windowMs: HOUR } },
  forgotIp: { scope: "forgot-ip", limit: { max: 10, windowMs: HOUR } },
  forgotAccount: { scope: "forgot-account", limit: { max: 3, windowMs: HOUR } },
  resendIp: { scope: "resend-ip", limit: { max: 10, windowMs: HOUR } },
  resendAccount: { scope: "resend-account", limit: { max: 3, windowMs: HOUR } },
  /** Password resets (a valid link costs a hash). */
  resetIp: { scope: "reset-ip", limit: { max: 20, windowMs: MINUTES_15 } },
  /** Checks of a signed-in member's current password (password or email change). */
  passwordIp: { scope: "password-ip", limit: { max: 30, windowMs: MINUTES_15 } },
  passwordAccount: { scope: "password-account", limit: { max: 10, windowMs: MINUTES_15 } },
  /** Language switches from one address (each may write a profile). */
  languageIp: { scope: "language-ip", limit: { max: 60, windowMs: MINUTES_15 } },
  /** Every profile change from one address. */
  profileIp: { scope: "profile-ip", limit: { max: 60, windowMs: MINUTES_15 } },
  /** Username changes (each response tells whether a name is taken). */
  usernameAccount: { scope: "username-account", limit: { max: 10, windowMs: HOUR } },
  usernameIp: { scope: "username-ip", limit: { max: 10, windowMs: HOUR } },
  /** Confirmation mails of email changes, counted once the current password was right. */
  emailChangeAccount: { scope: "email-change-account", limit: { max: 3, windowMs: HOUR } },
  /** Signing out one's other devices (each ends sessions and writes to every instance's watch). */
  deviceSignOutIp: { scope: "device-sign-out-ip", limit: { max: 60, windowMs: MINUTES_15 } },
  deviceSignOutAccount: {
    scope: "device-sign-out-account",
    limit: { max: 30, windowMs: MINUTES_15 },
  },
  /**
   * Passkey sign-in options (a challenge stored five minutes): /auth asks for them as it loads in a
   * browser that offers passkeys among the username field's suggestions, so they are not sign-ins.
   */
  passkeyOptionsIp: { scope: "passkey-options-ip", limit: { max: 120, windowMs: MINUTES_15 } },
  /** Passkey changes (adding, renaming, removing one; removing the password). */
  passkeyIp: { scope: "passkey-ip", limit: { max: 60, windowMs: MINUTES_15 } },
  passkeyAccount: { scope: "passkey-account", limit: { max: 30, windowMs: MINUTES_15 } },
  /** A banned member's appeal, sent or read back, per address and per member. */
  appealIp: { scope: "appeal-ip", limit: { max: 30, windowMs: MINUTES_15 } },
  appealAccount: { scope: "appeal-account", limit: { max: 10, windowMs: MINUTES_15 } },
  /** An administrator's changes (bans, reviews, deletions): generous, but a runaway script stops. */
  adminWrite: { scope: "admin-write", limit: { max: 300, windowMs: MINUTES_15 } },
  /** Second-factor codes an administrator sends (set-up, sign-in step-up, removal, renewal). */
  secondFactor: { scope: "second-factor", limit: { max: 10, windowMs: MINUTES_15 } },
  /** Invitation batches an administrator creates (each up to 50 codes). */
  adminInvitations: { scope: "admin-invitations", limit: { max: 20, windowMs: HOUR } },
  /**
   * Stripe webhook deliveries per sending address: far above what Stripe sends for our events,
   * low enough that a flood of unsigned posts stops early.
   */
  /** Push subscriptions a member adds or removes (each is a write). */
  pushSubscribe: { scope: "push-subscribe", limit: { max: 20, windowMs: HOUR } },
  /** Checkout and billing portal sessions a member opens (each is a call to Stripe). */
  checkout: { scope: "checkout", limit: { max: 20, windowMs: MINUTES_15 } },
  stripeWebhook: { scope: "stripe-webhook", limit: { max: 600, windowMs: MINUTES_15 } },
} satisfies Record<string, RateRule>;

/** A rate limit's refusal: wait `minutes` (whole, written as they are) and try again. */
export function tooManySaid(minutes: number): Said {
  return said("texts.tooMany", { minutes: String(minutes), count: minutes });
}

function tooMany(retryAfterSeconds: number): AppError {
  return new AppError(429, tooManySaid(Math.ceil(retryAfterSeconds / 60)), {
    "Retry-After": String(retryAfterSeconds),
  });
}

export interface RateCheck {
  rule: RateRule;
  subject: string;
}

/**
 * Counts one attempt against each subject (an empty subject is not counted); throws a 429 with
 * Retry-After when any is over its limit. Does nothing while rate limits are off.
 */
export async function countAttempt(kv: Deno.Kv, enabled: boolean, checks: RateCheck[]) {
  if (!enabled) return;
  for (const { rule, subject } of checks) {
    if (!subject) continue;
    const r = await hit(kv, rule.scope, subject, rule.limit);
    if (!r.ok) throw tooMany(r.retryAfterSeconds);
  }
}

/** The same as a middleware, for limits known before the body is read (the caller's address). */
export function rateLimit(
  kv: Deno.Kv,
  enabled: boolean,
  checks: (c: Context) => RateCheck[],
): MiddlewareHandler {
  return async (c, next) => {
    await countAttempt(kv, enabled, checks(c));
    await next();
  };
}

/**
 * Reads of the heavy pages and their lists (the leaderboard, the map, the admin lists) by one
 * signed-in member. Counted in this process's memory, not in KV: what it protects is this
 * server's time, and a read must not cost a write.
 */
export const READ_RULE: RateRule = {
  scope: "member-read",
  limit: { max: 120, windowMs: 60_000 },
};

/** Fixed-window counts per subject, all of one window (a new window starts them afresh). */
class WindowCounts {
  private window = -1;
  private counts = new Map<string, number>();

  constructor(readonly limit: Limit) {}

  /** Counts one read; the seconds until the window ends when it is over the limit. */
  take(subject: string, now = Date.now()): number | null {
    const window = Math.floor(now / this.limit.windowMs);
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    const n = (this.counts.get(subject) ?? 0) + 1;
    this.counts.set(subject, n);
    if (n <= this.limit.max) return null;
    return Math.max(1, Math.ceil(((window + 1) * this.limit.windowMs - now) / 1000));
  }
}

const readCounts = new WeakMap<Deno.Kv, WindowCounts>();

/**
 * The per-member read limit (READ_RULE) of the app on `kv`, as a middleware placed after the
 * session is known: over it, 429 with Retry-After and the rate limits' text. Guests are not
 * counted (the heavy pages are for members). Does nothing while rate limits are off.
 */
export function readLimit(kv: Deno.Kv, enabled: boolean): MiddlewareHandler {
  let counts = readCounts.get(kv);
  if (!counts) readCounts.set(kv, counts = new WindowCounts(READ_RULE.limit));
  const mine = counts;
  return async (c, next) => {
    const member = enabled ? memberIdOf(c) : undefined;
    const wait = member ? mine.take(member) : null;
    if (wait !== null) throw tooMany(wait);
    await next();
  };
}

/** Failed sign-ins to an account (from unknown addresses) responded to without delay. */
export const LOGIN_FREE_FAILURES = 10;
const LOGIN_DELAY_FIRST_MS = 125;
const LOGIN_DELAY_MAX_MS = 3000;

/** How long the response to an account's `failures`-th failed sign-in waits: doubling, capped. */
export function loginFailureDelayMs(failures: number): number {
  if (failures <= LOGIN_FREE_FAILURES) return 0;
  const doublings = Math.min(failures - LOGIN_FREE_FAILURES - 1, 16);
  return Math.min(LOGIN_DELAY_MAX_MS, LOGIN_DELAY_FIRST_MS * 2 ** doublings);
}

export interface LoginAttempt {
  /** The password was right: the attempt does not count, and the address becomes known. */
  succeeded(userId: string): Promise<void>;
  /** The password was wrong: waits as long as the account's failures ask. */
  failed(): Promise<void>;
  /** The password was never checked (the hash gate was full): the attempt does not count. */
  unchecked(): Promise<void>;
}

const NO_LIMITS: LoginAttempt = {
  succeeded: async () => {},
  failed: async () => {},
  unchecked: async () => {},
};

/**
 * Counts a sign-in to `account` (the account's id, or the identifier when it names none) from
 * `ip` before the password is checked, and throws a 429 when the pair or, from an address the
 * member never signed in from, the account is over its limit. Counted first and taken back on
 * success, so racing guesses stay within the limits while successes do not count.
 */
export async function startLogin(
  kv: Deno.Kv,
  enabled: boolean,
  account: string,
  ip: string,
  sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
): Promise<LoginAttempt> {
  if (!enabled) return NO_LIMITS;
  const now = Date.now();
  const pairRule = RATE_RULES.loginAccountIp, accountRule = RATE_RULES.loginAccount;
  const pairSubject = `${account}|${ip}`;
  const pair = await hit(kv, pairRule.scope, pairSubject, pairRule.limit, now);
  if (!pair.ok) throw tooMany(pair.retryAfterSeconds);
  // The member's own addresses are spared the per-account limit: a guess spread over many
  // addresses cannot lock them out there.
  const known = await isKnownLoginIp(kv, account, ip);
  const total = known ? null : await hit(kv, accountRule.scope, account, accountRule.limit, now);
  if (total && !total.ok) {
    await unhit(kv, pairRule.scope, pairSubject, pairRule.limit, now);
    throw tooMany(total.retryAfterSeconds);
  }
  const takeBack = async () => {
    await unhit(kv, pairRule.scope, pairSubject, pairRule.limit, now);
    if (total) await unhit(kv, accountRule.scope, account, accountRule.limit, now);
  };
  return {
    async succeeded(userId) {
      await takeBack();
      await rememberLoginIp(kv, userId, ip);
    },
    unchecked: takeBack,
    async failed() {
      const delay = loginFailureDelayMs(total?.count ?? 0);
      if (delay) await sleep(delay);
    },
  };
}
