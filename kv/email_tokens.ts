// Single-use email tokens (verification, password reset, and email change, which carries the new
// address). Only a SHA-256 of the token is stored, so a leaked database cannot be turned into
// working links.
import { keys } from "./keys.ts";
import { CLOCK_SKEW_TOLERANCE_MS } from "../lib/shared/realtime/clock.ts";

export type TokenKind = "verify" | "reset" | "email_change";

export interface EmailToken {
  userId: string;
  kind: TokenKind;
  email: string;
  expiresAt: number;
}

export const TOKEN_TTL_MS: Record<TokenKind, number> = {
  verify: 48 * 3600_000,
  reset: 3600_000,
  email_change: 3600_000,
};

async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function issueEmailToken(
  kv: Deno.Kv,
  userId: string,
  kind: TokenKind,
  email: string,
): Promise<string> {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const token = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
  const record: EmailToken = { userId, kind, email, expiresAt: Date.now() + TOKEN_TTL_MS[kind] };
  // Kept the clock tolerance longer: another instance, whose clock may be ahead, takes it.
  await kv.set(keys.emailToken(await hashToken(token)), record, {
    expireIn: TOKEN_TTL_MS[kind] + CLOCK_SKEW_TOLERANCE_MS,
  });
  return token;
}

/** Takes a token exactly once: of two racing uses, one gets the record and the other null. */
export async function consumeEmailToken(
  kv: Deno.Kv,
  token: string,
  kind: TokenKind,
): Promise<EmailToken | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const key = keys.emailToken(await hashToken(token));
  const entry = await kv.get<EmailToken>(key);
  const expired = (t: EmailToken) => t.expiresAt + CLOCK_SKEW_TOLERANCE_MS < Date.now();
  if (!entry.value || entry.value.kind !== kind || expired(entry.value)) return null;
  const res = await kv.atomic().check(entry).delete(key).commit();
  return res.ok ? entry.value : null;
}
