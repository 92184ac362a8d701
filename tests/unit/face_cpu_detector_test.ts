// The CPU face detector (for browsers whose detector worker has no WebGL): BlazeFace full range
// converted from its .tflite at build time (lib/server/build/detector_model.ts), read back and run with
// tfjs-core's ops (lib/client/privacy/detector_graph.ts), its outputs decoded into faces
// (lib/client/privacy/detector_decode.ts). Run here on tfjs's CPU backend on the fixture photos:
// one face where the astronaut's is, none on the cat.
import assert from "node:assert/strict";
import * as tf from "@tensorflow/tfjs-core";
import "@tensorflow/tfjs-backend-cpu";
import fullRange from "@mediapipe/face_detection/face_detection_full_range.tflite" with {
  type: "bytes",
};
import sparse from "@mediapipe/face_detection/face_detection_full_range_sparse.tflite" with {
  type: "bytes",
};
import { convertDetectorModel, ohwiToHwio } from "../../lib/server/build/detector_model.ts";
import {
  constTensors,
  halfToFloat,
  inputFromRgba,
  parseDetectorModel,
  runDetectorGraph,
} from "../../lib/client/privacy/detector_graph.ts";
import {
  decodeBoxes,
  facesFrom,
  letterbox,
  ssdAnchors,
  toImage,
  weightedNms,
} from "../../lib/client/privacy/detector_decode.ts";
import { FACE_RECT, FIXTURES_DIR } from "../helpers/fake_camera.ts";
import { TINY_PNG } from "../helpers/accounts.ts";

const ANCHORS: [number, number][] = [[4, 1]];
const SIZE = 192;
const FRAME = { width: 1280, height: 720 };

Deno.test("float16 values decode as IEEE half precision", () => {
  assert.equal(halfToFloat(0x3c00), 1);
  assert.equal(halfToFloat(0xc000), -2);
  assert.equal(halfToFloat(0x3800), 0.5);
  assert.equal(halfToFloat(0x7bff), 65504);
  assert.equal(halfToFloat(0x0001), 2 ** -24);
  assert.equal(halfToFloat(0x3555), 0.333251953125);
  assert.equal(halfToFloat(0x7c00), Infinity);
  assert.ok(Number.isNaN(halfToFloat(0x7e00)));
});

Deno.test("convolution filters go from TFLite's [out, h, w, in] to tfjs's [h, w, in, out]", () => {
  // out 2, h 1, w 2, in 3, one byte each: element (o, w, i) is 100 o + 10 w + i.
  const shape = [2, 1, 2, 3];
  const data = new Uint8Array(12);
  for (let o = 0; o < 2; o++) {
    for (let w = 0; w < 2; w++) {
      for (let i = 0; i < 3; i++) data[o * 6 + w * 3 + i] = 100 * o + 10 * w + i;
    }
  }
  const out = ohwiToHwio(data, shape, 1);
  // [h 1][w 2][in 3][out 2]
  assert.deepEqual([...out], [0, 100, 1, 101, 2, 102, 10, 110, 11, 111, 12, 112]);
  // Two-byte elements move as pairs.
  const wide = ohwiToHwio(new Uint8Array([1, 2, 3, 4]), [2, 1, 1, 1], 2);
  assert.deepEqual([...wide], [1, 2, 3, 4]);
  const swapped = ohwiToHwio(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), [2, 1, 1, 2], 2);
  assert.deepEqual([...swapped], [1, 2, 5, 6, 3, 4, 7, 8]);
});

Deno.test("the converter reads BlazeFace full range and refuses what it cannot run", () => {
  const file = convertDetectorModel(fullRange, ANCHORS);
  const { manifest, consts } = parseDetectorModel(file);
  assert.deepEqual(manifest.input.width, SIZE);
  assert.deepEqual(manifest.input.height, SIZE);
  assert.deepEqual(manifest.anchors, ANCHORS);
  // Float16 weights stay float16: the file is about the size of the .tflite.
  assert.ok(file.length < fullRange.length, `${file.length} bytes vs ${fullRange.length}`);
  const conv = manifest.ops.find((op) => op.op === "conv2d")!;
  const filter = consts.get(conv.inputs[1])!;
  assert.equal(filter.shape.length, 4);
  assert.equal(filter.shape[3], consts.get(conv.inputs[2])!.shape[0], "[h, w, in, out]");
  for (const op of manifest.ops.filter((op) => op.op === "depthwise")) {
    assert.equal(consts.get(op.inputs[1])!.shape[3], 1, "[h, w, channels, 1]");
  }
  assert.ok(manifest.ops.every((op) => !op.inputs.some((id) => id === undefined)));
  assert.throws(() => convertDetectorModel(sparse, ANCHORS), /sparse tensors/);
  assert.throws(() => convertDetectorModel(fullRange, [[8, 2]]), /anchors make 1152 boxes/);
  assert.throws(() => convertDetectorModel(TINY_PNG, ANCHORS), /not a TFLite model/);
  assert.throws(() => parseDetectorModel(fullRange), /no GFD1 header/);
  assert.throws(() => parseDetectorModel(file.slice(0, file.length - 100)), /past the model's end/);
});

Deno.test("anchors, box decoding, weighted merging and the letterbox", () => {
  const anchors = ssdAnchors(SIZE, ANCHORS);
  assert.equal(anchors.length, 48 * 48);
  assert.deepEqual(anchors[0], { x: 0.5 / 48, y: 0.5 / 48 });
  assert.deepEqual(anchors[48], { x: 0.5 / 48, y: 1.5 / 48 }, "rows of the grid, left to right");
  const short = ssdAnchors(128, [[8, 2], [16, 6]]);
  assert.equal(short.length, 896);
  assert.deepEqual(short[1], short[0], "two anchors per cell");

  // Anchor 100 (row 2, column 4) says: 4 px right, 2 px down, 48x24 px; anchor 101 scores low.
  const boxes = new Float32Array(anchors.length * 16);
  const logits = new Float32Array(anchors.length).fill(-10);
  boxes.set([4, 2, 48, 24], 100 * 16);
  logits[100] = 2;
  boxes.set([0, 0, 40, 40], 101 * 16);
  logits[101] = -1;
  const found = decodeBoxes(boxes, logits, anchors, SIZE);
  assert.equal(found.length, 1);
  const cx = 4.5 / 48 + 4 / SIZE, cy = 2.5 / 48 + 2 / SIZE;
  assert.ok(Math.abs(found[0].x - (cx - 24 / SIZE)) < 1e-6);
  assert.ok(Math.abs(found[0].y - (cy - 12 / SIZE)) < 1e-6);
  assert.ok(Math.abs(found[0].w - 48 / SIZE) < 1e-6);
  assert.ok(Math.abs(found[0].score - 1 / (1 + Math.exp(-2))) < 1e-6);

  // Two overlapping boxes become their score-weighted mean; a distant one stays apart.
  const merged = weightedNms([
    { x: 0.1, y: 0.1, w: 0.2, h: 0.2, score: 0.9 },
    { x: 0.12, y: 0.1, w: 0.2, h: 0.2, score: 0.6 },
    { x: 0.7, y: 0.7, w: 0.1, h: 0.1, score: 0.8 },
  ]);
  assert.equal(merged.length, 2);
  assert.ok(Math.abs(merged[0].x - (0.1 * 0.9 + 0.12 * 0.6) / 1.5) < 1e-9);
  assert.equal(merged[0].score, 0.9);
  assert.ok(Math.abs(merged[1].x - 0.7) < 1e-9 && merged[1].score === 0.8);

  // 1280x720 in 192 px: 192x108, 42 px from the top. The input's middle is the image's middle.
  const placed = letterbox(1280, 720, SIZE);
  assert.deepEqual(placed, { x: 0, y: 42, w: 192, h: 108 });
  const mid = toImage({ x: 0.25, y: 0.25, w: 0.5, h: 0.5 }, placed, SIZE)!;
  assert.ok(Math.abs(mid.x - 0.25) < 1e-9 && Math.abs(mid.w - 0.5) < 1e-9);
  assert.ok(Math.abs(mid.y - (48 - 42) / 108) < 1e-9);
  assert.ok(Math.abs(mid.h - 96 / 108) < 1e-9);
  // Clipped to the image; nothing left when it lies in the black border.
  assert.deepEqual(toImage({ x: 0, y: 0, w: 0.5, h: 0.25 }, placed, SIZE), {
    x: 0,
    y: 0,
    w: 0.5,
    h: 6 / 108,
  });
  assert.equal(toImage({ x: 0, y: 0, w: 0.5, h: 0.2 }, placed, SIZE), null);
});

/** `name` stretched to 1280x720 and letterboxed into the network's square input (ffmpeg). */
async function letterboxed(name: string): Promise<Float32Array> {
  const placed = letterbox(FRAME.width, FRAME.height, SIZE);
  const out = await new Deno.Command("ffmpeg", {
    args: [
      ...["-hide_banner", "-loglevel", "error", "-i", `${FIXTURES_DIR}/${name}.png`],
      ...["-vf", `scale=1280:720,scale=${placed.w}:${placed.h}`],
      ...["-f", "rawvideo", "-pix_fmt", "rgba", "-"],
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
  // Black around the picture, as the worker's canvas has.
  const square = new Uint8Array(SIZE * SIZE * 4);
  for (let i = 3; i < square.length; i += 4) square[i] = 255;
  square.set(out.stdout, placed.y * SIZE * 4);
  return inputFromRgba(square);
}

Deno.test("the converted network finds the astronaut's face, tightly, and no face on the cat", async () => {
  await tf.setBackend("cpu");
  const model = parseDetectorModel(convertDetectorModel(fullRange, ANCHORS));
  const consts = constTensors(model);
  const anchors = ssdAnchors(SIZE, model.manifest.anchors);
  const placed = letterbox(FRAME.width, FRAME.height, SIZE);
  const detect = async (name: string) => {
    const input = tf.tensor4d(await letterboxed(name), [1, SIZE, SIZE, 3]);
    try {
      return facesFrom(runDetectorGraph(model, consts, input), anchors, SIZE, placed);
    } finally {
      input.dispose();
    }
  };
  try {
    const faces = await detect("astronaut");
    assert.equal(faces.length, 1, JSON.stringify(faces));
    const box = {
      x: faces[0].x * FRAME.width,
      y: faces[0].y * FRAME.height,
      w: faces[0].w * FRAME.width,
      h: faces[0].h * FRAME.height,
    };
    const shown = JSON.stringify(box);
    // It covers the inner face (a pixel of slack) and is not much more than a face.
    assert.ok(box.x <= FACE_RECT.x + 1 && box.y <= FACE_RECT.y + 1, shown);
    assert.ok(box.x + box.w >= FACE_RECT.x + FACE_RECT.w - 1, shown);
    assert.ok(box.y + box.h >= FACE_RECT.y + FACE_RECT.h - 1, shown);
    assert.ok(box.w * box.h < 3 * FACE_RECT.w * FACE_RECT.h, shown);
    assert.deepEqual(await detect("chelsea"), []);
    assert.equal(tf.memory().numTensors, consts.size, "the run keeps no tensors");
  } finally {
    for (const t of consts.values()) t.dispose();
  }
});
