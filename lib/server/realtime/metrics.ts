// In-process figures of one instance, served at /metrics in Prometheus text format.
import { describe, Histogram, single } from "../observe/exposition.ts";
import { type StorageRefusal, storageRefusal } from "../../../kv/storage.ts";

const BUCKETS_MS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500];

export class Metrics {
  socketsOpen = 0;
  liveMatches = 0;
  matchesMade = 0;
  /**
   * Seconds the matches this instance made lasted, counted as each ends here (a match still live
   * when the instance stops: until then).
   */
  matchSeconds = 0;
  messagesDropped = 0;
  memoryTrims = 0;
  ticketsWritten = 0;
  /** The largest difference between a live instance's clock and this one's (ms). */
  clockOffsetMaxMs = 0;
  /** Socket messages and sockets refused, by reason (see refused()). */
  private refusals = new Map<string, number>();
  private relay = new Histogram(BUCKETS_MS);
  /** Writes the store refused (kv/storage.ts), by where they came from and why. */
  private storage = new Map<string, number>();

  /** Counts one refusal: a message too large, malformed or too frequent, a socket closed. */
  refused(reason: string) {
    this.refusals.set(reason, (this.refusals.get(reason) ?? 0) + 1);
  }

  /** Counts one write the store refused: an HTTP request's, or a socket message's. */
  storageRefused(via: "http" | "socket", reason: StorageRefusal) {
    const key = `via="${via}",reason="${reason}"`;
    this.storage.set(key, (this.storage.get(key) ?? 0) + 1);
  }

  /**
   * The refusal a socket message that failed with `err` answers: `storage` when the store
   * refused a write (counted), else `failed`.
   */
  failureCode(err: unknown): "storage" | "failed" {
    const reason = storageRefusal(err);
    if (!reason) return "failed";
    this.storageRefused("socket", reason);
    return "storage";
  }

  /** A socket message that failed with `err`: counted as refused, with the code it answers. */
  refusedFor(err: unknown): "storage" | "failed" {
    const code = this.failureCode(err);
    this.refused(code);
    return code;
  }

  observeRelay(ms: number) {
    this.relay.observe(ms);
  }

  render(extra: { membersWaiting: number }): string {
    const lines = [
      ...single(
        "glimpse_sockets_open",
        "gauge",
        "Open WebSocket connections on this instance.",
        this.socketsOpen,
      ),
      ...single(
        "glimpse_members_waiting",
        "gauge",
        "Members searching for a partner on this instance.",
        extra.membersWaiting,
      ),
      ...single(
        "glimpse_live_matches",
        "gauge",
        "Live matches with a side on this instance.",
        this.liveMatches,
      ),
      ...single(
        "glimpse_matches_made_total",
        "counter",
        "Matches this instance has made.",
        this.matchesMade,
      ),
      ...single(
        "glimpse_match_seconds_total",
        "counter",
        "Seconds the matches this instance made lasted, counted as they end.",
        Math.round(this.matchSeconds * 1000) / 1000,
      ),
      ...single(
        "glimpse_messages_dropped_total",
        "counter",
        "Socket messages dropped by the flood limit.",
        this.messagesDropped,
      ),
      ...describe(
        "glimpse_ws_refused_total",
        "counter",
        "Socket messages refused and sockets closed by the server, by reason.",
      ),
      ...[...this.refusals].sort().map(([reason, n]) =>
        `glimpse_ws_refused_total{reason="${reason}"} ${n}`
      ),
      ...describe(
        "glimpse_storage_refusals_total",
        "counter",
        "Writes the store refused (disk full, read-only, locked past the retries, I/O error), by where and why.",
      ),
      ...[...this.storage].sort().map(([labels, n]) =>
        `glimpse_storage_refusals_total{${labels}} ${n}`
      ),
      ...single(
        "glimpse_search_tickets_written_total",
        "counter",
        "Searches written to the shared pool (no partner in view as they arrived).",
        this.ticketsWritten,
      ),
      ...single(
        "glimpse_clock_offset_max_ms",
        "gauge",
        "The largest difference between another live instance's clock and this one's, seen through its beats (ms, within about a second).",
        this.clockOffsetMaxMs,
      ),
      ...single(
        "glimpse_memory_trims_total",
        "counter",
        "Freed native memory handed back to the OS after sockets closed.",
        this.memoryTrims,
      ),
      ...describe(
        "glimpse_relay_latency_ms",
        "histogram",
        "Time from a signal's arrival to its delivery (ms).",
      ),
      ...this.relay.lines("glimpse_relay_latency_ms"),
    ];
    return lines.join("\n") + "\n";
  }
}
