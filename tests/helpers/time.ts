// Waiting, for the tests and benchmarks: a plain pause and two polling loops, one that answers
// whether a condition came true and one that fails with the last value seen.

/**
 * How long a browser action (a click, a wait for an element or a page) may wait for what it needs
 * before the test says it never came. A bound for what never happens, not a figure: a machine
 * three times slower than ours, its two cores shared by two browser files, has needed more than
 * 10 s for a page to hydrate and a button to take a click.
 */
export const ACTION_TIMEOUT_MS = 30_000;

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Polls `check` every 20 ms until it is true or `ms` pass; returns the last result. */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  ms = 3000,
): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(20);
  }
  return await check();
}

/** Polls `probe` until `ok` holds; fails with the last value after `timeout`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T>,
  ok: (v: T) => boolean,
  timeout = 15_000,
  every = 200,
): Promise<T> {
  const end = Date.now() + timeout;
  let last: T = await probe();
  while (!ok(last)) {
    if (Date.now() > end) {
      throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
    }
    await sleep(every);
    last = await probe();
  }
  return last;
}

/** Whether `work` settles (resolved or rejected) within `ms`; it is not waited for beyond. */
export async function settledWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => timer = setTimeout(() => resolve(false), ms));
  const done = work.then(() => true, () => true);
  const settled = await Promise.race([done, late]);
  clearTimeout(timer);
  return settled;
}

/**
 * Waits for `work` at most `ms`; past that, warns naming `what` and goes on (a teardown step that
 * never ends must not hold the test file: what it leaves is stopped with the file's process).
 */
export async function within(what: string, work: Promise<unknown>, ms: number): Promise<void> {
  if (!(await settledWithin(work, ms))) {
    console.warn(`${what} did not finish within ${ms} ms: left behind`);
  }
}
