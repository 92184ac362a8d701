// In-process figures of one instance, served at /metrics in Prometheus text format.
const BUCKETS_MS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500];

export class Metrics {
  socketsOpen = 0;
  liveMatches = 0;
  matchesMade = 0;
  messagesDropped = 0;
  memoryTrims = 0;
  ticketsWritten = 0;
  /** Socket messages and sockets refused, by reason (see refused()). */
  private refusals = new Map<string, number>();
  private relayCounts = new Array(BUCKETS_MS.length + 1).fill(0);
  private relaySum = 0;
  private relayCount = 0;

  /** Counts one refusal: a message too large, malformed or too frequent, a socket closed. */
  refused(reason: string) {
    this.refusals.set(reason, (this.refusals.get(reason) ?? 0) + 1);
  }

  observeRelay(ms: number) {
    const i = BUCKETS_MS.findIndex((b) => ms <= b);
    this.relayCounts[i === -1 ? BUCKETS_MS.length : i]++;
    this.relaySum += ms;
    this.relayCount++;
  }

  render(extra: { membersWaiting: number }): string {
    const lines = [
      "# HELP glimpse_sockets_open Open WebSocket connections on this instance.",
      "# TYPE glimpse_sockets_open gauge",
      `glimpse_sockets_open ${this.socketsOpen}`,
      "# HELP glimpse_members_waiting Members searching for a partner on this instance.",
      "# TYPE glimpse_members_waiting gauge",
      `glimpse_members_waiting ${extra.membersWaiting}`,
      "# HELP glimpse_live_matches Live matches with a side on this instance.",
      "# TYPE glimpse_live_matches gauge",
      `glimpse_live_matches ${this.liveMatches}`,
      "# HELP glimpse_matches_made_total Matches this instance has made.",
      "# TYPE glimpse_matches_made_total counter",
      `glimpse_matches_made_total ${this.matchesMade}`,
      "# HELP glimpse_messages_dropped_total Socket messages dropped by the flood limit.",
      "# TYPE glimpse_messages_dropped_total counter",
      `glimpse_messages_dropped_total ${this.messagesDropped}`,
      "# HELP glimpse_ws_refused_total Socket messages refused and sockets closed by the server, by reason.",
      "# TYPE glimpse_ws_refused_total counter",
      ...[...this.refusals].sort().map(([reason, n]) =>
        `glimpse_ws_refused_total{reason="${reason}"} ${n}`
      ),
      "# HELP glimpse_search_tickets_written_total Searches written to the shared pool (no partner in view as they arrived).",
      "# TYPE glimpse_search_tickets_written_total counter",
      `glimpse_search_tickets_written_total ${this.ticketsWritten}`,
      "# HELP glimpse_memory_trims_total Freed native memory handed back to the OS after sockets closed.",
      "# TYPE glimpse_memory_trims_total counter",
      `glimpse_memory_trims_total ${this.memoryTrims}`,
      "# HELP glimpse_relay_latency_ms Time from a signal's arrival to its delivery (ms).",
      "# TYPE glimpse_relay_latency_ms histogram",
    ];
    let cumulative = 0;
    BUCKETS_MS.forEach((b, i) => {
      cumulative += this.relayCounts[i];
      lines.push(`glimpse_relay_latency_ms_bucket{le="${b}"} ${cumulative}`);
    });
    cumulative += this.relayCounts[BUCKETS_MS.length];
    lines.push(`glimpse_relay_latency_ms_bucket{le="+Inf"} ${cumulative}`);
    lines.push(`glimpse_relay_latency_ms_sum ${this.relaySum}`);
    lines.push(`glimpse_relay_latency_ms_count ${this.relayCount}`);
    return lines.join("\n") + "\n";
  }
}
