// Converts a BlazeFace .tflite model (MediaPipe's face_detection_*.tflite, weights in float16)
// into the file the CPU face detector reads (lib/client/privacy/detector_graph.ts): the network's
// operations as a JSON manifest, and its constant tensors' bytes. Float16 weights stay float16;
// each DEQUANTIZE of a constant is folded into the constant, and convolution filters are laid out
// as tfjs expects ([h, w, in, out]; TFLite stores [out, h, w, in]). An operation or tensor type the
// converter does not know stops the build.
import { FlatReader } from "./tflite_metadata.ts";
import {
  type Activation,
  type DetectorManifest,
  type GraphConst,
  type GraphOp,
  MODEL_MAGIC,
} from "../../shared/detector_format.ts";

// tensorflow/lite/schema/schema.fbs: field ids, builtin operator codes and tensor types.
const MODEL = { operatorCodes: 1, subgraphs: 2, buffers: 4 };
const SUBGRAPH = { tensors: 0, inputs: 1, outputs: 2, operators: 3 };
const TENSOR = { shape: 0, type: 1, buffer: 2, sparsity: 6 };
const OPERATOR = { opcode: 0, inputs: 1, outputs: 2, options: 4 };
const OP = {
  ADD: 0,
  CONCATENATION: 2,
  CONV_2D: 3,
  DEPTHWISE_CONV_2D: 4,
  DEQUANTIZE: 6,
  MAX_POOL_2D: 17,
  RELU: 19,
  RESHAPE: 22,
  RESIZE_BILINEAR: 23,
  PAD: 34,
} as const;
const FLOAT32 = 0, FLOAT16 = 1, INT32 = 2;
const ACTIVATIONS: Record<number, Activation | undefined> = { 0: "linear", 1: "relu", 3: "relu6" };

interface Tensor {
  shape: number[];
  type: number;
  /** The constant's bytes (empty for an activation). */
  data: Uint8Array;
}

function ints(r: FlatReader, table: number, id: number): number[] {
  const vector = r.ref(table, id);
  if (!vector) return [];
  const n = r.view.getUint32(vector, true);
  return Array.from({ length: n }, (_, i) => r.view.getInt32(vector + 4 + 4 * i, true));
}

/** A signed 32-bit scalar field of an options table (which may be absent: position 0). */
const i32 = (r: FlatReader, table: number, id: number, fallback: number) =>
  table && r.field(table, id) ? r.u32(table, id) | 0 : fallback;
/** A byte field of an options table (which may be absent). */
const u8 = (r: FlatReader, table: number, id: number) => (table ? r.u8(table, id) : 0);

function activation(code: number): Activation {
  const act = ACTIVATIONS[code];
  if (!act) throw new Error(`unsupported fused activation ${code}`);
  return act;
}

/** Permutes a [d0, d1, d2, d3] array of `bytes`-sized elements to [d1, d2, d3, d0]. */
export function ohwiToHwio(data: Uint8Array, shape: number[], bytes: number): Uint8Array {
  const [o, h, w, i] = shape;
  const out = new Uint8Array(data.length);
  const inner = h * w * i;
  for (let oo = 0; oo < o; oo++) {
    for (let k = 0; k < inner; k++) {
      out.set(
        data.subarray((oo * inner + k) * bytes, (oo * inner + k + 1) * bytes),
        (k * o + oo) * bytes,
      );
    }
  }
  return out;
}

/**
 * The converted model file for `tflite`. `anchors` are the SSD anchor layers MediaPipe's graph
 * gives this model ([stride, anchors per cell]); their count must match the model's outputs.
 */
export function convertDetectorModel(tflite: Uint8Array, anchors: [number, number][]): Uint8Array {
  const r = new FlatReader(tflite);
  if (r.identifier() !== "TFL3") throw new Error("not a TFLite model");
  const root = r.root();
  const codes = r.tables(root, MODEL.operatorCodes)
    .map((c) => Math.max(r.u8(c, 0), r.u32(c, 3)));
  const buffers = r.tables(root, MODEL.buffers);
  const subgraphs = r.tables(root, MODEL.subgraphs);
  if (subgraphs.length !== 1) throw new Error(`expected 1 subgraph, found ${subgraphs.length}`);
  const sg = subgraphs[0];
  const tensors: Tensor[] = r.tables(sg, SUBGRAPH.tensors).map((t) => {
    if (r.field(t, TENSOR.sparsity)) throw new Error("sparse tensors are not supported");
    const buffer = buffers[r.u32(t, TENSOR.buffer)];
    return {
      shape: ints(r, t, TENSOR.shape),
      type: r.u8(t, TENSOR.type),
      data: buffer ? r.byteVector(buffer, 0) : new Uint8Array(0),
    };
  });
  const [inputId] = ints(r, sg, SUBGRAPH.inputs);
  const input = tensors[inputId];
  if (input.shape.length !== 4 || input.shape[0] !== 1 || input.shape[3] !== 3) {
    throw new Error(`unexpected input shape [${input.shape}]`);
  }
  const outputIds = ints(r, sg, SUBGRAPH.outputs);
  const boxesId = outputIds.find((id) => tensors[id].shape.at(-1) === 16);
  const scoresId = outputIds.find((id) => tensors[id].shape.at(-1) === 1);
  if (boxesId === undefined || scoresId === undefined) {
    throw new Error("expected box [1, n, 16] and score [1, n, 1] outputs");
  }
  const cells = anchors.reduce((n, [stride, per]) => {
    const grid = Math.ceil(input.shape[1] / stride);
    return n + grid * grid * per;
  }, 0);
  if (tensors[boxesId].shape[1] !== cells) {
    throw new Error(`the anchors make ${cells} boxes; the model has ${tensors[boxesId].shape[1]}`);
  }

  // Constants: tensors with bytes, and DEQUANTIZE outputs (which take their input's bytes).
  const constData = new Map<number, { type: number; shape: number[]; data: Uint8Array }>();
  tensors.forEach((t, id) => {
    if (t.data.length) constData.set(id, { type: t.type, shape: t.shape, data: t.data });
  });
  const ops: GraphOp[] = [];
  const filters = new Set<number>();
  /** Depthwise filters' channel multipliers. */
  const multipliers = new Map<number, number>();
  for (const op of r.tables(sg, SUBGRAPH.operators)) {
    const code = codes[r.u32(op, OPERATOR.opcode)];
    const inputs = ints(r, op, OPERATOR.inputs);
    const [output] = ints(r, op, OPERATOR.outputs);
    const o = r.ref(op, OPERATOR.options);
    const windowed = (padding: number, strideW: number, strideH: number, act: number) => ({
      pad: u8(r, o, padding) === 0 ? "same" as const : "valid" as const,
      strides: [i32(r, o, strideH, 1), i32(r, o, strideW, 1)] as [number, number],
      activation: activation(u8(r, o, act)),
    });
    const constInts = (id: number) => {
      const c = constData.get(id);
      if (!c || c.type !== INT32) throw new Error(`tensor ${id} is not an int32 constant`);
      const v = new DataView(c.data.buffer, c.data.byteOffset, c.data.byteLength);
      return Array.from({ length: c.data.length / 4 }, (_, i) => v.getInt32(4 * i, true));
    };
    switch (code) {
      case OP.DEQUANTIZE: {
        const source = constData.get(inputs[0]);
        if (!source || source.type !== FLOAT16) throw new Error("DEQUANTIZE of a non-constant");
        constData.set(output, { ...source, shape: tensors[output].shape });
        break;
      }
      case OP.CONV_2D:
        filters.add(inputs[1]);
        ops.push({
          op: "conv2d",
          inputs,
          output,
          ...windowed(0, 1, 2, 3),
          dilations: [i32(r, o, 5, 1), i32(r, o, 4, 1)],
        });
        break;
      case OP.DEPTHWISE_CONV_2D:
        multipliers.set(inputs[1], i32(r, o, 3, 1));
        ops.push({
          op: "depthwise",
          inputs,
          output,
          ...windowed(0, 1, 2, 4),
          dilations: [i32(r, o, 6, 1), i32(r, o, 5, 1)],
        });
        break;
      case OP.MAX_POOL_2D:
        ops.push({
          op: "maxPool",
          inputs,
          output,
          ...windowed(0, 1, 2, 5),
          size: [i32(r, o, 4, 1), i32(r, o, 3, 1)],
        });
        break;
      case OP.ADD:
        ops.push({ op: "add", inputs, output, activation: activation(u8(r, o, 0)) });
        break;
      case OP.RELU:
        ops.push({ op: "relu", inputs, output });
        break;
      case OP.PAD: {
        const p = constInts(inputs[1]);
        const paddings = Array.from({ length: p.length / 2 }, (_, i) => [p[2 * i], p[2 * i + 1]]);
        ops.push({
          op: "pad",
          inputs: [inputs[0]],
          output,
          paddings: paddings as [number, number][],
        });
        break;
      }
      case OP.RESHAPE:
        ops.push({ op: "reshape", inputs: [inputs[0]], output, shape: tensors[output].shape });
        break;
      case OP.CONCATENATION:
        ops.push({
          op: "concat",
          inputs,
          output,
          axis: i32(r, o, 0, 0),
          activation: activation(u8(r, o, 1)),
        });
        break;
      case OP.RESIZE_BILINEAR: {
        const [, h, w] = tensors[output].shape;
        ops.push({
          op: "resize",
          inputs: [inputs[0]],
          output,
          size: [h, w],
          alignCorners: u8(r, o, 2) === 1,
          halfPixelCenters: u8(r, o, 3) === 1,
        });
        break;
      }
      default:
        throw new Error(`unsupported TFLite operator ${code}`);
    }
  }

  // The constants the operations use, in float16 or float32, each 4-aligned.
  const used = new Set(ops.flatMap((op) => op.inputs));
  const consts: GraphConst[] = [];
  const chunks: Uint8Array[] = [];
  let offset = 0;
  for (const id of [...used].sort((a, b) => a - b)) {
    const c = constData.get(id);
    if (!c || id === inputId) continue;
    if (c.type !== FLOAT16 && c.type !== FLOAT32) {
      throw new Error(`constant ${id} has unsupported type ${c.type}`);
    }
    const bytes = c.type === FLOAT16 ? 2 : 4;
    let { shape, data } = c;
    if (filters.has(id)) {
      data = ohwiToHwio(data, shape, bytes);
      shape = [shape[1], shape[2], shape[3], shape[0]];
    } else if (multipliers.has(id)) {
      // [1, h, w, channels × multiplier] as [h, w, channels, multiplier] (the same bytes).
      const m = multipliers.get(id)!;
      shape = [shape[1], shape[2], shape[3] / m, m];
    }
    consts.push({ tensor: id, dtype: bytes === 2 ? "float16" : "float32", shape, offset });
    chunks.push(data);
    offset += data.length;
    const pad = (4 - (offset % 4)) % 4;
    if (pad) {
      chunks.push(new Uint8Array(pad));
      offset += pad;
    }
  }
  const manifest: DetectorManifest = {
    input: { tensor: inputId, height: input.shape[1], width: input.shape[2] },
    outputs: { boxes: boxesId, scores: scoresId },
    anchors,
    consts,
    ops,
  };
  const json = new TextEncoder().encode(JSON.stringify(manifest));
  const head = 8 + json.length + ((4 - (json.length % 4)) % 4);
  const out = new Uint8Array(head + offset);
  out.set(new TextEncoder().encode(MODEL_MAGIC), 0);
  new DataView(out.buffer).setUint32(4, json.length, true);
  out.set(json, 8);
  let at = head;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
