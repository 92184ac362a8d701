// Matches written straight into KV, for tests of what a session's end does (referral figures,
// countries met) without two browsers and a call.
import { keys } from "../../kv/keys.ts";
import type { Match, MatchSide } from "../../kv/matches.ts";

interface Someone {
  id: string;
  username: string;
}

/**
 * Stores a live match between `a` and `b` that ends at `when` (30 s long, its link connected);
 * each side met the country given for it (null: an unknown location). End it with kv/matches.ts'
 * endMatch.
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
    // The call connected a moment after the match: its end counts as a session.
    answeredAt: when - 29_000,
    linkedAt: when - 28_000,
  };
  await kv.set(keys.match(match.id), match);
  return match;
}

/**
 * Moves a live match's start `ms` earlier in KV, as if the two had been together that long (the
 * referral figures count a session only from COUNTED_SESSION.minMs after the match).
 */
export async function backdateMatch(kv: Deno.Kv, id: string, ms: number): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const entry = await kv.get<Match>(keys.match(id));
    if (!entry.value) throw new Error(`no match ${id}`);
    const next = { ...entry.value, startedAt: entry.value.startedAt - ms };
    if ((await kv.atomic().check(entry).set(entry.key, next).commit()).ok) return;
  }
  throw new Error(`match ${id}: too many conflicting writes`);
}
