// Hashtag-use counters cannot expire by themselves (sum() takes no expiry): the hourly sweep
// drops the days the map no longer shows, and keeps the last week.
import assert from "node:assert/strict";
import { openKv } from "../../kv/db.ts";
import { keys } from "../../kv/keys.ts";
import { dayKey as dayOf, popularHashtags, sweepHashtagUse } from "../../kv/hashtags.ts";

Deno.test("hashtag sweep: old days go, the last 7 days stay and still count", async () => {
  const kv = await openKv(":memory:");
  try {
    const now = Date.UTC(2026, 10, 22, 12);
    const old = dayOf(now - 20 * 86400_000), recent = dayOf(now - 2 * 86400_000);
    await kv.atomic()
      .sum(keys.hashtagUse(old, "all", "travel"), 5n)
      .sum(keys.hashtagUse(recent, "all", "travel"), 2n)
      .sum(keys.hashtagUse(recent, "Europe", "food"), 1n)
      .commit();
    await sweepHashtagUse(kv, now);
    assert.equal((await kv.get(keys.hashtagUse(old, "all", "travel"))).value, null);
    assert.deepEqual(await popularHashtags(kv, "all", 7, now), [{ tag: "travel", count: 2 }]);
    assert.deepEqual(await popularHashtags(kv, "Europe", 7, now), [{ tag: "food", count: 1 }]);
  } finally {
    kv.close();
  }
});
