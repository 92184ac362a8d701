// Fixed-window rate limits counted in KV, so a limit holds across every server instance.
import { keys } from "./keys.ts";

export interface Limit {
  max: number;
  windowMs: number;
}

export type LimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

export async function hit(
  kv: Deno.Kv,
  scope: string,
  subject: string,
  limit: Limit,
  now = Date.now(),
): Promise<LimitResult> {
  const window = Math.floor(now / limit.windowMs);
  const key = keys.rateLimit(scope, subject.toLowerCase().slice(0, 200), window);
  await kv.atomic().sum(key, 1n).commit();
  // expireIn cannot be given with sum(): set it once, when the window's first hit made the key.
  const entry = await kv.get<Deno.KvU64>(key);
  const count = Number(entry.value?.value ?? 0n);
  if (count === 1) {
    await kv.atomic().check(entry).set(key, entry.value!, { expireIn: limit.windowMs * 2 })
      .commit();
  }
  if (count <= limit.max) return { ok: true };
  const windowEnd = (window + 1) * limit.windowMs;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
}
