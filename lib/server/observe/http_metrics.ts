// In-process HTTP figures of one instance for /metrics: requests by method, route pattern and
// status, and a latency histogram by route pattern. Labels are route patterns as registered
// ("/api/admin/users/:id"), never the path as sent, so their number is bounded by the app's routes.
import { describe, Histogram } from "./exposition.ts";

const BUCKETS_MS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000];

/** Escapes a Prometheus label value. */
function label(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

export class HttpMetrics {
  private requests = new Map<string, number>();
  private latency = new Map<string, Histogram>();

  observe(method: string, route: string, status: number, ms: number) {
    const key = `${method}\u0000${route}\u0000${status}`;
    this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
    let l = this.latency.get(route);
    if (!l) this.latency.set(route, l = new Histogram(BUCKETS_MS));
    l.observe(ms);
  }

  render(): string[] {
    const lines = describe(
      "glimpse_http_requests_total",
      "counter",
      "HTTP requests answered, by method, route pattern and status.",
    );
    for (const [key, n] of [...this.requests].sort(([a], [b]) => a < b ? -1 : 1)) {
      const [method, route, status] = key.split("\u0000");
      lines.push(
        `glimpse_http_requests_total{method="${label(method)}",route="${
          label(route)
        }",status="${status}"} ${n}`,
      );
    }
    lines.push(...describe(
      "glimpse_http_request_duration_ms",
      "histogram",
      "Time from a request's arrival to its answer's headers (ms), by route pattern.",
    ));
    for (const [route, l] of [...this.latency].sort(([a], [b]) => a < b ? -1 : 1)) {
      lines.push(...l.lines("glimpse_http_request_duration_ms", `route="${label(route)}"`, round));
    }
    return lines;
  }
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
