// Face blur's browser files, built next to the islands: the compositor worker (and the compositor
// as a page module with its clock worker, for browsers where the worker cannot run), the detector
// worker (esbuild, MediaPipe's tasks-vision bundled in), MediaPipe's wasm loader and binary, and
// the BlazeFace full-range model (sparse) with the TFLite metadata MediaPipe's FaceDetector
// requires. For browsers where MediaPipe cannot run (no WebGL in the worker), the CPU detector: a
// module the detector worker imports only then (tfjs-core and its WebAssembly backend bundled in),
// tfjs's wasm binaries, and BlazeFace full range (dense) converted for it; the detector worker is
// built with their URLs. All come from npm packages, get content-hashed names, and are served by
// our own server with immutable caching.
import { basename, join } from "node:path";
import { buildWorkers, packageDir, placeModelFile } from "./worker_files.ts";
import { addImageInputMetadata } from "./tflite_metadata.ts";
import { convertDetectorModel } from "./detector_model.ts";
import type { BlurAssets, CpuDetectorFiles } from "../../shared/assets.ts";

const TASKS_VISION = "@mediapipe/tasks-vision";
const FACE_DETECTION = "@mediapipe/face_detection";
/** The ES-module build of the loader: the detector worker is a module worker. */
const WASM_LOADER = "wasm/vision_wasm_module_internal.js";
const WASM_BINARY = "wasm/vision_wasm_module_internal.wasm";
const MODEL = "face_detection_full_range_sparse.tflite";
const TFJS_WASM = "@tensorflow/tfjs-backend-wasm";
/** The CPU detector's model: the same network with dense weights (the converter reads those). */
const CPU_MODEL = "face_detection_full_range.tflite";
/** MediaPipe's anchors for it: one per cell of a 48×48 grid (stride 4 on 192 px). */
const CPU_MODEL_ANCHORS: [number, number][] = [[4, 1]];
const CPU_DETECTOR = "lib/client/privacy/cpu_detector.ts";

const WORKERS = {
  detector: "lib/client/privacy/face_worker.ts",
  compositor: "lib/client/privacy/compositor_worker.ts",
  // Not a worker: the module the page imports to compose where the worker cannot run.
  "page-compositor": "lib/client/privacy/page_compositor.ts",
  clock: "lib/client/privacy/clock_worker.ts",
  // Not a worker either: Flip camera's switch, imported by the live page when it is tapped.
  "camera-switch": "lib/client/camera_switch.ts",
} as const;

/** Project files whose change must rebuild these assets (besides the workers' own inputs). */
export const PRIVACY_BUILD_INPUTS = [
  "lib/server/build/privacy_assets.ts",
  "lib/server/build/tflite_metadata.ts",
  "lib/server/build/detector_model.ts",
];

/**
 * tasks-vision posts usage logs to Google every minute (odml.pa.googleapis.com), which no option
 * turns off. Our CSP would block the request; we also remove it, so the detector talks to
 * nobody. The build fails if the code to patch is not found (e.g. after an upgrade).
 */
export function withoutUsageLogging(source: string): string {
  const flush = "flush(t,e){if(this.error)";
  if (!source.includes("odml.pa.googleapis.com")) return source;
  if (source.split(flush).length !== 2) {
    throw new Error("tasks-vision's usage logging changed: review it before upgrading");
  }
  // The logger's flush drops what it gathered and reports success, without sending it.
  return source.replace(flush, "flush(t,e){this.i=[];t?.();return;if(this.error)")
    .replaceAll("https://odml.pa.googleapis.com/v1/log", "about:blank");
}

/** Builds the CPU detector's module, model and wasm binaries; returns their URLs and inputs. */
async function buildCpuDetector(
  root: string,
  outdir: string,
  faces: string,
): Promise<{ files: CpuDetectorFiles; inputs: string[] }> {
  const tfWasm = await packageDir(root, TFJS_WASM);
  const { urls, inputs } = await buildWorkers(root, outdir, { "face-cpu": CPU_DETECTOR }, {
    define: { "process.env.NODE_ENV": '"production"' },
  });
  const place = async (name: string, bytes: Uint8Array | Promise<Uint8Array>) =>
    placeModelFile(outdir, name, await bytes);
  const tflite = await Deno.readFile(join(faces, CPU_MODEL));
  return {
    files: {
      module: urls["face-cpu"],
      model: await place(
        "face-detector-full-range.bin",
        convertDetectorModel(tflite, CPU_MODEL_ANCHORS),
      ),
      wasm: await place(
        "tfjs-backend-wasm.wasm",
        Deno.readFile(join(tfWasm, "dist", "tfjs-backend-wasm.wasm")),
      ),
      wasmSimd: await place(
        "tfjs-backend-wasm-simd.wasm",
        Deno.readFile(join(tfWasm, "dist", "tfjs-backend-wasm-simd.wasm")),
      ),
    },
    inputs,
  };
}

/**
 * Builds the face blur files into `outdir` (below `models/` and `workers/`) and returns their
 * URLs (`/build/…`) and the project files the workers were built from.
 */
export async function buildPrivacyAssets(
  root: string,
  outdir: string,
): Promise<{ assets: BlurAssets; inputs: string[] }> {
  const vision = await packageDir(root, TASKS_VISION);
  const faces = await packageDir(root, FACE_DETECTION);
  const cpu = await buildCpuDetector(root, outdir, faces);
  const { urls: workers, inputs } = await buildWorkers(root, outdir, WORKERS, {
    define: { __CPU_DETECTOR__: JSON.stringify(cpu.files) },
    plugins: [{
      name: "tasks-vision",
      setup(build) {
        build.onResolve({ filter: /^@mediapipe\/tasks-vision$/ }, () => ({
          path: join(vision, "vision_bundle.mjs"),
        }));
        build.onLoad({ filter: /vision_bundle\.mjs$/ }, async (args) => ({
          contents: withoutUsageLogging(await Deno.readTextFile(args.path)),
          loader: "js",
        }));
      },
    }],
  });
  const place = (name: string, bytes: Uint8Array) => placeModelFile(outdir, name, bytes);
  const model = addImageInputMetadata(await Deno.readFile(join(faces, MODEL)));
  return {
    assets: {
      detector: workers.detector,
      compositor: workers.compositor,
      pageCompositor: workers["page-compositor"],
      clock: workers.clock,
      cameraSwitch: workers["camera-switch"],
      loader: await place(basename(WASM_LOADER), await Deno.readFile(join(vision, WASM_LOADER))),
      wasm: await place(basename(WASM_BINARY), await Deno.readFile(join(vision, WASM_BINARY))),
      model: await place(MODEL, model),
    },
    // A defined object shows up as an input named "<define:…>": it is no file.
    inputs: [...new Set([...inputs, ...cpu.inputs])].filter((i) => !i.startsWith("<define:")),
  };
}
