// Sessions a day: each member's count of today's matches (keys.usage, summed by the pairing
// commit, checked against the plan's daily limit), and the session records of the referral
// pages (kv/stats.ts), written after the members have been told.
import { keys } from "./keys.ts";
import { dayKey } from "./hashtags.ts";
import { addSession } from "./stats.ts";
import { retrying } from "./retry.ts";

export async function usageToday(kv: Deno.Kv, userId: string, now = Date.now()) {
  const e = await kv.get<Deno.KvU64>(keys.usage(userId, dayKey(now)));
  return Number(e.value?.value ?? 0n);
}

/** The two members' ends of a match made: what the referral pages count. */
export interface SessionRecord {
  userId: string;
  partnerCountry: string | null;
  at: number;
}

/**
 * Counts the sessions of matches made: write-only keys, no read. Each commit retries on its own
 * while the file is busy (retrying the whole list would count the commits that had landed
 * twice).
 */
export async function recordSessions(kv: Deno.Kv, sessions: SessionRecord[]) {
  // Up to 4 mutations each: 200 a commit stays inside KV's 1,000.
  for (let i = 0; i < sessions.length; i += 200) {
    await retrying(() => {
      const op = kv.atomic();
      for (const s of sessions.slice(i, i + 200)) addSession(op, s.userId, s.partnerCountry, s.at);
      return op.commit();
    });
  }
}
