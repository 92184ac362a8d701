// What a refused request must leave as it was: every KV entry as one line (key and versionstamp),
// compared before and after.

/**
 * Every KV entry but those under the top-level prefixes `skip` (by default presence and
 * rate-limit counters, which move with any request; they are not what a request stores).
 */
export async function kvDump(
  kv: Deno.Kv,
  skip: readonly string[] = ["presence", "rate_limits"],
): Promise<string[]> {
  const out: string[] = [];
  for await (const e of kv.list({ prefix: [] })) {
    if (skip.includes(String(e.key[0]))) continue;
    out.push(`${JSON.stringify(e.key)} ${e.versionstamp}`);
  }
  return out;
}
