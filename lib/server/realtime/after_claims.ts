// Work a search causes that waits for the claims under way, so that a burst's pairing goes first:
// counting the hashtags searched with, and reading whether the searchers' sessions are still
// alive. Each is a batch (batcher.ts) that the hub feeds.
import { countHashtagUses } from "../../../kv/hashtags.ts";
import { PATIENT_RETRY, retrying } from "../../../kv/retry.ts";
import { sessionsAlive } from "../../../kv/sessions.ts";
import { Batcher } from "./batcher.ts";
import type { Matcher } from "./matcher.ts";
import type { Ticket } from "./rules.ts";

/** How long the session checks of a burst's searches wait at most for the claims under way. */
const SESSIONS_WAIT_MS = 5_000;
/** How long counting the hashtags searched with waits at most for the claims under way. */
const HASHTAGS_WAIT_MS = 10_000;

/**
 * The hashtags searched with, for the popular hashtags: each member once a day, after the fact,
 * and after the claims under way (a burst's pairing goes first; its searches' hashtags follow).
 */
export function hashtagUseBatch(kv: Deno.Kv, matcher: () => Matcher): Batcher<Ticket, void> {
  return new Batcher<Ticket, void>(async (batch) => {
    await matcher().quiet(HASHTAGS_WAIT_MS);
    await countHashtagUses(
      kv,
      batch.map((t) => ({ userId: t.userId, hashtags: t.hashtags, continent: t.me.continent })),
      // After a burst, instances on one file count at once and lock each other out: patiently.
      (fn) => retrying(fn, PATIENT_RETRY),
    );
    return batch.map(() => undefined);
  }, 1_000);
}

/**
 * Whether sessions are still alive, read together, after the claims under way: a burst of 10,000
 * searches reads 10,000 sessions, 1,000 reads that would otherwise queue at the KV ahead of the
 * burst's first claims (~1.7 s). A session found ended then ends the match it made at once, as it
 * does when the read finishes after a quick pairing.
 */
export function sessionCheckBatch(kv: Deno.Kv, matcher: () => Matcher): Batcher<string, boolean> {
  return new Batcher<string, boolean>(async (sids) => {
    await matcher().quiet(SESSIONS_WAIT_MS);
    return await retrying(() => sessionsAlive(kv, sids));
  }, 5);
}
