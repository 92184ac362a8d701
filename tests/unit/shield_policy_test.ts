// The safety shield's decisions (lib/client/shield/policy.ts), fed scores the way the classifier
// feeds them on the page: two safe frames in a row lift the blur, one unsafe frame brings it
// back with the warning (and it stays until the member chooses), the thresholds, Show anyway and
// tap-to-show for this session only, a failed or late classifier, and the setting turned off.
import assert from "node:assert/strict";
import {
  initialShield,
  isBlurred,
  isWatching,
  type Scores,
  SHIELD_SAFE_FRAMES,
  SHIELD_THRESHOLDS,
  type ShieldEvent,
  type ShieldState,
  shieldStep,
  unsafeClass,
} from "../../lib/client/shield/policy.ts";

/** Scores with the rest of the probability on Neutral. */
function scores(s: Partial<Scores> = {}): Scores {
  const base = { Drawing: 0, Hentai: 0, Porn: 0, Sexy: 0, ...s };
  const rest = 1 - base.Drawing - base.Hentai - base.Porn - base.Sexy;
  return { Neutral: Math.max(0, rest), ...base };
}

/** What the classifier said about the fixtures (astronaut.png, chelsea.png: a cat). */
const ASTRONAUT = scores({ Porn: 0.0005, Sexy: 0.0001, Drawing: 0.02 });
const CAT = scores({ Porn: 0.069, Hentai: 0.008 });
const NUDE = scores({ Porn: 0.9 });

const safe: ShieldEvent = { type: "scores", scores: ASTRONAUT };
const unsafe: ShieldEvent = { type: "scores", scores: NUDE };

function run(state: ShieldState, ...events: ShieldEvent[]): ShieldState {
  return events.reduce(shieldStep, state);
}

Deno.test("shield: on by default it starts blurred and checking", () => {
  const s = initialShield(true);
  assert.equal(s.view, "checking");
  assert.ok(isBlurred(s.view));
  assert.ok(isWatching(s.view));
});

Deno.test("shield: two safe frames in a row lift the blur, one does not", () => {
  assert.equal(SHIELD_SAFE_FRAMES, 2);
  const one = run(initialShield(true), safe);
  assert.equal(one.view, "checking");
  assert.ok(isBlurred(one.view));
  const two = run(one, safe);
  assert.equal(two.view, "clear");
  assert.ok(!isBlurred(two.view));
  assert.ok(isWatching(two.view), "a clear video is still checked");
});

Deno.test("shield: the safe frames must be consecutive (an unreadable frame restarts the run)", () => {
  const s = run(initialShield(true), safe, { type: "frame_error" }, safe);
  assert.equal(s.view, "checking");
  assert.equal(run(s, safe).view, "clear");
});

Deno.test("shield: one unsafe frame re-blurs a clear video at once, with the warning", () => {
  const s = run(initialShield(true), safe, safe, unsafe);
  assert.equal(s.view, "unsafe");
  assert.ok(isBlurred(s.view));
});

Deno.test("shield: an unsafe video stays blurred on later safe frames until the member chooses", () => {
  const s = run(initialShield(true), unsafe, safe, safe, safe, safe);
  assert.equal(s.view, "unsafe");
  assert.equal(run(s, { type: "show" }).view, "shown");
});

Deno.test("shield: thresholds: each sexual class at its limit is unsafe, just below is not", () => {
  for (const [name, limit] of Object.entries(SHIELD_THRESHOLDS)) {
    const cls = name as keyof typeof SHIELD_THRESHOLDS;
    assert.equal(unsafeClass(scores({ [cls]: limit })), cls, `${cls} at ${limit}`);
    assert.equal(unsafeClass(scores({ [cls]: limit - 0.001 })), null, `${cls} below ${limit}`);
  }
  // Drawing and Neutral are never a reason to blur.
  assert.equal(unsafeClass(scores({ Drawing: 0.99 })), null);
  assert.equal(unsafeClass({ Drawing: 0, Hentai: 0, Neutral: 1, Porn: 0, Sexy: 0 }), null);
});

Deno.test("shield: the fixtures' measured scores are safe with room to spare", () => {
  assert.equal(unsafeClass(ASTRONAUT), null);
  assert.equal(unsafeClass(CAT), null);
  // The cat's Porn score needs at least 3x headroom.
  assert.ok(SHIELD_THRESHOLDS.Porn >= 3 * CAT.Porn);
});

Deno.test("shield: Show anyway is the member's choice for this session only", () => {
  const shown = run(initialShield(true), unsafe, { type: "show" });
  assert.equal(shown.view, "shown");
  assert.ok(!isBlurred(shown.view));
  assert.ok(!isWatching(shown.view), "nothing more is classified once shown");
  // Later verdicts in this session change nothing...
  assert.equal(run(shown, unsafe, unsafe).view, "shown");
  // ...and the next partner starts blurred again.
  const next = run(shown, { type: "new_session" });
  assert.equal(next.view, "checking");
  assert.equal(next.safeRun, 0);
  assert.equal(run(next, unsafe).view, "unsafe");
});

Deno.test("shield: show does nothing while checking or clear (only from a warning or tap-to-show)", () => {
  assert.equal(run(initialShield(true), { type: "show" }).view, "checking");
  assert.equal(run(initialShield(true), safe, safe, { type: "show" }).view, "clear");
});

Deno.test("shield: a classifier that cannot load leaves the video blurred with tap-to-show", () => {
  const failed = run(initialShield(true), { type: "failed" });
  assert.equal(failed.view, "unavailable");
  assert.ok(isBlurred(failed.view));
  assert.equal(run(failed, { type: "show" }).view, "shown");
  // The next partner starts blurred again, with tap-to-show at once (the model is still gone).
  assert.equal(run(failed, { type: "show" }, { type: "new_session" }).view, "unavailable");
});

Deno.test("shield: no verdict within the grace period offers tap-to-show; a later verdict still counts", () => {
  const late = run(initialShield(true), { type: "late" });
  assert.equal(late.view, "unavailable");
  assert.equal(run(late, safe, safe).view, "clear");
  assert.equal(run(late, unsafe).view, "unsafe");
  // Once checked, lateness means nothing.
  assert.equal(run(initialShield(true), safe, safe, { type: "late" }).view, "clear");
});

Deno.test("shield: turned off in settings, nothing is blurred or checked, whatever happens", () => {
  const off = initialShield(false);
  assert.equal(off.view, "off");
  assert.ok(!isBlurred(off.view));
  assert.ok(!isWatching(off.view));
  const events: ShieldEvent[] = [unsafe, { type: "failed" }, { type: "late" }, {
    type: "new_session",
  }, { type: "show" }];
  assert.equal(run(off, ...events).view, "off");
});
