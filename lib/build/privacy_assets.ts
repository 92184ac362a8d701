// Face blur's browser files, built next to the islands: the compositor worker (and the compositor
// as a page module, for browsers where the worker cannot run), the detector worker (esbuild,
// MediaPipe's tasks-vision bundled in), MediaPipe's wasm loader and binary, and the BlazeFace
// full-range model (sparse) with the TFLite metadata MediaPipe's FaceDetector requires. All come
// from npm packages, get content-hashed names, and are served by our own server with immutable
// caching.
import { basename, join } from "node:path";
import { buildWorkers, packageDir, placeModelFile } from "./worker_files.ts";
import { addImageInputMetadata } from "./tflite_metadata.ts";
import type { BlurAssets } from "../client/privacy/protocol.ts";

const TASKS_VISION = "@mediapipe/tasks-vision";
const FACE_DETECTION = "@mediapipe/face_detection";
/** The ES-module build of the loader: the detector worker is a module worker. */
const WASM_LOADER = "wasm/vision_wasm_module_internal.js";
const WASM_BINARY = "wasm/vision_wasm_module_internal.wasm";
const MODEL = "face_detection_full_range_sparse.tflite";

const WORKERS = {
  detector: "lib/client/privacy/face_worker.ts",
  compositor: "lib/client/privacy/compositor_worker.ts",
  // Not a worker: the module the page imports to compose where the worker cannot run.
  "page-compositor": "lib/client/privacy/page_compositor.ts",
} as const;

/** Project files whose change must rebuild these assets (besides the workers' own inputs). */
export const PRIVACY_BUILD_INPUTS = ["lib/build/tflite_metadata.ts"];

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
  const { urls: workers, inputs } = await buildWorkers(root, outdir, WORKERS, {
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
      loader: await place(basename(WASM_LOADER), await Deno.readFile(join(vision, WASM_LOADER))),
      wasm: await place(basename(WASM_BINARY), await Deno.readFile(join(vision, WASM_BINARY))),
      model: await place(MODEL, model),
    },
    inputs,
  };
}
