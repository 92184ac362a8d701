// The periods of the referral pages: ISO weeks and calendar months in UTC, at their edges.
import assert from "node:assert/strict";
import { bucketsAt, monthId, weekId } from "../../lib/shared/referrals/rules.ts";

Deno.test("periods: ISO week ids at year edges, calendar months in UTC", () => {
  const at = (iso: string) => Date.parse(iso);
  assert.equal(weekId(at("2026-11-23T00:00:00Z")), "2026-W48", "a Monday starts its week");
  assert.equal(weekId(at("2026-11-22T23:59:59Z")), "2026-W47", "Sunday ends the one before");
  assert.equal(weekId(at("2020-12-31T12:00:00Z")), "2020-W53");
  assert.equal(weekId(at("2021-01-03T12:00:00Z")), "2020-W53", "early January in last year's");
  assert.equal(weekId(at("2024-12-30T00:00:00Z")), "2025-W01", "late December in next year's");
  assert.equal(weekId(at("2026-01-01T00:00:00Z")), "2026-W01");
  assert.equal(monthId(at("2026-11-30T23:59:59Z")), "2026-11");
  assert.equal(monthId(at("2026-12-01T00:00:00Z")), "2026-12");
  assert.deepEqual(bucketsAt(at("2026-11-25T12:00:00Z")).map((b) => b.bucket), [
    "week:2026-W48",
    "month:2026-11",
    "all",
  ]);
});
