// Figures of timed samples, shared by the benchmarks that print p50 / p99 lines.

/** The q-quantile (0–1) of `samples`: the sorted sample at floor(q·n); NaN when there are none. */
export function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;
}

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

/** "  label  p50 … ms  p99 … ms  (n runs)", the label padded to `width`. */
export function timingLine(label: string, samples: number[], width: number): string {
  return `  ${label.padEnd(width)} p50 ${fmt(quantile(samples, 0.5)).padStart(10)}  p99 ${
    fmt(quantile(samples, 0.99)).padStart(10)
  }  (${samples.length} runs)`;
}
