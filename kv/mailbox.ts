// Instance mailboxes: how an instance reaches a socket served by another. A message is a key
// under the receiver's prefix, and a counter the receiver watches is bumped in the same commit
// (see docs/realtime.md, "Reaching another instance"). The payload is opaque here.
import { keys } from "./keys.ts";

const MESSAGE_TTL_MS = 5 * 60_000;

/** What a stored message needs: `id` orders one sender's messages (see post). */
export interface Posted {
  id: string;
  sentAt: number;
}

/**
 * Drops a message into an instance's mailbox and bumps the counter it watches. Keys sort by send
 * time, then by the sender's own message number (the id), so messages of one sender sent within
 * the same millisecond keep their order.
 */
export async function post<T extends Posted>(kv: Deno.Kv, instanceId: string, msg: T) {
  const key = keys.rtInbox(instanceId, `${msg.sentAt.toString().padStart(15, "0")}-${msg.id}`);
  await kv.atomic()
    .set(key, msg, { expireIn: MESSAGE_TTL_MS })
    .sum(keys.rtInboxSignal(instanceId), 1n)
    .commit();
}

/** Messages one commit of posts holds at most (a message is 1 mutation, each mailbox's counter 1). */
const POSTS_PER_COMMIT = 400;
/** Bytes one commit of posts may write, by estimate (KV allows 819,200). */
const POST_BYTES = 400 * 1024;

/**
 * Posts many messages (to one or several instances) in few commits, in order: each commit holds
 * a run of them and bumps each receiving mailbox's counter once. `retry` wraps each commit on its
 * own (a message set again by a retry is the same key and value).
 */
export async function postMany<T extends Posted>(
  kv: Deno.Kv,
  posts: { instanceId: string; msg: T }[],
  retry: (fn: () => Promise<void>) => Promise<void> = (fn) => fn(),
) {
  let i = 0;
  while (i < posts.length) {
    const chunk: typeof posts = [];
    let bytes = 0;
    while (i < posts.length && chunk.length < POSTS_PER_COMMIT) {
      const size = 2 * JSON.stringify(posts[i].msg).length + 256;
      if (chunk.length && bytes + size > POST_BYTES) break;
      chunk.push(posts[i++]);
      bytes += size;
    }
    await retry(async () => {
      const op = kv.atomic();
      for (const { instanceId, msg } of chunk) {
        const key = keys.rtInbox(
          instanceId,
          `${msg.sentAt.toString().padStart(15, "0")}-${msg.id}`,
        );
        op.set(key, msg, { expireIn: MESSAGE_TTL_MS });
      }
      for (const instanceId of new Set(chunk.map((p) => p.instanceId))) {
        op.sum(keys.rtInboxSignal(instanceId), 1n);
      }
      await op.commit();
    });
  }
}

/** The messages waiting for an instance, oldest first (the caller takes each it handles). */
export async function inbox<T extends Posted>(kv: Deno.Kv, instanceId: string) {
  const out: Deno.KvEntry<T>[] = [];
  for await (const e of kv.list<T>({ prefix: keys.rtInboxPrefix(instanceId) })) {
    out.push(e);
  }
  return out;
}

/** Mutations per commit when taking messages (KV allows 1,000). */
const TAKE_PER_COMMIT = 500;

/**
 * Takes messages out of the mailbox, many to a commit (before they are handled, so each is
 * handled at most once). Returns how many of them, from the first, were taken: a commit that
 * fails leaves the rest in the mailbox for the next drain.
 */
export async function take(kv: Deno.Kv, keys: Deno.KvKey[]): Promise<number> {
  let taken = 0;
  for (let i = 0; i < keys.length; i += TAKE_PER_COMMIT) {
    const op = kv.atomic();
    for (const key of keys.slice(i, i + TAKE_PER_COMMIT)) op.delete(key);
    try {
      if (!(await op.commit()).ok) break;
    } catch {
      break;
    }
    taken = Math.min(keys.length, i + TAKE_PER_COMMIT);
  }
  return taken;
}

/** A stream that yields whenever a message is posted to the instance. */
export function watchMailbox(kv: Deno.Kv, instanceId: string): ReadableStream<unknown> {
  return kv.watch([keys.rtInboxSignal(instanceId)]);
}
