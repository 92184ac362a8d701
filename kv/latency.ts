// A KV an ocean away, for benchmarks: wraps a handle so that every read (get, getMany, each list
// call), every write (a commit, set, delete, enqueue) and every watch event waits a fixed delay
// first, as a remote KV tens of milliseconds away would make it. It does not model the rest of a
// remote store: no jitter, no bandwidth, no extra cost for a large list or a large commit, no
// contention or conflict between regions, no reads served nearer than the writes (docs/realtime.md,
// "A KV an ocean away").

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Makes every round trip of `kv` wait `ms` first (in place: the same handle is returned). */
export function withLatency(kv: Deno.Kv, ms: number): Deno.Kv {
  if (ms <= 0) return kv;
  const get = kv.get.bind(kv);
  kv.get = (async (key: Deno.KvKey, options?: { consistency?: Deno.KvConsistencyLevel }) => {
    await sleep(ms);
    return await get(key, options);
  }) as Deno.Kv["get"];
  const getMany = kv.getMany.bind(kv);
  kv.getMany = (async (keys: Deno.KvKey[], options?: { consistency?: Deno.KvConsistencyLevel }) => {
    await sleep(ms);
    return await getMany(keys, options);
  }) as Deno.Kv["getMany"];
  const list = kv.list.bind(kv);
  kv.list =
    ((selector: Deno.KvListSelector, options?: Deno.KvListOptions) =>
      delayedList(list(selector, options), ms)) as Deno.Kv["list"];
  const atomic = kv.atomic.bind(kv);
  kv.atomic = () => {
    const op = atomic();
    const commit = op.commit.bind(op);
    op.commit = async () => {
      await sleep(ms);
      return await commit();
    };
    return op;
  };
  const set = kv.set.bind(kv);
  kv.set = async (key, value, options) => {
    await sleep(ms);
    return await set(key, value, options);
  };
  const del = kv.delete.bind(kv);
  kv.delete = async (key) => {
    await sleep(ms);
    return await del(key);
  };
  const enqueue = kv.enqueue.bind(kv);
  kv.enqueue = async (value, options) => {
    await sleep(ms);
    return await enqueue(value, options);
  };
  const watch = kv.watch.bind(kv);
  kv.watch =
    ((keys: Deno.KvKey[], options?: { raw?: boolean }) =>
      delayedStream(watch(keys, options), ms)) as Deno.Kv["watch"];
  return kv;
}

/** A list whose first result (one round trip for a page of results) waits `ms`. */
function delayedList<T>(inner: Deno.KvListIterator<T>, ms: number): Deno.KvListIterator<T> {
  let waited = false;
  const next = inner.next.bind(inner);
  inner.next = async () => {
    if (!waited) {
      waited = true;
      await sleep(ms);
    }
    return await next();
  };
  return inner;
}

/** The same events, each `ms` after it arrived (in order: every event waits the same). */
function delayedStream<T>(inner: ReadableStream<T>, ms: number): ReadableStream<T> {
  const reader = inner.getReader();
  let pending = Promise.resolve();
  const pump = async (ctl: ReadableStreamDefaultController<T>) => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const due = sleep(ms);
        pending = pending.then(() => due).then(() => {
          try {
            ctl.enqueue(value);
          } catch {
            // cancelled meanwhile
          }
        });
      }
      await pending;
      ctl.close();
    } catch (err) {
      try {
        ctl.error(err);
      } catch {
        // already closed or cancelled
      }
    }
  };
  return new ReadableStream<T>({
    start(ctl) {
      // Not awaited: the stream starts at once and its events follow as they come.
      pump(ctl);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
