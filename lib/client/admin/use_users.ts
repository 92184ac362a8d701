// Browser state of an admin users list: the pages loaded so far (the first one may come with the
// page), the search (asked of the server a moment after typing stops), Load more, and rows an
// action changed or removed. An answer that arrives after a newer search started is dropped.
import { useRef, useState } from "react";
import { getJson } from "../api.ts";
import type { AdminUser, UsersPage } from "../../shared/admin.ts";

/** How long after the last keystroke a search is sent. */
export const SEARCH_DELAY_MS = 300;
/**
 * How many empty pages in a row are followed at once: a search page can come back empty with
 * more to read (each request reads a bounded stretch, and skips members listed already).
 */
const FOLLOW_EMPTY = 10;

export interface UsersList {
  /** The members loaded so far; null before the first page. */
  page: UsersPage | null;
  /** The search text as typed, and the one the page shown answers. */
  query: string;
  pageQuery: string;
  loading: boolean;
  loadingMore: boolean;
  /** Sets the search text and asks for its first page shortly. */
  search(text: string): void;
  /** Asks for the first page again (of the current search); false when that failed. */
  reload(): Promise<boolean>;
  /** Appends the next page. */
  loadMore(): Promise<void>;
  /** Shows a member as the server answered after an action. */
  replace(user: AdminUser): void;
  /** Drops a deleted member (and counts one member fewer). */
  remove(id: string): void;
  /** Replaces everything (a fresh sign-in, or signed out: null). */
  reset(page: UsersPage | null): void;
}

/**
 * `path` is the list's API (`/api/admin/users` or `/api/admin/direct-users`); `onError` hears of
 * every failed load (`more`: it was Load more).
 */
export function useUsersList(
  path: string,
  initial: UsersPage | null,
  onError: (err: unknown, more: boolean) => void,
): UsersList {
  const [page, setPage] = useState<UsersPage | null>(initial);
  const [query, setQuery] = useState("");
  const [pageQuery, setPageQuery] = useState("");
  const [loading, setLoading] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const generation = useRef(0);
  const sentQuery = useRef("");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const errors = useRef(onError);
  errors.current = onError;

  async function load(q: string): Promise<boolean> {
    const mine = ++generation.current;
    sentQuery.current = q;
    setLoading(true);
    try {
      const fresh = await fetchUsersPage(path, q);
      if (mine === generation.current) {
        setPage(fresh);
        setPageQuery(q.trim());
      }
      return true;
    } catch (err) {
      if (mine === generation.current) errors.current(err, false);
      return false;
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }

  async function loadMore() {
    const cursor = page?.nextCursor;
    if (!cursor || loadingMore) return;
    const mine = generation.current;
    setLoadingMore(true);
    try {
      const more = await fetchUsersPage(path, sentQuery.current, cursor);
      if (mine !== generation.current) return;
      setPage((prev) => withMore(prev, more));
    } catch (err) {
      if (mine === generation.current) errors.current(err, true);
    } finally {
      setLoadingMore(false);
    }
  }

  return {
    page,
    query,
    pageQuery,
    loading,
    loadingMore,
    search(text) {
      setQuery(text);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => load(text), SEARCH_DELAY_MS);
    },
    reload: () => load(sentQuery.current),
    loadMore,
    replace(user) {
      setPage((prev) => withUser(prev, user));
    },
    remove(id) {
      setPage((prev) => withoutUser(prev, id));
    },
    reset(fresh) {
      generation.current++;
      clearTimeout(timer.current);
      sentQuery.current = "";
      setQuery("");
      setPageQuery("");
      setLoading(false);
      setLoadingMore(false);
      setPage(fresh);
    },
  };
}

/**
 * A page of `path` for the search `q` from `cursor`; a page that comes back empty with more to
 * read is followed (up to FOLLOW_EMPTY times).
 */
async function fetchUsersPage(path: string, q: string, cursor?: string): Promise<UsersPage> {
  const ask = (cursor?: string) => {
    const params = new URLSearchParams();
    if (q.trim()) params.set("q", q.trim());
    if (cursor) params.set("cursor", cursor);
    const search = params.toString();
    return getJson<UsersPage>(search ? `${path}?${search}` : path);
  };
  let page = await ask(cursor);
  for (let i = 0; i < FOLLOW_EMPTY && !page.users.length && page.nextCursor; i++) {
    page = await ask(page.nextCursor);
  }
  return page;
}

/** The list with the next page after it (members listed already are not listed twice). */
function withMore(prev: UsersPage | null, more: UsersPage): UsersPage {
  if (!prev) return more;
  const seen = new Set(prev.users.map((u) => u.id));
  return {
    users: [...prev.users, ...more.users.filter((u) => !seen.has(u.id))],
    nextCursor: more.nextCursor,
    total: more.total,
  };
}

/** The list with a member as the server answered after an action. */
function withUser(prev: UsersPage | null, user: AdminUser): UsersPage | null {
  return prev && { ...prev, users: prev.users.map((u) => (u.id === user.id ? user : u)) };
}

/** The list without a deleted member, counting one member fewer (unchanged if not listed). */
function withoutUser(prev: UsersPage | null, id: string): UsersPage | null {
  if (!prev || !prev.users.some((u) => u.id === id)) return prev;
  return {
    ...prev,
    users: prev.users.filter((u) => u.id !== id),
    total: Math.max(0, prev.total - 1),
  };
}
