// The waiting simulation (bench/waiting.ts) through the real pairing rules: widening raises the
// match rate at 50 members an hour and never lowers it at 50, 200 or 1,000, for several seeds.
import assert from "node:assert/strict";
import { simulate } from "../../bench/waiting.ts";

Deno.test("widening raises the match rate at 50/h and never lowers it", () => {
  for (const seed of [1, 2, 3]) {
    for (const rate of [50, 200, 1_000]) {
      const without = simulate(rate, 1_500, false, seed);
      const with_ = simulate(rate, 1_500, true, seed);
      const line = `${rate}/h seed ${seed}: ${without.matchRate} → ${with_.matchRate}`;
      assert.ok(with_.matchRate >= without.matchRate, line);
      if (rate === 50) assert.ok(with_.matchRate > without.matchRate + 0.1, line);
    }
  }
});
