// The process logger: every line it writes is the same JSON as the request log, with an error's
// name, message and stack as fields, and it writes wherever the process's sink points.
import assert from "node:assert/strict";
import { type LogEntry, logger, setProcessSink } from "../../lib/shared/log.ts";

Deno.test("logger: levels, fields and an error's name and message reach the sink", () => {
  const lines: LogEntry[] = [];
  const restore = setProcessSink((e) => lines.push(e));
  try {
    logger.info("started", { port: 8000 });
    logger.warn("slow", { ms: 900, level: "error" });
    logger.error("pairing failed", new TypeError("boom"), { user: "u1" });
    logger.error("Stripe checkout failed", "card declined");
  } finally {
    restore();
  }
  assert.deepEqual(lines[0], { level: "info", msg: "started", port: 8000 });
  // A field cannot pass itself off as the level or the message.
  assert.deepEqual(lines[1], { level: "warn", msg: "slow", ms: 900 });
  assert.equal(lines[2].level, "error");
  assert.equal(lines[2].error, "TypeError: boom");
  assert.match(String(lines[2].stack), /boom/);
  assert.equal(lines[2].user, "u1");
  assert.deepEqual(lines[3], {
    level: "error",
    msg: "Stripe checkout failed",
    error: "card declined",
  });
});

Deno.test("logger: restoring the sink sends later lines back where they went before", () => {
  const first: LogEntry[] = [];
  const second: LogEntry[] = [];
  const restoreFirst = setProcessSink((e) => first.push(e));
  const restoreSecond = setProcessSink((e) => second.push(e));
  logger.info("to the second");
  restoreSecond();
  logger.info("to the first");
  restoreFirst();
  assert.deepEqual(second.map((e) => e.msg), ["to the second"]);
  assert.deepEqual(first.map((e) => e.msg), ["to the first"]);
});
