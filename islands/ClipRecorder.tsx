import { useEffect, useRef, useState } from "react";
import { toast } from "../client/toast.ts";
import { cameraErrorText, openCamera } from "../client/peer.ts";
import { type BlurAssets, protectCamera, type ProtectedCamera } from "../client/privacy/stream.ts";
import {
  blurDetail,
  type BlurView,
  blurView,
  wholeCovered,
} from "../client/privacy/status_text.ts";
import { WholeBlurBadge } from "../components/live/VideoTile.tsx";
import { useCameraFlip } from "../client/camera_flip.ts";
import { LIVE_TEXT } from "../client/live_rules.ts";
import { CAMERA_NEEDS, CANNOT_CALL_TEXT, cannotCallLine } from "../client/capabilities.ts";
import { useMissingNeeds } from "../client/use_capabilities.ts";

export interface ClipRecorderProps {
  maxSeconds: number;
  /** The member's face blur setting: when on, clips are recorded from the blurred video. */
  faceBlurEnabled: boolean;
  blurAssets: BlurAssets;
}

type State = "idle" | "recording" | "done";

const RECORD_ERROR = "Could not start recording. Please try again.";

function pickType(): string {
  for (const t of ["video/webm;codecs=vp9,opus", "video/webm;codecs=vp8,opus", "video/webm"]) {
    if (typeof MediaRecorder !== "undefined" && MediaRecorder.isTypeSupported(t)) return t;
  }
  return "video/webm";
}

/** The 30-second POV clip recorder: everything stays on this device until you share it. */
export default function ClipRecorder(
  { maxSeconds, faceBlurEnabled, blurAssets }: ClipRecorderProps,
) {
  const [state, setState] = useState<State>("idle");
  const [camera, setCamera] = useState<ProtectedCamera | null>(null);
  const stream = camera?.stream ?? null;
  const [error, setError] = useState<string | null>(null);
  const [clip, setClip] = useState<{ url: string; blob: Blob } | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const preview = useRef<HTMLVideoElement>(null);
  const playback = useRef<HTMLVideoElement>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const [blur, setBlur] = useState<BlurView>(faceBlurEnabled ? "starting" : "off");
  const flip = useCameraFlip(camera);
  // Without face blur the recorder records the camera's own track, which a flip replaces: a
  // recording in progress would end, so the flip waits for it (with blur it records the
  // compositor's track, which follows the new camera).
  const canFlip = flip.cameras > 1 && !(state === "recording" && !camera?.blurred);
  // What this browser lacks for the camera (a secure page, the camera API): said instead of an
  // obscure camera error, and no camera is asked for.
  const needs = useMissingNeeds(CAMERA_NEEDS);
  const missing = needs.settled ? needs.missing : [];

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
      clearInterval(timer.current);
      opened?.stop();
    };
  }, []);

  useEffect(() => {
    if (preview.current && stream) {
      preview.current.srcObject = stream;
      preview.current.play().catch(() => {});
    }
  }, [stream, state]);

  function start() {
    if (!stream) {
      toast({ title: "Camera not ready", variant: "destructive" });
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
      toast({ title: RECORD_ERROR, variant: "destructive" });
    }
  }

  function stop() {
    if (recorder.current?.state === "recording") recorder.current.stop();
  }

  function download() {
    if (!clip) return;
    const a = document.createElement("a");
    a.href = clip.url;
    a.download = `glimpse-pov-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}.webm`;
    a.click();
  }

  async function share() {
    if (!clip) return;
    const file = new File([clip.blob], "glimpse-pov.webm", { type: "video/webm" });
    if (navigator.canShare?.({ files: [file] })) {
      try {
        await navigator.share({ files: [file], title: "My Glimpse POV" });
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === "AbortError") return;
      }
    }
    download(); // sharing falls back to download
  }

  return (
    <div class="stack recorder" data-state={state}>
      {state !== "done" && (
        <div class="tile recorder-tile">
          <video
            ref={preview}
            class={stream && !flip.pov ? "tile-video mirrored" : "tile-video"}
            muted
            playsInline
            aria-label="Camera preview"
          />
          {!stream && (
            <div class="tile-placeholder">
              {missing.length ? CANNOT_CALL_TEXT.titleCamera : error ?? "Starting camera..."}
            </div>
          )}
          {camera?.blurred && (
            <span class="recorder-privacy">
              <span class="badge badge-accent">Privacy On</span>
              {wholeCovered(blur) && <WholeBlurBadge detail={blurDetail(blur, null)} />}
            </span>
          )}
          {state === "recording" && (
            <span class="badge badge-insecure recorder-badge" role="status">
              REC {String(elapsed).padStart(2, "0")}s / {maxSeconds}s
            </span>
          )}
        </div>
      )}
      {state === "done" && clip && (
        <video
          ref={playback}
          class="tile recorder-tile tile-video"
          src={clip.url}
          controls
          playsInline
          aria-label="Your clip"
        />
      )}
      {missing.length > 0 && <p class="recorder-missing" role="alert">{cannotCallLine(missing)}</p>}
      <div class="button-row">
        {state === "idle" && !missing.length && (
          <button type="button" class="button button-primary button-large" onClick={start}>
            Record
          </button>
        )}
        {state === "recording" && (
          <button type="button" class="button button-danger button-large" onClick={stop}>
            Stop
          </button>
        )}
        {state !== "done" && flip.cameras > 1 && (
          <button
            type="button"
            class="button button-secondary button-flip"
            disabled={!canFlip || flip.flipping || !stream}
            onClick={() => flip.flip()}
          >
            {LIVE_TEXT.flipCamera}
          </button>
        )}
        {state === "done" && (
          <>
            <button type="button" class="button button-secondary" onClick={() => setState("idle")}>
              Record Another
            </button>
            <button type="button" class="button button-secondary" onClick={download}>
              Download
            </button>
            <button type="button" class="button button-primary" onClick={share}>Share</button>
          </>
        )}
      </div>
      <p class="muted small center">
        Clips up to {maxSeconds}{" "}
        seconds, recorded on your device. Nothing is uploaded unless you share it.
      </p>
    </div>
  );
}
