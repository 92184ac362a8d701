// The face detector for browsers where MediaPipe cannot run (its worker has no WebGL, as in
// headless Firefox and WebKit's OffscreenCanvas): the same BlazeFace network (full range),
// converted at build time, run with tfjs-core's ops on tfjs's WebAssembly backend. A module of
// its own, built apart from the detector worker, which imports it only when it needs it. Every
// file comes from our server.
import type { CpuDetectorFiles } from "./protocol.ts";
import * as tf from "@tensorflow/tfjs-core";
import { setWasmPaths } from "@tensorflow/tfjs-backend-wasm";
import type { Box } from "./regions.ts";
import {
  constTensors,
  inputFromRgba,
  parseDetectorModel,
  runDetectorGraph,
} from "./detector_graph.ts";
import { facesFrom, letterbox, ssdAnchors } from "./detector_decode.ts";

/** Where the CPU detector's files are served from. */
export type { CpuDetectorFiles };

export interface FaceFinder {
  /** Faces in `image`, as fractions of it. */
  detect(image: ImageBitmap): Box[];
  close(): void;
}

/** Loads the model on tfjs's WebAssembly backend; throws if either does not load. */
export async function loadCpuDetector(files: CpuDetectorFiles): Promise<FaceFinder> {
  setWasmPaths({
    "tfjs-backend-wasm.wasm": files.wasm,
    "tfjs-backend-wasm-simd.wasm": files.wasmSimd,
    // Never chosen: the threaded build needs cross-origin isolation, which Glimpse does not
    // enable. Pointing it at the SIMD file keeps any fallback on our own server.
    "tfjs-backend-wasm-threaded-simd.wasm": files.wasmSimd,
  });
  // setBackend answers false (it does not throw) when WebAssembly cannot start.
  if (!(await tf.setBackend("wasm"))) throw new Error("tfjs's WebAssembly backend did not start");
  await tf.ready();
  const res = await fetch(files.model);
  if (!res.ok) throw new Error(`face model: HTTP ${res.status}`);
  const model = parseDetectorModel(new Uint8Array(await res.arrayBuffer()));
  const { width: size, height } = model.manifest.input;
  if (size !== height) throw new Error(`face model input is not square (${size}x${height})`);
  const consts = constTensors(model);
  const anchors = ssdAnchors(size, model.manifest.anchors);
  const canvas = new OffscreenCanvas(size, size);
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) throw new Error("no 2D canvas in this worker");
  return {
    detect(image) {
      const placed = letterbox(image.width, image.height, size);
      ctx.fillStyle = "#000";
      ctx.fillRect(0, 0, size, size);
      ctx.drawImage(image, placed.x, placed.y, placed.w, placed.h);
      const pixels = ctx.getImageData(0, 0, size, size).data;
      const input = tf.tensor4d(inputFromRgba(pixels), [1, size, size, 3]);
      try {
        return facesFrom(runDetectorGraph(model, consts, input), anchors, size, placed);
      } finally {
        input.dispose();
      }
    },
    close() {
      for (const t of consts.values()) t.dispose();
    },
  };
}
