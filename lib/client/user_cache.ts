// The browser's copy of the signed-in member: at start-up a cached user without a token, or with
// the placeholder id 1, is discarded. The session itself lives only in the HttpOnly cookie; this
// copy just lets pages greet the member before the server answers.
const KEY = "glimpse_user";

export interface CachedUser {
  id: string;
  username: string;
  token: string;
  [k: string]: unknown;
}

export function isUsableCachedUser(u: unknown): u is CachedUser {
  if (!u || typeof u !== "object") return false;
  const c = u as Partial<CachedUser>;
  return typeof c.token === "string" && c.token.length > 0 && c.id !== undefined &&
    String(c.id) !== "1";
}

export function cacheUser(user: CachedUser) {
  try {
    localStorage.setItem(KEY, JSON.stringify(user));
  } catch {
    // storage disabled: nothing to cache
  }
}

export function cachedUser(): CachedUser | null {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed = raw ? JSON.parse(raw) : null;
    if (isUsableCachedUser(parsed)) return parsed;
    if (raw) localStorage.removeItem(KEY);
  } catch {
    // unreadable: treat as absent
  }
  return null;
}

export function clearCachedUser() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
