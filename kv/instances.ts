// Instance liveness: each running instance keeps a key (keys.rtInstance) holding the time of its
// last beat, with a short expiry. An instance whose key is gone or stale is dead: its searchers
// are never handed to anyone and its matches' sides count as disconnected (see
// docs/realtime.md, "Instances").
import { keys } from "./keys.ts";

export async function beat(kv: Deno.Kv, instanceId: string, ttlMs: number, now = Date.now()) {
  await kv.set(keys.rtInstance(instanceId), now, { expireIn: ttlMs });
}

/** Leaves at once (a clean stop): others need not wait for the expiry. */
export async function leave(kv: Deno.Kv, instanceId: string) {
  await kv.delete(keys.rtInstance(instanceId));
}

/** The instances that beat within `ttlMs` (KV may keep an expired key for a while). */
export async function liveInstances(
  kv: Deno.Kv,
  ttlMs: number,
  now = Date.now(),
): Promise<Set<string>> {
  const out = new Set<string>();
  for await (const e of kv.list<number>({ prefix: keys.rtInstancesPrefix() })) {
    if (now - e.value < ttlMs) out.add(String(e.key[2]));
  }
  return out;
}
