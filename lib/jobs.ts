// Background work of a server instance: the KV queue listener for scheduled account purges, and
// an hourly sweep that any instance may run (idempotent): purges whose queue message was lost,
// and hashtag-use counters older than the 7 days the map shows.
import { isPurgeMessage, purgeAccount, purgeSweep } from "./auth/deletion.ts";
import { sweepHashtagUse } from "../kv/hashtags.ts";
import { listenQueue } from "../kv/queue.ts";

const SWEEP_EVERY_MS = 3600_000;

export function startJobs(kv: Deno.Kv): () => void {
  listenQueue(kv, async (msg) => {
    if (isPurgeMessage(msg)) await purgeAccount(kv, msg.userId);
  }).catch((err) => console.error("queue listener stopped:", err));
  const sweep = () =>
    Promise.all([
      purgeSweep(kv).catch((err) => console.error("purge sweep failed:", err)),
      sweepHashtagUse(kv).catch((err) => console.error("hashtag sweep failed:", err)),
    ]);
  sweep();
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  return () => clearInterval(timer);
}
