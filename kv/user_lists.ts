// The members' lists without a scan: users_by_created (creation time, then id) for newest-first
// pages, the username and email indexes for prefix pages, and the count of listed members. The
// count is a KV sum moved in every commit that adds or removes a users_by_created entry, and only
// with a check on that entry, so it always equals the number of entries. Members stored before the
// index existed are added once by backfillListIndex (any instance may run it, two at once too).
import { keys } from "./keys.ts";
import { getManyChunked } from "./db.ts";
import { PATIENT_RETRY, retrying } from "./retry.ts";
import type { UserRecord } from "../lib/shared/auth/types.ts";
import { logger } from "../lib/shared/log.ts";

/** KV sums wrap at 2^64, so adding 2^64 − 1 takes one away. */
const MINUS_ONE = 0xffff_ffff_ffff_ffffn;
/** The meta key that says every member stored before the index has been added to it. */
export const LIST_BACKFILL_DONE = "users_by_created_backfilled";
/** Members added per backfill commit: two checks each, and KV allows 100 checks a commit. */
const BACKFILL_BATCH = 50;

export type MemberIndex = "username" | "email";

/** A member's creation time in ms (0 for a record without a readable one). */
export function createdMs(u: Pick<UserRecord, "createdAt">): number {
  const ms = Date.parse(u.createdAt);
  return Number.isFinite(ms) ? ms : 0;
}

/** The member's users_by_created key. */
export function listKey(u: Pick<UserRecord, "createdAt" | "id">) {
  return keys.userByCreated(createdMs(u), u.id);
}

/** Adds a new member to the list and the count, in the commit that creates the member. */
export function listNewMember(op: Deno.AtomicOperation, u: UserRecord): Deno.AtomicOperation {
  const key = listKey(u);
  return op.check({ key, versionstamp: null }).set(key, u.id).sum(keys.usersCount(), 1n);
}

/**
 * Takes a member off the list in `op`, given their users_by_created entry as read: the entry is
 * checked either way, so a backfill that lists them meanwhile makes the commit fail and retry.
 */
export function unlistMember(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntryMaybe<string>,
): Deno.AtomicOperation {
  op.check(entry);
  if (entry.value !== null) op.delete(entry.key).sum(keys.usersCount(), MINUS_ONE);
  return op;
}

/** How many members are listed (not deleted). */
export async function countListed(kv: Deno.Kv): Promise<number> {
  const n = (await kv.get<Deno.KvU64>(keys.usersCount())).value?.value ?? 0n;
  // Below zero would wrap to a huge number; it cannot happen while every writer checks its entry.
  return n > BigInt(Number.MAX_SAFE_INTEGER) ? 0 : Number(n);
}

/**
 * Adds every member stored before the index existed to it (and to the count), once: a meta key
 * records that it ran. Each addition checks the member's record and that the entry is still
 * absent, so two instances running it at once, or a deletion meanwhile, add nobody twice. A
 * batch that finds the KV file locked (instances starting together) is tried again: it reads
 * again what it checks. A member whose record kept changing under every try is left for the
 * next start (the meta key is not written then). Returns how many members this run added.
 */
export async function backfillListIndex(kv: Deno.Kv): Promise<number> {
  if ((await kv.get(keys.meta(LIST_BACKFILL_DONE))).value) return 0;
  const tally = { added: 0, busy: 0 };
  let batch: Deno.KvEntry<UserRecord>[] = [];
  const flush = async () => {
    const full = batch;
    batch = [];
    const done = await retrying(() => listExisting(kv, full), PATIENT_RETRY);
    tally.added += done.added;
    tally.busy += done.busy;
  };
  for await (const e of kv.list<UserRecord>({ prefix: keys.usersPrefix() }, { batchSize: 500 })) {
    if (!e.value || e.value.deletedAt) continue;
    batch.push(e);
    if (batch.length === BACKFILL_BATCH) await flush();
  }
  if (batch.length) await flush();
  if (tally.busy) {
    logger.warn("members kept changing; the list index backfill runs again", { busy: tally.busy });
  } else {
    await retrying(() => kv.set(keys.meta(LIST_BACKFILL_DONE), new Date().toISOString()));
  }
  return tally.added;
}

/** Lists the members of a batch that are not listed yet: one commit, else one by one. */
async function listExisting(
  kv: Deno.Kv,
  batch: Deno.KvEntry<UserRecord>[],
): Promise<{ added: number; busy: number }> {
  const entries = await getManyChunked<string>(kv, batch.map((e) => listKey(e.value)));
  const missing = batch.filter((_, i) => entries[i].value === null);
  if (!missing.length) return { added: 0, busy: 0 };
  const op = kv.atomic();
  for (const e of missing) {
    const key = listKey(e.value);
    op.check(e).check({ key, versionstamp: null }).set(key, e.value.id);
  }
  op.sum(keys.usersCount(), BigInt(missing.length));
  if ((await op.commit()).ok) return { added: missing.length, busy: 0 };
  const tally = { added: 0, busy: 0 };
  for (const e of missing) {
    const outcome = await listOne(kv, e);
    if (outcome === "added") tally.added++;
    if (outcome === "busy") tally.busy++;
  }
  return tally;
}

/** Adds one member unless listed or deleted meanwhile; "busy" when their record kept changing. */
async function listOne(
  kv: Deno.Kv,
  entry: Deno.KvEntryMaybe<UserRecord>,
): Promise<"added" | "skipped" | "busy"> {
  let current = entry;
  for (let attempt = 0; attempt < 10; attempt++) {
    const u = current.value;
    if (!u || u.deletedAt) return "skipped";
    if ((await kv.get(listKey(u))).value !== null) return "skipped";
    if ((await listNewMember(kv.atomic().check(current), u).commit()).ok) return "added";
    current = await kv.get<UserRecord>(keys.user(u.id));
  }
  return "busy";
}

/** A member found for a page. */
export interface Found {
  user: UserRecord;
  key: Deno.KvKey;
}

/**
 * What one read of an index range gave: the members kept, how many entries were read, and where
 * the next read starts (the last entry read), or null when the range has no more entries.
 */
export interface RangePage {
  found: Found[];
  reads: number;
  next: Deno.KvKey | null;
}

/**
 * Up to `n` listed members older than `before` (a users_by_created key; null: from the newest),
 * newest first, reading at most `maxReads` entries and their records, however many members
 * there are.
 */
export async function newestMembers(
  kv: Deno.Kv,
  before: Deno.KvKey | null,
  n: number,
  maxReads: number,
): Promise<RangePage> {
  const prefix = keys.usersByCreatedPrefix();
  return await readRange(
    kv,
    { n, maxReads },
    before,
    (from, limit) =>
      kv.list<string>(from ? { prefix, end: from } : { prefix }, { reverse: true, limit }),
    () => true,
  );
}

/**
 * Up to `n` members whose username (or email) starts with `prefix` (lower case), in the index's
 * order, after the index key `after` (null: from the start), reading at most `maxReads` entries;
 * `keep` drops members another page lists. A range list of the index, never a scan of members.
 */
export async function membersByPrefix(
  kv: Deno.Kv,
  index: MemberIndex,
  prefix: string,
  after: Deno.KvKey | null,
  bounds: { n: number; maxReads: number },
  keep: (u: UserRecord) => boolean,
): Promise<RangePage> {
  const root = index === "username" ? keys.usersByUsernamePrefix() : keys.usersByEmailPrefix();
  // The range ends past every string that starts with the prefix (U+10FFFF sorts last in UTF-8).
  const end = [...root, prefix + "\u{10FFFF}"];
  return await readRange(
    kv,
    bounds,
    after,
    // A key followed by NUL is the next possible key, so `from` itself is not read again.
    (from, limit) =>
      kv.list<string>({
        start: from ? [...root, `${String(from.at(-1))}\0`] : [...root, prefix],
        end,
      }, { limit }),
    (u) =>
      (index === "username" ? u.username : u.email).toLowerCase().startsWith(prefix) && keep(u),
  );
}

/**
 * Reads index entries from `from`, in batches, with their members, until `n` members are kept,
 * `maxReads` entries are read or the range ends. Each batch lists one entry more than it reads,
 * to tell whether the range goes on.
 */
async function readRange(
  kv: Deno.Kv,
  { n, maxReads }: { n: number; maxReads: number },
  from: Deno.KvKey | null,
  list: (from: Deno.KvKey | null, limit: number) => Deno.KvListIterator<string>,
  keep: (u: UserRecord) => boolean,
): Promise<RangePage> {
  const found: Found[] = [];
  let reads = 0;
  let cursor = from;
  while (found.length < n && reads < maxReads) {
    const want = Math.min(n - found.length, maxReads - reads);
    const entries: Deno.KvEntry<string>[] = [];
    for await (const e of list(cursor, want + 1)) entries.push(e);
    const taken = entries.slice(0, want);
    reads += taken.length;
    const users = await readMembers(kv, taken.map((e) => e.value));
    taken.forEach((e, i) => {
      const u = users[i];
      // A member deleted (or purged) since the entry was read is skipped.
      if (u && keep(u)) found.push({ user: u, key: e.key });
    });
    if (entries.length <= want) return { found, reads, next: null };
    cursor = taken[taken.length - 1].key;
  }
  return { found, reads, next: cursor };
}

/** Members by id (null for one deleted or gone), read ten at a time, in parallel. */
async function readMembers(kv: Deno.Kv, ids: string[]): Promise<(UserRecord | null)[]> {
  const entries = await getManyChunked<UserRecord>(kv, ids.map((id) => keys.user(id)));
  return entries.map((e) => (e.value && !e.value.deletedAt ? e.value : null));
}
