// The console sink writes info lines together once the current turn of the event loop is done (and,
// while lines keep coming, up to LOG_GATHER_MS later): every line arrives, in order, with nothing
// left behind when the process exits at once after logging (a failed start, a stop on a signal) or
// ends on its own, and a line on its own leaves no timer pending.
import assert from "node:assert/strict";

const LOG = new URL("../../lib/shared/log.ts", import.meta.url).href;

/** Runs `code` (with `consoleSink` imported) in a fresh Deno; its stdout lines' msg fields. */
async function run(code: string): Promise<{ out: string[]; err: string[]; code: number }> {
  const script = `import { consoleSink } from "${LOG}";\n${code}`;
  const res = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--ext=ts", script],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const lines = (bytes: Uint8Array) =>
    new TextDecoder().decode(bytes).split("\n").filter(Boolean).map((l) => JSON.parse(l).msg);
  return { out: lines(res.stdout), err: lines(res.stderr), code: res.code };
}

Deno.test("log sink: info lines all arrive in order, written once the turn is done", async () => {
  const { out, err } = await run(`
    for (let i = 0; i < 500; i++) consoleSink({ level: "info", msg: "line " + i });
    await new Promise((r) => setTimeout(r, 10));
    consoleSink({ level: "info", msg: "later" });
  `);
  assert.deepEqual(out, [...Array.from({ length: 500 }, (_, i) => "line " + i), "later"]);
  assert.deepEqual(err, []);
});

Deno.test("log sink: warnings and errors go to stderr, after the info lines before them", async () => {
  const { out, err } = await run(`
    consoleSink({ level: "info", msg: "first" });
    consoleSink({ level: "warn", msg: "careful" });
    consoleSink({ level: "error", msg: "broken" });
    consoleSink({ level: "info", msg: "second" });
  `);
  assert.deepEqual(out, ["first", "second"]);
  assert.deepEqual(err, ["careful", "broken"]);
});

Deno.test("log sink: lines logged just before Deno.exit are written", async () => {
  const { out, code } = await run(`
    consoleSink({ level: "info", msg: "SIGTERM: stopping" });
    consoleSink({ level: "info", msg: "stopped" });
    Deno.exit(3);
  `);
  assert.equal(code, 3);
  assert.deepEqual(out, ["SIGTERM: stopping", "stopped"]);
});

/** What `body` writes to stdout in this process, a string a write (stdout restored after). */
async function stdoutWrites(body: (written: string[]) => Promise<void>): Promise<string[]> {
  const write = Deno.stdout.writeSync;
  const written: string[] = [];
  Deno.stdout.writeSync = (p: Uint8Array) => {
    written.push(new TextDecoder().decode(p));
    return p.length;
  };
  try {
    await body(written);
  } finally {
    Deno.stdout.writeSync = write;
  }
  return written;
}

Deno.test("log sink: an info line leaves no timer behind (the test sanitizers would say so)", async () => {
  const { consoleSink, flushLog } = await import("../../lib/shared/log.ts");
  const written = await stdoutWrites(async (written) => {
    consoleSink({ level: "info", msg: "quiet" });
    assert.deepEqual(written, [], "not written within the turn");
    await Promise.resolve();
    flushLog();
  });
  assert.equal(written.length, 1);
  assert.equal(JSON.parse(written[0]).msg, "quiet");
});

/** Resolves in a later turn of the event loop. */
function nextTurn(): Promise<void> {
  const { port1, port2 } = new MessageChannel();
  return new Promise((resolve) => {
    port1.onmessage = () => {
      port1.close();
      port2.close();
      resolve();
    };
    port2.postMessage(0);
  });
}

Deno.test("log sink: lines that keep coming are written together, all of them, soon", async () => {
  const { consoleSink, flushLog, LOG_GATHER_MS } = await import("../../lib/shared/log.ts");
  flushLog();
  const writes = await stdoutWrites(async () => {
    // A line a turn of the event loop, as requests end under load (a message between two ports
    // arrives in a later turn, and sooner than a timer).
    for (let i = 0; i < 200; i++) {
      consoleSink({ level: "info", msg: "request " + i });
      await nextTurn();
    }
    // The last ones wait at most LOG_GATHER_MS (and the timer's own lateness).
    await new Promise((r) => setTimeout(r, LOG_GATHER_MS + 50));
  });
  const lines = writes.join("").split("\n").filter(Boolean).map((l) => JSON.parse(l).msg);
  assert.deepEqual(lines, Array.from({ length: 200 }, (_, i) => "request " + i));
  assert.ok(writes.length < 100, `${writes.length} writes for 200 lines`);
});

Deno.test("log sink: lines still gathered when the process ends on its own are written", async () => {
  const { out, code } = await run(`
    consoleSink({ level: "info", msg: "one" });
    // The next turn (sooner than a timer): "two" waits to be written with what may follow.
    const { port1, port2 } = new MessageChannel();
    await new Promise((r) => { port1.onmessage = r; port2.postMessage(0); });
    port1.close();
    consoleSink({ level: "info", msg: "two" });
  `);
  assert.equal(code, 0);
  assert.deepEqual(out, ["one", "two"]);
});

Deno.test("log sink: a stdout that cannot be written drops the lines, the process goes on", async () => {
  const { out, code } = await run(`
    Deno.stdout.writeSync = () => { throw new Deno.errors.BrokenPipe("closed"); };
    consoleSink({ level: "info", msg: "lost" });
    await new Promise((r) => setTimeout(r, 10));
    Deno.exit(7);
  `);
  assert.equal(code, 7, "still running after the failed write");
  assert.deepEqual(out, []);
});
