// This instance's pulse and its view of the others (docs/realtime.md, "Instances"): a liveness
// key beaten every second, judged alive by others while it changes within 3 s on their own clock
// (the ghost rule reads it; liveness.ts), and a slower heartbeat that refreshes this instance's
// tickets and notices partners whose instance died.
import { beat, instanceBeats, leave } from "../../../kv/instances.ts";
import { BeatWatch } from "./liveness.ts";
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
  }
}
