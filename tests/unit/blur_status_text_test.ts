// What the member is told about face blur (lib/client/privacy/status_text.ts): 'no face in view'
// only when a recent detection succeeded; every other state says the whole picture is blurred (as
// an English page says it).
import assert from "node:assert/strict";
import { blurDetailText, blurView, wholeCovered } from "../../lib/client/privacy/status_text.ts";
import type { BlurStatus } from "../../lib/client/privacy/protocol.ts";
import { english } from "../helpers/english.ts";

const status = (over: Partial<BlurStatus>): BlurStatus => ({
  detector: "ready",
  cover: "faces",
  failing: false,
  band: false,
  faces: [],
  width: 1280,
  height: 720,
  frames: 10,
  covers: { faces: 10, band: 0, whole: 0 },
  loadMs: 500,
  detectMs: [],
  composeMs: [],
  ...over,
});

Deno.test("blurView: off, starting, and a working detector's face count", () => {
  assert.equal(blurView(false, null), "off");
  assert.equal(blurView(false, status({})), "off");
  assert.equal(blurView(true, null), "starting");
  assert.equal(blurView(true, status({ detector: "loading", cover: "whole" })), "starting");
  assert.equal(blurDetailText("on", status({})), "On: no face in view");
  const one = status({ faces: [{ x: 1, y: 1, w: 9, h: 9 }] });
  assert.equal(blurDetailText("on", one), "On: 1 face blurred");
  assert.equal(
    blurDetailText("on", status({ faces: [one.faces[0], one.faces[0]] })),
    "On: 2 faces blurred",
  );
  // The band (a working detector a moment late) still counts as on.
  assert.equal(blurView(true, status({ cover: "band", band: true })), "on");
});

Deno.test("blurView: a detector that erred, stalled or never loaded is never 'no face in view'", () => {
  const failing = status({ cover: "whole", failing: true, band: true });
  assert.equal(blurView(true, failing), "failing");
  assert.equal(blurDetailText("failing", failing), english("live.blur_failing"));
  assert.equal(blurView(true, status({ cover: "whole", band: true })), "stalled");
  const failed = status({ detector: "failed", cover: "whole", band: true });
  assert.equal(blurView(true, failed), "failed");
  assert.equal(
    blurDetailText("failed", failed),
    "Face blur could not run in this browser, so your whole picture is blurred",
  );
  for (const view of ["starting", "stalled", "failing", "failed"] as const) {
    assert.ok(wholeCovered(view), view);
    assert.match(blurDetailText(view, null), /whole picture is blurred/);
  }
  assert.ok(!wholeCovered("on"));
  assert.ok(!wholeCovered("off"));
});
