// What a refused request must leave as it was: every KV entry as one line (key and versionstamp),
// compared before and after.
import { isSettleMark, queueSettled } from "../../lib/server/jobs.ts";

/**
 * Every KV entry but those under the top-level prefixes `skip` (by default presence and
 * rate-limit counters, which move with any request; they are not what a request stores), once
 * the queue has settled: a mail that an earlier, accepted request queued is stored before the
 * dump, not counted against the refused request that follows. `kv` is a running server's, whose
 * queue listener answers the settle mark; `settle: false` for a store another process serves (a
 * watch sees only its own process's writes). The mark's own traces are left out: its answer,
 * its job while the job table finishes it, and the table's wake-up counter.
 */
export async function kvDump(
  kv: Deno.Kv,
  skip: readonly string[] = ["presence", "rate_limits"],
  { settle = true }: { settle?: boolean } = {},
): Promise<string[]> {
  if (settle) await queueSettled(kv);
  skip = [...skip, "queue_settled", "jobs_signal"];
  const out: string[] = [];
  for await (const e of kv.list({ prefix: [] })) {
    if (skip.includes(String(e.key[0]))) continue;
    if (e.key[0] === "jobs" && isSettleMark((e.value as { message?: unknown })?.message)) continue;
    out.push(`${JSON.stringify(e.key)} ${e.versionstamp}`);
  }
  return out;
}
