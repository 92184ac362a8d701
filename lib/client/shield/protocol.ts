// Messages between the page and the safety shield's classifier worker.
import type { Scores } from "./policy.ts";
import type { ShieldAssets } from "../../shared/assets.ts";
export type { ShieldAssets };

export type ClassifierIn =
  | { type: "load"; files: Omit<ShieldAssets, "classifier"> }
  /** A frame scaled to the input size: a bitmap, or its pixels where workers lack canvases. */
  | { type: "classify"; t: number; bitmap?: ImageBitmap; pixels?: ImageData };

export type ClassifierOut =
  | { type: "ready"; ms: number; backend: string }
  | { type: "failed"; error: string }
  | { type: "scores"; t: number; scores: Scores; ms: number }
  | { type: "error"; t: number; error: string };
