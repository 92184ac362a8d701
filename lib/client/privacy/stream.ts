// Face blur for a camera stream, on this device. `protectCamera(raw, …)` returns the stream to
// send, show and record: with blur on, its video is the captured track of a canvas on which the
// compositor draws every camera frame with faces (or the fixed band) covered, so no raw camera
// frame can reach a peer connection or a recorder. The compositor runs in a worker of its own
// (the raw track's frames go to it through a MediaStreamTrackProcessor, and it draws on the
// canvas transferred to it); where a browser lacks those, it runs on the page, fed by a hidden
// <video>. The face detector runs in another worker, loaded lazily here.
import type { BlurAssets, BlurStatus, CompositorIn, CompositorOut, Driver } from "./protocol.ts";
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
  /** A new call begins: its first frames are wholly covered until a fresh detection. */
  newCall(): void;
  /**
   * Another camera's video track replaces the camera's (the member flipped it; the old track is
   * already stopped). With blur on, `stream`'s video track stays the same and shows the new
   * camera's frames, covered; with blur off, `stream`'s video track is the new one.
   */
  replaceVideo(track: MediaStreamTrack): void;
  /** The camera's own video track (not face blur's canvas track). */
  cameraTrack(): MediaStreamTrack | undefined;
  /** Stops the camera, the workers and the output. */
  stop(): void;
}

interface Detector {
  /** Where the detector's answers arrive (handed to the compositor). */
  port: MessagePort;
  /** Calls `listener` (now, if it already happened) when the worker itself fails to load. */
  onFailed(listener: (error: string) => void): void;
  /** Ends the worker (or its start, if it is still waiting). */
  stop(): void;
}

/**
 * Starts the detector worker once `after` settles (at once without it); its answers arrive on the
 * returned port, which can be handed to the compositor meanwhile.
 */
function startDetector(assets: BlurAssets, after?: Promise<unknown>): Detector {
  const channel = new MessageChannel();
  let worker: Worker | null = null;
  let stopped = false;
  // A worker that fails to load cannot answer on its port: the failure is told separately.
  let failure: string | null = null;
  let listener: ((error: string) => void) | null = null;
  const fail = (error: string) => {
    failure = error;
    listener?.(error);
  };
  const start = () => {
    if (stopped) return;
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
  };
  if (after) after.then(start, start);
  else start();
  return {
    port: channel.port2,
    onFailed(l) {
      listener = l;
      if (failure !== null) l(failure);
    },
    stop() {
      stopped = true;
      worker?.terminate();
    },
  };
}

/**
 * Returns `raw` with face blur applied (or `raw` itself when blur is off), once the first covered
 * frame is drawn. The compositor runs in its worker where the browser can; if that worker does
 * not load (e.g. a page left open across a deploy asks for a file that is gone), the page
 * composes instead, and the console says so once.
 */
export async function protectCamera(
  raw: MediaStream,
  opts: {
    blur: boolean;
    assets: BlurAssets;
    /**
     * Hold the detector's load (its wasm and model cost a second of CPU on a phone) until this
     * settles, e.g. while a call is being set up: the fixed band covers the frames meanwhile.
     */
    detectorAfter?: Promise<unknown>;
  },
): Promise<ProtectedCamera> {
  const rawVideo = raw.getVideoTracks()[0];
  if (!opts.blur || !rawVideo) {
    return {
      stream: raw,
      blurred: false,
      status: () => null,
      onStatus: () => () => {},
      newCall: () => {},
      replaceVideo: (track) => swapVideo(raw, track),
      cameraTrack: () => raw.getVideoTracks()[0],
      stop: () => raw.getTracks().forEach((t) => t.stop()),
    };
  }
  let latest: BlurStatus | null = null;
  const listeners = new Set<(s: BlurStatus) => void>();
  const publish = (s: BlurStatus) => {
    latest = s;
    // Also on the page, where tests and benchmarks read its figures (frames by cover).
    (globalThis as { __blurStatus?: BlurStatus }).__blurStatus = s;
    for (const l of listeners) l(s);
  };
  let detector = startDetector(opts.assets, opts.detectorAfter);
  const inWorker = offPage();
  let driver = inWorker
    ? await workerDriver(rawVideo, detector.port, publish, opts.assets.compositor)
    : null;
  if (!driver) {
    // The detector's port went to the worker that failed: a new detector talks to the page.
    if (inWorker) {
      detector.stop();
      detector = startDetector(opts.assets, opts.detectorAfter);
    }
    // The page's compositor is a module of its own, loaded only here: the live page's script
    // stays small for the browsers that compose in the worker.
    const { canvasDriver } = await import(opts.assets.pageCompositor) as PageCompositor;
    driver = canvasDriver(rawVideo, detector.port, publish, opts.assets.clock);
  }
  const chosen = driver;
  detector.onFailed((error) => chosen.detector({ type: "failed", error }));
  const stream = new MediaStream([chosen.track, ...raw.getAudioTracks()]);
  CAMERA_OF.set(stream, raw);
  return {
    stream,
    blurred: true,
    status: () => latest,
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    newCall: () => chosen.newCall(),
    cameraTrack: () => raw.getVideoTracks()[0],
    replaceVideo(track) {
      swapVideo(raw, track);
      chosen.setSource(track);
    },
    stop() {
      chosen.stop();
      detector.stop();
      raw.getTracks().forEach((t) => t.stop());
    },
  };
}

type PageCompositor = typeof import("./page_compositor.ts");

/** `stream`'s video track(s) replaced by `track` (so the camera's facing is read from it). */
function swapVideo(stream: MediaStream, track: MediaStreamTrack) {
  for (const old of stream.getVideoTracks()) {
    if (old !== track) stream.removeTrack(old);
  }
  if (!stream.getVideoTracks().includes(track)) stream.addTrack(track);
}

/** What the compositor worker needs of the page (Chromium; not yet Firefox or Safari). */
interface TrackProcessor {
  readonly readable: ReadableStream<VideoFrame>;
}
type TrackProcessorClass = new (init: {
  track: MediaStreamTrack;
  maxBufferSize?: number;
}) => TrackProcessor;
const trackProcessor = () =>
  (globalThis as { MediaStreamTrackProcessor?: TrackProcessorClass }).MediaStreamTrackProcessor;

/** Whether the compositor can run in a worker here. */
function offPage(): boolean {
  return typeof trackProcessor() === "function" && typeof OffscreenCanvas === "function" &&
    typeof HTMLCanvasElement.prototype.transferControlToOffscreen === "function" &&
    typeof HTMLCanvasElement.prototype.captureStream === "function";
}

/** How long the compositor worker has to draw its first frame before the page composes. */
const WORKER_START_MS = 5_000;

/**
 * Frames go camera → MediaStreamTrackProcessor → (worker) compositor → the page's canvas, drawn
 * from the worker → canvas.captureStream. The page only relays the status; the worker never
 * hands a frame back. (A MediaStreamTrackGenerator for the output was tried: in Chromium its
 * track sometimes reached a peer connection that never sent a frame. A canvas track does not.)
 * Resolves once the first covered frame is drawn, or null when the worker failed to load or to
 * draw in time (it is then let go, and nothing it drew was ever sent).
 */
function workerDriver(
  rawVideo: MediaStreamTrack,
  detectorPort: MessagePort,
  publish: (s: BlurStatus) => void,
  script: string,
): Promise<Driver | null> {
  const { width, height } = rawVideo.getSettings();
  const canvas = Object.assign(document.createElement("canvas"), {
    width: width || 2,
    height: height || 2,
  });
  const track = canvas.captureStream().getVideoTracks()[0];
  const offscreen = canvas.transferControlToOffscreen();
  // The freshest frame only: one the worker has not taken yet is dropped for the next.
  const Processor = trackProcessor()!;
  const frames = new Processor({ track: rawVideo, maxBufferSize: 1 }).readable;
  const worker = new Worker(script, { type: "module", name: "face-blur" });
  const tell = (msg: CompositorIn, transfer: Transferable[] = []) =>
    worker.postMessage(msg, transfer);
  const driver: Driver = {
    track,
    detector: (msg) => tell({ type: "detector", msg }),
    newCall: () => tell({ type: "new_call" }),
    setSource(next) {
      const readable = new Processor({ track: next, maxBufferSize: 1 }).readable;
      tell({ type: "source", frames: readable }, [readable as unknown as Transferable]);
    },
    stop() {
      tell({ type: "stop" });
      track.stop();
      // The worker ends its read of the camera, then goes (the camera itself is stopped next).
      setTimeout(() => worker.terminate(), 1_000);
    },
  };
  return new Promise((resolve) => {
    // "abandoned": it failed before its first frame and the page composes instead.
    let state: "starting" | "running" | "abandoned" = "starting";
    const failed = (error: string) => {
      if (state === "abandoned") return;
      if (state === "running") {
        console.warn("Face blur: the compositor stopped; no picture is sent.", error);
        return;
      }
      clearTimeout(deadline);
      state = "abandoned";
      worker.terminate();
      track.stop();
      console.warn(
        "Face blur: the compositor worker did not start; the page covers the frames.",
        error,
      );
      resolve(null);
    };
    const deadline = setTimeout(() => failed("no frame drawn in time"), WORKER_START_MS);
    worker.onmessage = (e: MessageEvent<CompositorOut>) => {
      if (state === "abandoned") return;
      if (e.data.type === "failed") return failed(e.data.error);
      publish(e.data.status);
      if (state === "running") return;
      state = "running";
      clearTimeout(deadline);
      resolve(driver);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      failed(e.message || "its script did not load");
    };
    tell({ type: "start", canvas: offscreen, frames, detector: detectorPort }, [
      offscreen,
      frames as unknown as Transferable,
      detectorPort,
    ]);
  });
}
