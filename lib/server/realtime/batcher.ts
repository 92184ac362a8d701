// Gathers the items handed in within `waitMs` and writes them together (several writes may be
// under way at once); each caller's promise settles with its item's result. At most 500 items a
// write.

export class Batcher<T, R> {
  private pending: { item: T; done: (r: R) => void; fail: (e: unknown) => void }[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private write: (items: T[]) => Promise<R[]>, private waitMs = 2) {}

  put(item: T): Promise<R> {
    return new Promise((done, fail) => {
      this.pending.push({ item, done, fail });
      this.timer ??= setTimeout(() => this.flush(), this.waitMs);
    });
  }

  /** Writes what is pending now (at stop, so nothing waits on a timer past the KV's life). */
  async drain() {
    if (this.timer) clearTimeout(this.timer);
    await this.flush();
  }

  private flush(): Promise<unknown> {
    this.timer = null;
    const writes: Promise<void>[] = [];
    while (this.pending.length) {
      const batch = this.pending.splice(0, 500);
      writes.push(
        this.write(batch.map((b) => b.item)).then(
          (results) => batch.forEach((b, i) => b.done(results[i])),
          (err) => batch.forEach((b) => b.fail(err)),
        ),
      );
    }
    return Promise.all(writes);
  }
}
