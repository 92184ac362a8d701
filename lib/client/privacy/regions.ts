// Which parts of a camera frame face blur covers, decided without touching pixels (so it can be
// tested anywhere): the faces a detector found, followed between detections; the fixed band where
// faces usually are while a working detector's last answer is a moment old; and the whole
// picture whenever the detector is not known to be running (loading, failed to load, erring on
// frames, or silent). Blur fails closed: a frame is only left uncovered outside faces that a
// recent successful detection has accounted for.

/** A rectangle in the frame's pixels. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Blur radius of a covered region, in pixels. */
export const BLUR_RADIUS_PX = 20;
/** A covered region is first reduced to 1/15 of its size (pixelated), then blurred. */
export const PIXELATION_FACTOR = 15;
/** The fixed band is 40 % of the frame's height. */
export const BAND_HEIGHT = 0.4;
/** Landscape: the band is 60 % of the width, centred, and starts at 15 % of the height. */
export const BAND_WIDTH_LANDSCAPE = 0.6;
export const BAND_TOP_LANDSCAPE = 0.15;

/** A detection whose frame is older than this no longer vouches for the current frame. */
export const STALE_MS = 400;
/**
 * With no successful detection for this long, the detector counts as not running and the whole
 * picture is covered (between STALE_MS and this, a working detector that is a moment late gets
 * the fixed band).
 */
export const RUNNING_MS = 1_000;
/**
 * A face that looks at where it was miss stays covered this long (a single missed detection
 * shows nothing); without such looks it stays covered, however long.
 */
export const HOLD_MS = 700;
/**
 * The detector sees a copy of (part of) the frame at most this wide or high: the network's own
 * input size. On the fixtures it finds the same faces as a 320 px copy (bench/detect_size.ts);
 * a smaller one misses some.
 */
export const DETECT_WIDTH = 192;
/** Each half of the frame the detector also looks at, with an overlap in the middle. */
const HALF = 0.55;

/** Margin around a detected face, as a fraction of its size (more above: forehead and hair). */
const MARGIN_SIDE = 0.3;
const MARGIN_TOP = 0.5;
const MARGIN_BOTTOM = 0.3;
/** Predicted movement is followed for at most this long after a detection. */
const PREDICT_MAX_MS = 300;
/** A face's cover grows by this share of its size a second while it is not seen. */
export const GROW_SIZES_PER_S = 0.25;

/** The fixed band: portrait, full width at the top; landscape, 60 % wide, centred, from 15 %. */
export function fixedRegion(width: number, height: number): Box {
  const h = Math.round(height * BAND_HEIGHT);
  if (height > width) return { x: 0, y: 0, w: width, h };
  const w = Math.round(width * BAND_WIDTH_LANDSCAPE);
  return { x: Math.round((width - w) / 2), y: Math.round(height * BAND_TOP_LANDSCAPE), w, h };
}

/** Clips a box to the frame; null when nothing of it is inside. */
export function clip(box: Box, width: number, height: number): Box | null {
  const x0 = Math.max(0, Math.floor(box.x)), y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(width, Math.ceil(box.x + box.w)),
    y1 = Math.min(height, Math.ceil(box.y + box.h));
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : null;
}

/** A detected face grown by the margin (and by `extra` pixels on every side). */
export function withMargin(face: Box, extra = 0): Box {
  const left = face.w * MARGIN_SIDE + extra, top = face.h * MARGIN_TOP + extra;
  return {
    x: face.x - left,
    y: face.y - top,
    w: face.w + 2 * left,
    h: face.h + top + face.h * MARGIN_BOTTOM + extra,
  };
}

function iou(a: Box, b: Box): number {
  const x0 = Math.max(a.x, b.x), y0 = Math.max(a.y, b.y);
  const x1 = Math.min(a.x + a.w, b.x + b.w), y1 = Math.min(a.y + a.h, b.y + b.h);
  const inter = Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
  const union = a.w * a.h + b.w * b.h - inter;
  return union > 0 ? inter / union : 0;
}

const centre = (b: Box) => ({ x: b.x + b.w / 2, y: b.y + b.h / 2 });

function union(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}

/** Whether `box` reaches (within 2 px) an edge of `view`: the face may go on beyond it. */
function touchesEdge(box: Box, view: Box): boolean {
  return box.x <= view.x + 2 || box.y <= view.y + 2 || box.x + box.w >= view.x + view.w - 2 ||
    box.y + box.h >= view.y + view.h - 2;
}

const inside = (p: { x: number; y: number }, view: Box) =>
  p.x >= view.x && p.x <= view.x + view.w && p.y >= view.y && p.y <= view.y + view.h;

/** A face followed between detections. */
export interface Track {
  box: Box;
  /** Frame time of the detection that last saw this face. */
  seen: number;
  /** Pixels per millisecond. */
  vx: number;
  vy: number;
}

/**
 * The cover of a face last seen at `track.seen`, at time `t`: its box with the margin, grown by
 * a few pixels, by half the distance its velocity carries it (the velocity may be off) and by
 * GROW_SIZES_PER_S of its size for every second since it was seen (it may have moved
 * unpredictably), swept from where it was seen to where it is heading (for up to PREDICT_MAX_MS).
 * Every term grows with `t`, so the cover never shrinks between detections.
 */
export function carried(track: Track, t: number): Box {
  const age = Math.max(0, t - track.seen);
  const dt = Math.min(PREDICT_MAX_MS, age);
  const { box } = track;
  const speed = Math.hypot(track.vx, track.vy);
  const grow = 4 + speed * dt * 0.5 + (GROW_SIZES_PER_S * Math.max(box.w, box.h) * age) / 1000;
  const seen = withMargin(box, grow);
  return union(seen, { ...seen, x: seen.x + track.vx * dt, y: seen.y + track.vy * dt });
}

/**
 * Follows faces between detections: each face keeps its velocity from the last two detections
 * that saw it, so a face moving across the frame stays covered on the frames in between, and the
 * covered area grows with the distance it may have moved.
 */
export class FaceTracker {
  private tracks: Track[] = [];

  /**
   * Takes the faces a detector found in `view` (the whole frame if not given) of the frame taken
   * at time `t` (ms). A face cut by the edge of a partial view keeps at least its known extent.
   */
  update(faces: Box[], t: number, view?: Box) {
    const next: Track[] = [];
    const unmatched = new Set(this.tracks);
    for (let box of faces) {
      let best: Track | null = null, bestScore = 0;
      for (const track of unmatched) {
        const predicted = this.predicted(track, t);
        const d = Math.hypot(
          centre(box).x - centre(predicted).x,
          centre(box).y - centre(predicted).y,
        );
        // Overlap, or a centre within one face size: the same face.
        const score = Math.max(iou(box, predicted), d < Math.max(box.w, box.h) ? 0.01 : 0);
        if (score > bestScore) [best, bestScore] = [track, score];
      }
      if (best) {
        unmatched.delete(best);
        if (view && touchesEdge(box, view)) box = union(box, this.predicted(best, t));
        const dt = Math.max(1, t - best.seen);
        const a = centre(best.box), b = centre(box);
        // Smoothed velocity: half the new estimate, half the old.
        next.push({
          box,
          seen: t,
          vx: 0.5 * best.vx + 0.5 * (b.x - a.x) / dt,
          vy: 0.5 * best.vy + 0.5 * (b.y - a.y) / dt,
        });
      } else next.push({ box, seen: t, vx: 0, vy: 0 });
    }
    // A face not seen this time stays covered. It goes only once looks at where it was have
    // missed it for HOLD_MS: a look skipped, or one at another part of the frame, drops nothing.
    for (const track of unmatched) {
      const looked = !view || inside(centre(this.predicted(track, t)), view);
      if (!looked || t - track.seen <= HOLD_MS) next.push(track);
    }
    this.tracks = next;
  }

  private predicted(track: Track, t: number): Box {
    const dt = Math.min(PREDICT_MAX_MS, Math.max(0, t - track.seen));
    return { ...track.box, x: track.box.x + track.vx * dt, y: track.box.y + track.vy * dt };
  }

  /**
   * Where the followed faces may be at time `t`, with margins. A face is never dropped here,
   * however old its last sighting: its cover grows with age (GROW_SIZES_PER_S) and sweeps the way
   * it was heading, so the cover of a later frame holds that of an earlier one.
   */
  regions(t: number): Box[] {
    return this.tracks.map((track) => carried(track, t));
  }

  /** The fastest followed face's speed, in its own sizes a second (0 without faces). */
  fastest(): number {
    let top = 0;
    for (const { box, vx, vy } of this.tracks) {
      top = Math.max(top, (Math.hypot(vx, vy) * 1000) / Math.max(1, box.w, box.h));
    }
    return top;
  }

  /** The faces as last detected (no margin), for what the member is shown. */
  faces(): Box[] {
    return this.tracks.map((t) => t.box);
  }

  clear() {
    this.tracks = [];
  }
}

export type DetectorState = "loading" | "ready" | "failed";

/**
 * How a frame is covered: only the faces found (and followed), the fixed band plus those faces,
 * or the whole picture.
 */
export type Cover = "faces" | "band" | "whole";

/**
 * What a frame gets covered with. Faces alone only while the detector works and its last answer
 * is fresh, succeeded, and came after the current call began; the fixed band (plus any faces still
 * followed) while that answer is a moment old; otherwise the whole picture.
 */
export class CoverPlan {
  readonly tracker = new FaceTracker();
  detector: DetectorState = "loading";
  /** Frame time of the last whole-frame detection that succeeded, or -Infinity. */
  private lastDetection = -Infinity;
  /** Frame time from which detections count (the start of the current call). */
  private since = -Infinity;
  /** Whether the detector's last answer was an error (until a detection succeeds again). */
  private erring = false;

  /** A new call: its first frames are wholly covered until a detection of its own arrives. */
  newCall(now: number) {
    this.since = now;
    this.tracker.clear();
  }

  /**
   * Takes a detection of the frame taken at `frameTime`: of the whole frame unless `view` says
   * which part. Only a whole-frame detection vouches for a frame (lifts the band).
   */
  detected(faces: Box[], frameTime: number, view?: Box) {
    if (frameTime < this.since) return; // a frame from before this call
    this.erring = false;
    if (!view) this.lastDetection = Math.max(this.lastDetection, frameTime);
    this.tracker.update(faces, frameTime, view);
  }

  /** A detection failed (the detector threw, or the frame could not be copied for it). */
  failedOnce() {
    this.erring = true;
  }

  /** Whether the detector's last answer was an error. */
  get failing(): boolean {
    return this.erring;
  }

  /** How the frame taken at `now` must be covered. */
  cover(now: number): Cover {
    if (
      this.detector !== "ready" || this.erring || this.lastDetection < this.since ||
      now - this.lastDetection > RUNNING_MS
    ) return "whole";
    return now - this.lastDetection > STALE_MS ? "band" : "faces";
  }

  /** Whether more than the faces must be covered (the fixed band, or the whole picture). */
  needsBand(now: number): boolean {
    return this.cover(now) !== "faces";
  }

  regions(
    now: number,
    width: number,
    height: number,
  ): { cover: Cover; band: boolean; boxes: Box[] } {
    const cover = this.cover(now);
    if (cover === "whole") {
      return { cover, band: true, boxes: [{ x: 0, y: 0, w: width, h: height }] };
    }
    const band = cover === "band";
    const boxes: Box[] = [];
    for (
      const box of [...(band ? [fixedRegion(width, height)] : []), ...this.tracker.regions(now)]
    ) {
      const c = clip(box, width, height);
      if (c) boxes.push(c);
    }
    return { cover, band, boxes };
  }
}

/**
 * The halves of the frame the detector also looks at (schedule.ts says when). The model sees
 * 192x192 pixels, so the whole frame finds faces from about 60 px in a 1280x720 frame and a half
 * (about square) finds them from about 40 px. Halves split the long side: left and right in
 * landscape, top and bottom in portrait, with an overlap in the middle.
 */
export function detectViews(width: number, height: number): [Box, Box] {
  const landscape = width >= height;
  const a = landscape
    ? { x: 0, y: 0, w: Math.round(width * HALF), h: height }
    : { x: 0, y: 0, w: width, h: Math.round(height * HALF) };
  const b = landscape ? { ...a, x: width - a.w } : { ...a, y: height - a.h };
  return [a, b];
}

/** The size of the copy the detector sees: at most DETECT_WIDTH wide, same aspect. */
export function detectSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, DETECT_WIDTH / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
