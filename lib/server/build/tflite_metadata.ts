// Adds TFLite metadata (RGB image input, NormalizationOptions) to a bare .tflite model at build
// time: MediaPipe Tasks' FaceDetector rejects the npm-shipped BlazeFace models (face_detection_*.tflite)
// ("requires specifying NormalizationOptions metadata"). Nothing is re-encoded: a new Model root
// table goes in front of the original bytes (which start 16-aligned, so every alignment holds) and
// points forward at the original's tables; only the `buffers` and `metadata` vectors are new, plus
// one Buffer holding the "M001" ModelMetadata. A model that already has TFLITE_METADATA throws.

// ---------------------------------------------------------------- reading

/** A tiny read-only flatbuffer reader: positions are absolute byte offsets into `bytes`. */
export class FlatReader {
  readonly view: DataView;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** The root table's position. */
  root(): number {
    return this.view.getUint32(0, true);
  }

  /** The 4-byte file identifier (bytes 4–7). */
  identifier(): string {
    return String.fromCharCode(...this.bytes.subarray(4, 8));
  }

  /** Position of field `id` of the table at `table`, or 0 when the field is absent. */
  field(table: number, id: number): number {
    const vtable = table - this.view.getInt32(table, true);
    if (4 + 2 * id >= this.view.getUint16(vtable, true)) return 0;
    const offset = this.view.getUint16(vtable + 4 + 2 * id, true);
    return offset ? table + offset : 0;
  }

  /** Number of field slots in the table's vtable. */
  fieldCount(table: number): number {
    return (this.view.getUint16(table - this.view.getInt32(table, true), true) - 4) / 2;
  }

  /** Follows the uoffset stored at `pos`. */
  deref(pos: number): number {
    return pos + this.view.getUint32(pos, true);
  }

  /** The table, vector or string that field `id` points at, or 0 when absent. */
  ref(table: number, id: number): number {
    const pos = this.field(table, id);
    return pos ? this.deref(pos) : 0;
  }

  u8(table: number, id: number, fallback = 0): number {
    const pos = this.field(table, id);
    return pos ? this.view.getUint8(pos) : fallback;
  }

  u32(table: number, id: number, fallback = 0): number {
    const pos = this.field(table, id);
    return pos ? this.view.getUint32(pos, true) : fallback;
  }

  u64(table: number, id: number): bigint {
    const pos = this.field(table, id);
    return pos ? this.view.getBigUint64(pos, true) : 0n;
  }

  /** Positions of the tables (or strings) in the vector that field `id` points at. */
  tables(table: number, id: number): number[] {
    const vector = this.ref(table, id);
    if (!vector) return [];
    const length = this.view.getUint32(vector, true);
    return Array.from({ length }, (_, i) => this.deref(vector + 4 + 4 * i));
  }

  /** The [ubyte] vector of field `id` (a view, not a copy); empty when absent. */
  byteVector(table: number, id: number): Uint8Array {
    const vector = this.ref(table, id);
    if (!vector) return new Uint8Array(0);
    return this.bytes.subarray(vector + 4, vector + 4 + this.view.getUint32(vector, true));
  }

  /** The [float] vector of field `id`; empty when absent. */
  floats(table: number, id: number): number[] {
    const vector = this.ref(table, id);
    if (!vector) return [];
    const length = this.view.getUint32(vector, true);
    return Array.from({ length }, (_, i) => this.view.getFloat32(vector + 4 + 4 * i, true));
  }

  /** The string at `pos` (a string's position, as from `tables`). */
  stringAt(pos: number): string {
    const length = this.view.getUint32(pos, true);
    return new TextDecoder().decode(this.bytes.subarray(pos + 4, pos + 4 + length));
  }

  /** The string of field `id`, or undefined when absent. */
  string(table: number, id: number): string | undefined {
    const pos = this.ref(table, id);
    return pos ? this.stringAt(pos) : undefined;
  }
}

// ---------------------------------------------------------------- writing

type ScalarType = "u8" | "u32" | "u64";
const SIZE: Record<ScalarType, number> = { u8: 1, u32: 4, u64: 8 };

/** A position in the original model's bytes (it moves when the prefix is put in front). */
interface Original {
  original: number;
}
type Node =
  | { table: (Field | undefined)[] }
  | { refs: Ref[] }
  | { string: string }
  | { bytes: Uint8Array; align: number }
  | { floats: number[] };
type Ref = Node | Original;
type Field = { scalar: ScalarType; value: number | bigint } | { ref: Ref };

/**
 * Writes a graph of nodes breadth-first, every child after the uoffset that points at it, so all
 * offsets point forward. Returns the bytes and the uoffset slots that point into the original
 * model, to be patched once the prefix length is known.
 */
function serialize(
  root: Node,
  identifier: string,
): { bytes: Uint8Array; fixups: { slot: number; original: number }[] } {
  let out = new Uint8Array(1024);
  let end = 0;
  const grow = (n: number) => {
    if (end + n > out.length) {
      const bigger = new Uint8Array(Math.max(out.length * 2, end + n));
      bigger.set(out);
      out = bigger;
    }
    const at = end;
    end += n;
    return at;
  };
  const view = () => new DataView(out.buffer);
  const align = (n: number, extra = 0) => grow((n - ((end + extra) % n)) % n);
  const u16 = (pos: number, v: number) => view().setUint16(pos, v, true);
  const u32 = (pos: number, v: number) => view().setUint32(pos, v, true);

  const fixups: { slot: number; original: number }[] = [];
  const queue: { slot: number; ref: Ref }[] = [];
  const written = new Map<Node, number>();

  const header = grow(8);
  new TextEncoder().encodeInto(identifier, out.subarray(header + 4, header + 8));
  queue.push({ slot: header, ref: root });

  const write = (node: Node): number => {
    if ("table" in node) {
      const present = node.table.flatMap((f, id) => (f ? [{ f, id }] : []));
      const size = (f: Field) => ("scalar" in f ? SIZE[f.scalar] : 4);
      present.sort((a, b) => size(b.f) - size(a.f));
      let cursor = 4;
      const offsets = present.map(({ f }) => {
        cursor += (size(f) - (cursor % size(f))) % size(f);
        const at = cursor;
        cursor += size(f);
        return at;
      });
      const vtable = (align(2), grow(4 + 2 * node.table.length));
      align(present.some(({ f }) => size(f) === 8) ? 8 : 4);
      const table = grow(cursor);
      u16(vtable, 4 + 2 * node.table.length);
      u16(vtable + 2, cursor);
      view().setInt32(table, table - vtable, true);
      present.forEach(({ f, id }, i) => {
        const pos = table + offsets[i];
        u16(vtable + 4 + 2 * id, offsets[i]);
        if ("ref" in f) queue.push({ slot: pos, ref: f.ref });
        else if (f.scalar === "u8") view().setUint8(pos, Number(f.value));
        else if (f.scalar === "u32") u32(pos, Number(f.value));
        else view().setBigUint64(pos, BigInt(f.value), true);
      });
      return table;
    }
    if ("refs" in node) {
      align(4);
      const at = grow(4 + 4 * node.refs.length);
      u32(at, node.refs.length);
      node.refs.forEach((ref, i) => queue.push({ slot: at + 4 + 4 * i, ref }));
      return at;
    }
    if ("string" in node) {
      const text = new TextEncoder().encode(node.string);
      align(4);
      const at = grow(4 + text.length + 1);
      u32(at, text.length);
      out.set(text, at + 4);
      return at;
    }
    if ("bytes" in node) {
      align(Math.max(4, node.align), 4);
      const at = grow(4 + node.bytes.length);
      u32(at, node.bytes.length);
      out.set(node.bytes, at + 4);
      return at;
    }
    align(4);
    const at = grow(4 + 4 * node.floats.length);
    u32(at, node.floats.length);
    node.floats.forEach((v, i) => view().setFloat32(at + 4 + 4 * i, v, true));
    return at;
  };

  for (let next = queue.shift(); next; next = queue.shift()) {
    const { slot, ref } = next;
    if ("original" in ref) {
      fixups.push({ slot, original: ref.original });
      continue;
    }
    let at = written.get(ref);
    if (at === undefined) written.set(ref, at = write(ref));
    u32(slot, at - slot);
  }
  return { bytes: out.slice(0, end), fixups };
}

// ---------------------------------------------------------------- the model

/** tflite::Model field ids (tensorflow/lite/schema/schema.fbs). */
const MODEL = {
  version: 0,
  operatorCodes: 1,
  subgraphs: 2,
  description: 3,
  buffers: 4,
  metadataBuffer: 5,
  metadata: 6,
  signatureDefs: 7,
} as const;
/** Buffer.offset (field 1) and Metadata.name (field 0). */
const BUFFER_OFFSET = 1, METADATA_NAME = 0;
/** tflite-support metadata_schema.fbs: ColorSpaceType.RGB, ContentProperties.ImageProperties,
 * ProcessUnitOptions.NormalizationOptions. */
const RGB = 1, IMAGE_PROPERTIES = 2, NORMALIZATION_OPTIONS = 1;
const ALIGN = 16;

export interface ImageInputOptions {
  /** NormalizationOptions mean (input = (pixel - mean) / std); default 127.5. */
  mean?: number;
  /** NormalizationOptions std; default 127.5. */
  std?: number;
  /** ModelMetadata name; omitted when not given. */
  name?: string;
}

/** The ModelMetadata ("M001") flatbuffer: one subgraph, its first input an RGB image. */
export function imageInputMetadata(opts: ImageInputOptions = {}): Uint8Array {
  const { mean = 127.5, std = 127.5, name } = opts;
  const str = (s: string): Field => ({ ref: { string: s } });
  // Each table lists its fields by id; unions take two ids (type, then value).
  const normalization: Node = { table: [{ ref: { floats: [mean] } }, { ref: { floats: [std] } }] };
  const processUnit: Node = {
    table: [{ scalar: "u8", value: NORMALIZATION_OPTIONS }, { ref: normalization }],
  };
  const imageProperties: Node = { table: [{ scalar: "u8", value: RGB }] }; // color_space
  const content: Node = {
    table: [{ scalar: "u8", value: IMAGE_PROPERTIES }, { ref: imageProperties }],
  };
  // TensorMetadata: name, description, dimension_names, content, process_units.
  const input: Node = {
    table: [str("image"), str("Input image"), undefined, { ref: content }, {
      ref: { refs: [processUnit] },
    }],
  };
  // SubGraphMetadata: input_tensor_metadata is field 2.
  const subgraph: Node = { table: [undefined, undefined, { ref: { refs: [input] } }] };
  // ModelMetadata: name (0), subgraph_metadata (3), min_parser_version (7).
  const fields: (Field | undefined)[] = [];
  if (name !== undefined) fields[0] = str(name);
  fields[3] = { ref: { refs: [subgraph] } };
  fields[7] = str("1.0.0");
  const model: Node = { table: fields };
  return serialize(model, "M001").bytes;
}

/**
 * Returns a copy of `model` (a .tflite flatbuffer, identifier "TFL3") with TFLite metadata saying
 * input 0 is an RGB image normalized with `mean` / `std` (default 127.5 / 127.5, i.e. [-1, 1]).
 * Throws "not a TFLite model" for other input, and throws when the model already has
 * TFLITE_METADATA, has Model fields this code does not know, or keeps buffer data outside the
 * flatbuffer (Buffer.offset, the >2 GB format: those offsets would move).
 */
export function addImageInputMetadata(model: Uint8Array, opts: ImageInputOptions = {}): Uint8Array {
  const r = new FlatReader(model);
  if (model.length < 16 || r.identifier() !== "TFL3" || r.root() + 4 > model.length) {
    throw new Error("not a TFLite model (no TFL3 file identifier)");
  }
  const root = r.root();
  const known = Object.keys(MODEL).length;
  for (let id = known; id < r.fieldCount(root); id++) {
    if (r.field(root, id)) throw new Error(`TFLite Model has unknown field ${id}: not supported`);
  }

  const buffers = r.tables(root, MODEL.buffers);
  if (buffers.some((b) => r.u64(b, BUFFER_OFFSET) > 1n)) {
    throw new Error("TFLite model keeps buffer data outside the flatbuffer: not supported");
  }
  const metadata = r.tables(root, MODEL.metadata);
  if (metadata.some((m) => r.string(m, METADATA_NAME) === "TFLITE_METADATA")) {
    throw new Error("TFLite model already has TFLITE_METADATA");
  }

  const original = (id: number): Field | undefined => {
    const pos = r.ref(root, id);
    return pos ? { ref: { original: pos } } : undefined;
  };
  const metadataBuffer = {
    table: [{ ref: { bytes: imageInputMetadata(opts), align: ALIGN } }], // Buffer.data
  } satisfies Node;
  // Metadata {name, buffer}: the new Buffer is the last one.
  const entry = {
    table: [{ ref: { string: "TFLITE_METADATA" } }, { scalar: "u32", value: buffers.length }],
  } satisfies Node;
  const fields: (Field | undefined)[] = [];
  fields[MODEL.version] = { scalar: "u32", value: r.u32(root, MODEL.version) };
  fields[MODEL.operatorCodes] = original(MODEL.operatorCodes);
  fields[MODEL.subgraphs] = original(MODEL.subgraphs);
  fields[MODEL.description] = original(MODEL.description);
  fields[MODEL.buffers] = {
    ref: { refs: [...buffers.map((original) => ({ original })), metadataBuffer] },
  };
  fields[MODEL.metadataBuffer] = original(MODEL.metadataBuffer);
  fields[MODEL.metadata] = {
    ref: { refs: [...metadata.map((original) => ({ original })), entry] },
  };
  fields[MODEL.signatureDefs] = original(MODEL.signatureDefs);

  const { bytes, fixups } = serialize({ table: fields }, "TFL3");
  const start = Math.ceil(bytes.length / ALIGN) * ALIGN;
  const out = new Uint8Array(start + model.length);
  out.set(bytes);
  out.set(model, start);
  const view = new DataView(out.buffer);
  for (const { slot, original } of fixups) view.setUint32(slot, start + original - slot, true);
  return out;
}
