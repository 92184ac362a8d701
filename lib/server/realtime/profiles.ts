// The profile cache: each socket keeps what its member's searches are built from, read once, so
// a search (the first, and every "next") costs no read. A ticket built from it holds only while
// the member's search version is unchanged (docs/realtime.md, "The search version"); a refused
// one is built again from a fresh read.
import { dayKey } from "../../../kv/hashtags.ts";
import { readSearchProfile, type SearchProfile, versionAfter } from "../../../kv/search_profile.ts";
import { type Match, otherSide } from "../../../kv/matches.ts";
import type { Conn } from "./connection.ts";

/** The socket's profile: the cached one, or a fresh read (kept on the socket). */
export function profileOf(kv: Deno.Kv, conn: Conn): Promise<SearchProfile> {
  return conn.profile ?? reloadProfile(kv, conn);
}

/** Reads the member's profile afresh and keeps it on the socket (dropped if the read fails). */
export function reloadProfile(kv: Deno.Kv, conn: Conn): Promise<SearchProfile> {
  return keep(conn, readSearchProfile(kv, conn.userId, dayKey()));
}

/**
 * The pairing moved the search version (its claim) and counts a session and remembers the partner
 * (its follow-up, right after): the socket's copy follows (the version's versionstamp is the
 * claim's; the count goes up by one, the partner joins the recent ones), so the next search needs
 * no read. The versionstamp comes only when the claim checked the member's version (a search held
 * in memory), which proves the copy was current; without it the copy is dropped. Another socket
 * of the member, whose copy does not follow, reads its profile again at its next search (the
 * version moved).
 */
export function profileMatched(conn: Conn, match: Match, versionstamp: string | undefined) {
  const partner = otherSide(match, conn.userId);
  if (!versionstamp || !partner || !conn.profile) {
    conn.profile = null;
    return;
  }
  const day = dayKey(match.startedAt);
  keep(
    conn,
    conn.profile.then((p) => ({
      ...p,
      version: versionAfter(conn.userId, versionstamp),
      recent: [...new Set([...p.recent, partner.userId])],
      usage: p.usage.day === day
        ? { day, count: p.usage.count + 1, versionstamp }
        : { day, count: 1, versionstamp },
    })),
  );
}

function keep(conn: Conn, profile: Promise<SearchProfile>): Promise<SearchProfile> {
  conn.profile = profile;
  profile.catch(() => {
    if (conn.profile === profile) conn.profile = null;
  });
  return profile;
}
