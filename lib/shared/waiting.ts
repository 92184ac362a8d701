// What the search screen says while a member waits: how many members are searching and how many
// of them the member's filters allow, rounded so that no single member can be spotted, and how
// long searches like theirs took of late. Pure rules; the server applies them (nothing exact
// leaves it) and the page shows what it is sent.

/** Counts below this are said as "fewer than 5" (sent as 0). */
export const FEW = 5;

/**
 * A count as the search screen may show it: 0 for anything below FEW (shown as "fewer than 5"),
 * else rounded down to a step that grows with the count (5 up to 20, 10 up to 100, 50 up to
 * 1,000, then 100), shown as "N+". One member more or less moves the figure only where it
 * crosses a step, and a small pool shows no figure at all.
 */
export function roundCount(n: number): number {
  if (!Number.isFinite(n) || n < FEW) return 0;
  const step = n < 20 ? 5 : n < 100 ? 10 : n < 1_000 ? 50 : 100;
  return Math.floor(n / step) * step;
}

/** How many recent searches an estimate needs before it says anything. */
export const MIN_SAMPLES = 5;
/** How far back the estimate looks. */
export const SAMPLE_WINDOW_MS = 30 * 60_000;
/** The most samples kept per kind of filter. */
export const MAX_SAMPLES = 100;
/** The figures an estimate says "under": seconds. */
const UNDER_STEPS = [10, 20, 30, 60] as const;

/** One search that ended: how long it waited for a match (null: it ended with nobody found). */
export interface WaitSample {
  at: number;
  waitMs: number | null;
}

/**
 * What the search screen says of the wait: "Usually under N seconds" (`under`), "most searches
 * like yours ended without a match" (`rarely`), or nothing known (`unknown`: too few searches).
 */
export type WaitEstimate =
  | { kind: "under"; seconds: number }
  | { kind: "rarely" }
  | { kind: "unknown" };

/**
 * The estimate from the searches of the last SAMPLE_WINDOW_MS with similar filters: the median
 * wait, searches that found nobody counting as the longest; at least MIN_SAMPLES of them.
 */
export function estimateWait(samples: readonly WaitSample[], now: number): WaitEstimate {
  const waits = samples.filter((s) => now - s.at <= SAMPLE_WINDOW_MS && s.at <= now)
    .map((s) => s.waitMs ?? Infinity).sort((a, b) => a - b);
  if (waits.length < MIN_SAMPLES) return { kind: "unknown" };
  const median = waits[Math.floor((waits.length - 1) / 2)];
  if (!Number.isFinite(median)) return { kind: "rarely" };
  const seconds = UNDER_STEPS.find((s) => median < s * 1000) ??
    Math.ceil(median / 60_000) * 60;
  return { kind: "under", seconds };
}

/** Keeps the samples of the window, newest last, at most MAX_SAMPLES. */
export function keepSamples(samples: readonly WaitSample[], now: number): WaitSample[] {
  return samples.filter((s) => now - s.at <= SAMPLE_WINDOW_MS).slice(-MAX_SAMPLES);
}
