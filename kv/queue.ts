// The KV queue: messages enqueued inside a commit (see kv/deletion.ts) and handled by whichever
// instance listens.
export function listenQueue(kv: Deno.Kv, handler: (message: unknown) => Promise<void>) {
  return kv.listenQueue(handler);
}
