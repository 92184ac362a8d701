// stopOnSignals: a signal runs the stop once and exits 0; a stop that fails or outlasts its bound
// exits 1; a second signal during the stop exits at once; the listeners can be removed.
import assert from "node:assert/strict";
import { stopOnSignals } from "../../lib/server/runtime/shutdown.ts";
import type { LogEntry } from "../../lib/shared/log.ts";
import { sleep } from "../helpers/time.ts";

/** A stand-in for the process: its signal listeners, its exits and its log. */
function fakeProcess() {
  const listeners = new Map<Deno.Signal, () => void>();
  const exits: number[] = [];
  const lines: LogEntry[] = [];
  return {
    listeners,
    exits,
    lines,
    msgs: () => lines.map((l) => l.msg),
    opts: {
      log: (e: LogEntry) => void lines.push(e),
      exit: (code: number) => void exits.push(code),
      listen: (signal: Deno.Signal, listener: () => void) => {
        listeners.set(signal, listener);
        return () => listeners.delete(signal);
      },
    },
  };
}

Deno.test("shutdown: SIGTERM runs the stop once and exits 0 when it is done", async () => {
  const p = fakeProcess();
  let stops = 0;
  let done!: () => void;
  stopOnSignals({ ...p.opts, stop: () => (stops++, new Promise((r) => done = r)) });
  assert.deepEqual([...p.listeners.keys()], ["SIGTERM", "SIGINT"]);
  p.listeners.get("SIGTERM")!();
  assert.equal(stops, 1);
  assert.deepEqual(p.exits, [], "no exit while the stop runs");
  done();
  await sleep(0);
  assert.deepEqual(p.exits, [0]);
  assert.equal(p.msgs()[0], "SIGTERM: stopping");
  assert.match(p.msgs()[1], /^Stopped in \d+ ms$/);
});

Deno.test("shutdown: a stop that fails exits 1 and logs why", async () => {
  const p = fakeProcess();
  stopOnSignals({ ...p.opts, stop: () => Promise.reject(new Error("KV is gone")) });
  p.listeners.get("SIGINT")!();
  await sleep(0);
  assert.deepEqual(p.exits, [1]);
  const failed = p.lines.find((l) => l.level === "error")!;
  assert.equal(failed.msg, "The stop failed: exiting");
  assert.equal(failed.error, "Error: KV is gone");
});

Deno.test("shutdown: a stop that outlasts its bound exits 1, once", async () => {
  const p = fakeProcess();
  let done!: () => void;
  stopOnSignals({ ...p.opts, withinMs: 30, stop: () => new Promise((r) => done = r) });
  p.listeners.get("SIGTERM")!();
  await sleep(80);
  assert.deepEqual(p.exits, [1]);
  assert.ok(p.msgs().includes("Not stopped within 30 ms: exiting"));
  done();
  await sleep(0);
  assert.deepEqual(p.exits, [1], "the late end of the stop does not exit again");
});

Deno.test("shutdown: a second signal during the stop exits at once", async () => {
  const p = fakeProcess();
  let stops = 0;
  stopOnSignals({ ...p.opts, stop: () => (stops++, new Promise(() => {})) });
  p.listeners.get("SIGINT")!();
  p.listeners.get("SIGINT")!();
  assert.equal(stops, 1);
  assert.deepEqual(p.exits, [1]);
  assert.ok(p.msgs().includes("SIGINT again: exiting without waiting"));
  await sleep(0);
});

Deno.test("shutdown: the listeners can be removed; a platform without a signal is skipped", () => {
  const p = fakeProcess();
  const remove = stopOnSignals({
    ...p.opts,
    listen: (signal, listener) => {
      if (signal === "SIGTERM") throw new TypeError("not on this platform");
      return p.opts.listen(signal, listener);
    },
    stop: () => Promise.resolve(),
  });
  assert.deepEqual([...p.listeners.keys()], ["SIGINT"]);
  remove();
  assert.equal(p.listeners.size, 0);
});
