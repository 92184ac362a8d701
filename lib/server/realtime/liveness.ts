// Pure: which instances are alive, judged the way an observer can without trusting another
// machine's clock: an instance is alive while its beat key changes, the change seen on the
// observer's own clock; one whose key has not changed within the liveness window, or is gone, is
// dead. A key seen for the first time is vouched for by the time written in it, within the window
// and the clock tolerance, for one window; from then on only its change counts (docs/realtime.md,
// "Clocks").
import type { Beat } from "../../../kv/instances.ts";
import { CLOCK_SKEW_TOLERANCE_MS } from "../../shared/realtime/clock.ts";

/** How many fresh beats an instance's clock offset is judged from. */
const OFFSET_SAMPLES = 8;

interface Seen {
  versionstamp: string;
  /** When (this clock) the beat was last seen to change. */
  changedAt: number;
  /** The time written in each of the last fresh beats minus this clock when it was seen. */
  offsets: number[];
}

export class BeatWatch {
  /** Each instance's last beat seen. */
  private seen = new Map<string, Seen>();

  constructor(private windowMs: number) {}

  /** Takes a fresh read of every beat at `now` (this clock); returns the instances alive. */
  observe(beats: ReadonlyMap<string, Beat>, now: number): Set<string> {
    const alive = new Set<string>();
    for (const [id, beat] of beats) {
      const had = this.seen.get(id);
      const changedAt = !had
        ? (Math.abs(now - beat.at) <= this.windowMs + CLOCK_SKEW_TOLERANCE_MS ? now : -Infinity)
        : beat.versionstamp > had.versionstamp // (an older read, answered late, is no change)
        ? now
        : had.changedAt;
      const versionstamp = had && had.versionstamp > beat.versionstamp
        ? had.versionstamp
        : beat.versionstamp;
      // A beat seen to change was written since the last look: its time, against this clock,
      // tells how far apart the clocks are (seen up to a look late: behind by that much).
      const offsets = had && changedAt === now
        ? [...had.offsets, beat.at - now].slice(-OFFSET_SAMPLES)
        : had?.offsets ?? [];
      this.seen.set(id, { versionstamp, changedAt, offsets });
      if (now - changedAt < this.windowMs) alive.add(id);
    }
    for (const id of this.seen.keys()) if (!beats.has(id)) this.seen.delete(id);
    return alive;
  }

  /**
   * How far `id`'s clock is ahead of this one (negative: behind), in ms, from its latest fresh
   * beats (the one seen soonest after it was written); null before any was seen.
   */
  offset(id: string): number | null {
    const offsets = this.seen.get(id)?.offsets ?? [];
    return offsets.length ? Math.max(...offsets) : null;
  }
}
