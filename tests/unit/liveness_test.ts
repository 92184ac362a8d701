// An instance is judged alive by its beat changing, on the observer's own clock: whatever time the
// beat's writer put in it (its clock may be 10 s off either way).
import assert from "node:assert/strict";
import { BeatWatch } from "../../lib/server/realtime/liveness.ts";
import type { Beat } from "../../kv/instances.ts";

const beats = (entries: [string, Beat][]) => new Map(entries);
const stamp = (n: number) => n.toString(16).padStart(20, "0");

Deno.test("liveness: a changing beat is alive whatever its writer's clock says", () => {
  const watch = new BeatWatch(3_000);
  const t = 1_000_000;
  // 10 s behind and 10 s ahead of this clock: first seen, within the window and the tolerance.
  for (let i = 0; i < 10; i++) {
    const now = t + i * 1_000;
    const alive = watch.observe(
      beats([
        ["behind", { at: now - 10_000, versionstamp: stamp(2 * i + 1) }],
        ["ahead", { at: now + 10_000, versionstamp: stamp(2 * i + 2) }],
      ]),
      now,
    );
    assert.deepEqual([...alive].sort(), ["ahead", "behind"], `at beat ${i}`);
  }
});

Deno.test("liveness: a beat that stops changing is dead after the window, on this clock", () => {
  const watch = new BeatWatch(3_000);
  const t = 5_000_000;
  const frozen = { at: t, versionstamp: stamp(7) };
  assert.ok(watch.observe(beats([["x", frozen]]), t).has("x"));
  assert.ok(watch.observe(beats([["x", frozen]]), t + 2_900).has("x"));
  assert.ok(!watch.observe(beats([["x", frozen]]), t + 3_000).has("x"), "unchanged for 3 s");
  // It beats again: alive again.
  assert.ok(watch.observe(beats([["x", { at: t, versionstamp: stamp(8) }]]), t + 4_000).has("x"));
  // Gone (a clean stop deletes it): dead at once.
  assert.ok(!watch.observe(beats([]), t + 4_100).has("x"));
});

Deno.test("liveness: a key first seen with a time far off this clock waits for a change", () => {
  const watch = new BeatWatch(3_000);
  const t = 9_000_000;
  // A dead instance's key written a minute ago, still in the store: not alive.
  assert.ok(
    !watch.observe(beats([["old", { at: t - 60_000, versionstamp: stamp(1) }]]), t).has("old"),
  );
  // It changes: whatever its clock, it beats.
  const next = beats([["old", { at: t - 59_000, versionstamp: stamp(2) }]]);
  assert.ok(watch.observe(next, t + 1_000).has("old"));
  // An older read answered late is no change.
  const late = beats([["old", { at: t - 60_000, versionstamp: stamp(1) }]]);
  assert.ok(!watch.observe(late, t + 4_100).has("old"));
});

Deno.test("liveness: another instance's clock offset, from the beats seen soonest", () => {
  const watch = new BeatWatch(3_000);
  const t = 2_000_000;
  assert.equal(watch.offset("x"), null, "nothing seen yet");
  // Its clock runs 10 s behind; each beat is seen 0 to 900 ms after it was written.
  const lags = [900, 300, 50, 600];
  watch.observe(beats([["x", { at: t - 10_000, versionstamp: stamp(1) }]]), t);
  lags.forEach((lag, i) => {
    const written = t + (i + 1) * 1_000;
    const beat = { at: written - 10_000, versionstamp: stamp(i + 2) };
    watch.observe(beats([["x", beat]]), written + lag);
  });
  assert.equal(watch.offset("x"), -10_050, "the least late sighting");
  // An unchanged beat adds nothing.
  watch.observe(beats([["x", { at: t - 7_000, versionstamp: stamp(5) }]]), t + 9_000);
  assert.equal(watch.offset("x"), -10_050);
});
