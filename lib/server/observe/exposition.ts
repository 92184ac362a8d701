// The pieces of Prometheus's text format the /metrics sources share: a one-value metric's three
// lines, a metric's HELP and TYPE lines, and a histogram (counts by bucket, then its lines).

/** The HELP and TYPE lines of a metric. */
export function describe(
  name: string,
  type: "gauge" | "counter" | "histogram",
  help: string,
): string[] {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`];
}

/** A metric with a single value: its HELP, TYPE and sample lines. */
export function single(
  name: string,
  type: "gauge" | "counter",
  help: string,
  value: number,
): string[] {
  return [...describe(name, type, help), `${name} ${value}`];
}

/** Observations counted into buckets (each an upper bound; one more for "+Inf"). */
export class Histogram {
  readonly counts: number[];
  sum = 0;
  count = 0;

  constructor(private readonly buckets: readonly number[]) {
    this.counts = new Array(buckets.length + 1).fill(0);
  }

  observe(value: number) {
    const i = this.buckets.findIndex((b) => value <= b);
    this.counts[i === -1 ? this.buckets.length : i]++;
    this.sum += value;
    this.count++;
  }

  /**
   * The cumulative bucket lines, then the sum and the count. `labels` (e.g. `route="/x"`) come
   * before `le`; `sum` formats the sum as the metric shows it.
   */
  lines(name: string, labels = "", sum: (s: number) => number = (s) => s): string[] {
    const before = labels ? `${labels},` : "";
    const own = labels ? `{${labels}}` : "";
    const out: string[] = [];
    let cumulative = 0;
    this.buckets.forEach((b, i) => {
      cumulative += this.counts[i];
      out.push(`${name}_bucket{${before}le="${b}"} ${cumulative}`);
    });
    cumulative += this.counts[this.buckets.length];
    out.push(`${name}_bucket{${before}le="+Inf"} ${cumulative}`);
    out.push(`${name}_sum${own} ${sum(this.sum)}`);
    out.push(`${name}_count${own} ${this.count}`);
    return out;
  }
}
