// The face detector, in a worker of its own so detection never holds up the frames. It answers on
// the MessagePort it is given, with face boxes as fractions of the image it was shown. Two
// detectors run BlazeFace full range: MediaPipe's FaceDetector (CPU delegate, WASM; the model's
// sparse build), which still needs WebGL to read its input, and where that is missing or fails,
// the CPU detector (cpu_detector.ts: the dense build on tfjs's WebAssembly backend), imported only
// then. A detector counts as loaded only once a probe detection on a small grey picture has
// succeeded: MediaPipe without WebGL loads fine and then throws on every frame. Every file it
// loads comes from our server.
import { FaceDetector } from "@mediapipe/tasks-vision";
import type { DetectorIn, DetectorOut } from "./protocol.ts";
import type { CpuDetectorFiles, FaceFinder } from "./cpu_detector.ts";

/** The CPU detector's files, named at build time (lib/server/build/privacy_assets.ts). */
declare const __CPU_DETECTOR__: CpuDetectorFiles;

type Backend = Extract<DetectorOut, { type: "ready" }>["backend"];
type Files = Extract<DetectorIn, { type: "load" }>["files"];

const scope = globalThis as unknown as { onmessage: ((e: MessageEvent) => void) | null };

let port: MessagePort | null = null;
let finder: FaceFinder | null = null;

const say = (msg: DetectorOut, transfer: Transferable[] = []) => port?.postMessage(msg, transfer);
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Whether this worker can make the WebGL2 context MediaPipe reads its input with. */
function hasWebGl(): boolean {
  try {
    const gl = new OffscreenCanvas(1, 1).getContext("webgl2");
    gl?.getExtension("WEBGL_lose_context")?.loseContext();
    return !!gl;
  } catch {
    return false;
  }
}

async function loadMediaPipe(files: Files): Promise<FaceFinder> {
  if (!hasWebGl()) throw new Error("no WebGL2 in this worker");
  const detector = await FaceDetector.createFromOptions(
    { wasmLoaderPath: files.loader, wasmBinaryPath: files.wasm },
    {
      baseOptions: { modelAssetPath: files.model, delegate: "CPU" },
      runningMode: "IMAGE",
      minDetectionConfidence: 0.5,
    },
  );
  return {
    detect(image) {
      const { width, height } = image;
      return detector.detect(image).detections.flatMap((d) =>
        d.boundingBox
          ? [{
            x: d.boundingBox.originX / width,
            y: d.boundingBox.originY / height,
            w: d.boundingBox.width / width,
            h: d.boundingBox.height / height,
          }]
          : []
      );
    },
    close: () => detector.close(),
  };
}

async function loadWasm(): Promise<FaceFinder> {
  const files = __CPU_DETECTOR__;
  const { loadCpuDetector } = await import(files.module) as typeof import("./cpu_detector.ts");
  return await loadCpuDetector(files);
}

/** Runs one detection on a small grey picture; throws if the detector cannot detect. */
function probe(candidate: FaceFinder) {
  const canvas = new OffscreenCanvas(64, 64);
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no 2D canvas in this worker");
  ctx.fillStyle = "#808080";
  ctx.fillRect(0, 0, 64, 64);
  const bitmap = canvas.transferToImageBitmap();
  try {
    candidate.detect(bitmap);
  } finally {
    bitmap.close();
  }
}

/** The first detector that loads and passes the probe, or the reasons none did. */
async function firstWorking(files: Files): Promise<{ backend: Backend } | { errors: string[] }> {
  const tries: [Backend, () => Promise<FaceFinder>][] = [
    ["mediapipe", () => loadMediaPipe(files)],
    ["wasm", loadWasm],
  ];
  const errors: string[] = [];
  for (const [backend, load] of tries) {
    let candidate: FaceFinder | null = null;
    try {
      candidate = await load();
      probe(candidate);
      finder = candidate;
      if (errors.length) console.info(`face detection runs on ${backend}:`, errors.join("; "));
      return { backend };
    } catch (err) {
      candidate?.close();
      errors.push(`${backend}: ${message(err)}`);
    }
  }
  return { errors };
}

async function load(files: Files) {
  const started = performance.now();
  const result = await firstWorking(files);
  if ("errors" in result) {
    say({ type: "failed", error: result.errors.join("; ") });
    return;
  }
  say({ type: "ready", ms: performance.now() - started, backend: result.backend });
}

function detect(bitmap: ImageBitmap, t: number) {
  const started = performance.now();
  try {
    if (!finder) throw new Error("detector not loaded");
    const faces = finder.detect(bitmap);
    say({ type: "faces", t, faces, ms: performance.now() - started });
  } catch (err) {
    say({ type: "error", t, error: message(err) });
  } finally {
    bitmap.close();
  }
}

scope.onmessage = (e: MessageEvent<DetectorIn>) => {
  const msg = e.data;
  if (msg.type !== "load") return;
  port = msg.port;
  port.onmessage = (m: MessageEvent<DetectorIn>) => {
    if (m.data.type === "detect") detect(m.data.bitmap, m.data.t);
  };
  load(msg.files);
};
