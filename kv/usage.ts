// Sessions a day: each member's count of today's matches (keys.usage, summed by the pairing
// commit, checked against the plan's daily limit). The referral pages count a session in the
// commit that ends its match (kv/matches.ts, kv/referrals.ts).
import { keys } from "./keys.ts";
import { dayKey } from "./hashtags.ts";

export async function usageToday(kv: Deno.Kv, userId: string, now = Date.now()) {
  const e = await kv.get<Deno.KvU64>(keys.usage(userId, dayKey(now)));
  return Number(e.value?.value ?? 0n);
}
