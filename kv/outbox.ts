// The outbox email provider's messages: kept a week, listed newest first at /dev/outbox.
import { keys } from "./keys.ts";
import type { StoredEmail } from "../lib/shared/email.ts";

const OUTBOX_TTL_MS = 7 * 24 * 3600_000;

export async function storeEmail(kv: Deno.Kv, email: StoredEmail) {
  await kv.set(keys.outbox(email.id), email, { expireIn: OUTBOX_TTL_MS });
}

/** The newest `limit` messages, newest first (ids are time-ordered). */
export async function listOutbox(kv: Deno.Kv, limit = 100): Promise<StoredEmail[]> {
  const out: StoredEmail[] = [];
  const iter = kv.list<StoredEmail>({ prefix: keys.outboxPrefix() }, { reverse: true, limit });
  for await (const e of iter) out.push(e.value);
  return out;
}
