// Flip camera on /camera: whether the device has another camera, which way the current one
// faces, and the flip itself (the other camera replaces this one in the protected stream, so
// face blur and a recording in progress follow it at once).
import { useEffect, useState } from "react";
import { isPov } from "./peer.ts";
import { cameraCount } from "./camera_access.ts";
import { switchCamera } from "./camera_switch.ts";
import type { ProtectedCamera } from "./privacy/stream.ts";
import { toast } from "./toast.ts";
import { tr } from "../shared/i18n/messages.ts";
import type live from "../shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

export interface CameraFlip {
  /** How many cameras the device has (the button shows with more than one). */
  cameras: number;
  /** Whether the camera faces away from the member (a POV): the preview is mirrored if not. */
  pov: boolean;
  flipping: boolean;
  flip(): Promise<void>;
}

export function useCameraFlip(camera: ProtectedCamera | null): CameraFlip {
  const [cameras, setCameras] = useState(0);
  const [pov, setPov] = useState(false);
  const [flipping, setFlipping] = useState(false);

  useEffect(() => {
    if (!camera) return;
    setPov(isPov(camera.stream));
    const count = () => cameraCount().then(setCameras);
    count();
    navigator.mediaDevices.addEventListener?.("devicechange", count);
    return () => navigator.mediaDevices.removeEventListener?.("devicechange", count);
  }, [camera]);

  const flip = async () => {
    if (!camera || flipping) return;
    setFlipping(true);
    try {
      await switchCamera(camera, { failText: t("flipFailed") });
      setPov(isPov(camera.stream));
    } catch {
      toast({ title: t("flipFailed"), variant: "destructive" });
    } finally {
      setFlipping(false);
    }
  };
  return { cameras, pov, flipping, flip };
}
