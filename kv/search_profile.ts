// What a search needs of a member, read in one go: the record, today's session count, the
// filters, the coarse place, the search version, the live match key and the relations.
import { keys } from "./keys.ts";
import type { UserRecord } from "../lib/shared/auth/types.ts";
import type { PrivateLocation } from "./filters.ts";
import { relationsOf } from "./relations.ts";

export interface SearchProfile {
  user: Deno.KvEntryMaybe<UserRecord>;
  filters: Deno.KvEntryMaybe<unknown>;
  place: Deno.KvEntryMaybe<PrivateLocation>;
  /** The search version: checked in place of all the entries above (kv/search_version.ts). */
  version: Deno.AtomicCheck;
  /** The member's live match when the profile was read (another socket's), if any. */
  active: Deno.KvEntryMaybe<string>;
  usage: { day: string; count: number; versionstamp: string | null };
  avoid: string[];
  recent: string[];
}

/**
 * Reads a member's search profile for `day`. The getMany is asked before the list, so a block
 * landing between the two is in the list even if the version read missed it.
 */
export async function readSearchProfile(
  kv: Deno.Kv,
  userId: string,
  day: string,
): Promise<SearchProfile> {
  const [[user, usage, filters, place, version, active], relations] = await Promise.all([
    kv.getMany<[UserRecord, Deno.KvU64, unknown, PrivateLocation, Deno.KvU64, string]>([
      keys.user(userId),
      keys.usage(userId, day),
      keys.filters(userId),
      keys.location(userId),
      keys.searchVersion(userId),
      keys.mmActive(userId),
    ]),
    relationsOf(kv, userId),
  ]);
  return {
    user,
    filters,
    place,
    version,
    active,
    usage: { day, count: Number(usage.value?.value ?? 0n), versionstamp: usage.versionstamp },
    ...relations,
  };
}

/** The search version's check after a commit that moved it (versionstamp: the commit's). */
export function versionAfter(userId: string, versionstamp: string): Deno.AtomicCheck {
  return { key: keys.searchVersion(userId), versionstamp };
}

/**
 * What a search built from a profile checks: its put checks the search version; a claim of it
 * while held (the held-search rule) checks the version and, if the member had a live match when
 * the profile was read (another socket's), that the match is over.
 */
export function searchChecks(profile: SearchProfile, userId: string) {
  return {
    checks: [profile.version],
    heldChecks: profile.active.value
      ? [profile.version, { key: keys.mmActive(userId), versionstamp: null }]
      : [profile.version],
  };
}
