// Small request/response helpers shared by the API routes.
import type { Context } from "hono";
import type { z } from "zod";
import { hit, type Limit } from "../../kv/rate_limits.ts";

export const INVALID_BODY = "Invalid request body";

/** A JSON error the client helper reads: both `error` and `message` carry the text. */
export function jsonError(c: Context, message: string, status: number, extra: object = {}) {
  return c.json({ error: message, message, ...extra }, status as 400);
}

export class BodyError extends Error {}

const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized|Expected)/;

/** Parses a JSON body against a schema; throws BodyError with a user-facing text. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new BodyError(INVALID_BODY);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    // Our schemas give their own texts; zod's generic ones become one plain sentence.
    const message = parsed.error.issues[0]?.message ?? "";
    throw new BodyError(ZOD_DEFAULT.test(message) || !message ? INVALID_BODY : message);
  }
  return parsed.data;
}

export function clientIp(c: Context): string {
  const addr = (c.env as { remoteAddr?: { hostname?: string } } | undefined)?.remoteAddr;
  return addr?.hostname ?? "local";
}

export function origin(c: Context, publicUrl: string | undefined): string {
  return publicUrl ?? new URL(c.req.url).origin;
}

export interface RateRule {
  scope: string;
  limit: Limit;
}

/** Counts one attempt against each subject; a 429 Response when any is over its limit. */
export async function rateLimited(
  c: Context,
  kv: Deno.Kv,
  enabled: boolean,
  checks: { rule: RateRule; subject: string }[],
): Promise<Response | null> {
  if (!enabled) return null;
  for (const { rule, subject } of checks) {
    if (!subject) continue;
    const r = await hit(kv, rule.scope, subject, rule.limit);
    if (!r.ok) {
      const minutes = Math.ceil(r.retryAfterSeconds / 60);
      c.header("Retry-After", String(r.retryAfterSeconds));
      return jsonError(
        c,
        `Too many attempts. Please wait ${minutes} minute${
          minutes === 1 ? "" : "s"
        } and try again.`,
        429,
      );
    }
  }
  return null;
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
