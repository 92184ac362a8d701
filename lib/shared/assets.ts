// The browser files the build makes for face blur and the safety shield, as the pages and workers
// are told where they are served from: the build (server) writes these, the browser reads them.

/**
 * The CPU detector's files (built into the detector worker, which imports the module only where
 * MediaPipe cannot detect). Declared in lib/shared/, so the build that names them never reaches the
 * detector's code (and tfjs) from the server.
 */
export interface CpuDetectorFiles {
  /** The CPU detector's module (the detector worker imports it by this URL). */
  module: string;
  /** The converted BlazeFace model (detector_graph.ts's format). */
  model: string;
  /** tfjs's WebAssembly backend, without and with SIMD. */
  wasm: string;
  wasmSimd: string;
}

/** Where the face blur files are served from (content-hashed, cached for good). */
export interface BlurAssets {
  /** The detector worker script. */
  detector: string;
  /** The compositor worker script (draws the covered frames off the page's main thread). */
  compositor: string;
  /** The compositor as a page module, for browsers where the worker cannot run. */
  pageCompositor: string;
  /** The page compositor's clock worker, which paces it while the page is hidden. */
  clock: string;
  /** Flip camera's camera switch (a page module, imported when the member taps Flip camera). */
  cameraSwitch: string;
  /** MediaPipe's wasm loader (an ES module) and binary. */
  loader: string;
  wasm: string;
  /** The face detection model (BlazeFace full range with the metadata MediaPipe needs). */
  model: string;
}

/** Where the shield's files are served from (content-hashed, cached for good). */
export interface ShieldAssets {
  /** The classifier worker script (tfjs, its WebAssembly backend and nsfwjs bundled in). */
  classifier: string;
  /** nsfwjs's MobileNetV2 as a tfjs layers model.json (its weights beside it). */
  model: string;
  /** tfjs's WebAssembly binaries: plain and SIMD (the threaded build is never used). */
  wasm: string;
  wasmSimd: string;
}
