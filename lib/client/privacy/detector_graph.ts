// The CPU face detector's network: MediaPipe's BlazeFace, converted at build time from its .tflite
// file (lib/server/build/detector_model.ts) into one file this module reads: "GFD1", the length of a
// JSON manifest, the manifest, then the constant tensors' bytes (float16 or float32, 4-aligned).
// The manifest lists the network's operations in order; `runDetectorGraph` runs them with
// tfjs-core's ops on whichever backend is active (WebAssembly in the worker).
import * as tf from "@tensorflow/tfjs-core";

import {
  type Activation,
  type DetectorManifest,
  type GraphConst,
  type GraphOp,
  MODEL_MAGIC,
} from "../../shared/detector_format.ts";

export { MODEL_MAGIC };
export type { Activation, DetectorManifest, GraphConst, GraphOp };

export interface DetectorModel {
  manifest: DetectorManifest;
  /** Constant tensors by id, as float32. */
  consts: Map<number, { shape: number[]; values: Float32Array }>;
}

/** A float16 bit pattern's value. */
export function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f, fraction = h & 0x3ff;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 31) return fraction ? NaN : sign * Infinity;
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
}

const size = (shape: number[]) => shape.reduce((a, b) => a * b, 1);

/** Reads a converted model file; throws on anything that is not one. */
export function parseDetectorModel(bytes: Uint8Array): DetectorModel {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 8 || new TextDecoder().decode(bytes.subarray(0, 4)) !== MODEL_MAGIC) {
    throw new Error("not a face detector model (no GFD1 header)");
  }
  const length = view.getUint32(4, true);
  const manifest = JSON.parse(
    new TextDecoder().decode(bytes.subarray(8, 8 + length)),
  ) as DetectorManifest;
  const base = 8 + length + ((4 - (length % 4)) % 4);
  const consts = new Map<number, { shape: number[]; values: Float32Array }>();
  for (const c of manifest.consts) {
    const n = size(c.shape);
    const at = base + c.offset;
    const end = at + n * (c.dtype === "float16" ? 2 : 4);
    if (end > bytes.length) throw new Error(`constant ${c.tensor} runs past the model's end`);
    const values = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      values[i] = c.dtype === "float16"
        ? halfToFloat(view.getUint16(at + 2 * i, true))
        : view.getFloat32(at + 4 * i, true);
    }
    consts.set(c.tensor, { shape: c.shape, values });
  }
  return { manifest, consts };
}

/** The model's constants as tensors of the active backend (dispose them with the detector). */
export function constTensors(model: DetectorModel): Map<number, tf.Tensor> {
  const out = new Map<number, tf.Tensor>();
  for (const [id, c] of model.consts) out.set(id, tf.tensor(c.values, c.shape, "float32"));
  return out;
}

function activate(x: tf.Tensor, activation: Activation): tf.Tensor {
  if (activation === "relu") return tf.relu(x);
  if (activation === "relu6") return tf.relu6(x);
  return x;
}

function apply(op: GraphOp, get: (id: number) => tf.Tensor): tf.Tensor {
  const [a, b, c] = op.inputs.map((id) => (id < 0 ? undefined : get(id)));
  switch (op.op) {
    case "conv2d":
      return tf.fused.conv2d({
        x: a as tf.Tensor4D,
        filter: b as tf.Tensor4D,
        bias: c,
        strides: op.strides,
        pad: op.pad,
        dilations: op.dilations,
        activation: op.activation,
      });
    case "depthwise":
      return tf.fused.depthwiseConv2d({
        x: a as tf.Tensor4D,
        filter: b as tf.Tensor4D,
        bias: c,
        strides: op.strides,
        pad: op.pad,
        dilations: op.dilations,
        activation: op.activation,
      });
    case "maxPool":
      return activate(tf.maxPool(a as tf.Tensor4D, op.size, op.strides, op.pad), op.activation);
    case "add":
      return activate(tf.add(a!, b!), op.activation);
    case "relu":
      return tf.relu(a!);
    case "pad":
      return tf.pad(a!, op.paddings);
    case "reshape":
      return tf.reshape(a!, op.shape);
    case "concat":
      return activate(tf.concat(op.inputs.map(get), op.axis), op.activation);
    case "resize":
      return tf.image.resizeBilinear(
        a as tf.Tensor4D,
        op.size,
        op.alignCorners,
        op.halfPixelCenters,
      );
  }
}

/**
 * Runs the network on `input` ([1, h, w, 3], values in [-1, 1]) and returns the raw box
 * regressors and score logits. Intermediate tensors are freed; `consts` are kept.
 */
export function runDetectorGraph(
  model: DetectorModel,
  consts: Map<number, tf.Tensor>,
  input: tf.Tensor4D,
): { boxes: Float32Array; scores: Float32Array } {
  const { manifest } = model;
  const [boxes, scores] = tf.tidy(() => {
    const values = new Map<number, tf.Tensor>([[manifest.input.tensor, input]]);
    const get = (id: number) => {
      const t = values.get(id) ?? consts.get(id);
      if (!t) throw new Error(`tensor ${id} is used before it is computed`);
      return t;
    };
    for (const op of manifest.ops) values.set(op.output, apply(op, get));
    return [get(manifest.outputs.boxes), get(manifest.outputs.scores)];
  });
  try {
    return {
      boxes: boxes.dataSync() as Float32Array,
      scores: scores.dataSync() as Float32Array,
    };
  } finally {
    boxes.dispose();
    scores.dispose();
  }
}

/** RGBA pixels (as from getImageData) as the network's input values: RGB scaled to [-1, 1]. */
export function inputFromRgba(rgba: Uint8ClampedArray | Uint8Array): Float32Array {
  const pixels = rgba.length / 4;
  const out = new Float32Array(pixels * 3);
  for (let i = 0; i < pixels; i++) {
    out[3 * i] = rgba[4 * i] / 127.5 - 1;
    out[3 * i + 1] = rgba[4 * i + 1] / 127.5 - 1;
    out[3 * i + 2] = rgba[4 * i + 2] / 127.5 - 1;
  }
  return out;
}
