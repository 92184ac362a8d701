// This instance's pulse and its view of the others (docs/realtime.md, "Instances"): a liveness
// key beaten every second, judged alive by others while it changes within 3 s on their own clock
// (the ghost rule reads it; liveness.ts), and a slower heartbeat that refreshes this instance's
// tickets and notices partners whose instance died.
import { beat, instanceBeats, leave } from "../../../kv/instances.ts";
import { BeatWatch } from "./liveness.ts";
import { CLOCK_SKEW_TOLERANCE_MS } from "../../shared/realtime/clock.ts";

/** A clock difference worth a warning in the log: a third of the tolerance. */
const CLOCK_WARN_MS = CLOCK_SKEW_TOLERANCE_MS / 3;
import type { Core } from "./core.ts";
import { logFailure } from "./core.ts";
import { logger } from "../../shared/log.ts";

export class Instances {
  /** How often this instance beats, and how old a beat may be for its instance to count alive. */
  readonly pulseMs: number;
  readonly ttlMs: number;
  private known = new Set<string>();
  private knownAt = 0;
  private watch: BeatWatch;
  /** The level each instance's clock difference was last logged at. */
  private clockNoted = new Map<string, "warn" | "error">();
  private timers: ReturnType<typeof setInterval>[] = [];

  constructor(private core: Core, private onHeartbeat: () => Promise<void>) {
    this.pulseMs = Math.min(1_000, core.config.realtime.heartbeatMs);
    this.ttlMs = 3 * this.pulseMs;
    this.watch = new BeatWatch(this.ttlMs);
  }

  /** Beats once (before serving any socket), then keeps beating. */
  async start() {
    await beat(this.core.kv, this.core.instanceId, this.ttlMs);
    this.known.add(this.core.instanceId);
    this.timers.push(
      setInterval(() => this.pulse(), this.pulseMs),
      setInterval(() => {
        if (!this.core.stopped) this.onHeartbeat().catch(logFailure("realtime heartbeat failed"));
      }, this.core.config.realtime.heartbeatMs),
    );
  }

  async stop() {
    for (const t of this.timers) clearInterval(t);
    await leave(this.core.kv, this.core.instanceId).catch(() => {});
  }

  /**
   * The instances alive among `ids`, from a view at most one pulse old; an instance not in that
   * view is looked up afresh (it may have just started), so a live one is never taken for dead.
   */
  async alive(ids: Iterable<string>): Promise<ReadonlySet<string>> {
    const wanted = [...new Set(ids)];
    const stale = Date.now() - this.knownAt > this.pulseMs;
    if (stale || wanted.some((id) => !this.known.has(id))) await this.look();
    return this.known;
  }

  /** Whether `id` is alive in the latest view (no look). */
  isAlive(id: string): boolean {
    return this.known.has(id);
  }

  /**
   * How far `id`'s clock is ahead of this one's (ms, negative: behind), judged from its beats
   * (seen up to a look late, so never more ahead than it is); null when not known (never seen
   * beating, or its key is gone).
   */
  clockOffset(id: string): number | null {
    return id === this.core.instanceId ? 0 : this.watch.offset(id);
  }

  private async pulse() {
    if (this.core.stopped) return;
    try {
      await beat(this.core.kv, this.core.instanceId, this.ttlMs);
      await this.look();
    } catch (err) {
      logger.error("realtime pulse failed", err);
    }
  }

  private async look() {
    const at = Date.now();
    const beats = await instanceBeats(this.core.kv);
    this.known = this.watch.observe(beats, Date.now());
    this.known.add(this.core.instanceId);
    this.knownAt = at;
    this.noteClocks();
  }

  /**
   * The largest clock difference with a live instance goes to /metrics; one past CLOCK_WARN_MS is
   * logged once per instance (an error past the tolerance, within which nothing changes).
   */
  private noteClocks() {
    let largest = 0;
    for (const id of this.known) {
      const offset = id === this.core.instanceId ? null : this.watch.offset(id);
      if (offset === null) continue;
      largest = Math.max(largest, Math.abs(offset));
      const level = Math.abs(offset) > CLOCK_SKEW_TOLERANCE_MS
        ? "error"
        : Math.abs(offset) > CLOCK_WARN_MS
        ? "warn"
        : null;
      if (!level || this.clockNoted.get(id) === level) continue;
      this.clockNoted.set(id, level);
      const fields = { instanceId: id, offsetMs: offset, toleranceMs: CLOCK_SKEW_TOLERANCE_MS };
      const msg = "another instance's clock differs from this one's";
      if (level === "error") logger.error(msg, undefined, fields);
      else logger.warn(msg, fields);
    }
    this.core.metrics.clockOffsetMaxMs = largest;
  }
}
