// A member's relations to other members, under one prefix (keys.relationsPrefix) so one list
// reads them all when a search starts: blocks and reports, either way round (they never meet),
// and the partners met in the last 24 hours (met again only if nobody else fits), by the peer
// id each had (a report names that).
import { keys } from "./keys.ts";

export const HISTORY_TTL_MS = 24 * 3600_000;

export interface Block {
  reason: "blocked" | "blocked_by" | "reported" | "reported_by";
  at: string;
}

/** A partner met: written by the pairing commit (kv/pairing.ts). */
export interface Met {
  partnerId: string;
  matchId: string;
  at: number;
}

export async function relationsOf(
  kv: Deno.Kv,
  userId: string,
  now = Date.now(),
): Promise<{ avoid: string[]; recent: string[] }> {
  const avoid: string[] = [];
  const recent = new Set<string>();
  for await (const e of kv.list<Block | Met>({ prefix: keys.relationsPrefix(userId) })) {
    if (e.key[2] === "block") avoid.push(String(e.key[3]));
    else if (e.key[2] === "met") {
      const met = e.value as Met;
      if (now - met.at <= HISTORY_TTL_MS) recent.add(met.partnerId);
    }
  }
  return { avoid, recent: [...recent] };
}

/** The member a peer id stood for, if the two were matched in the last 24 hours. */
export async function partnerByPeerId(kv: Deno.Kv, userId: string, peerId: string) {
  const e = await kv.get<Met>(keys.mmHistory(userId, peerId));
  return e.value && Date.now() - e.value.at <= HISTORY_TTL_MS ? e.value : null;
}
