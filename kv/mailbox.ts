// Instance mailboxes: how an instance reaches a socket served by another. A message is a key
// under the receiver's prefix; in the same commit a counter is bumped and the commit's messages
// for that receiver are copied into one key it watches, so the watch event itself carries them
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
  await postMany(kv, [{ instanceId, msg }]);
}

/** What the watched key holds: the first messages of the last commit for that receiver. */
export interface Latest<T> {
  msgs: T[];
}

/**
 * Bytes of messages the watched key carries at most; the rest of a larger commit is found by the
 * receiver's drain. A value may hold 64 KiB, but each of a burst's posts writes the copy again:
 * with 32 KiB a 1,000-searcher burst on 3 instances had a p99 of 0.96–1.3 s, with 8 KiB 0.25–0.37 s
 * (and 0.21–0.61 s without the copy), on a machine other work shared. A pairing is ~1 KiB.
 */
const LATEST_BYTES = 8 * 1024;
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
    // Each receiver's copy in the watched key: its first messages, up to LATEST_BYTES.
    const latest = new Map<string, { msgs: T[]; bytes: number; full: boolean }>();
    while (i < posts.length && chunk.length < POSTS_PER_COMMIT) {
      const { instanceId, msg } = posts[i];
      const json = JSON.stringify(msg).length;
      const copy = latest.get(instanceId) ?? { msgs: [], bytes: 0, full: false };
      const copied = !copy.full && copy.bytes + json <= LATEST_BYTES;
      const size = 2 * json + 256 + (copied ? 2 * json : 0);
      if (chunk.length && bytes + size > POST_BYTES) break;
      chunk.push(posts[i++]);
      bytes += size;
      if (copied) {
        copy.msgs.push(msg);
        copy.bytes += json;
      } else copy.full = true; // later ones would pass it: the drain keeps the order
      latest.set(instanceId, copy);
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
      for (const [instanceId, copy] of latest) {
        op.sum(keys.rtInboxSignal(instanceId), 1n);
        op.set(keys.rtInboxLatest(instanceId), { msgs: copy.msgs } satisfies Latest<T>, {
          expireIn: MESSAGE_TTL_MS,
        });
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

/**
 * A stream that yields whenever a commit posts to the instance, with the first messages of the
 * last such commit (the same again when only the counter moved; those of commits whose events
 * collapsed are left to the drain).
 */
export function watchMailbox<T>(kv: Deno.Kv, instanceId: string): ReadableStream<T[]> {
  const watched = [keys.rtInboxLatest(instanceId), keys.rtInboxSignal(instanceId)] as const;
  return kv.watch<[Latest<T>, Deno.KvU64]>(watched).pipeThrough(
    new TransformStream<[Deno.KvEntryMaybe<Latest<T>>, Deno.KvEntryMaybe<Deno.KvU64>], T[]>({
      transform([entry], ctl) {
        ctl.enqueue(entry.value?.msgs ?? []);
      },
    }),
  );
}
