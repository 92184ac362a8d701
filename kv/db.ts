// Opens the one Deno KV handle the app uses: a local SQLite file by default, ":memory:" in tests,
// a remote KV (Deno Deploy / self-hosted denokv) when KV_PATH is an http(s) URL, or "" for the
// KV Deno Deploy attaches to the app (docs/deploy.md).
import { dirname } from "node:path";
import { enableJobTable, hasNativeQueue } from "./queue.ts";
import { waitForLocks } from "./lock_wait.ts";

export async function openKv(path: string): Promise<Deno.Kv> {
  const file = path !== "" && path !== ":memory:" && !/^https?:\/\//.test(path);
  if (file) await Deno.mkdir(dirname(path), { recursive: true });
  const kv = path === "" ? await Deno.openKv() : await Deno.openKv(path);
  // Another process may hold a local file's write lock for a moment: writes wait for it.
  if (file) waitForLocks(kv);
  // KV Connect and Deno Deploy have no queue: messages go through the job table (kv/queue.ts).
  if (!hasNativeQueue(path)) enableJobTable(kv);
  return kv;
}

/** One real round trip: write, read back and delete a probe key. */
export async function kvRoundTrip(kv: Deno.Kv): Promise<boolean> {
  const key = ["health", crypto.randomUUID()];
  const value = Date.now();
  await kv.set(key, value, { expireIn: 60_000 });
  const read = await kv.get<number>(key);
  await kv.delete(key);
  return read.value === value;
}

/** Reads any number of keys, ten at a time (KV's getMany limit) and in parallel, in order. */
export async function getManyChunked<T>(
  kv: Deno.Kv,
  list: readonly Deno.KvKey[],
): Promise<Deno.KvEntryMaybe<T>[]> {
  const chunks: Deno.KvKey[][] = [];
  for (let i = 0; i < list.length; i += 10) chunks.push(list.slice(i, i + 10));
  const read = await Promise.all(chunks.map((c) => kv.getMany<T[]>(c)));
  return read.flat() as Deno.KvEntryMaybe<T>[];
}
