// Backup and restore of a local KV file (a Deno KV SQLite database, see docs/deploy.md).
// A backup is SQLite's `VACUUM INTO` through a read-only connection: one read transaction, so the
// copy is consistent (every commit whole or absent) while the server goes on writing, and the
// server's own connection is never paused. A restore checks the file is a KV snapshot, refuses
// while a Glimpse server still beats in the target, moves the old file (and its -wal / -shm) aside
// and puts the snapshot in its place.
import { DatabaseSync } from "node:sqlite";
import { basename, dirname, join } from "node:path";
import { keys } from "./keys.ts";

/** The tables every Deno KV SQLite database has. */
const KV_TABLES = ["data_version", "kv", "migration_state", "queue", "queue_running"];

/** A refusal or failure an operator can act on; the message is the whole story. */
export class KvFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "KvFileError";
  }
}

/** Whether KV_PATH names a local file (not :memory:, not a remote KV URL). */
export function isLocalKvPath(path: string): boolean {
  return path !== "" && path !== ":memory:" && !/^https?:\/\//.test(path);
}

function requireLocal(path: string, what: string) {
  if (isLocalKvPath(path)) return;
  throw new KvFileError(
    path === ":memory:" || path === ""
      ? `KV_PATH is ${
        path === "" ? "unset (Deno Deploy's KV)" : ":memory:"
      }; ${what} works on a local KV file`
      : `KV_PATH is a remote KV (${path}); ${what} works on a local KV file. ` +
        'See docs/deploy.md, "Backups of a remote KV".',
  );
}

async function exists(path: string): Promise<Deno.FileInfo | null> {
  try {
    return await Deno.stat(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return null;
    throw err;
  }
}

export interface SnapshotInfo {
  /** Keys in the snapshot (expired ones not yet swept included). */
  keys: number;
  bytes: number;
}

/**
 * Checks that `file` is a whole Deno KV database: an SQLite file that passes SQLite's integrity
 * check and has KV's tables. Throws KvFileError saying what is wrong.
 */
export async function checkSnapshot(file: string): Promise<SnapshotInfo> {
  const info = await exists(file);
  if (!info) throw new KvFileError(`${file} does not exist`);
  if (!info.isFile) throw new KvFileError(`${file} is not a file`);
  const head = new Uint8Array(16);
  const f = await Deno.open(file);
  try {
    await f.read(head);
  } finally {
    f.close();
  }
  if (new TextDecoder().decode(head) !== "SQLite format 3\0") {
    throw new KvFileError(`${file} is not a KV snapshot (not an SQLite database)`);
  }
  let db: DatabaseSync | null = null;
  try {
    db = new DatabaseSync(file, { readOnly: true });
    const check = db.prepare("PRAGMA quick_check").all() as { quick_check: string }[];
    if (check.length !== 1 || check[0].quick_check !== "ok") {
      throw new KvFileError(`${file} is damaged: ${check.map((r) => r.quick_check).join("; ")}`);
    }
    const tables = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
        name: string;
      }[]).map((r) => r.name),
    );
    const missing = KV_TABLES.filter((t) => !tables.has(t));
    if (missing.length) {
      throw new KvFileError(
        `${file} is an SQLite database but not a KV snapshot (no ${missing.join(", ")} table)`,
      );
    }
    const { n } = db.prepare("SELECT count(*) AS n FROM kv").get() as { n: number };
    return { keys: Number(n), bytes: info.size };
  } catch (err) {
    if (err instanceof KvFileError) throw err;
    throw new KvFileError(`${file} is not a readable KV snapshot: ${(err as Error).message}`);
  } finally {
    db?.close();
  }
}

export interface BackupResult extends SnapshotInfo {
  ms: number;
}

/**
 * Writes a consistent copy of the KV file at `kvPath` to `out` (which must not exist yet), while
 * servers may be reading and writing it. The copy is written beside `out` under a temporary name
 * and renamed into place once checked, so `out` is either absent or whole.
 */
export async function backupKv(kvPath: string, out: string): Promise<BackupResult> {
  requireLocal(kvPath, "backup");
  const started = performance.now();
  const source = await exists(kvPath);
  if (!source?.isFile) throw new KvFileError(`There is no KV file at ${kvPath}`);
  if (await exists(out)) throw new KvFileError(`${out} already exists; name a new file`);
  await Deno.mkdir(dirname(out), { recursive: true });
  const partial = join(dirname(out), `.${basename(out)}.partial-${crypto.randomUUID()}`);
  try {
    let db: DatabaseSync;
    try {
      db = new DatabaseSync(kvPath, { readOnly: true });
    } catch (err) {
      throw new KvFileError(`Cannot open ${kvPath}: ${(err as Error).message}`);
    }
    try {
      // Waits for a writer's lock rather than failing at once (KV's own commits are short).
      db.exec("PRAGMA busy_timeout = 10000");
      db.prepare("VACUUM INTO ?").run(partial);
    } finally {
      db.close();
    }
    // With no server running, SQLite may have just made the -wal / -shm files: run as root, they
    // must still belong to the KV file's owner, or the service could not open its own file.
    if (Deno.uid() === 0 && source.uid !== null && source.gid !== null) {
      for (const suffix of ["-wal", "-shm"]) {
        await Deno.chown(kvPath + suffix, source.uid, source.gid).catch(() => {});
      }
    }
    const info = await checkSnapshot(partial);
    await Deno.rename(partial, out);
    return { ...info, ms: Math.round(performance.now() - started) };
  } catch (err) {
    await Deno.remove(partial).catch(() => {});
    throw err;
  }
}

/** How long a restore watches the target for a running server's beat. */
export const LIVENESS_WATCH_MS = 2_500;

/** The newest instance beat in the KV (ms since the epoch), or 0 when none. */
async function newestBeat(kvPath: string): Promise<number> {
  const kv = await Deno.openKv(kvPath);
  try {
    let newest = 0;
    for await (const e of kv.list<number>({ prefix: keys.rtInstancesPrefix() })) {
      if (typeof e.value === "number") newest = Math.max(newest, e.value);
    }
    return newest;
  } finally {
    kv.close();
  }
}

/**
 * Whether a Glimpse server is using the KV file: every running instance beats a liveness key
 * at least once a second (lib/server/realtime/instances.ts). A recent beat is watched for a newer one,
 * so a server stopped a moment ago does not count.
 */
export async function serverBeating(
  kvPath: string,
  watchMs = LIVENESS_WATCH_MS,
): Promise<boolean> {
  const first = await newestBeat(kvPath);
  if (Date.now() - first > 5_000) return false;
  await new Promise((r) => setTimeout(r, watchMs));
  return (await newestBeat(kvPath)) > first;
}

export interface RestoreResult extends SnapshotInfo {
  /** Where the replaced KV file was moved, or null when there was none. */
  previous: string | null;
}

/**
 * Replaces the KV file at `kvPath` with the snapshot `file`. Servers must be stopped: a restore
 * refuses while one still beats in the target. The old file and its -wal / -shm are kept beside
 * it as `<name>.before-restore-<time>`; run as root, the new file gets the old one's owner.
 */
export async function restoreKv(
  kvPath: string,
  file: string,
  watchMs = LIVENESS_WATCH_MS,
): Promise<RestoreResult> {
  requireLocal(kvPath, "restore");
  const info = await checkSnapshot(file);
  const current = await exists(kvPath);
  if (current && !current.isFile) throw new KvFileError(`${kvPath} is not a file`);
  if (current && await serverBeating(kvPath, watchMs)) {
    throw new KvFileError(
      `A Glimpse server is running on ${kvPath}; stop it first (systemctl stop glimpse), ` +
        "then restore.",
    );
  }
  await Deno.mkdir(dirname(kvPath), { recursive: true });
  const incoming = join(dirname(kvPath), `.${basename(kvPath)}.restore-${crypto.randomUUID()}`);
  try {
    await Deno.copyFile(file, incoming);
    // Run as root, the new file gets the owner of the file it replaces (else of its folder), so
    // the service's own user can open it.
    const owner = current ?? await Deno.stat(dirname(kvPath));
    if (Deno.uid() === 0 && owner.uid !== null && owner.gid !== null) {
      await Deno.chown(incoming, owner.uid, owner.gid);
    }
  } catch (err) {
    await Deno.remove(incoming).catch(() => {});
    throw err;
  }
  let previous: string | null = null;
  if (current) {
    previous = `${kvPath}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    // The write-ahead log belongs to the old file: left beside the new one, SQLite would apply it.
    for (const suffix of ["-wal", "-shm"]) {
      if (await exists(kvPath + suffix)) await Deno.rename(kvPath + suffix, previous + suffix);
    }
    await Deno.rename(kvPath, previous);
  }
  await Deno.rename(incoming, kvPath);
  return { ...info, previous };
}
