// The CPU face detector's model format, shared by the build that writes it
// (lib/server/build/detector_model.ts) and the worker that runs it (detector_graph.ts). No tfjs here, so
// the server's graph never reaches it through the build.

export const MODEL_MAGIC = "GFD1";

/** The activation fused into an operation. */
export type Activation = "linear" | "relu" | "relu6";

interface Windowed {
  strides: [number, number];
  pad: "same" | "valid";
  activation: Activation;
}

/** One operation: tensor ids in, one tensor id out. */
export type GraphOp =
  & { inputs: number[]; output: number }
  & (
    // inputs: x, filter ([h, w, in, out]), bias
    | ({ op: "conv2d"; dilations: [number, number] } & Windowed)
    // inputs: x, filter ([h, w, in, multiplier]), bias
    | ({ op: "depthwise"; dilations: [number, number] } & Windowed)
    | ({ op: "maxPool"; size: [number, number] } & Windowed)
    | { op: "add"; activation: Activation }
    | { op: "relu" }
    | { op: "pad"; paddings: [number, number][] }
    | { op: "reshape"; shape: number[] }
    | { op: "concat"; axis: number; activation: Activation }
    | { op: "resize"; size: [number, number]; alignCorners: boolean; halfPixelCenters: boolean }
  );

/** A constant tensor: where its bytes are, after the manifest. */
export interface GraphConst {
  tensor: number;
  dtype: "float16" | "float32";
  shape: number[];
  /** Byte offset from the start of the constants' bytes. */
  offset: number;
}

export interface DetectorManifest {
  /** The image input: [1, height, width, 3], RGB scaled to [-1, 1]. */
  input: { tensor: number; height: number; width: number };
  /** Box regressors [1, anchors, 16] and scores (logits) [1, anchors, 1]. */
  outputs: { boxes: number; scores: number };
  /** SSD anchor layers: [stride, anchors per cell], in the order of the outputs. */
  anchors: [number, number][];
  consts: GraphConst[];
  ops: GraphOp[];
}
