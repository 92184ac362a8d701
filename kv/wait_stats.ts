// How long recent searches waited, by kind of filter: each instance publishes its own searches'
// waits (one record, replaced every few seconds while it has new ones, gone when not renewed), and
// any instance reads them all for the search screen's estimate (lib/shared/waiting.ts).
import { keys } from "./keys.ts";
import type { WaitSample } from "../lib/shared/waiting.ts";

/** One instance's samples, by kind of filter (a location preference). */
export type WaitSamples = Record<string, WaitSample[]>;

/** Replaces this instance's samples; they expire `ttlMs` later unless published again. */
export async function publishWaits(
  kv: Deno.Kv,
  instanceId: string,
  samples: WaitSamples,
  ttlMs: number,
): Promise<void> {
  await kv.set(keys.mmWaits(instanceId), samples, { expireIn: ttlMs });
}

/** Every instance's samples, merged by kind. */
export async function readWaits(kv: Deno.Kv): Promise<WaitSamples> {
  const out: WaitSamples = {};
  for await (const e of kv.list<WaitSamples>({ prefix: keys.mmWaitsPrefix() })) {
    for (const [kind, list] of Object.entries(e.value ?? {})) {
      if (Array.isArray(list)) (out[kind] ??= []).push(...list);
    }
  }
  return out;
}
