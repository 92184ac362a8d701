// The face detector, in a worker of its own so detection never holds up the frames: MediaPipe's
// FaceDetector (BlazeFace full range, CPU/WASM) answers on the MessagePort it is given, with
// face boxes as fractions of the image it was shown. Every file it loads comes from our server.
import { FaceDetector } from "@mediapipe/tasks-vision";
import type { DetectorIn, DetectorOut } from "./protocol.ts";

const scope = globalThis as unknown as { onmessage: ((e: MessageEvent) => void) | null };

let port: MessagePort | null = null;
let detector: FaceDetector | null = null;

const say = (msg: DetectorOut, transfer: Transferable[] = []) => port?.postMessage(msg, transfer);

async function load(files: { loader: string; wasm: string; model: string }) {
  const started = performance.now();
  try {
    detector = await FaceDetector.createFromOptions(
      { wasmLoaderPath: files.loader, wasmBinaryPath: files.wasm },
      {
        baseOptions: { modelAssetPath: files.model, delegate: "CPU" },
        runningMode: "IMAGE",
        minDetectionConfidence: 0.5,
      },
    );
    say({ type: "ready", ms: performance.now() - started });
  } catch (err) {
    say({ type: "failed", error: err instanceof Error ? err.message : String(err) });
  }
}

function detect(bitmap: ImageBitmap, t: number) {
  const started = performance.now();
  try {
    if (!detector) throw new Error("detector not loaded");
    const { width, height } = bitmap;
    const result = detector.detect(bitmap);
    const faces = result.detections.flatMap((d) =>
      d.boundingBox
        ? [{
          x: d.boundingBox.originX / width,
          y: d.boundingBox.originY / height,
          w: d.boundingBox.width / width,
          h: d.boundingBox.height / height,
        }]
        : []
    );
    say({ type: "faces", t, faces, ms: performance.now() - started });
  } catch (err) {
    say({ type: "error", t, error: err instanceof Error ? err.message : String(err) });
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
