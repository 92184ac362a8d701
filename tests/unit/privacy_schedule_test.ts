// The face detector's schedule (lib/client/privacy/schedule.ts) and how faces are carried between
// its looks (FaceTracker, CoverPlan in regions.ts), as pure rules on simulated clocks: the first
// look is of the whole frame at once; whole looks come in time for a fresh answer, given how long
// answers take; halves only where they fit (and at least every HALF_AT_LEAST_MS); fewer looks while
// the picture is still; the detector rests as long as it works unless vouching needs it. And,
// property-style over seeded random runs: no frame is ever composed without a box where the last
// detection had one, and a face's cover between detections grows, never shrinks.
import assert from "node:assert/strict";
import {
  type Box,
  carried,
  CoverPlan,
  detectViews,
  FaceTracker,
  STALE_MS,
  type Track,
  withMargin,
} from "../../lib/client/privacy/regions.ts";
import {
  DetectSchedule,
  FRESH_MS,
  HALF_AT_LEAST_MS,
  type Look,
  MOVING_EVERY_MS,
  STILL_EVERY_MS,
} from "../../lib/client/privacy/schedule.ts";

const W = 1280, H = 720;
const FRAME_MS = 1000 / 30;
const FACE: Box = { x: 470, y: 84, w: 181, h: 181 };

const contains = (outer: Box, inner: Box) =>
  outer.x <= inner.x + 1e-6 && outer.y <= inner.y + 1e-6 &&
  outer.x + outer.w >= inner.x + inner.w - 1e-6 && outer.y + outer.h >= inner.y + inner.h - 1e-6;

/** A seeded random source (mulberry32): the same runs every time. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Run {
  /** Looks asked, with the frame time. */
  looks: [number, Look][];
  /** Frames by cover. */
  covers: Record<"faces" | "band" | "whole", number>;
}

/**
 * Frames at 30 a second for `ms`, the schedule asking a detector that answers `latency(look)` ms
 * after the frame (after `work` ms of work) with `faces(t, look)`; a detection of a half is of
 * that half. `check` sees each frame's regions and the last detection's boxes.
 */
function simulate(opts: {
  ms: number;
  latency: (look: Look) => number;
  work?: number;
  faces?: (t: number, view: Box | null) => Box[];
  check?: (t: number, regions: ReturnType<CoverPlan["regions"]>, last: Box[]) => void;
}): Run {
  const plan = new CoverPlan();
  plan.detector = "ready";
  const schedule = new DetectSchedule();
  const out: Run = { looks: [], covers: { faces: 0, band: 0, whole: 0 } };
  let pending: { look: Look; t: number; at: number } | null = null;
  let last: Box[] = [];
  for (let t = 0; t < opts.ms; t += FRAME_MS) {
    if (pending && pending.at <= t) {
      const { look, t: frameTime } = pending;
      const view = look === "whole" ? null : detectViews(W, H)[look];
      const found = opts.faces?.(frameTime, view) ?? [];
      plan.detected(found, frameTime, view ?? undefined);
      schedule.answered(look, frameTime, t, opts.work ?? 20, {
        faces: found.length,
        speed: plan.tracker.fastest(),
      });
      last = found;
      pending = null;
    }
    const look = schedule.next(t, pending !== null);
    if (look !== null) {
      out.looks.push([t, look]);
      pending = { look, t, at: t + opts.latency(look) };
    }
    const regions = plan.regions(t, W, H);
    out.covers[regions.cover]++;
    opts.check?.(t, regions, last);
  }
  return out;
}

const share = (r: Run, cover: keyof Run["covers"]) =>
  r.covers[cover] / (r.covers.faces + r.covers.band + r.covers.whole);

Deno.test("schedule: the first look is of the whole frame, at once", () => {
  const s = new DetectSchedule();
  assert.equal(s.next(0, false), "whole");
  assert.equal(s.next(10, true), null, "never while a look is out");
  s.reset();
  assert.equal(s.next(20, false), "whole", "after a new call too");
});

Deno.test("schedule: a quick detector on a moving picture looks ~15 times a second, halves between", () => {
  const run = simulate({
    ms: 3000,
    latency: () => 20,
    faces: (t) => [{ ...FACE, x: 100 + t / 5 }],
  });
  const perSecond = run.looks.length / 3;
  assert.ok(perSecond >= 12 && perSecond <= 16, `${perSecond} looks a second`);
  const halves = run.looks.filter(([, l]) => l !== "whole");
  assert.ok(halves.length >= run.looks.length / 3, `halves: ${halves.length}/${run.looks.length}`);
  assert.ok(halves.some(([, l]) => l === 0) && halves.some(([, l]) => l === 1), "both halves");
  assert.equal(share(run, "faces") > 0.95, true, JSON.stringify(run.covers));
});

Deno.test("schedule: a still picture is looked at less often, and stays vouched for", () => {
  const moving = simulate({ ms: 4000, latency: () => 20, faces: (t) => [{ ...FACE, x: t / 5 }] });
  const still = simulate({ ms: 4000, latency: () => 20, faces: () => [FACE] });
  assert.ok(
    still.looks.length < moving.looks.length * 0.6,
    `still ${still.looks.length} looks, moving ${moving.looks.length}`,
  );
  const gaps = still.looks.slice(10).map(([t], i, a) => (i ? t - a[i - 1][0] : STILL_EVERY_MS));
  assert.ok(gaps.every((g) => g >= MOVING_EVERY_MS), `gaps ${gaps.join(",")}`);
  assert.ok(share(still, "faces") > 0.95, JSON.stringify(still.covers));
  // The halves are still looked at, at least every HALF_AT_LEAST_MS.
  const halves = still.looks.filter(([, l]) => l !== "whole").map(([t]) => t);
  for (let i = 1; i < halves.length; i++) {
    assert.ok(halves[i] - halves[i - 1] <= HALF_AT_LEAST_MS + FRAME_MS, `halves at ${halves}`);
  }
});

Deno.test("schedule: whole looks come in time for a fresh answer, given how long answers take", () => {
  for (const latency of [20, 60, 100, 140, 160]) {
    const run = simulate({
      ms: 6000,
      latency: () => latency,
      work: latency * 0.8,
      faces: () => [FACE],
    });
    const wholes = run.looks.filter(([t, l]) => l === "whole" && t > 1000).map(([t]) => t);
    const spacing = Math.max(...wholes.map((t, i) => (i ? t - wholes[i - 1] : 0)));
    // Apart from the rare half that is owed, the answer in hand is fresh.
    assert.ok(share(run, "faces") >= 0.85, `${latency} ms: ${JSON.stringify(run.covers)}`);
    // The whole picture only until the first answer.
    const first = Math.ceil(latency / FRAME_MS) + 1;
    assert.ok(run.covers.whole <= first, `${latency} ms: ${JSON.stringify(run.covers)}`);
    assert.ok(spacing + latency <= STALE_MS + 2 * FRAME_MS || latency > FRESH_MS / 2, `${spacing}`);
  }
});

Deno.test("schedule: a slow detector looks back to back, the faces alone covered part of the time", () => {
  const run = simulate({ ms: 6000, latency: () => 250, work: 230, faces: () => [FACE] });
  // The whole picture only until the first answer; the faces alone while answers are fresh.
  assert.ok(run.covers.whole <= Math.ceil(250 / FRAME_MS) + 1, JSON.stringify(run.covers));
  assert.ok(share(run, "faces") > 0.4, JSON.stringify(run.covers));
  const gaps = run.looks.slice(5).map(([t], i, a) => (i ? t - a[i - 1][0] : 0)).slice(1);
  assert.ok(gaps.every((g) => g <= 250 + FRAME_MS), `back to back: ${gaps.join(",")}`);
});

Deno.test("schedule: a detector too slow to vouch keeps the band", () => {
  const run = simulate({ ms: 8000, latency: () => 400, work: 300, faces: () => [FACE] });
  // The whole picture until the first answer, and a moment after each half owed every 2 s.
  assert.ok(share(run, "whole") < 0.2, JSON.stringify(run.covers));
  assert.ok(share(run, "band") > 0.8, JSON.stringify(run.covers));
});

Deno.test("schedule: the detector rests as long as it works while vouching allows", () => {
  const s = new DetectSchedule();
  assert.equal(s.next(0, false), "whole");
  s.answered("whole", 0, 30, 100, { faces: 1, speed: 0 });
  assert.equal(s.rest(), 100);
  assert.equal(s.next(100, false), null, "resting: worked 100 ms, answered at 30");
  assert.notEqual(s.next(133, false), null);
  // A whole look that is due comes even while resting.
  const due = new DetectSchedule();
  assert.equal(due.next(0, false), "whole");
  due.answered("whole", 0, 150, 150, { faces: 1, speed: 0 });
  assert.equal(due.next(200, false), null);
  assert.equal(due.next(FRESH_MS - 150, false), "whole");
  const quick = new DetectSchedule();
  quick.answered("whole", 0, 30, 10, { faces: 1, speed: 0 });
  assert.equal(quick.gap(), MOVING_EVERY_MS);
});

Deno.test("property: no frame without a box where the last detection had one", () => {
  for (let seed = 1; seed <= 60; seed++) {
    const rnd = random(seed);
    const lat = 20 + rnd() * 400;
    // Faces that wander, come and go; a detector that misses some and answers late at times.
    const faces: Box[] = [0, 1, 2].map(() => ({
      x: rnd() * 1100,
      y: rnd() * 560,
      w: 40 + rnd() * 160,
      h: 40 + rnd() * 160,
    }));
    const speeds = faces.map(() => [(rnd() - 0.5) * 0.6, (rnd() - 0.5) * 0.3]);
    let checked = 0;
    simulate({
      ms: 5000,
      latency: () => lat * (0.5 + rnd()),
      work: lat * 0.7,
      faces: (t, view) =>
        faces
          .map((f, i) => ({ ...f, x: f.x + speeds[i][0] * t, y: f.y + speeds[i][1] * t }))
          .filter((f) => !view || (f.x >= view.x && f.x + f.w <= view.x + view.w))
          .filter(() => rnd() > 0.2),
      check(t, { cover, boxes }, last) {
        if (cover === "whole") return;
        for (const face of last) {
          const need = withMargin(face);
          const inFrame = {
            x: Math.max(0, need.x),
            y: Math.max(0, need.y),
            w: Math.min(W, need.x + need.w) - Math.max(0, need.x),
            h: Math.min(H, need.y + need.h) - Math.max(0, need.y),
          };
          if (inFrame.w <= 0 || inFrame.h <= 0) continue;
          checked++;
          assert.ok(
            boxes.some((b) => contains(b, inFrame)),
            `seed ${seed}, ${Math.round(t)} ms: ${JSON.stringify(face)} not in ${
              JSON.stringify(boxes)
            }`,
          );
        }
      },
    });
    assert.ok(checked > 0 || lat > 300, `seed ${seed}: nothing checked`);
  }
});

Deno.test("property: a face's cover between detections grows with age and motion, never shrinks", () => {
  const rnd = random(7);
  for (let i = 0; i < 500; i++) {
    const track: Track = {
      box: { x: rnd() * 1200, y: rnd() * 700, w: 20 + rnd() * 300, h: 20 + rnd() * 300 },
      seen: rnd() * 1000,
      vx: (rnd() - 0.5) * 2,
      vy: (rnd() - 0.5) * 2,
    };
    let prev = carried(track, track.seen - 50);
    assert.ok(contains(prev, withMargin(track.box)), "at least the face with its margin");
    for (let t = track.seen; t < track.seen + 2000; t += 10 + rnd() * 90) {
      const now = carried(track, t);
      assert.ok(contains(now, prev), `${JSON.stringify(track)} at ${t}: shrank`);
      prev = now;
    }
    const still = { ...track, vx: 0, vy: 0 };
    const a = carried(still, still.seen + 100), b = carried(still, still.seen + 600);
    assert.ok(b.w > a.w && b.h > a.h, "a still face's cover grows with age too");
  }
  // Through the tracker: with no detection between, the regions of a later frame hold the earlier.
  const tracker = new FaceTracker();
  tracker.update([FACE], 0);
  tracker.update([{ ...FACE, x: FACE.x + 20 }], 100);
  let before = tracker.regions(100);
  for (let t = 133; t < 3000; t += 33) {
    const now = tracker.regions(t);
    assert.equal(now.length, 1, `still carried at ${t} ms`);
    assert.ok(contains(now[0], before[0]), `${t} ms`);
    before = now;
  }
});
