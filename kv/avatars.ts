// Profile pictures: the bytes of each member's avatar, as uploaded (at most 60 KB after resizing,
// well inside a KV value's 64 KiB).
import { keys } from "./keys.ts";

export interface StoredAvatar {
  type: string;
  bytes: Uint8Array;
  /** Changes with every upload; the avatar URL carries it, so caches see a new picture. */
  version: string;
}

export async function putAvatar(kv: Deno.Kv, userId: string, avatar: StoredAvatar) {
  await kv.set(keys.avatar(userId), avatar);
}

export async function getAvatar(kv: Deno.Kv, userId: string): Promise<StoredAvatar | null> {
  return (await kv.get<StoredAvatar>(keys.avatar(userId))).value;
}

export async function deleteAvatar(kv: Deno.Kv, userId: string) {
  await kv.delete(keys.avatar(userId));
}
