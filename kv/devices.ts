// The browsers a member has signed in with, each by the SHA-256 of its device cookie (a random
// value the browser keeps, never the User-Agent): a sign-in from a browser not listed is one the
// member is mailed about. Each entry lasts a year after its last sign-in, and goes with the account.
import { keys } from "./keys.ts";

export const KNOWN_DEVICE_TTL_MS = 365 * 24 * 3600_000;

/** What noteDevice found: the browser was listed, new to an account that had others, or the first. */
export type DeviceNews = "known" | "new" | "first";

/**
 * Lists the browser for the member (again: its year starts afresh) and tells whether it was listed
 * before, and whether it is the account's first browser.
 */
export async function noteDevice(
  kv: Deno.Kv,
  userId: string,
  deviceHash: string,
): Promise<DeviceNews> {
  const key = keys.knownDevice(userId, deviceHash);
  const known = (await kv.get(key)).versionstamp !== null;
  let news: DeviceNews = "known";
  if (!known) {
    let others = false;
    for await (const _ of kv.list({ prefix: keys.knownDevicesPrefix(userId) }, { limit: 1 })) {
      others = true;
    }
    news = others ? "new" : "first";
  }
  await kv.set(key, { lastSignInAt: Date.now() }, { expireIn: KNOWN_DEVICE_TTL_MS });
  return news;
}

/** Forgets every browser of a member (their account is deleted). */
export async function forgetDevices(kv: Deno.Kv, userId: string) {
  for await (const e of kv.list({ prefix: keys.knownDevicesPrefix(userId) })) {
    await kv.delete(e.key);
  }
}
