// Flip camera's camera switch, a module of its own: the live page imports it only when the
// member taps Flip camera, so its script stays within its budget. Built as its own bundle, it
// shares no module state with the page's (it reads the camera through ProtectedCamera).
import { MEDIA_PROFILES, type MediaProfile } from "../shared/constants.ts";
import type { ProtectedCamera } from "./privacy/stream.ts";
import { toast } from "./toast.ts";

/**
 * Flips `camera` to the device's other camera (see openOtherCamera): the new track replaces the
 * camera's in what is shown, blurred and recorded, and a toast (`failText`) says so when the other
 * camera could not open. Returns the video track to send now (face blur's unchanged canvas track,
 * or the new camera), or null when there was nothing to flip or the page went away meanwhile.
 */
export async function switchCamera(
  camera: ProtectedCamera,
  opts: {
    profile?: MediaProfile;
    videoOn?: boolean;
    gone?: () => boolean;
    /**
     * The toast's text when the other camera could not open, in the page's language (this bundle
     * has no messages of its own).
     */
    failText: string;
  },
): Promise<MediaStreamTrack | null> {
  const old = camera.cameraTrack();
  if (!old) return null;
  const { track, flipped } = await openOtherCamera(old, opts.profile);
  if (opts.gone?.()) {
    track.stop();
    return null;
  }
  track.enabled = opts.videoOn ?? true;
  camera.replaceVideo(track);
  if (!flipped) toast({ title: opts.failText, variant: "destructive" });
  return camera.stream.getVideoTracks()[0];
}

/**
 * Opens the device's other camera (rear ↔ front) in place of `current`, which is stopped first:
 * iOS keeps one camera open at a time, and a second request would end the first stream. Asks by
 * facing mode when the current camera says which way it faces, else takes the next camera in the
 * device list. If the other camera cannot open, the one before is opened again (`flipped` false);
 * throws only when neither opens.
 */
export async function openOtherCamera(
  current: MediaStreamTrack,
  profile: MediaProfile = MEDIA_PROFILES.hd,
): Promise<{ track: MediaStreamTrack; flipped: boolean }> {
  const { facingMode, deviceId } = current.getSettings();
  const cameras = (await navigator.mediaDevices.enumerateDevices())
    .filter((d) => d.kind === "videoinput" && d.deviceId);
  const at = cameras.findIndex((d) => d.deviceId === deviceId);
  const next = cameras.length > 1 ? cameras[(at + 1) % cameras.length] : null;
  const size = {
    width: { ideal: profile.maxWidth },
    height: { ideal: profile.maxHeight },
    frameRate: { ideal: profile.maxFrameRate },
  };
  const open = async (video: MediaTrackConstraints) =>
    (await navigator.mediaDevices.getUserMedia({ video: { ...size, ...video } }))
      .getVideoTracks()[0];
  current.stop();
  const tries: MediaTrackConstraints[] = [];
  if (facingMode === "environment" || facingMode === "user") {
    tries.push({ facingMode: { exact: facingMode === "user" ? "environment" : "user" } });
  }
  if (next) tries.push({ deviceId: { exact: next.deviceId } });
  for (const constraints of tries) {
    try {
      const track = await open(constraints);
      if (track.getSettings().deviceId !== deviceId || !deviceId) return { track, flipped: true };
      track.stop(); // the same camera again: try the next way
    } catch {
      // This way found no other camera: the next way, or the camera the member had.
    }
  }
  // Back to the camera the member had (the call goes on with it).
  const track = await open(deviceId ? { deviceId: { exact: deviceId } } : {});
  return { track, flipped: false };
}
