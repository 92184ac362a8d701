// A benchmark's clients live in a child process (the benchmark's own module run again), as
// members' phones would be elsewhere: spawning it, and reading the lines either side writes.
import { sleep } from "../tests/helpers/time.ts";

/** `moduleUrl` (the calling benchmark's import.meta.url) run again, with `args`. */
export function runAgain(moduleUrl: string, args: string[]): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--config",
      new URL("../deno.json", import.meta.url).pathname,
      new URL(moduleUrl).pathname,
      ...args,
    ],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
}

/** The lines of a byte stream, one at a time. */
export class Lines {
  private buffer = "";
  private reader: ReadableStreamDefaultReader<string>;
  constructor(stream: ReadableStream<Uint8Array<ArrayBuffer>>) {
    this.reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  }

  /** The next line; with `timeoutMs`, an error once that long has passed without one. */
  async next(timeoutMs?: number): Promise<string> {
    const until = timeoutMs === undefined ? null : Date.now() + timeoutMs;
    while (!this.buffer.includes("\n")) {
      const r = until === null ? await this.reader.read() : await Promise.race([
        this.reader.read(),
        sleep(Math.max(0, until - Date.now())).then(() => null),
      ]);
      if (!r || r.done) throw new Error("the other process stopped answering");
      this.buffer += r.value;
    }
    const i = this.buffer.indexOf("\n");
    const line = this.buffer.slice(0, i);
    this.buffer = this.buffer.slice(i + 1);
    return line;
  }

  /**
   * Lines up to the one starting with `word` (others go to `other`); returns it. With `timeoutMs`,
   * an error once that long has passed without it.
   */
  async until(
    word: string,
    other: (line: string) => void = console.log,
    timeoutMs?: number,
  ): Promise<string> {
    const until = timeoutMs === undefined ? null : Date.now() + timeoutMs;
    while (true) {
      const line = await this.next(until === null ? undefined : Math.max(0, until - Date.now()));
      if (line.startsWith(word)) return line;
      other(line);
    }
  }
}
