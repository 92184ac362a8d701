// A session made on an instance whose clock is ahead reaches its end early by this one's clock:
// it stays valid for the clock tolerance past its expiry (the token's and the record's), and no
// longer.
import assert from "node:assert/strict";
import { loadConfig } from "../../lib/server/config.ts";
import { Sessions } from "../../lib/server/auth/session.ts";
import { keys } from "../../kv/keys.ts";
import type { SessionRecord } from "../../kv/sessions.ts";
import { MemberFactory } from "../helpers/realtime_members.ts";
import { CLOCK_SKEW_TOLERANCE_MS } from "../../lib/shared/realtime/clock.ts";

Deno.test("clock leeway: a session past its end by less than the tolerance is valid, not beyond", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const config = loadConfig({
      APP_ENV: "test",
      KV_PATH: ":memory:",
      SESSION_SECRET: "x".repeat(48),
    });
    const sessions = await Sessions.create(kv, config);
    const member = await (await MemberFactory.forKv(kv, "http://127.0.0.1", "x".repeat(48)))
      .create();
    const sessionEndedAgo = async (ms: number) => {
      const now = Date.now();
      const record: SessionRecord = {
        sid: crypto.randomUUID(),
        userId: member.id,
        createdAt: now - 3_600_000,
        expiresAt: now - ms,
      };
      await kv.set(keys.session(record.sid), record);
      return await sessions.resolve(await sessions.token(record));
    };
    // The instance that made it runs 10 s ahead: by this clock it ended 10 s ago.
    assert.equal((await sessionEndedAgo(10_000))?.user.id, member.id, "valid within the leeway");
    assert.equal(await sessionEndedAgo(CLOCK_SKEW_TOLERANCE_MS + 5_000), null, "over, past it");
  } finally {
    kv.close();
  }
});
