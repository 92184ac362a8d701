// Instance liveness: each running instance keeps a key (keys.rtInstance) that it rewrites every
// beat. Another instance judges it by that key changing, as seen on its own clock, never by
// comparing the time written in it with its own (docs/realtime.md, "Instances" and "Clocks").
import { keys } from "./keys.ts";
import { CLOCK_SKEW_TOLERANCE_MS } from "../lib/shared/realtime/clock.ts";

/** One instance's last beat as stored: the writer's time, and the commit that wrote it. */
export interface Beat {
  /** The writer's clock at the beat (ms): a hint only, its clock may differ from the reader's. */
  at: number;
  versionstamp: string;
}

/**
 * Beats. The expiry only collects a dead instance's key: KV deletes a key once its expiry has
 * passed by the clock of whoever tidies the store (on a local file, any process that opened it;
 * tried here: a key written 10 s behind with 3 s to live was gone for a reader at once), so a key
 * expiring with the liveness window would vanish for instances whose clock is ahead of the
 * writer's; it lives the window and twice the clock tolerance.
 */
export async function beat(kv: Deno.Kv, instanceId: string, ttlMs: number, now = Date.now()) {
  await kv.set(keys.rtInstance(instanceId), now, {
    expireIn: ttlMs + 2 * CLOCK_SKEW_TOLERANCE_MS,
  });
}

/** Leaves at once (a clean stop): others need not wait for the key to stop changing. */
export async function leave(kv: Deno.Kv, instanceId: string) {
  await kv.delete(keys.rtInstance(instanceId));
}

/** Every instance's last beat, by instance id. */
export async function instanceBeats(kv: Deno.Kv): Promise<Map<string, Beat>> {
  const out = new Map<string, Beat>();
  for await (const e of kv.list<number>({ prefix: keys.rtInstancesPrefix() })) {
    out.set(String(e.key[2]), { at: e.value, versionstamp: e.versionstamp });
  }
  return out;
}
