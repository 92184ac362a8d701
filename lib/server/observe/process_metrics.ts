// The process's own figures for /metrics: resident memory and heap, and how late the event loop
// runs timers (event-loop lag: a timer due every LAG_EVERY_MS fires late by the time the loop was
// busy with something else). The sampler runs while the instance's hub runs (Hub.start/stop).
import { describe, Histogram, single } from "./exposition.ts";

export const LAG_EVERY_MS = 500;
const LAG_BUCKETS_MS = [1, 5, 10, 25, 50, 100, 250, 500, 1000, 2500];

export class ProcessMetrics {
  private lag = new Histogram(LAG_BUCKETS_MS);
  /** The largest lag seen since the last scrape (a gauge that shows a stall between scrapes). */
  private lagMax = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** Starts sampling the event loop's lag (once). */
  start() {
    if (this.timer !== undefined) return;
    let due = performance.now() + LAG_EVERY_MS;
    const tick = () => {
      const now = performance.now();
      this.observeLag(Math.max(0, now - due));
      due = now + LAG_EVERY_MS;
      this.timer = setTimeout(tick, LAG_EVERY_MS);
    };
    this.timer = setTimeout(tick, LAG_EVERY_MS);
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  observeLag(ms: number) {
    this.lag.observe(ms);
    this.lagMax = Math.max(this.lagMax, ms);
  }

  render(): string[] {
    const mem = Deno.memoryUsage();
    const lines = [
      ...single(
        "glimpse_process_resident_memory_bytes",
        "gauge",
        "Resident memory of this process.",
        mem.rss,
      ),
      ...single(
        "glimpse_process_heap_used_bytes",
        "gauge",
        "JavaScript heap in use.",
        mem.heapUsed,
      ),
      ...single(
        "glimpse_process_heap_total_bytes",
        "gauge",
        "JavaScript heap reserved by V8 (in use and free).",
        mem.heapTotal,
      ),
      ...single(
        "glimpse_process_external_bytes",
        "gauge",
        "Memory outside the JavaScript heap held by its objects.",
        mem.external,
      ),
      ...single(
        "glimpse_event_loop_lag_max_ms",
        "gauge",
        "The largest event-loop lag since the last scrape (ms).",
        Math.round(this.lagMax * 10) / 10,
      ),
      ...describe(
        "glimpse_event_loop_lag_ms",
        "histogram",
        "How late a timer fired: time the event loop was busy (ms).",
      ),
      ...this.lag.lines("glimpse_event_loop_lag_ms", "", (sum) => Math.round(sum * 10) / 10),
    ];
    this.lagMax = 0;
    return lines;
  }
}
