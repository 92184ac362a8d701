// TFLite metadata added in front of the npm-shipped BlazeFace model (lib/server/build/tflite_metadata.ts):
// the original model stays byte-identical and reachable from the new root, and the new
// TFLITE_METADATA buffer says "RGB image, mean 127.5, std 127.5" as MediaPipe Tasks expects.
import assert from "node:assert/strict";
import model from "@mediapipe/face_detection/face_detection_short_range.tflite" with {
  type: "bytes",
};
import fullRange from "@mediapipe/face_detection/face_detection_full_range_sparse.tflite" with {
  type: "bytes",
};
import { addImageInputMetadata, FlatReader } from "../../lib/server/build/tflite_metadata.ts";
import { TINY_PNG } from "../helpers/accounts.ts";

// Field ids: tensorflow/lite/schema/schema.fbs and tflite-support metadata_schema.fbs.
const M = { version: 0, operatorCodes: 1, subgraphs: 2, description: 3, buffers: 4, metadata: 6 };
const SUBGRAPH_TENSORS = 0, SUBGRAPH_INPUTS = 1, TENSOR_SHAPE = 0, TENSOR_NAME = 3;

const converted = addImageInputMetadata(model);
const before = new FlatReader(model), after = new FlatReader(converted);
const root0 = before.root(), root = after.root();
/** Where the original bytes start in the converted model. */
const start = converted.length - model.length;

/** The Buffer that the model's TFLITE_METADATA entry names, parsed as a flatbuffer. */
function metadataOf(r: FlatReader): FlatReader {
  const rootPos = r.root();
  const entries = r.tables(rootPos, M.metadata)
    .filter((m) => r.string(m, 0) === "TFLITE_METADATA");
  assert.equal(entries.length, 1, "exactly one TFLITE_METADATA entry");
  const buffers = r.tables(rootPos, M.buffers);
  const index = r.u32(entries[0], 1);
  assert.ok(index < buffers.length, `metadata buffer ${index} of ${buffers.length}`);
  const data = r.byteVector(buffers[index], 0);
  assert.equal(data.byteOffset % 16, 0, "metadata buffer data is 16-aligned");
  return new FlatReader(data);
}

/** Subgraph 0's input tensor, read through the model's root: its name and shape. */
function modelInput(r: FlatReader): { name: string | undefined; shape: number[] } {
  const subgraph = r.tables(r.root(), M.subgraphs)[0];
  const tensors = r.tables(subgraph, SUBGRAPH_TENSORS);
  const input = tensors[r.view.getInt32(r.ref(subgraph, SUBGRAPH_INPUTS) + 4, true)];
  const shape = r.ref(input, TENSOR_SHAPE);
  return {
    name: r.string(input, TENSOR_NAME),
    shape: Array.from(
      { length: r.view.getUint32(shape, true) },
      (_, i) => r.view.getInt32(shape + 4 + 4 * i, true),
    ),
  };
}

/** The first input tensor's metadata (ModelMetadata → subgraph 0 → input 0). */
function firstInput(meta: FlatReader): number {
  const subgraphs = meta.tables(meta.root(), 3);
  assert.equal(subgraphs.length, 1);
  const inputs = meta.tables(subgraphs[0], 2);
  assert.equal(inputs.length, 1);
  return inputs[0];
}

Deno.test("tflite metadata: the original bytes follow a 16-aligned prefix, unchanged", () => {
  assert.equal(after.identifier(), "TFL3");
  assert.equal(start % 16, 0, `original starts at ${start}`);
  const grown = converted.length - model.length;
  assert.ok(grown > 0 && grown < 4096, `grew by ${grown} bytes`);
  assert.deepEqual(converted.subarray(start), model);
  assert.equal(root < start, true, "the new root table is in the prefix");
});

Deno.test("tflite metadata: the new root reaches the original subgraphs, operators, buffers", () => {
  assert.equal(after.u32(root, M.version), before.u32(root0, M.version));
  for (const id of [M.operatorCodes, M.subgraphs, M.description]) {
    assert.notEqual(before.ref(root0, id), 0, `original has field ${id}`);
    assert.equal(after.ref(root, id), start + before.ref(root0, id), `field ${id} -> original`);
  }
  assert.equal(after.string(root, M.description), before.string(root0, M.description));
  // Read through the new root: subgraph 0's input is the 1x128x128x3 tensor "input".
  assert.deepEqual(modelInput(after), { name: "input", shape: [1, 128, 128, 3] });

  const old = before.tables(root0, M.buffers), now = after.tables(root, M.buffers);
  assert.equal(now.length, old.length + 1);
  let withData = 0;
  old.forEach((b, i) => {
    const data = after.byteVector(now[i], 0);
    assert.deepEqual(data, before.byteVector(b, 0), `buffer ${i}`);
    assert.equal(now[i], start + b, `buffer ${i} is the original table`);
    if (data.length) {
      withData++;
      // This 2020 model only 4-aligns its data; whatever the original had is kept.
      const was = before.byteVector(b, 0).byteOffset % 16;
      assert.equal(data.byteOffset % 16, was, `buffer ${i} keeps its alignment`);
    }
  });
  assert.ok(withData > 10, `${withData} buffers hold weights`);
});

Deno.test("tflite metadata: TFLITE_METADATA is an M001 RGB image input, mean/std 127.5", () => {
  const meta = metadataOf(after);
  assert.equal(meta.identifier(), "M001");
  assert.equal(
    after.u32(after.tables(root, M.metadata).at(-1)!, 1),
    before.tables(root0, 4).length,
  );
  const input = firstInput(meta);
  const content = meta.ref(input, 3);
  assert.equal(meta.u8(content, 0), 2, "content_properties_type = ImageProperties");
  assert.equal(meta.u8(meta.ref(content, 1), 0), 1, "color_space = RGB");
  const units = meta.tables(input, 4);
  assert.equal(units.length, 1);
  assert.equal(meta.u8(units[0], 0), 1, "options_type = NormalizationOptions");
  const normalization = meta.ref(units[0], 1);
  assert.deepEqual(meta.floats(normalization, 0), [127.5]);
  assert.deepEqual(meta.floats(normalization, 1), [127.5]);
});

Deno.test("tflite metadata: options set mean, std and the model name", () => {
  const meta = metadataOf(
    new FlatReader(addImageInputMetadata(model, { mean: 0, std: 255, name: "blazeface" })),
  );
  assert.equal(meta.string(meta.root(), 0), "blazeface");
  const normalization = meta.ref(meta.tables(firstInput(meta), 4)[0], 1);
  assert.deepEqual(meta.floats(normalization, 0), [0]);
  assert.deepEqual(meta.floats(normalization, 1), [255]);
  assert.equal(metadataOf(after).string(metadataOf(after).root(), 0), undefined);
});

Deno.test("tflite metadata: existing Metadata entries are kept", () => {
  // Rename the converted model's entry (same length) so it counts as some other metadata.
  const renamed = converted.slice();
  const at = new TextDecoder("latin1").decode(renamed.subarray(0, start)).indexOf(
    "TFLITE_METADATA",
  );
  assert.ok(at > 0);
  renamed[at + 14] = "B".charCodeAt(0);
  const twice = new FlatReader(addImageInputMetadata(renamed));
  const names = twice.tables(twice.root(), M.metadata).map((m) => twice.string(m, 0));
  assert.deepEqual(names, ["TFLITE_METADATB", "TFLITE_METADATA"]);
  assert.equal(twice.tables(twice.root(), M.buffers).length, before.tables(root0, 4).length + 2);
  assert.equal(metadataOf(twice).identifier(), "M001");
});

Deno.test("tflite metadata: rejects a non-TFLite input and a model that has metadata", () => {
  assert.throws(() => addImageInputMetadata(TINY_PNG), /not a TFLite model/);
  assert.throws(() => addImageInputMetadata(new Uint8Array(0)), /not a TFLite model/);
  const wrongId = model.slice();
  wrongId[7] = "4".charCodeAt(0);
  assert.throws(() => addImageInputMetadata(wrongId), /not a TFLite model/);
  assert.throws(() => addImageInputMetadata(converted), /already has TFLITE_METADATA/);
});

Deno.test("tflite metadata: the full-range model the app ships converts the same way", () => {
  const out = addImageInputMetadata(fullRange);
  const r = new FlatReader(out);
  const offset = out.length - fullRange.length;
  assert.equal(r.identifier(), "TFL3");
  assert.equal(offset % 16, 0);
  assert.deepEqual(out.subarray(offset), fullRange);
  const input = firstInput(metadataOf(r));
  assert.ok(input > 0, "the first input tensor has metadata");
  // Its input is 1x192x192x3 (the full-range model), reached through the new root.
  assert.deepEqual(modelInput(r).shape, [1, 192, 192, 3]);
});
