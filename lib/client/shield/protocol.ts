// Messages between the page and the safety shield's classifier worker.
import type { Scores } from "./policy.ts";

/** Where the shield's files are served from (content-hashed, cached for good). */
export interface ShieldAssets {
  /** The classifier worker script (tfjs, its WebAssembly backend and nsfwjs bundled in). */
  classifier: string;
  /** nsfwjs's MobileNetV2 as a tfjs layers model.json (its weights beside it). */
  model: string;
  /** tfjs's WebAssembly binaries: plain and SIMD (the threaded build is never used). */
  wasm: string;
  wasmSimd: string;
}

export type ClassifierIn =
  | { type: "load"; files: Omit<ShieldAssets, "classifier"> }
  /** A frame scaled to the input size: a bitmap, or its pixels where workers lack canvases. */
  | { type: "classify"; t: number; bitmap?: ImageBitmap; pixels?: ImageData };

export type ClassifierOut =
  | { type: "ready"; ms: number; backend: string }
  | { type: "failed"; error: string }
  | { type: "scores"; t: number; scores: Scores; ms: number }
  | { type: "error"; t: number; error: string };
