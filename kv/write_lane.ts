// The write lane: bulk commits (tickets, claims) one KV connection keeps under way at once.
// Enough to keep its writer busy, few enough that several instances on one SQLite file do not
// lock each other out. Commits start in the order asked, so an earlier pass's claims land before
// a later one's.

const WRITES_IN_FLIGHT = 4;

export class WriteLane {
  private running = 0;
  private queue: (() => void)[] = [];
  /** Waiting for the lane to be idle (see whenIdle). */
  private idle: (() => void)[] = [];

  constructor(private readonly width = WRITES_IN_FLIGHT) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running < this.width) this.running++;
    else await new Promise<void>((go) => this.queue.push(go));
    try {
      return await fn();
    } finally {
      // The slot passes straight to the next in line, or frees up.
      const next = this.queue.shift();
      if (next) next();
      else if (--this.running === 0) this.wakeIdle();
    }
  }

  /**
   * Resolves once nothing is under way or waiting in the lane (at once if so now), or after
   * `maxMs`: work that can wait gives the lane to what cannot.
   */
  whenIdle(maxMs: number): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.idle = this.idle.filter((w) => w !== done);
        resolve();
      };
      const timer = setTimeout(done, maxMs);
      this.idle.push(done);
    });
  }

  private wakeIdle() {
    for (const wake of [...this.idle]) wake();
  }
}

const lanes = new WeakMap<Deno.Kv, WriteLane>();

/** The lane of a KV connection (one per connection, shared by all its bulk writers). */
export function laneOf(kv: Deno.Kv): WriteLane {
  let l = lanes.get(kv);
  if (!l) lanes.set(kv, l = new WriteLane());
  return l;
}
