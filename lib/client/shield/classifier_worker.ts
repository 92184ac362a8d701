// The safety shield's classifier, in a worker of its own so a classification (~150–250 ms on a
// 2-core machine) never holds the page: nsfwjs's MobileNetV2 on tfjs's WebAssembly backend. It
// answers with the class scores of each frame it is shown and keeps nothing: every frame is
// closed after use, and nothing is sent anywhere. Its files come from our server.
import * as tf from "@tensorflow/tfjs-core";
import { setWasmPaths } from "@tensorflow/tfjs-backend-wasm";
import { load, type NSFWJS } from "nsfwjs/core";
import type { ClassifierIn, ClassifierOut } from "./protocol.ts";
import { type Scores, SHIELD_CLASSES, SHIELD_INPUT_SIZE } from "./policy.ts";

const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<ClassifierIn>) => void) | null;
  postMessage(msg: ClassifierOut): void;
};
const say = (msg: ClassifierOut) => scope.postMessage(msg);

let model: NSFWJS | null = null;
let canvas: OffscreenCanvas | null = null;

async function start(files: Extract<ClassifierIn, { type: "load" }>["files"]) {
  const started = performance.now();
  try {
    setWasmPaths({
      "tfjs-backend-wasm.wasm": files.wasm,
      "tfjs-backend-wasm-simd.wasm": files.wasmSimd,
      // Never chosen: the threaded build needs cross-origin isolation, which Glimpse does not
      // enable. Pointing it at the SIMD file keeps any fallback on our own server.
      "tfjs-backend-wasm-threaded-simd.wasm": files.wasmSimd,
    });
    // setBackend answers false (it does not throw) when WebAssembly cannot start, e.g. under a
    // CSP without 'wasm-unsafe-eval'; the shield then reports the failure instead of falling
    // back to a backend that is 10x slower.
    if (!(await tf.setBackend("wasm"))) throw new Error("the WebAssembly backend did not start");
    await tf.ready();
    model = await load(files.model, { size: SHIELD_INPUT_SIZE });
    say({ type: "ready", ms: performance.now() - started, backend: tf.getBackend() });
  } catch (err) {
    say({ type: "failed", error: err instanceof Error ? err.message : String(err) });
  }
}

function pixelsOf(msg: Extract<ClassifierIn, { type: "classify" }>): ImageData {
  if (msg.pixels) return msg.pixels;
  const bitmap = msg.bitmap!;
  try {
    canvas ??= new OffscreenCanvas(SHIELD_INPUT_SIZE, SHIELD_INPUT_SIZE);
    const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
    ctx.drawImage(bitmap, 0, 0, SHIELD_INPUT_SIZE, SHIELD_INPUT_SIZE);
    return ctx.getImageData(0, 0, SHIELD_INPUT_SIZE, SHIELD_INPUT_SIZE);
  } finally {
    bitmap.close();
  }
}

async function classify(msg: Extract<ClassifierIn, { type: "classify" }>) {
  const started = performance.now();
  try {
    if (!model) throw new Error("classifier not loaded");
    const image = tf.browser.fromPixels(pixelsOf(msg));
    try {
      const predictions = await model.classify(image as tf.Tensor3D, SHIELD_CLASSES.length);
      const scores = Object.fromEntries(SHIELD_CLASSES.map((c) => [c, 0])) as Scores;
      for (const p of predictions) scores[p.className as keyof Scores] = p.probability;
      say({ type: "scores", t: msg.t, scores, ms: performance.now() - started });
    } finally {
      image.dispose();
    }
  } catch (err) {
    msg.bitmap?.close();
    say({ type: "error", t: msg.t, error: err instanceof Error ? err.message : String(err) });
  }
}

scope.onmessage = (e) => {
  if (e.data.type === "load") start(e.data.files);
  else if (e.data.type === "classify") classify(e.data);
};
