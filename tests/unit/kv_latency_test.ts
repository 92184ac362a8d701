// The latency wrapper of the benches (kv/latency.ts): every read, write and watch event of a
// wrapped handle waits the delay first, and the handle works as before.
import assert from "node:assert/strict";
import { withLatency } from "../../kv/latency.ts";

const MS = 40;
/** Timers may fire a millisecond early by the performance clock. */
const atLeast = (took: number, what: string) =>
  assert.ok(took >= MS - 1, `${what} took ${took} ms`);

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const out = await fn();
  return [out, performance.now() - t0];
}

Deno.test("kv latency: reads, writes and lists wait the delay, and still work", async () => {
  const kv = withLatency(await Deno.openKv(":memory:"), MS);
  try {
    const [, set] = await timed(() => kv.set(["a"], 1));
    atLeast(set, "set");
    const [read, get] = await timed(() => kv.get<number>(["a"]));
    atLeast(get, "a read");
    assert.equal(read.value, 1);
    const [many, getMany] = await timed(() => kv.getMany<number[]>([["a"], ["b"]]));
    atLeast(getMany, "getMany");
    assert.deepEqual(many.map((e) => e.value), [1, null]);
    const [res, commit] = await timed(() =>
      kv.atomic().check(read).set(["a"], 2).sum(["n"], 1n).commit()
    );
    atLeast(commit, "a commit");
    assert.ok(res.ok);
    const [listed, list] = await timed(() => Array.fromAsync(kv.list({ prefix: [] })));
    atLeast(list, "a list");
    assert.deepEqual(listed.map((e) => e.key), [["a"], ["n"]]);
    const [, del] = await timed(() => kv.delete(["a"]));
    atLeast(del, "a delete");
    assert.equal((await kv.get(["a"])).value, null);
  } finally {
    kv.close();
  }
});

Deno.test("kv latency: each watch event arrives the delay after its write, in order", async () => {
  const kv = withLatency(await Deno.openKv(":memory:"), MS);
  const reader = kv.watch([["w"]]).getReader();
  try {
    const [first, initial] = await timed(() => reader.read());
    atLeast(initial, "the first event");
    assert.equal(first.value?.[0].value, null);
    for (const n of [1, 2]) {
      await kv.set(["w"], n);
      const [event, took] = await timed(() => reader.read());
      atLeast(took, `the event of write ${n}`);
      assert.equal(event.value?.[0].value, n);
    }
  } finally {
    await reader.cancel();
    kv.close();
  }
});
