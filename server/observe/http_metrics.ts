// In-process HTTP figures of one instance for /metrics: requests by method, route pattern and
// status, and a latency histogram by route pattern. Labels are route patterns as registered
// ("/api/admin/users/:id"), never the path as sent, so their number is bounded by the app's routes.
const BUCKETS_MS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000];

interface Latency {
  counts: number[];
  sum: number;
  count: number;
}

/** Escapes a Prometheus label value. */
function label(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

export class HttpMetrics {
  private requests = new Map<string, number>();
  private latency = new Map<string, Latency>();

  observe(method: string, route: string, status: number, ms: number) {
    const key = `${method}\u0000${route}\u0000${status}`;
    this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
    let l = this.latency.get(route);
    if (!l) {
      l = { counts: new Array(BUCKETS_MS.length + 1).fill(0), sum: 0, count: 0 };
      this.latency.set(route, l);
    }
    const i = BUCKETS_MS.findIndex((b) => ms <= b);
    l.counts[i === -1 ? BUCKETS_MS.length : i]++;
    l.sum += ms;
    l.count++;
  }

  render(): string[] {
    const lines = [
      "# HELP glimpse_http_requests_total HTTP requests answered, by method, route pattern and status.",
      "# TYPE glimpse_http_requests_total counter",
    ];
    for (const [key, n] of [...this.requests].sort(([a], [b]) => a < b ? -1 : 1)) {
      const [method, route, status] = key.split("\u0000");
      lines.push(
        `glimpse_http_requests_total{method="${label(method)}",route="${
          label(route)
        }",status="${status}"} ${n}`,
      );
    }
    lines.push(
      "# HELP glimpse_http_request_duration_ms Time from a request's arrival to its answer's headers (ms), by route pattern.",
      "# TYPE glimpse_http_request_duration_ms histogram",
    );
    for (const [route, l] of [...this.latency].sort(([a], [b]) => a < b ? -1 : 1)) {
      const r = label(route);
      let cumulative = 0;
      BUCKETS_MS.forEach((b, i) => {
        cumulative += l.counts[i];
        lines.push(`glimpse_http_request_duration_ms_bucket{route="${r}",le="${b}"} ${cumulative}`);
      });
      cumulative += l.counts[BUCKETS_MS.length];
      lines.push(`glimpse_http_request_duration_ms_bucket{route="${r}",le="+Inf"} ${cumulative}`);
      lines.push(`glimpse_http_request_duration_ms_sum{route="${r}"} ${round(l.sum)}`);
      lines.push(`glimpse_http_request_duration_ms_count{route="${r}"} ${l.count}`);
    }
    return lines;
  }
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
