// When a member who asked to be told may get a notice: at most 3 on their local day, an hour apart,
// never between 22:00 and 08:00 where they are.
import assert from "node:assert/strict";
import {
  isQuietHour,
  localTime,
  MAX_NOTICES_A_DAY,
  noticeAllowed,
  validTimeZone,
} from "../../lib/shared/push_rules.ts";

// 2026-06-15 12:00 UTC: 14:00 in Warsaw, 21:00 in Tokyo, 08:00 in New York, 22:00 in Sydney (AEST).
const NOON_UTC = Date.UTC(2026, 5, 15, 12, 0, 0);

Deno.test("localTime: the day and hour where the member is", () => {
  assert.deepEqual(localTime("Europe/Warsaw", NOON_UTC), { day: "2026-06-15", hour: 14 });
  assert.deepEqual(localTime("Asia/Tokyo", NOON_UTC), { day: "2026-06-15", hour: 21 });
  assert.deepEqual(localTime("America/New_York", NOON_UTC), { day: "2026-06-15", hour: 8 });
  assert.deepEqual(localTime("Pacific/Kiritimati", NOON_UTC), { day: "2026-06-16", hour: 2 });
  assert.ok(validTimeZone("Europe/Warsaw"));
  assert.ok(!validTimeZone("Mars/Olympus"));
  assert.ok(!validTimeZone(""));
});

Deno.test("quiet hours: from 22:00 until 08:00", () => {
  assert.deepEqual(
    Array.from({ length: 24 }, (_, h) => isQuietHour(h)).map((q, h) => q ? h : -1).filter((h) =>
      h >= 0
    ),
    [0, 1, 2, 3, 4, 5, 6, 7, 22, 23],
  );
  assert.deepEqual(noticeAllowed({ timeZone: "Australia/Sydney", now: NOON_UTC, sent: null }), {
    ok: false,
    why: "quiet",
  });
  assert.equal(noticeAllowed({ timeZone: "America/New_York", now: NOON_UTC, sent: null }).ok, true);
});

Deno.test("the daily cap on the member's own day, and an hour between notices", () => {
  const tz = "Europe/Warsaw";
  assert.deepEqual(noticeAllowed({ timeZone: tz, now: NOON_UTC, sent: null }), {
    ok: true,
    day: "2026-06-15",
    count: 1,
  });
  const hourAgo = NOON_UTC - 60 * 60_000;
  assert.deepEqual(
    noticeAllowed({
      timeZone: tz,
      now: NOON_UTC,
      sent: { day: "2026-06-15", count: 2, lastAt: hourAgo },
    }),
    { ok: true, day: "2026-06-15", count: 3 },
  );
  assert.deepEqual(
    noticeAllowed({
      timeZone: tz,
      now: NOON_UTC,
      sent: { day: "2026-06-15", count: MAX_NOTICES_A_DAY, lastAt: hourAgo },
    }),
    { ok: false, why: "cap" },
  );
  assert.deepEqual(
    noticeAllowed({
      timeZone: tz,
      now: NOON_UTC,
      sent: { day: "2026-06-15", count: 1, lastAt: NOON_UTC - 59 * 60_000 },
    }),
    { ok: false, why: "gap" },
  );
  // A new local day starts the count again.
  assert.deepEqual(
    noticeAllowed({
      timeZone: tz,
      now: NOON_UTC,
      sent: { day: "2026-06-14", count: 3, lastAt: hourAgo },
    }),
    { ok: true, day: "2026-06-15", count: 1 },
  );
  assert.deepEqual(noticeAllowed({ timeZone: "Nowhere/City", now: NOON_UTC, sent: null }), {
    ok: false,
    why: "time_zone",
  });
});
