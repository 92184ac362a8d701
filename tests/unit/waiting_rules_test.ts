// The search screen's figures and widening offers as pure rules: counts rounded so that no single
// member can be spotted, the wait estimate from recent searches, which wider filter comes next and
// when it is offered.
import assert from "node:assert/strict";
import { estimateWait, keepSamples, MIN_SAMPLES, roundCount } from "../../lib/shared/waiting.ts";
import {
  type Reach,
  sameReach,
  WIDEN_AFTER_MS,
  widened,
  wideningSteps,
  widenOffer,
} from "../../lib/shared/widening.ts";

Deno.test("roundCount: below five is 'fewer than 5' (0), larger counts round down to a step", () => {
  for (const n of [0, 1, 2, 3, 4]) assert.equal(roundCount(n), 0, `${n}`);
  assert.deepEqual([5, 6, 9, 10, 14, 19].map(roundCount), [5, 5, 5, 10, 10, 15]);
  assert.deepEqual([20, 29, 99, 100, 149, 999, 1000, 1099, 12_345].map(roundCount), [
    20,
    20,
    90,
    100,
    100,
    950,
    1000,
    1000,
    12_300,
  ]);
  assert.equal(roundCount(NaN), 0);
  assert.equal(roundCount(-3), 0);
});

Deno.test("roundCount: one member more or less never shows except where a step is crossed", () => {
  let changes = 0;
  for (let n = 0; n < 2_000; n++) {
    const [a, b] = [roundCount(n), roundCount(n + 1)];
    assert.ok(a <= n && b <= n + 1, "never more than there are");
    if (a !== b) changes++;
  }
  // 0→5, every 5 to 20 (3), every 10 to 100 (8), every 50 to 1000 (18), every 100 to 2000 (10).
  assert.equal(changes, 1 + 3 + 8 + 18 + 10);
});

Deno.test("estimateWait: too few searches say nothing; the median wait, rounded up to a step", () => {
  const now = 10_000_000;
  const at = now - 1000;
  const of = (waits: (number | null)[]) => waits.map((waitMs) => ({ at, waitMs }));
  assert.deepEqual(estimateWait(of([1000, 2000, 3000, 4000]), now), { kind: "unknown" });
  assert.equal(MIN_SAMPLES, 5);
  assert.deepEqual(estimateWait(of([1000, 2000, 3000, 4000, 5000]), now), {
    kind: "under",
    seconds: 10,
  });
  assert.deepEqual(estimateWait(of([1000, 12_000, 15_000, 25_000, null]), now), {
    kind: "under",
    seconds: 20,
  });
  assert.deepEqual(estimateWait(of([10_000, 29_000, 29_500, null, null]), now), {
    kind: "under",
    seconds: 30,
  });
  // Searches that found nobody count as the longest: most found nobody → "rarely".
  assert.deepEqual(estimateWait(of([1000, 2000, null, null, null]), now), { kind: "rarely" });
  // Old searches are not counted.
  const old = [1, 2, 3, 4, 5].map(() => ({ at: now - 31 * 60_000, waitMs: 1000 }));
  assert.deepEqual(estimateWait(old, now), { kind: "unknown" });
  assert.deepEqual(keepSamples(old, now), []);
  // A wait over a minute says minutes' worth of seconds (a longer search time-out).
  assert.deepEqual(estimateWait(of([90_000, 90_000, 90_000, 90_000, 90_000]), now), {
    kind: "under",
    seconds: 120,
  });
});

const continentOf = (country: string) =>
  ({ Poland: "Europe", Germany: "Europe", Japan: "Asia" } as Record<string, string>)[country] ??
    null;
const warsaw = { country: "Poland", continent: null };

Deno.test("wideningSteps: a city → its country → its continent → everyone", () => {
  assert.deepEqual(wideningSteps({ location: "city" }, warsaw, continentOf), [
    { location: "country", country: "Poland" },
    { location: "continent", continent: "Europe" },
    { location: "global" },
  ]);
  // A geocoded continent is the member's own.
  assert.deepEqual(
    wideningSteps({ location: "city" }, { country: "Poland", continent: "Europe" }, () => null)[1],
    { location: "continent", continent: "Europe" },
  );
});

Deno.test("wideningSteps: nearby → country; a country → its continent; a continent → everyone", () => {
  assert.deepEqual(wideningSteps({ location: "nearby" }, warsaw, continentOf)[0], {
    location: "country",
    country: "Poland",
  });
  // A chosen country (not the member's own) widens to that country's continent.
  assert.deepEqual(wideningSteps({ location: "country", country: "Japan" }, warsaw, continentOf), [
    { location: "continent", continent: "Asia" },
    { location: "global" },
  ]);
  assert.deepEqual(
    wideningSteps({ location: "continent", continent: "Asia" }, warsaw, continentOf),
    [{ location: "global" }],
  );
  assert.deepEqual(wideningSteps({ location: "global" }, warsaw, continentOf), []);
  // Places not known are skipped, everyone stays.
  assert.deepEqual(
    wideningSteps({ location: "city" }, { country: null, continent: null }, continentOf),
    [{ location: "global" }],
  );
});

Deno.test("widenOffer: when nobody fits at once, after 10 s otherwise, only a step that meets someone", () => {
  const steps: Reach[] = [
    { location: "country", country: "Poland" },
    { location: "continent", continent: "Europe" },
    { location: "global" },
  ];
  // Nobody fits: offered at once, the narrowest step that meets someone.
  assert.deepEqual(widenOffer({ elapsedMs: 0, meetNow: 0, steps, meets: [false, true, true] }), {
    location: "continent",
    continent: "Europe",
  });
  // Someone fits: not before 10 s.
  assert.equal(
    widenOffer({ elapsedMs: 9_999, meetNow: 2, steps, meets: [true, true, true] }),
    null,
  );
  assert.deepEqual(
    widenOffer({ elapsedMs: WIDEN_AFTER_MS, meetNow: 2, steps, meets: [true, true, true] }),
    steps[0],
  );
  // No wider filter would meet anyone: nothing to offer.
  assert.equal(
    widenOffer({ elapsedMs: 20_000, meetNow: 0, steps, meets: [false, false, false] }),
    null,
  );
  assert.equal(widenOffer({ elapsedMs: 20_000, meetNow: 0, steps: [], meets: [] }), null);
});

Deno.test("widened: the location filter changes, the language stays", () => {
  const pref = { location: "city" as const, language: "de" as const };
  assert.deepEqual(widened(pref, { location: "country", country: "Poland" }), {
    location: "country",
    country: "Poland",
    language: "de",
  });
  assert.deepEqual(
    widened({ location: "country" as const, country: "Japan", language: "any" as const }, {
      location: "global",
    }),
    { location: "global", language: "any" },
  );
  assert.ok(sameReach({ location: "global" }, { location: "global" }));
  assert.ok(
    !sameReach({ location: "country", country: "Poland" }, {
      location: "country",
      country: "Spain",
    }),
  );
});
