// Profile pictures: the browser resizes a picture to at most 60 KB; the server keeps it only when
// it really is a PNG, JPEG, WebP or GIF (its first bytes agree with its declared type).
import { putAvatar } from "../../../kv/avatars.ts";
import { updateUser } from "../../../kv/users.ts";
import { said } from "../../shared/i18n/said.ts";
import { AccountError } from "./accounts.ts";

export const AVATAR_MAX_BYTES = 60 * 1024;
const AVATAR_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);
/** The refusal of a picture over AVATAR_MAX_BYTES (the upload's own limit says the same). */
export const AVATAR_TOO_LARGE = said("auth.avatarTooLarge");
const NOT_IMAGE = said("profile.notImage");

/** Stores a member's new picture and points their record at it; returns the new URL. */
export async function saveAvatar(kv: Deno.Kv, userId: string, file: File): Promise<string> {
  if (!AVATAR_TYPES.has(file.type)) throw new AccountError(NOT_IMAGE);
  if (file.size > AVATAR_MAX_BYTES) throw new AccountError(AVATAR_TOO_LARGE, 413);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!looksLikeImage(bytes, file.type)) throw new AccountError(NOT_IMAGE);
  const version = Date.now().toString(36);
  const avatarUrl = `/avatars/${userId}?v=${version}`;
  await putAvatar(kv, userId, { type: file.type, bytes, version });
  const result = await updateUser(kv, userId, (u) => ({ ...u, avatarUrl }));
  if (!result.ok) throw new AccountError(said("auth.notLoggedIn"), 401);
  return avatarUrl;
}

/** Checks the file's magic bytes agree with its declared image type. */
function looksLikeImage(b: Uint8Array, type: string): boolean {
  const starts = (...sig: number[]) => sig.every((v, i) => b[i] === v);
  switch (type) {
    case "image/png":
      return starts(0x89, 0x50, 0x4e, 0x47);
    case "image/jpeg":
      return starts(0xff, 0xd8, 0xff);
    case "image/gif":
      return starts(0x47, 0x49, 0x46, 0x38);
    case "image/webp":
      return starts(0x52, 0x49, 0x46, 0x46) && b[8] === 0x57 && b[9] === 0x45;
    default:
      return false;
  }
}
