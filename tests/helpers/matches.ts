// Matches written straight into KV, for tests of what a session's end does (referral figures,
// countries met) without two browsers and a call.
import { keys } from "../../kv/keys.ts";
import type { Match, MatchSide } from "../../kv/matches.ts";

interface Someone {
  id: string;
  username: string;
}

/**
 * Stores a live match between `a` and `b` that ends at `when` (30 s long); each side met the
 * country given for it (null: an unknown location). End it with kv/matches.ts' endMatch.
 */
export async function storeLiveMatch(
  kv: Deno.Kv,
  a: Someone,
  aMet: string | null,
  b: Someone,
  bMet: string | null,
  when: number,
): Promise<Match> {
  const side = (m: Someone, met: string | null): MatchSide => ({
    userId: m.id,
    username: m.username,
    peerId: crypto.randomUUID(),
    instanceId: "i",
    connId: "c",
    hashtag: "#travel",
    location: met ?? "Unknown Location",
    role: "offerer",
    disconnectedAt: null,
    partnerCountry: met,
  });
  const match: Match = {
    id: crypto.randomUUID(),
    a: side(a, aMet),
    b: side(b, bMet),
    startedAt: when - 30_000,
    endsAt: when,
    status: "live",
  };
  await kv.set(keys.match(match.id), match);
  return match;
}
