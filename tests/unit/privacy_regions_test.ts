// Face blur's cover decisions (lib/client/privacy/regions.ts), without pixels: the fixed band's
// place in landscape and portrait frames, the margins around a face, clipping, a CoverPlan that
// fails closed (the whole picture whenever no recent successful detection of this call vouches
// for the frame, the band while that detection is a moment old), and a
// FaceTracker that keeps a moving face covered between detections and a missed one for HOLD_MS.
import assert from "node:assert/strict";
import {
  type Box,
  clip,
  CoverPlan,
  detectSize,
  detectViews,
  FaceTracker,
  fixedRegion,
  HOLD_MS,
  RUNNING_MS,
  STALE_MS,
  withMargin,
} from "../../lib/client/privacy/regions.ts";

const contains = (outer: Box, inner: Box) =>
  outer.x <= inner.x && outer.y <= inner.y && outer.x + outer.w >= inner.x + inner.w &&
  outer.y + outer.h >= inner.y + inner.h;

const show = (b: unknown) => JSON.stringify(b);

Deno.test("fixedRegion: landscape band 60 % wide, centred, y 15 %..55 %", () => {
  assert.deepEqual(fixedRegion(1280, 720), { x: 256, y: 108, w: 768, h: 288 });
});

Deno.test("fixedRegion: portrait band full width over the top 40 %", () => {
  assert.deepEqual(fixedRegion(720, 1280), { x: 0, y: 0, w: 720, h: 512 });
});

Deno.test("withMargin: 30 % at the sides and below, 50 % above, plus `extra` all round", () => {
  const face = { x: 100, y: 200, w: 100, h: 80 };
  const m = withMargin(face);
  assert.deepEqual(m, { x: 70, y: 160, w: 160, h: 144 });
  const above = face.y - m.y, below = m.y + m.h - (face.y + face.h);
  assert.ok(above > below, `more above (${above}) than below (${below})`);
  assert.deepEqual(withMargin(face, 10), { x: 60, y: 150, w: 180, h: 164 });
});

Deno.test("clip: to the frame, whole pixels outward, null when outside", () => {
  assert.deepEqual(clip({ x: 10, y: 20, w: 30, h: 40 }, 100, 100), { x: 10, y: 20, w: 30, h: 40 });
  assert.deepEqual(clip({ x: -20, y: -5, w: 50, h: 30 }, 100, 100), { x: 0, y: 0, w: 30, h: 25 });
  assert.deepEqual(clip({ x: 80, y: 90, w: 50, h: 50 }, 100, 100), { x: 80, y: 90, w: 20, h: 10 });
  assert.deepEqual(clip({ x: 1.5, y: 2.5, w: 3, h: 3 }, 100, 100), { x: 1, y: 2, w: 4, h: 4 });
  assert.equal(clip({ x: 100, y: 10, w: 20, h: 20 }, 100, 100), null);
  assert.equal(clip({ x: -30, y: 10, w: 30, h: 20 }, 100, 100), null);
  assert.equal(clip({ x: 10, y: 10, w: 0, h: 20 }, 100, 100), null);
});

Deno.test("detectSize: at most 192 px (the network's input) on the long side, same aspect", () => {
  assert.deepEqual(detectSize(1280, 720), { width: 192, height: 108 });
  assert.deepEqual(detectSize(720, 1280), { width: 108, height: 192 });
  assert.deepEqual(detectSize(160, 90), { width: 160, height: 90 });
});

const W = 1280, H = 720;
const BAND = fixedRegion(W, H);
const FACE: Box = { x: 500, y: 100, w: 150, h: 150 };

function readyPlan(): CoverPlan {
  const plan = new CoverPlan();
  plan.detector = "ready";
  return plan;
}

const WHOLE: Box = { x: 0, y: 0, w: W, h: H };

Deno.test("CoverPlan: the whole picture while the detector loads, even with detections", () => {
  const plan = new CoverPlan();
  assert.equal(plan.detector, "loading");
  plan.detected([FACE], 1000);
  assert.equal(plan.cover(1000), "whole");
  const r = plan.regions(1000, W, H);
  assert.equal(r.band, true);
  assert.deepEqual(r.boxes, [WHOLE], show(r));
});

Deno.test("CoverPlan: the whole picture when the detector failed to load", () => {
  const plan = new CoverPlan();
  plan.detector = "failed";
  plan.detected([], 1000);
  assert.equal(plan.cover(1000), "whole");
  assert.deepEqual(plan.regions(1000, W, H).boxes, [WHOLE]);
});

Deno.test("CoverPlan: ready but nothing detected yet → the whole picture", () => {
  const plan = readyPlan();
  assert.equal(plan.cover(0), "whole");
  assert.equal(plan.cover(5000), "whole");
  assert.deepEqual(plan.regions(5000, W, H).boxes, [WHOLE]);
});

Deno.test("CoverPlan: faces right after a detection; the band a moment later; then the whole", () => {
  const plan = readyPlan();
  plan.detected([FACE], 1000);
  assert.equal(plan.needsBand(1000), false);
  assert.equal(plan.cover(1000 + STALE_MS), "faces");
  const fresh = plan.regions(1000 + STALE_MS / 2, W, H);
  assert.equal(fresh.band, false);
  assert.equal(fresh.boxes.length, 1, show(fresh));
  assert.ok(contains(fresh.boxes[0], FACE), `the face is covered: ${show(fresh)}`);
  assert.ok(!contains(fresh.boxes[0], BAND), "the face region is not the band");
  assert.equal(plan.cover(1000 + STALE_MS + 1), "band");
  const stale = plan.regions(1000 + STALE_MS + 1, W, H);
  assert.equal(stale.band, true);
  assert.deepEqual(stale.boxes[0], BAND, show(stale));
  // A detector silent for longer counts as not running.
  assert.equal(plan.cover(1000 + RUNNING_MS), "band");
  assert.equal(plan.cover(1000 + RUNNING_MS + 1), "whole");
  assert.deepEqual(plan.regions(1000 + RUNNING_MS + 1, W, H).boxes, [WHOLE]);
  // A later detection vouches again.
  plan.detected([], 2500);
  assert.equal(plan.cover(2600), "faces");
});

Deno.test("CoverPlan: a failed detection covers the whole picture until one succeeds", () => {
  const plan = readyPlan();
  plan.detected([], 1000);
  assert.equal(plan.cover(1050), "faces");
  plan.failedOnce();
  assert.equal(plan.failing, true);
  assert.equal(plan.cover(1050), "whole");
  assert.deepEqual(plan.regions(1050, W, H).boxes, [WHOLE]);
  plan.detected([], 1100);
  assert.equal(plan.failing, false);
  assert.equal(plan.cover(1150), "faces");
});

Deno.test("CoverPlan: a detector that throws on every frame never uncovers anything", () => {
  const plan = readyPlan();
  for (let t = 0; t < 3000; t += 66) {
    plan.failedOnce();
    assert.deepEqual(plan.regions(t, W, H).boxes, [WHOLE], `at ${t} ms`);
  }
});

Deno.test("CoverPlan: after newCall the whole picture until a detection of a newer frame", () => {
  const plan = readyPlan();
  plan.detected([FACE], 1000);
  assert.equal(plan.needsBand(1100), false);
  plan.newCall(1100);
  // The last detection is only 50 ms old, but it belongs to the call before.
  assert.equal(plan.cover(1150), "whole");
  assert.deepEqual(plan.tracker.faces(), [], "the previous call's faces are forgotten");
  // A detection of a frame taken before newCall that answers late does not count.
  plan.detected([FACE], 1090);
  assert.equal(plan.cover(1150), "whole");
  assert.deepEqual(plan.tracker.faces(), [], "a face from a frame before the call is ignored");
  // A detection of a frame of the new call does.
  plan.detected([FACE], 1120);
  assert.equal(plan.cover(1150), "faces");
  assert.deepEqual(plan.tracker.faces(), [FACE]);
});

Deno.test("FaceTracker: a face moving right at constant speed stays covered between detections", () => {
  const speed = 0.5; // px per ms (500 px/s)
  const every = 200; // ms between detections: the face moves 100 px between two
  const face = (t: number): Box => ({ x: 100 + speed * t, y: 200, w: 120, h: 120 });
  const tracker = new FaceTracker();
  let checked = 0;
  let staticMisses = 0;
  for (let det = 0; det <= 1000; det += every) {
    tracker.update([face(det)], det);
    if (det === 0) continue; // one detection tells no speed
    for (let dt = 0; dt < every; dt += 25) {
      const t = det + dt;
      const regions = tracker.regions(t);
      assert.equal(regions.length, 1, `one face followed at ${t} ms: ${show(regions)}`);
      assert.ok(
        contains(regions[0], face(t)),
        `at ${t} ms the face ${show(face(t))} is inside ${show(regions[0])}`,
      );
      // Had the region stayed where the face was last seen, it would have missed the face.
      if (!contains(withMargin(face(det), 4), face(t))) staticMisses++;
      checked++;
    }
  }
  assert.equal(checked, 40);
  assert.ok(staticMisses >= 10, `prediction was needed on ${staticMisses} of ${checked} frames`);
});

Deno.test("FaceTracker: a face one detection misses stays covered for HOLD_MS, then goes", () => {
  const tracker = new FaceTracker();
  tracker.update([FACE], 0);
  tracker.update([FACE], 100);
  tracker.update([], 200); // missed
  let r = tracker.regions(200);
  assert.equal(r.length, 1, show(r));
  assert.ok(contains(r[0], FACE), show(r));
  for (let t = 300; t <= 100 + HOLD_MS; t += 100) {
    tracker.update([], t);
    r = tracker.regions(t);
    assert.equal(r.length, 1, `still covered at ${t} ms: ${show(r)}`);
    assert.ok(contains(r[0], FACE), `at ${t} ms: ${show(r)}`);
  }
  // Without another look it stays covered (a skipped look drops nothing)...
  assert.equal(tracker.regions(100 + HOLD_MS + 1).length, 1, "kept until a look misses it");
  // ...and goes at the first look past HOLD_MS that misses it.
  tracker.update([], 100 + HOLD_MS + 50);
  assert.deepEqual(tracker.regions(100 + HOLD_MS + 50), [], "dropped after HOLD_MS of misses");
  assert.deepEqual(tracker.faces(), []);
});

Deno.test("detectViews: the two halves the detector also looks at (long side split)", () => {
  const land = detectViews(1280, 720);
  assert.deepEqual(land, [{ x: 0, y: 0, w: 704, h: 720 }, { x: 576, y: 0, w: 704, h: 720 }]);
  const port = detectViews(720, 1280);
  assert.deepEqual(port[0], { x: 0, y: 0, w: 720, h: 704 });
  assert.deepEqual(port[1], { x: 0, y: 576, w: 720, h: 704 });
  // The halves overlap in the middle, so a small face there is whole in one of them.
  assert.ok(land[1].x < land[0].x + land[0].w);
});

Deno.test("CoverPlan: a detection of half the frame covers its faces but does not lift the band", () => {
  const plan = readyPlan();
  plan.detected([], 1000); // whole frame: fresh
  assert.equal(plan.needsBand(1000 + STALE_MS), false);
  const half = { x: 576, y: 0, w: 704, h: 720 };
  const small = { x: 900, y: 300, w: 40, h: 40 };
  plan.detected([small], 1000 + STALE_MS, half);
  const later = 1000 + STALE_MS + 1;
  const { band, boxes } = plan.regions(later, 1280, 720);
  assert.equal(band, true, "only a whole-frame detection vouches for a frame");
  assert.ok(boxes.some((b) => contains(b, small)), `the small face is covered: ${show(boxes)}`);
});

Deno.test("FaceTracker: a face cut by a half's edge keeps the extent it was known to have", () => {
  const tracker = new FaceTracker();
  const face = { x: 650, y: 200, w: 120, h: 120 }; // across the left half's right edge (704)
  tracker.update([face], 0);
  // The left half sees only the part of the face inside it, up to its edge.
  const left = { x: 0, y: 0, w: 704, h: 720 };
  tracker.update([{ x: 650, y: 200, w: 54, h: 120 }], 66, left);
  const [known] = tracker.faces();
  assert.ok(contains(known, face), `still the whole face: ${show(known)}`);
  // A face well inside the view is taken as seen (it may have shrunk: moved away).
  const tracker2 = new FaceTracker();
  tracker2.update([face], 0);
  tracker2.update([{ x: 300, y: 200, w: 60, h: 60 }, { x: 655, y: 205, w: 40, h: 40 }], 66);
  assert.ok(tracker2.faces().some((b) => b.w === 40), show(tracker2.faces()));
});
