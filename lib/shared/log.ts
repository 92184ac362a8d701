// Structured logs: one JSON object per line on stdout (errors on stderr), which a log shipper
// (journald, Deno Deploy's logs, Loki, …) reads as fields. Callers name their fields; nothing here
// reads a request, so what a line holds is decided where it is written (see request_log.ts).

export type LogLevel = "info" | "warn" | "error";

export interface LogEntry {
  level: LogLevel;
  msg: string;
  [field: string]: unknown;
}

/** Where log lines go: stdout/stderr by default, an array in tests. */
export type LogSink = (entry: LogEntry) => void;

/** The line a log entry becomes: its time first, then the entry's own fields. */
export function formatLogLine(entry: LogEntry, now: Date | number = Date.now()): string {
  const time = isoTime(typeof now === "number" ? now : now.getTime());
  // The entry's own JSON after the time: the same text as stringifying a copy with the time put
  // first, without making the copy. (An entry with a field of that name keeps the general way.)
  if (!("time" in entry)) {
    const fields = JSON.stringify(entry);
    if (fields.length > 2) return `{"time":"${time}",${fields.slice(1)}`;
  }
  return JSON.stringify({ time, ...entry });
}

/** The second isoTime last wrote, and its text up to the milliseconds ("2026-12-07T12:00:19."). */
let isoSecond = NaN;
let isoPrefix = "";

/**
 * `new Date(ms).toISOString()`, the same text, with the part up to the second worked out once a
 * second (a Date and its ISO text cost a request's log line about 3 µs).
 */
export function isoTime(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== isoSecond) {
    const text = new Date(second * 1000).toISOString();
    // Years 0-9999 only ("YYYY-MM-DDTHH:MM:SS.000Z"); the others are written in full each time.
    if (text.length !== 24) return new Date(ms).toISOString();
    isoSecond = second;
    isoPrefix = text.slice(0, 20);
  }
  const milli = ms - second * 1000;
  if (!Number.isInteger(milli)) return new Date(ms).toISOString();
  return `${isoPrefix}${milli < 10 ? "00" : milli < 100 ? "0" : ""}${milli}Z`;
}

const encoder = new TextEncoder();
/** Info lines not yet written (see consoleSink). */
let pending: string[] = [];
/**
 * How long info lines may wait while others keep coming: a write made less than this ago makes the
 * next lines wait for one write together, at most this long (at 6,000 requests a second, one write
 * for 30 instead of one each: a write costs a request about 5 µs on this runtime).
 */
export const LOG_GATHER_MS = 5;
/** When stdout was last written (performance.now()). */
let lastWrite = -Infinity;
/** The timer of a gathered write, if one is waiting. */
let gathering: ReturnType<typeof setTimeout> | undefined;

/** Writes the info lines gathered so far to stdout, every byte (a write may take only part). */
export function flushLog() {
  if (gathering !== undefined) {
    clearTimeout(gathering);
    gathering = undefined;
  }
  if (!pending.length) return;
  lastWrite = performance.now();
  const bytes = encoder.encode(pending.join("\n") + "\n");
  pending = [];
  try {
    for (let at = 0; at < bytes.length;) at += Deno.stdout.writeSync(bytes.subarray(at));
  } catch {
    // stdout is gone (a closed pipe): the lines cannot be written anywhere, and the server must
    // go on (this runs as a microtask, where a throw would end the process).
  }
}

// Deno.exit (a failed start, a stop on a signal) dispatches "unload" before the process ends:
// the lines of its last turn are written then.
globalThis.addEventListener("unload", flushLog);

/**
 * After the turn that logged: the lines are written now, or, when stdout was written less than
 * LOG_GATHER_MS ago (lines keep coming), by a timer that far off, with those that follow. The
 * timer does not keep the process alive: a process that ends writes what is left ("unload").
 */
function flushSoon() {
  if (gathering !== undefined || !pending.length) return;
  const wait = lastWrite + LOG_GATHER_MS - performance.now();
  if (wait <= 0) return flushLog();
  const timer = setTimeout(flushLog, wait);
  Deno.unrefTimer(timer as unknown as number);
  gathering = timer;
}

/**
 * Writes each entry as a JSON line: errors and warnings to stderr at once, the rest to stdout.
 * Info lines (a line per request) are gathered and written together: once the work of the
 * current turn of the event loop is done, and while they keep coming, at most LOG_GATHER_MS
 * later (one write for many requests instead of a console.log each, which cost about a sixth of a
 * small API response's CPU). A line on its own is written at the end of its turn; the lines keep
 * their order.
 */
export const consoleSink: LogSink = (entry) => {
  const line = formatLogLine(entry);
  if (entry.level !== "info") {
    flushLog();
    console.error(line);
    return;
  }
  if (!pending.length) queueMicrotask(flushSoon);
  pending.push(line);
};

/** An error as log fields: its name, message and stack (never the objects it refers to). */
export function errorFields(err: unknown): { error: string; stack?: string } {
  if (err instanceof Error) return { error: `${err.name}: ${err.message}`, stack: err.stack };
  return { error: String(err) };
}

let processSink: LogSink = consoleSink;

/**
 * Where `logger` writes (the console by default); a test sets a sink of its own and gets back the
 * function that restores the previous one.
 */
export function setProcessSink(sink: LogSink): () => void {
  const previous = processSink;
  processSink = sink;
  return () => {
    processSink = previous;
  };
}

/**
 * The process's logger, for work no request owns (realtime, jobs, mail retries, start-up): the
 * same JSON lines as the request log. An error's name, message and stack become fields.
 */
export const logger = {
  info(msg: string, fields: Record<string, unknown> = {}) {
    processSink({ ...fields, level: "info", msg });
  },
  warn(msg: string, fields: Record<string, unknown> = {}) {
    processSink({ ...fields, level: "warn", msg });
  },
  error(msg: string, err?: unknown, fields: Record<string, unknown> = {}) {
    processSink({ ...fields, ...(err === undefined ? {} : errorFields(err)), level: "error", msg });
  },
};
