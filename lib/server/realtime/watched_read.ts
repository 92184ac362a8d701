// A read of KV that runs whenever a watched key changes and also on a timer, since watch events
// can collapse or be missed (docs/realtime.md, "Reaching another instance"): one read at a time;
// a call during a read makes another follow it. The mailbox drain and the session-end look are
// both this.
import type { Core } from "./core.ts";
import { logFailure } from "./core.ts";

export class WatchedRead {
  private watcher: ReadableStreamDefaultReader | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private core: Core,
    private options: {
      /** The watch whose every event triggers a read. */
      watch: () => ReadableStream;
      /** Sees each event's value first, before the read it triggers. */
      onEvent?: (value: unknown) => void;
      /** One read; true when another should follow at once (not all was taken). */
      read: () => Promise<boolean>;
      /** The timed read's period. */
      everyMs: number;
      /** Named in the log when a read fails. */
      what: string;
    },
  ) {}

  start() {
    const reader = this.options.watch().getReader();
    this.watcher = reader;
    (async () => {
      try {
        while (!this.core.stopped) {
          const { done, value } = await reader.read();
          if (done) break;
          this.options.onEvent?.(value);
          this.run();
        }
      } catch {
        // the stream ends on stop
      }
    })();
    this.timer = setInterval(() => this.run(), this.options.everyMs);
  }

  async stop() {
    clearInterval(this.timer);
    await this.watcher?.cancel().catch(() => {});
    await this.running;
  }

  /** Reads now, or right after the read under way. */
  run(): Promise<void> {
    if (this.core.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const fail = logFailure(`${this.options.what} failed`);
    this.running = (async () => {
      try {
        do {
          this.again = false;
          if (await this.options.read()) this.again = true;
        } while (this.again && !this.core.stopped);
      } catch (err) {
        if (!this.core.stopped) fail(err);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}
