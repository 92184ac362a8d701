// /profile's picture: the avatar (or the initials) and the button that uploads a new one, resized
// to 256 px on the device first.
import type { JSX } from "react";
import { postJson } from "../../lib/client/api.ts";
import { resizeImage } from "../../lib/client/image.ts";
import { toast } from "../../lib/client/toast.ts";
import type { PublicUser } from "../../lib/shared/auth/types.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type profile from "../../lib/shared/i18n/catalog/profile/en.ts";

const t = tr<typeof profile>("profile");

export interface AvatarEditorProps {
  user: PublicUser;
  /** The picture shown: the stored one, or one on this device only when its upload failed. */
  avatar: string | null;
  setAvatar(avatar: string): void;
}

export function AvatarEditor({ user, avatar, setAvatar }: AvatarEditorProps) {
  async function onAvatar(e: JSX.TargetedEvent<HTMLInputElement>) {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = "";
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      toast({ title: t("notImage"), variant: "destructive" });
      return;
    }
    let blob: Blob;
    try {
      blob = await resizeImage(file, 256);
    } catch {
      toast({ title: t("notImage"), variant: "destructive" });
      return;
    }
    const form = new FormData();
    form.append("avatar", blob, "avatar.webp");
    try {
      const { avatarUrl } = await postJson<{ avatarUrl: string }>("/api/user/avatar", form);
      setAvatar(avatarUrl);
      toast({ title: t("profileUpdated"), variant: "success" });
    } catch {
      // The picture stays visible on this device even though the upload failed.
      setAvatar(await blobToDataUrl(blob));
      toast({ title: t("avatarFailed"), variant: "destructive" });
    }
  }

  const initials = (user.displayName || user.username).slice(0, 2).toUpperCase();
  return (
    <div class="avatar-row">
      {avatar
        ? <img class="avatar" src={avatar} alt={t("avatarAlt")} width={72} height={72} />
        : <span class="avatar avatar-initials" aria-hidden="true">{initials}</span>}
      <label class="button button-secondary button-small avatar-button">
        {t("changeAvatar")}
        <input type="file" accept="image/*" class="sr-only" onChange={onAvatar} />
      </label>
    </div>
  );
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}
