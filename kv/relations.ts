// A member's relations to other members, under one prefix (keys.relationsPrefix) so one list
// reads them all when a search starts: blocks and reports, either way round (they never meet),
// and the partners met in the last 24 hours (met again only if nobody else fits): a record per
// partner, with the peer id they had in the latest meeting (a report names that).
import { keys } from "./keys.ts";

export const HISTORY_TTL_MS = 24 * 3600_000;

export interface Block {
  reason: "blocked" | "blocked_by" | "reported" | "reported_by";
  at: string;
}

/**
 * A partner met: written by the pairing commit (kv/pairing.ts), one record per partner (a later
 * meeting replaces it), so a search reads as many as the member met people, not calls.
 */
export interface Met {
  partnerId: string;
  /** The peer id the partner had in that meeting (absent from records keyed by it). */
  peerId?: string;
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

/**
 * The member a peer id stood for, if the two were matched in the last 24 hours (in their latest
 * meeting: a report is made from that call's page). Reads the member's records of partners met.
 */
export async function partnerByPeerId(
  kv: Deno.Kv,
  userId: string,
  peerId: string,
  now = Date.now(),
): Promise<Met | null> {
  const fresh = (m: Met | null) => m && now - m.at <= HISTORY_TTL_MS ? m : null;
  // Records written before this form were keyed by the partner's peer id and carry none; they
  // expire within 24 hours of their meeting.
  const keyed = await kv.get<Met>(keys.mmHistory(userId, peerId));
  if (keyed.value && keyed.value.peerId === undefined) return fresh(keyed.value);
  for await (const e of kv.list<Met>({ prefix: keys.metPrefix(userId) })) {
    if (e.value.peerId === peerId) return fresh(e.value);
  }
  return null;
}
