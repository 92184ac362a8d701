// A log line is the entry's JSON with the time first, the time as Date's ISO text: the quick way
// (the text up to the second kept, the entry's JSON not copied) writes exactly what the general
// way writes, for any time and any entry.
import assert from "node:assert/strict";
import { formatLogLine, isoTime, type LogEntry } from "../../lib/shared/log.ts";

Deno.test("log line: isoTime is Date's ISO text, at any millisecond, in any order", () => {
  const times = [
    0,
    1,
    999,
    1000,
    -1,
    -999,
    -1000,
    -1001,
    1796645319000,
    1796645319009,
    1796645319099,
    1796645319999,
    253402300799999, // the last millisecond of year 9999
    253402300800000, // +010000-…
    -62167219200000, // year 0
    -62167219200001, // -000001-…
    1.5,
  ];
  for (let i = 0; i < 20_000; i++) times.push(Math.floor(Math.random() * 8e12) - 1e12);
  // The same second again and again, then back and forth.
  for (let i = 0; i < 2000; i++) times.push(1796645319000 + (i % 1000), 1796645318000 + (i % 7));
  for (const ms of times) assert.equal(isoTime(ms), new Date(ms).toISOString(), String(ms));
  assert.throws(() => isoTime(NaN), RangeError);
});

Deno.test("log line: the entry's fields after the time, as stringifying a copy would", () => {
  const at = new Date(1796645319382);
  const entries: LogEntry[] = [
    { level: "info", msg: "request", requestId: "ab", status: 200, durationMs: 0.53 },
    { level: "info", msg: "none left", gone: undefined },
    { level: "warn", msg: 'quote " and\nnewline', nested: { list: [1, "é", null] } },
    { level: "info", msg: "its own time", time: "mine" },
    { level: "info", msg: "its own time, undefined", time: undefined },
  ];
  for (const entry of entries) {
    const expected = JSON.stringify({ time: at.toISOString(), ...entry });
    assert.equal(formatLogLine(entry, at), expected);
    assert.equal(formatLogLine(entry, at.getTime()), expected);
  }
  const line = JSON.parse(formatLogLine({ level: "info", msg: "now" }));
  assert.ok(Math.abs(Date.parse(line.time) - Date.now()) < 5000);
  assert.deepEqual(Object.keys(line), ["time", "level", "msg"]);
});
