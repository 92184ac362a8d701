// The admin's member lists, a page at a time from KV indexes, never a scan of every member:
// - without a search, newest first (users_by_created); the page after a cursor holds only members
//   created before the cursor's, so members registering meanwhile never push one onto two pages;
// - with a search, the members whose username starts with it (the index's order, the exact
//   username first), then those whose email starts with it (the exact address first), each once.
// A request reads at most READS_PER_PAGE × the page size of index entries and their members, so
// a page may hold fewer members than asked (even none, where a search skips members it listed
// already) and still have a next page. A cursor is opaque to callers (base64url of JSON naming
// where the reading stopped) and is checked: one that does not decode, or belongs to another
// search, returns 400.
import { z } from "zod";
import { countListed, membersByPrefix, newestMembers } from "../../../kv/user_lists.ts";
import { keys } from "../../../kv/keys.ts";
import type { UserRecord } from "../../shared/auth/types.ts";
import { ADMIN_PAGE_SIZE, ADMIN_QUERY_MAX, type UsersPage } from "../../shared/admin.ts";
import { AdminError, toAdminUser } from "./users.ts";
import { said } from "../../shared/i18n/said.ts";

const cursorSchema = z.discriminatedUnion("k", [
  // Newest first: the creation time (ms) and id of the page's last member.
  z.strictObject({
    k: z.literal("new"),
    at: z.number().int().min(0).max(8.64e15),
    id: z.string().regex(/^[\w-]{1,100}$/),
  }),
  // A search: its text, the index the reading stopped in and the last key read there ("": none
  // yet, the index's range starts next).
  z.strictObject({
    k: z.literal("find"),
    q: z.string().min(1).max(ADMIN_QUERY_MAX),
    by: z.enum(["username", "email"]),
    after: z.string().max(400),
  }),
]);

/** The most index entries (and members) one request reads, per member of the page size. */
export const READS_PER_PAGE = 4;
type Cursor = z.infer<typeof cursorSchema>;

export function encodeCursor(cursor: Cursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify(cursor));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The cursor a text names, or null when it names none. */
export function decodeCursor(text: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const json = new TextDecoder("utf-8", { fatal: true }).decode(
      Uint8Array.from(binary, (ch) => ch.charCodeAt(0)),
    );
    const parsed = cursorSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A search as the indexes hold names: trimmed, lower case. */
export function searchKey(query: string): string {
  return query.trim().toLowerCase();
}

export interface ListUsersOptions {
  q?: string;
  cursor?: string;
  limit?: number;
}

/** One page of members (newest first, or a search's matches) and the number of members. */
export async function listAdminUsers(
  kv: Deno.Kv,
  { q = "", cursor, limit = ADMIN_PAGE_SIZE }: ListUsersOptions = {},
): Promise<UsersPage> {
  const query = searchKey(q);
  const at = cursor === undefined || cursor === "" ? null : decodeCursor(cursor);
  const fits = at === null ||
    (query ? at.k === "find" && at.q === query : at.k === "new");
  if ((cursor && !at) || !fits) throw new AdminError(said("admin.badCursor"), 400);

  const [total, page] = await Promise.all([
    countListed(kv),
    query
      ? searchPage(kv, query, at?.k === "find" ? at : null, limit)
      : newestPage(kv, at?.k === "new" ? at : null, limit),
  ]);
  return { users: page.users.map((u) => toAdminUser(u)), nextCursor: page.next, total };
}

interface Page {
  users: UserRecord[];
  next: string | null;
}

async function newestPage(
  kv: Deno.Kv,
  at: Extract<Cursor, { k: "new" }> | null,
  limit: number,
): Promise<Page> {
  const page = await newestMembers(
    kv,
    at && keys.userByCreated(at.at, at.id),
    limit,
    limit * READS_PER_PAGE,
  );
  const next = page.next &&
    encodeCursor({ k: "new", at: Number(page.next[1]), id: String(page.next[2]) });
  return { users: page.found.map((f) => f.user), next };
}

const INDEXES = ["username", "email"] as const;

async function searchPage(
  kv: Deno.Kv,
  q: string,
  at: Extract<Cursor, { k: "find" }> | null,
  limit: number,
): Promise<Page> {
  const users: UserRecord[] = [];
  let budget = limit * READS_PER_PAGE;
  for (const by of INDEXES.slice(at ? INDEXES.indexOf(at.by) : 0)) {
    const after = at?.by === by && at.after
      ? (by === "username" ? keys.userByUsername(at.after) : keys.userByEmail(at.after))
      : null;
    // A member whose username and email both start with the search is listed with the usernames.
    const keep = by === "email"
      ? (u: UserRecord) => !u.username.toLowerCase().startsWith(q)
      : () => true;
    const page = await membersByPrefix(
      kv,
      by,
      q,
      after,
      { n: limit - users.length, maxReads: budget },
      keep,
    );
    users.push(...page.found.map((f) => f.user));
    budget -= page.reads;
    if (page.next) {
      return { users, next: encodeCursor({ k: "find", q, by, after: String(page.next[1]) }) };
    }
    // This index's range ended; the emails follow the usernames, in this request if it can.
    if (by === "username" && (users.length >= limit || budget <= 0)) {
      return { users, next: encodeCursor({ k: "find", q, by: "email", after: "" }) };
    }
  }
  return { users, next: null };
}
