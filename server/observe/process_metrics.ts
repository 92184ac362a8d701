// The process's own figures for /metrics: resident memory and heap, and how late the event loop
// runs timers (event-loop lag: a timer due every LAG_EVERY_MS fires late by the time the loop was
// busy with something else). The sampler runs while the instance's hub runs (Hub.start/stop).
export const LAG_EVERY_MS = 500;
const LAG_BUCKETS_MS = [1, 5, 10, 25, 50, 100, 250, 500, 1000, 2500];

export class ProcessMetrics {
  private lagCounts = new Array(LAG_BUCKETS_MS.length + 1).fill(0);
  private lagSum = 0;
  private lagCount = 0;
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
    const i = LAG_BUCKETS_MS.findIndex((b) => ms <= b);
    this.lagCounts[i === -1 ? LAG_BUCKETS_MS.length : i]++;
    this.lagSum += ms;
    this.lagCount++;
    this.lagMax = Math.max(this.lagMax, ms);
  }

  render(): string[] {
    const mem = Deno.memoryUsage();
    const lines = [
      "# HELP glimpse_process_resident_memory_bytes Resident memory of this process.",
      "# TYPE glimpse_process_resident_memory_bytes gauge",
      `glimpse_process_resident_memory_bytes ${mem.rss}`,
      "# HELP glimpse_process_heap_used_bytes JavaScript heap in use.",
      "# TYPE glimpse_process_heap_used_bytes gauge",
      `glimpse_process_heap_used_bytes ${mem.heapUsed}`,
      "# HELP glimpse_process_heap_total_bytes JavaScript heap reserved by V8 (in use and free).",
      "# TYPE glimpse_process_heap_total_bytes gauge",
      `glimpse_process_heap_total_bytes ${mem.heapTotal}`,
      "# HELP glimpse_process_external_bytes Memory outside the JavaScript heap held by its objects.",
      "# TYPE glimpse_process_external_bytes gauge",
      `glimpse_process_external_bytes ${mem.external}`,
      "# HELP glimpse_event_loop_lag_max_ms The largest event-loop lag since the last scrape (ms).",
      "# TYPE glimpse_event_loop_lag_max_ms gauge",
      `glimpse_event_loop_lag_max_ms ${Math.round(this.lagMax * 10) / 10}`,
      "# HELP glimpse_event_loop_lag_ms How late a timer fired: time the event loop was busy (ms).",
      "# TYPE glimpse_event_loop_lag_ms histogram",
    ];
    let cumulative = 0;
    LAG_BUCKETS_MS.forEach((b, i) => {
      cumulative += this.lagCounts[i];
      lines.push(`glimpse_event_loop_lag_ms_bucket{le="${b}"} ${cumulative}`);
    });
    cumulative += this.lagCounts[LAG_BUCKETS_MS.length];
    lines.push(`glimpse_event_loop_lag_ms_bucket{le="+Inf"} ${cumulative}`);
    lines.push(`glimpse_event_loop_lag_ms_sum ${Math.round(this.lagSum * 10) / 10}`);
    lines.push(`glimpse_event_loop_lag_ms_count ${this.lagCount}`);
    this.lagMax = 0;
    return lines;
  }
}
