// The realtime core's small pure parts, without sockets or timers: a search ticket built from a
// profile (or the code that refuses it), the per-socket flood limit, the write lane's bound on
// commits in flight, and the batcher.
import assert from "node:assert/strict";
import { ticketFor } from "../../lib/server/realtime/ticket.ts";
import { FloodLimit } from "../../lib/server/realtime/flood_limit.ts";
import { MAX_REFUSED_MESSAGES, SocketLimits } from "../../lib/server/realtime/socket_limits.ts";
import { FINAL_CLOSE_CODES } from "../../lib/client/socket.ts";
import { WriteLane } from "../../kv/write_lane.ts";
import { Batcher } from "../../lib/server/realtime/batcher.ts";
import type { SearchProfile } from "../../kv/search_profile.ts";
import type { UserRecord } from "../../lib/shared/auth/types.ts";
import { dayKey } from "../../kv/hashtags.ts";
import { sleep } from "../helpers/time.ts";

const NOW = Date.UTC(2026, 10, 22, 12);

function profile(
  user: Partial<UserRecord> | null,
  init: Partial<SearchProfile> = {},
): SearchProfile {
  const record: UserRecord | null = user && {
    id: "u1",
    username: "alice",
    email: "alice@example.test",
    passwordHash: "x",
    role: "user",
    emailVerified: true,
    createdAt: "2026-01-01T00:00:00Z",
    displayName: "Alice",
    bio: "",
    location: "Warsaw, Poland",
    language: "en",
    faceBlurEnabled: true,
    hideExactLocation: false,
    notificationsEnabled: true,
    avatarUrl: null,
    tier: "free",
    invitedBy: null,
    invitationCode: null,
    ageConfirmedAt: "2026-01-01T00:00:00Z",
    ...user,
  } as UserRecord;
  return {
    user: { key: ["users", "u1"], value: record, versionstamp: record ? "01" : null },
    filters: { key: ["filters", "u1"], value: null, versionstamp: null },
    place: { key: ["location", "u1"], value: null, versionstamp: null },
    version: { key: ["search_version", "u1"], versionstamp: null },
    active: { key: ["mm", "active", "u1"], value: null, versionstamp: null },
    usage: { day: dayKey(NOW), count: 0, versionstamp: null },
    avoid: [],
    recent: [],
    ...init,
  } as SearchProfile;
}

const searcher = { peerId: "p".repeat(21), instanceId: "i1", connId: "c1" };
const find = { type: "find_match" as const };

Deno.test("ticketFor: a signed-out or deleted member, no location, or today's sessions used up are refused by code", () => {
  assert.equal(ticketFor(profile(null), searcher, find, NOW), "not_authenticated");
  assert.equal(
    ticketFor(profile({ deletedAt: "2026-11-01T00:00:00Z" }), searcher, find, NOW),
    "not_authenticated",
  );
  assert.equal(ticketFor(profile({ location: "  " }), searcher, find, NOW), "location_required");
  const used = { day: dayKey(NOW), count: 5, versionstamp: "02" };
  assert.equal(ticketFor(profile({}, { usage: used }), searcher, find, NOW), "session_limit");
  // Yesterday's count does not hold today; an unlimited plan has no limit.
  const yesterday = { day: dayKey(NOW - 86_400_000), count: 5, versionstamp: "02" };
  assert.equal(typeof ticketFor(profile({}, { usage: yesterday }), searcher, find, NOW), "object");
  assert.equal(
    typeof ticketFor(profile({ tier: "vip" }, { usage: used }), searcher, find, NOW),
    "object",
  );
});

Deno.test("ticketFor: an unverified email address is refused by its code, before a missing location", () => {
  assert.equal(
    ticketFor(profile({ emailVerified: false }), searcher, find, NOW),
    "email_unverified",
  );
  assert.equal(
    ticketFor(profile({ emailVerified: false, location: "" }), searcher, find, NOW),
    "email_unverified",
  );
  // Signed out (or banned) still comes out as signed out, whatever the address.
  assert.equal(
    ticketFor(
      profile({ emailVerified: false, deletedAt: "2026-11-01T00:00:00Z" }),
      searcher,
      find,
      NOW,
    ),
    "not_authenticated",
  );
  const ban = { reason: "spam", until: null, at: "2026-11-01T00:00:00Z", by: "admin" };
  assert.equal(
    ticketFor(profile({ emailVerified: false, ban }), searcher, find, NOW),
    "not_authenticated",
  );
  assert.equal(typeof ticketFor(profile({ emailVerified: true }), searcher, find, NOW), "object");
});

Deno.test("ticketFor: hashtags asked win over saved ones, deduplicated; a hidden location shows the country", () => {
  const t = ticketFor(
    profile({ hideExactLocation: true }),
    searcher,
    { type: "find_match", preferences: { hashtags: ["#Cats", "cats", "dogs"] } },
    NOW,
  );
  assert.ok(typeof t === "object");
  assert.deepEqual(t.hashtags, ["cats", "dogs"]);
  assert.equal(t.shownLocation, "Poland");
  assert.equal(t.enqueuedAt, NOW);
  assert.equal(t.connId, "c1");
  const shown = ticketFor(profile({}), searcher, find, NOW);
  assert.ok(typeof shown === "object");
  assert.equal(shown.shownLocation, "Warsaw, Poland");
});

Deno.test("FloodLimit: bursts of 60, then 30 a second; warned once a second; closed after 2,000 dropped", () => {
  const f = new FloodLimit(0);
  const verdicts = Array.from({ length: 62 }, () => f.take(0));
  assert.equal(verdicts.filter((v) => v === "allow").length, 60);
  assert.deepEqual(verdicts.slice(60), ["drop_and_warn", "drop"]);
  // A second later 30 more are allowed.
  const later = Array.from({ length: 31 }, () => f.take(1001));
  assert.equal(later.filter((v) => v === "allow").length, 30);
  assert.equal(later[30], "drop_and_warn");
  let last = "";
  for (let i = 0; i < 2000; i++) last = f.take(1001);
  assert.equal(last, "close");
});

Deno.test("WriteLane: at most its width under way, started in the order asked", async () => {
  const lane = new WriteLane(2);
  let running = 0, most = 0;
  const started: number[] = [];
  const gates: (() => void)[] = [];
  const jobs = [0, 1, 2, 3, 4].map((i) =>
    lane.run(async () => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      await new Promise<void>((go) => gates.push(go));
      running--;
      return i;
    })
  );
  while (started.length < 5) {
    await sleep(0);
    gates.shift()?.();
  }
  gates.forEach((g) => g());
  assert.deepEqual(await Promise.all(jobs), [0, 1, 2, 3, 4]);
  assert.deepEqual(started, [0, 1, 2, 3, 4]);
  assert.equal(most, 2);
});

Deno.test("Batcher: items handed in together share one write; each caller gets its own result", async () => {
  const writes: number[][] = [];
  const b = new Batcher<number, number>((items) => {
    writes.push(items);
    return Promise.resolve(items.map((n) => n * 2));
  }, 60_000);
  const results = Promise.all([b.put(1), b.put(2), b.put(3)]);
  await b.drain();
  assert.deepEqual(await results, [2, 4, 6]);
  assert.deepEqual(writes, [[1, 2, 3]]);
});

Deno.test("SocketLimits: refused messages close after the allowance; filter changes 5 then 1 per 2 s; each kind logged once", () => {
  const limits = new SocketLimits(0);
  for (let i = 0; i < MAX_REFUSED_MESSAGES; i++) assert.equal(limits.refusedMessage(), false);
  assert.equal(limits.refusedMessage(), true);
  for (let i = 0; i < 5; i++) assert.equal(limits.filterChange(0), true, `change ${i + 1}`);
  assert.equal(limits.filterChange(0), false);
  assert.equal(limits.filterChange(1_000), false, "half a token after a second");
  assert.equal(limits.filterChange(2_100), true, "one after two seconds");
  assert.equal(limits.filterChange(2_100), false);
  assert.equal(limits.firstOf("malformed"), true);
  assert.equal(limits.firstOf("malformed"), false);
  assert.equal(limits.firstOf("too_large"), true);
});

Deno.test("socket: the page does not reconnect after being signed out, replaced, or closed for a breach", () => {
  for (const code of [4401, 4409, 1008, 1009]) assert.ok(FINAL_CLOSE_CODES.has(code), String(code));
  for (const code of [1001, 1006, 1011, 1013]) assert.equal(FINAL_CLOSE_CODES.has(code), false);
});
