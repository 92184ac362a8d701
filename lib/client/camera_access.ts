// Opening the camera for a call or a clip: the rear camera at the member's plan's size, else any
// camera; how many cameras the device has; why a camera did not open, in the page's language.
import { MEDIA_PROFILES, type MediaProfile } from "../shared/constants.ts";
import { tr } from "../shared/i18n/messages.ts";
import type live from "../shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

/**
 * Rear camera, ideally at the profile's size and frame rate (the member's plan), with audio; if
 * that fails, any camera. The sender scales a larger picture down (encodingFor).
 */
export async function openCamera(profile: MediaProfile = MEDIA_PROFILES.hd): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia({
      video: {
        facingMode: { ideal: "environment" },
        width: { ideal: profile.maxWidth },
        height: { ideal: profile.maxHeight },
        frameRate: { ideal: profile.maxFrameRate },
      },
      audio: true,
    });
  } catch (first) {
    if (first instanceof DOMException && first.name === "NotAllowedError") throw first;
    return await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
  }
}

/** How many cameras this device has (0 before the member allowed camera access, in some browsers). */
export async function cameraCount(): Promise<number> {
  try {
    const devices = await navigator.mediaDevices.enumerateDevices();
    return devices.filter((d) => d.kind === "videoinput").length;
  } catch {
    return 0;
  }
}

/** Why the camera did not open, in the page's language. */
export function cameraErrorText(err: unknown): string {
  if (err instanceof DOMException) {
    if (err.name === "NotAllowedError" || err.name === "SecurityError") return t("cameraDenied");
    if (err.name === "NotFoundError" || err.name === "OverconstrainedError") return t("noCamera");
  }
  return t("cameraError", { message: err instanceof Error ? err.message : String(err) });
}
