// When the face detector looks, and at what: as pure rules (no clock, no pixels), so they can be
// tested anywhere. A detection vouches for the frames that follow only while it is fresh
// (STALE_MS); the detector's time is what a slow phone has least of. So the schedule looks at the
// whole frame often enough that a fresh whole-frame answer is always at hand, given how long its
// answers take; looks at a half (smaller faces) only when that keeps the next whole look in time,
// or at least every HALF_AT_LEAST_MS; looks often while faces move or come and go, less often
// while the picture is still; and leaves the detector idle at least as long as it worked (the
// encoder and the compositor get the rest), unless vouching in time needs more. Skipping a look
// never uncovers anything: faces stay covered until a look at where they were misses them
// (FaceTracker in regions.ts), growing with age and motion meanwhile.
import { RUNNING_MS, STALE_MS } from "./regions.ts";

/** Between looks while faces move or come and go (and before any look): about 15 a second. */
export const MOVING_EVERY_MS = 66;
/** Between looks while the picture is still. */
export const STILL_EVERY_MS = 200;
/** The picture counts as still after this many looks in a row with no change. */
export const STILL_AFTER = 3;
/** A face moving more than this share of its size a second counts as moving. */
export const MOVING_SIZES_PER_S = 0.15;
/** The detector works at most this share of the time, unless vouching in time needs more. */
export const MAX_DUTY = 0.5;
/** A camera frame's time at 30 frames a second. */
const FRAME_MS = 1000 / 30;
/** What a whole-frame answer's age may reach before it is replaced: a frame's time short of stale. */
export const FRESH_MS = STALE_MS - FRAME_MS;
/** A half is looked at at least this often, even when it makes the next whole look late. */
export const HALF_AT_LEAST_MS = 2_000;
/** Weight of the newest answer in the running estimates of latency and work. */
const SMOOTHING = 0.3;

/** What one look sees: the whole frame, or the first or second half (see detectViews). */
export type Look = "whole" | 0 | 1;

/** What the detector found at one look, as the schedule needs it. */
export interface Seen {
  /** How many faces. */
  faces: number;
  /** The fastest face's speed, in its own sizes a second (0 without faces). */
  speed: number;
}

export class DetectSchedule {
  /** Time of the last ask (frame time of the frame it sent). */
  private lastAsk = -Infinity;
  /** Frame time of the last whole-frame look asked. */
  private lastWhole = -Infinity;
  /** Frame time of the last half look asked. */
  private lastHalf = -Infinity;
  private half: 0 | 1 = 1;
  /** Running estimates: from a frame's time to its answer, and the detector's work on it (ms). */
  private latency = 0;
  private work = 0;
  private lastAnswer = -Infinity;
  private stillLooks = 0;
  private readonly lastFaces = new Map<string, number>();

  /** A new call or camera: the next look is of the whole frame, at once. */
  reset() {
    this.lastAsk =
      this.lastWhole =
      this.lastHalf =
      this.lastAnswer =
        -Infinity;
    this.stillLooks = 0;
    this.lastFaces.clear();
  }

  /** Whether the picture is still (the looks can be spaced out). */
  get still(): boolean {
    return this.stillLooks >= STILL_AFTER;
  }

  /** The estimated time from a frame to its answer, ms. */
  get latencyMs(): number {
    return this.latency;
  }

  /**
   * The longest a whole look may come after the last one for its answer to arrive before that
   * one's is stale.
   */
  wholeEvery(): number {
    // Back to back, answers are between one and two latencies old: fresh part of the time while
    // they take under FRESH_MS. A detector slower than that keeps the band instead (an answer
    // under RUNNING_MS old), with its rests kept for the encoder.
    const target = this.latency < FRESH_MS ? FRESH_MS : RUNNING_MS - 100;
    return target - this.latency;
  }

  /** The time to leave between asks, unless a whole look is due. */
  gap(): number {
    return this.still ? STILL_EVERY_MS : MOVING_EVERY_MS;
  }

  /** The time the detector rests after an answer, unless a whole look is due. */
  rest(): number {
    return this.work * (1 / MAX_DUTY - 1);
  }

  /**
   * What to look at in the frame taken at `now`, or null for no look (one is out, or it is too
   * soon). The caller asks for that look when it gets one.
   */
  next(now: number, asking: boolean): Look | null {
    if (asking) return null;
    if (this.lastWhole === -Infinity) return this.ask("whole", now);
    // The frame time by which the next whole look must be taken for its answer to arrive fresh.
    const deadline = this.lastWhole + this.wholeEvery();
    if (now >= deadline) return this.ask("whole", now);
    if (now - this.lastAsk < this.gap() || now - this.lastAnswer < this.rest()) return null;
    // A half now is answered a latency later: is the whole look still in time then?
    const halfFits = now + this.latency + FRAME_MS <= deadline;
    const halfTurn = this.lastHalf < this.lastWhole; // halves alternate with the whole frame
    if ((halfFits && halfTurn) || now - this.lastHalf >= HALF_AT_LEAST_MS) {
      this.half = this.half === 0 ? 1 : 0;
      return this.ask(this.half, now);
    }
    return this.ask("whole", now);
  }

  private ask(look: Look, now: number): Look {
    this.lastAsk = now;
    if (look === "whole") {
      // The halves' turn counts from the first look: it vouches first.
      if (this.lastWhole === -Infinity) this.lastHalf = now;
      this.lastWhole = now;
    } else this.lastHalf = now;
    return look;
  }

  /**
   * An answer arrived at `now` for the frame taken at `frameTime`, after `workMs` of the
   * detector's work, with what it saw (null: it failed).
   */
  answered(look: Look, frameTime: number, now: number, workMs: number, seen: Seen | null) {
    const blend = (old: number, v: number) => (old ? old + SMOOTHING * (v - old) : v);
    this.lastAnswer = now;
    this.latency = blend(this.latency, Math.max(0, now - frameTime));
    this.work = blend(this.work, Math.max(0, workMs));
    if (!seen) return;
    // Each view has its own count: a half sees fewer faces than the whole frame.
    const key = String(look);
    const changed = seen.faces !== this.lastFaces.get(key) || seen.speed > MOVING_SIZES_PER_S;
    this.lastFaces.set(key, seen.faces);
    this.stillLooks = changed ? 0 : this.stillLooks + 1;
  }
}
