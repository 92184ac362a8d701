// The session's camera: opening it (once, face blur over it), the media profile it sends at,
// this member's Mute and Camera off switches, and the flip to the other camera.
import { CAMERA_OF, isPov, type MediaSwitches } from "../peer.ts";
import { cameraCount, cameraErrorText, openCamera } from "../camera_access.ts";
import type { MediaProfile } from "../../shared/constants.ts";
import { protectCamera } from "../privacy/stream.ts";
import { blurView as viewOf } from "../privacy/status_text.ts";
import { matchedPhase } from "../call_state.ts";
import { apply, type Session } from "./core.ts";
import { tr } from "../../shared/i18n/messages.ts";
import type live from "../../shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

/**
 * Face blur's detector (a second of wasm and model loading on a phone's CPU) waits while a call
 * is being set up: until the partner's video is past its first check (see noteVideoChecked),
 * the call ends, or the search has gone on this long without a match. The fixed band covers the
 * frames meanwhile. Measured with bench/live: loading it at once made Start → partner video 0.6 s
 * slower on two cores; loading it at the partner's first frame held the shield's first verdict
 * (the partner's video stays blurred until then) behind it.
 */
const DETECTOR_QUIET_MS = 3_000;
type CameraSwitch = typeof import("../camera_switch.ts");

/** One camera request at a time: a second caller waits for the first request's answer. */
export function startCamera(s: Session): Promise<void> {
  if (s.state.camera.stream) return Promise.resolve();
  s.opening ??= (async () => {
    try {
      const raw = await openCamera(s.media);
      // A camera that opens after the provider is gone is let go at once, not left running.
      if (s.gone) {
        raw.getTracks().forEach((t) => t.stop());
        return;
      }
      const camera = await protectCamera(raw, {
        blur: s.blur.enabled,
        assets: s.blur.assets,
        detectorAfter: s.detector.opened,
      });
      // A search that goes on this long leaves the device idle: the detector loads meanwhile.
      setTimeout(() => {
        if (!matchedPhase(s.state)) s.detector.open();
      }, DETECTOR_QUIET_MS);
      if (s.gone) {
        camera.stop();
        return;
      }
      s.camera = camera;
      camera.onStatus((st) => s.view.blur(viewOf(camera.blurred, st)));
      s.view.blur(viewOf(camera.blurred, camera.status()));
      s.view.pov(isPov(camera.stream));
      cameraCount().then(s.view.cameras);
      navigator.mediaDevices.addEventListener?.(
        "devicechange",
        () => cameraCount().then(s.view.cameras),
      );
      applySwitches(camera.stream, s.switches);
      apply(s, { type: "camera_ready", stream: camera.stream, blurred: camera.blurred });
    } catch (err) {
      apply(s, { type: "camera_failed", text: cameraErrorText(err) });
    } finally {
      s.opening = null;
    }
  })();
  return s.opening;
}

/**
 * Takes the server's media profile for this match: a camera already open at another one (the
 * plan changed since the page loaded) is asked for the new size; the link caps what is sent.
 */
export function takeProfile(s: Session, profile: MediaProfile | undefined) {
  if (!profile || sameProfile(profile, s.media)) return;
  s.media = profile;
  const stream = s.state.camera.stream;
  const raw = (stream && CAMERA_OF.get(stream)) ?? stream;
  raw?.getVideoTracks()[0]?.applyConstraints({
    facingMode: { ideal: "environment" },
    width: { ideal: profile.maxWidth },
    height: { ideal: profile.maxHeight },
    frameRate: { ideal: profile.maxFrameRate },
  }).catch(() => {});
}

/** Turns this member's microphone or camera off or on, and tells the partner's page. */
export function setSwitches(s: Session, next: MediaSwitches) {
  s.switches = next;
  s.view.switches(next);
  applySwitches(s.state.camera.stream, next);
  s.link?.setSwitches(next);
}

/** Rear ↔ front, one flip at a time (see SessionContextValue.flipCamera). */
export async function flipCamera(s: Session) {
  const camera = s.camera;
  if (!camera || s.flipping) return;
  s.flipping = true;
  s.view.flipping(true);
  try {
    const { switchCamera } = await import(s.blur.assets.cameraSwitch) as CameraSwitch;
    const sent = await switchCamera(camera, {
      profile: s.media,
      videoOn: s.switches.video,
      gone: () => s.gone,
      failText: t("flipFailed"),
    });
    if (sent) await s.link?.cameraChanged(sent);
    s.view.pov(isPov(camera.stream));
  } catch (err) {
    apply(s, { type: "camera_failed", text: cameraErrorText(err) });
  } finally {
    s.flipping = false;
    s.view.flipping(false);
  }
}

/** Mute and Camera off: the tracks stay (no renegotiation), sending silence and black. */
function applySwitches(stream: MediaStream | null, switches: MediaSwitches) {
  stream?.getAudioTracks().forEach((t) => (t.enabled = switches.audio));
  stream?.getVideoTracks().forEach((t) => (t.enabled = switches.video));
}

const sameProfile = (a: MediaProfile, b: MediaProfile) =>
  a.maxWidth === b.maxWidth && a.maxHeight === b.maxHeight &&
  a.maxFrameRate === b.maxFrameRate && a.maxBitrateKbps === b.maxBitrateKbps;
