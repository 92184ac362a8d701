// Rate limits on what costs a password hash, sends mail or tells whether an account exists.
// Counted in KV (kv/rate_limits.ts), so a limit holds across every server instance.
import { hit, type Limit } from "../../kv/rate_limits.ts";
import { AppError } from "./errors.ts";

export interface RateRule {
  scope: string;
  limit: Limit;
}

export const RATE_RULES = {
  loginIp: { scope: "login-ip", limit: { max: 30, windowMs: 15 * 60_000 } },
  loginAccount: { scope: "login-account", limit: { max: 10, windowMs: 15 * 60_000 } },
  registerIp: { scope: "register-ip", limit: { max: 10, windowMs: 60 * 60_000 } },
  forgotIp: { scope: "forgot-ip", limit: { max: 10, windowMs: 60 * 60_000 } },
  forgotAccount: { scope: "forgot-account", limit: { max: 3, windowMs: 60 * 60_000 } },
  resendIp: { scope: "resend-ip", limit: { max: 10, windowMs: 60 * 60_000 } },
  resendAccount: { scope: "resend-account", limit: { max: 3, windowMs: 60 * 60_000 } },
} satisfies Record<string, RateRule>;

export function tooManyText(minutes: number): string {
  return `Too many attempts. Please wait ${minutes} minute${
    minutes === 1 ? "" : "s"
  } and try again.`;
}

/**
 * Counts one attempt against each subject (an empty subject is not counted); throws a 429 with
 * Retry-After when any is over its limit. Does nothing while rate limits are off.
 */
export async function countAttempt(
  kv: Deno.Kv,
  enabled: boolean,
  checks: { rule: RateRule; subject: string }[],
) {
  if (!enabled) return;
  for (const { rule, subject } of checks) {
    if (!subject) continue;
    const r = await hit(kv, rule.scope, subject, rule.limit);
    if (!r.ok) {
      throw new AppError(429, tooManyText(Math.ceil(r.retryAfterSeconds / 60)), {
        "Retry-After": String(r.retryAfterSeconds),
      });
    }
  }
}
