// Which KV failures are the store refusing to write, as against a bug: the disk under the KV file
// is full, the file (or its file system) is read-only, the file stayed locked past an
// operation's retries, or the disk failed. The HTTP layer answers them 503 with Retry-After (the
// request changed nothing: every multi-key change is one atomic commit, whole or not at all), the
// socket with its `storage` refusal, and /metrics counts them (docs/deploy.md, "A full disk").

export type StorageRefusal = "full" | "read_only" | "locked" | "io";

/** SQLite's own words (Deno KV passes them on as the error's message), then the system's. */
const REFUSALS: readonly [RegExp, StorageRefusal][] = [
  [/database or disk is full|no space left on device|disk quota exceeded/i, "full"],
  [/readonly database|read-only file system/i, "read_only"],
  [/database is locked|database table is locked|database is busy/i, "locked"],
  [/disk i\/o error/i, "io"],
];

/** Why the store refused, if `err` (or an error it was caused by) is such a refusal; else null. */
export function storageRefusal(err: unknown): StorageRefusal | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    for (const [pattern, kind] of REFUSALS) if (pattern.test(e.message)) return kind;
  }
  return null;
}

/**
 * Whether trying the same write again at once cannot help: the disk stays full and the file
 * read-only until an operator acts (a locked file frees itself in milliseconds).
 */
export function lastingRefusal(err: unknown): boolean {
  const kind = storageRefusal(err);
  return kind !== null && kind !== "locked";
}
