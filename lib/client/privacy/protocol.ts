// Messages between the page's compositor and the face detector worker. Boxes from the detector
// are fractions of the image it saw; boxes in status messages are pixels of the camera frame.
import type { Box, Cover, DetectorState } from "./regions.ts";
export type { BlurAssets, CpuDetectorFiles } from "../../shared/assets.ts";

export type DetectorIn =
  | {
    type: "load";
    port: MessagePort;
    files: { loader: string; wasm: string; model: string };
  }
  | { type: "detect"; bitmap: ImageBitmap; t: number };

export type DetectorOut =
  /**
   * A detector loaded and a probe detection succeeded: MediaPipe's (it needs WebGL), or the CPU
   * one on tfjs's WebAssembly backend.
   */
  | { type: "ready"; ms: number; backend: "mediapipe" | "wasm" }
  | { type: "failed"; error: string }
  | { type: "faces"; t: number; faces: Box[]; ms: number }
  | { type: "error"; t: number; error: string };

/** One camera's compositor, as stream.ts drives it (in the worker or on the page). */
export interface Driver {
  track: MediaStreamTrack;
  /** Passes on a message about the detector that did not come from the detector itself. */
  detector(msg: DetectorOut): void;
  newCall(): void;
  /** Another camera (the member flipped it): its frames are drawn from now on. */
  setSource(track: MediaStreamTrack): void;
  stop(): void;
}

/** From the page to the compositor worker. */
export type CompositorIn =
  | {
    type: "start";
    /** The output canvas, transferred from the page (its captured track is what is sent). */
    canvas: OffscreenCanvas;
    /** The camera's frames (a MediaStreamTrackProcessor's readable, transferred). */
    frames: ReadableStream<VideoFrame>;
    /** Where the detector answers (and is asked). */
    detector: MessagePort;
  }
  /** A message about the detector that did not come from it (its worker failed to load). */
  | { type: "detector"; msg: DetectorOut }
  | { type: "new_call" }
  /** Another camera's frames, replacing the current ones (the member flipped the camera). */
  | { type: "source"; frames: ReadableStream<VideoFrame> }
  | { type: "stop" };

/** From the compositor worker to the page: the blur's status, twice a second. */
export type CompositorOut =
  | { type: "status"; status: BlurStatus }
  | { type: "failed"; error: string };

/** What the member can be shown about the blur, and the figures behind it. */
export interface BlurStatus {
  detector: DetectorState;
  /** How the current frames are covered (the whole picture while detection is not running). */
  cover: Cover;
  /** Whether the detector's last answer was an error (it loaded but fails on frames). */
  failing: boolean;
  /** Whether more than the faces covers the current frames (the band, or the whole picture). */
  band: boolean;
  /** Faces being covered, in frame pixels. */
  faces: Box[];
  width: number;
  height: number;
  /** Frames sent since the start. */
  frames: number;
  /** Frames sent since the start, by how they were covered. */
  covers: Record<Cover, number>;
  /** Detector load time, ms (null until loaded). */
  loadMs: number | null;
  /** Recent per-detection and per-frame cover costs, ms. */
  detectMs: number[];
  composeMs: number[];
  /** The schedule's running estimate of a look's time, frame to answer, ms (figures only). */
  latencyMs?: number;
  /** Which detector runs (null until one is ready). */
  backend?: "mediapipe" | "wasm" | null;
}
