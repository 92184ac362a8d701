// The clip recorder's state (/camera): the camera with face blur as the member set it, and the
// recording (idle, recording, done), its seconds and the finished clip; downloading and sharing a
// clip. Everything stays on this device until the member shares it.
import { useEffect, useRef, useState } from "react";
import { toast } from "./toast.ts";
import { cameraErrorText, openCamera } from "./camera_access.ts";
import { type BlurAssets, protectCamera, type ProtectedCamera } from "./privacy/stream.ts";
import { type BlurView, blurView } from "./privacy/status_text.ts";
import { type CameraFlip, useCameraFlip } from "./camera_flip.ts";
import { CAMERA_NEEDS, type Need } from "../shared/cannot_call.ts";
import { useMissingNeeds } from "./use_capabilities.ts";
import { tr } from "../shared/i18n/messages.ts";
import type live from "../shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

export type RecorderState = "idle" | "recording" | "done";

export interface Clip {
  url: string;
  blob: Blob;
}

function pickType(): string {
  for (const t of ["video/webm;codecs=vp9,opus", "video/webm;codecs=vp8,opus", "video/webm"]) {
    if (typeof MediaRecorder !== "undefined" && MediaRecorder.isTypeSupported(t)) return t;
  }
  return "video/webm";
}

export interface RecorderCamera {
  camera: ProtectedCamera | null;
  stream: MediaStream | null;
  /** Why the camera did not open (null: it did, or is opening). */
  error: string | null;
  blur: BlurView;
  flip: CameraFlip;
  /** What this browser lacks for the camera (once settled: hydration keeps the server's markup). */
  missing: Need[];
}

/**
 * The recorder's camera, blurred when the member's face blur is on. What this browser lacks for
 * the camera (a secure page, the camera API) is said instead of an obscure camera error, and no
 * camera is asked for.
 */
export function useRecorderCamera(
  faceBlurEnabled: boolean,
  blurAssets: BlurAssets,
): RecorderCamera {
  const [camera, setCamera] = useState<ProtectedCamera | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [blur, setBlur] = useState<BlurView>(faceBlurEnabled ? "starting" : "off");
  const flip = useCameraFlip(camera);
  const needs = useMissingNeeds(CAMERA_NEEDS);

  useEffect(() => {
    if (!camera) return;
    setBlur(blurView(camera.blurred, camera.status()));
    return camera.onStatus((st) => setBlur(blurView(camera.blurred, st)));
  }, [camera]);

  useEffect(() => {
    if (needs.missing.length) return;
    let gone = false;
    let opened: ProtectedCamera | null = null;
    openCamera()
      .then((raw) => protectCamera(raw, { blur: faceBlurEnabled, assets: blurAssets }))
      .then((c) => {
        opened = c;
        if (gone) c.stop();
        else setCamera(c);
      })
      .catch((err) => setError(cameraErrorText(err)));
    return () => {
      gone = true;
      opened?.stop();
    };
  }, []);

  return {
    camera,
    stream: camera?.stream ?? null,
    error,
    blur,
    flip,
    missing: needs.settled ? needs.missing : [],
  };
}

export interface ClipRecording {
  state: RecorderState;
  clip: Clip | null;
  /** Whole seconds recorded so far. */
  elapsed: number;
  start(): void;
  stop(): void;
  /** Back to the camera for another clip. */
  again(): void;
}

/** Records `stream` into a clip of up to `maxSeconds`, which stops itself at the limit. */
export function useClipRecording(stream: MediaStream | null, maxSeconds: number): ClipRecording {
  const [state, setState] = useState<RecorderState>("idle");
  const [clip, setClip] = useState<Clip | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);

  function start() {
    if (!stream) {
      toast({ title: t("cameraNotReady"), variant: "destructive" });
      return;
    }
    try {
      const chunks: Blob[] = [];
      const rec = new MediaRecorder(stream, { mimeType: pickType() });
      rec.ondataavailable = (e) => e.data.size && chunks.push(e.data);
      rec.onstop = () => {
        clearInterval(timer.current);
        const blob = new Blob(chunks, { type: "video/webm" });
        setClip((old) => {
          if (old) URL.revokeObjectURL(old.url);
          return { url: URL.createObjectURL(blob), blob };
        });
        setState("done");
      };
      rec.start(1000);
      recorder.current = rec;
      const began = Date.now();
      setElapsed(0);
      timer.current = setInterval(() => {
        const s = Math.floor((Date.now() - began) / 1000);
        setElapsed(s);
        if (s >= maxSeconds && rec.state === "recording") rec.stop(); // stops itself at 30 s
      }, 250);
      setState("recording");
    } catch {
      toast({ title: t("recordError"), variant: "destructive" });
    }
  }

  return {
    state,
    clip,
    elapsed,
    start,
    stop() {
      if (recorder.current?.state === "recording") recorder.current.stop();
    },
    again: () => setState("idle"),
  };
}

/** Saves the clip as a file named after the time. */
export function downloadClip(clip: Clip) {
  const a = document.createElement("a");
  a.href = clip.url;
  a.download = `glimpse-pov-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}.webm`;
  a.click();
}

/** Shares the clip where the browser can share files, else downloads it. */
export async function shareClip(clip: Clip) {
  const file = new File([clip.blob], "glimpse-pov.webm", { type: "video/webm" });
  if (navigator.canShare?.({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: t("shareTitle") });
      return;
    } catch (err) {
      if (err instanceof DOMException && err.name === "AbortError") return;
    }
  }
  downloadClip(clip); // sharing falls back to download
}
