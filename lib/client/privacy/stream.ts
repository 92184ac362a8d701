// Face blur for a camera stream, on this device. `protectCamera(raw, …)` returns the stream to
// send, show and record: with blur on, its video is the captured track of a canvas on which the
// compositor draws every camera frame with faces (or the fixed band) covered, so no raw camera
// frame can reach a peer connection or a recorder; the raw track only plays into a hidden
// <video> that feeds the compositor. The face detector runs in a worker, loaded lazily here.
import { Compositor } from "./compositor.ts";
import type { BlurAssets, BlurStatus, DetectorOut } from "./protocol.ts";
import { CAMERA_OF } from "../peer.ts";

export type { BlurAssets, BlurStatus };

export interface ProtectedCamera {
  /** What is sent to the partner, shown in the 'You' tile and recorded. */
  stream: MediaStream;
  /** Whether face blur covers `stream`'s video. */
  blurred: boolean;
  /** The latest status (null while blur is off or before the first frame). */
  status(): BlurStatus | null;
  onStatus(listener: (s: BlurStatus) => void): () => void;
  /** A new call begins: its first frames get the fixed band until a fresh detection. */
  newCall(): void;
  /** Stops the camera, the workers and the output. */
  stop(): void;
}

interface Detector {
  worker: Worker | null;
  /** Where the detector's answers arrive (handed to the compositor). */
  port: MessagePort;
  /** Calls `listener` (now, if it already happened) when the worker itself fails to load. */
  onFailed(listener: (error: string) => void): void;
}

/** Starts the detector worker; its answers arrive on the returned port. */
function startDetector(assets: BlurAssets): Detector {
  const channel = new MessageChannel();
  let worker: Worker | null = null;
  // A worker that fails to load cannot answer on its port: the failure is told separately.
  let failure: string | null = null;
  let listener: ((error: string) => void) | null = null;
  const fail = (error: string) => {
    failure = error;
    listener?.(error);
  };
  try {
    worker = new Worker(assets.detector, { type: "module", name: "face-detector" });
    worker.onerror = (e) => {
      e.preventDefault();
      fail(`detector worker: ${e.message || "failed to load"}`);
    };
    worker.postMessage({
      type: "load",
      port: channel.port1,
      files: { loader: assets.loader, wasm: assets.wasm, model: assets.model },
    }, [channel.port1]);
  } catch (err) {
    fail(String(err));
  }
  return {
    worker,
    port: channel.port2,
    onFailed(l) {
      listener = l;
      if (failure !== null) l(failure);
    },
  };
}

/** Returns `raw` with face blur applied (or `raw` itself when blur is off). */
export function protectCamera(
  raw: MediaStream,
  opts: { blur: boolean; assets: BlurAssets },
): ProtectedCamera {
  const rawVideo = raw.getVideoTracks()[0];
  if (!opts.blur || !rawVideo) {
    return {
      stream: raw,
      blurred: false,
      status: () => null,
      onStatus: () => () => {},
      newCall: () => {},
      stop: () => raw.getTracks().forEach((t) => t.stop()),
    };
  }
  let latest: BlurStatus | null = null;
  const listeners = new Set<(s: BlurStatus) => void>();
  const publish = (s: BlurStatus) => {
    latest = s;
    for (const l of listeners) l(s);
  };
  const detector = startDetector(opts.assets);
  const driver = canvasDriver(rawVideo, detector.port, publish);
  detector.onFailed((error) => driver.detector({ type: "failed", error }));
  const stream = new MediaStream([driver.track, ...raw.getAudioTracks()]);
  CAMERA_OF.set(stream, raw);
  return {
    stream,
    blurred: true,
    status: () => latest,
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    newCall: () => driver.newCall(),
    stop() {
      driver.stop();
      detector.worker?.terminate();
      detector.port.close();
      raw.getTracks().forEach((t) => t.stop());
    },
  };
}

interface Driver {
  track: MediaStreamTrack;
  /** Passes on a message about the detector that did not come from the detector itself. */
  detector(msg: DetectorOut): void;
  newCall(): void;
  stop(): void;
}

/**
 * Frames go camera → hidden <video> → compositor's canvas → canvas.captureStream. (A worker
 * reading the camera through MediaStreamTrackProcessor into a MediaStreamTrackGenerator was
 * tried: in Chromium its track sometimes reached a peer connection that never sent a frame.)
 */
function canvasDriver(
  rawVideo: MediaStreamTrack,
  detectorPort: MessagePort,
  publish: (s: BlurStatus) => void,
): Driver {
  const makeCanvas = (w: number, h: number) =>
    Object.assign(document.createElement("canvas"), { width: w, height: h });
  const c = new Compositor(makeCanvas, detectorPort);
  detectorPort.onmessage = (e: MessageEvent<DetectorOut>) => c.onDetector(e.data);
  const canvas = c.canvas;
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.hidden = true;
  video.className = "blur-source";
  video.srcObject = new MediaStream([rawVideo]);
  document.body.append(video);
  video.play().catch(() => {});
  const track = canvas.captureStream().getVideoTracks()[0];
  let stopped = false, lastStatus = 0, lastFrame = -1;
  const tick = () => {
    if (stopped) return;
    const now = performance.now();
    if (video.readyState >= 2 && video.videoWidth && video.currentTime !== lastFrame) {
      lastFrame = video.currentTime;
      c.frame(video, video.videoWidth, video.videoHeight, now);
      if (now - lastStatus >= 500) {
        lastStatus = now;
        publish(c.status(now));
      }
    }
    if ("requestVideoFrameCallback" in video) video.requestVideoFrameCallback(tick);
    else setTimeout(tick, 1000 / 30);
  };
  tick();
  return {
    track,
    detector: (msg) => c.onDetector(msg),
    newCall: () => c.plan.newCall(performance.now()),
    stop() {
      stopped = true;
      track.stop();
      video.srcObject = null;
      video.remove();
    },
  };
}
