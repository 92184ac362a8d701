// Sessions a day: each member's count of today's matches (keys.usage, summed by the pairing
// commit, checked against the plan's daily limit). The referral pages count a session in the
// commit that ends its match (kv/matches.ts, kv/referrals.ts).
import { keys } from "./keys.ts";
import { dayKey } from "./hashtags.ts";

export async function usageToday(kv: Deno.Kv, userId: string, now = Date.now()) {
  return usageCount(await kv.get<Deno.KvU64>(usageTodayKey(userId, now)));
}

/** The key of the member's count of today's sessions (for a read together with other keys). */
export function usageTodayKey(userId: string, now = Date.now()): Deno.KvKey {
  return keys.usage(userId, dayKey(now));
}

/** The count a read of a usage key holds (none: 0). */
export function usageCount(entry: Deno.KvEntryMaybe<Deno.KvU64>): number {
  return Number(entry.value?.value ?? 0n);
}
