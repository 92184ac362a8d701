// Audit entry ids: UUIDv7s that carry the time and sort in the order they were made, also
// within one millisecond (a review and the ban it imposes share their commit's time).
import assert from "node:assert/strict";
import { auditId } from "../../lib/server/admin/audit.ts";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

Deno.test("audit ids made in one millisecond sort in the order they were made", () => {
  const now = Date.UTC(2026, 10, 22, 19, 30);
  const ids = Array.from({ length: 50 }, () => auditId(now));
  for (const id of ids) assert.match(id, UUID_V7);
  assert.deepEqual([...ids].sort(), ids);
  assert.equal(new Set(ids).size, ids.length);
});

Deno.test("an audit id starts with its time in ms, and a later time sorts after", () => {
  const now = Date.UTC(2026, 10, 22, 19, 30, 5, 123);
  const id = auditId(now);
  assert.equal(parseInt(id.slice(0, 8) + id.slice(9, 13), 16), now);
  const later = auditId(now + 1);
  assert.ok(later > id, `${later} after ${id}`);
  // A new millisecond starts its counter again.
  assert.equal(later.slice(14, 18), "7000");
});
