// The compositor worker (browsers with MediaStreamTrackProcessor): reads camera frames, writes
// covered frames to the track the page sends and shows. A camera frame is only ever drawn onto
// the canvas and closed; what is written is always a new frame made from the covered canvas.
import { Compositor } from "./compositor.ts";
import type { CompositorIn, CompositorOut, DetectorOut } from "./protocol.ts";

const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<CompositorIn>) => void) | null;
  postMessage(msg: CompositorOut): void;
};

let compositor: Compositor | null = null;
let stopped = false;
const STATUS_EVERY_MS = 500;

async function run(
  readable: ReadableStream<VideoFrame>,
  writable: WritableStream<VideoFrame>,
  detector: MessagePort,
) {
  const c = new Compositor((w, h) => new OffscreenCanvas(w, h), detector);
  compositor = c;
  detector.onmessage = (e: MessageEvent<DetectorOut>) => c.onDetector(e.data);
  const reader = readable.getReader();
  const writer = writable.getWriter();
  let lastStatus = 0;
  while (!stopped) {
    const { value: frame, done } = await reader.read();
    if (done || !frame) break;
    const now = performance.now();
    try {
      c.frame(frame, frame.displayWidth, frame.displayHeight, now);
      const out = new VideoFrame(c.canvas as OffscreenCanvas, {
        timestamp: frame.timestamp,
        alpha: "discard",
      });
      frame.close();
      await writer.write(out);
    } catch (err) {
      frame.close();
      c.warnOnce("a frame could not be covered and was dropped", err);
    }
    if (now - lastStatus >= STATUS_EVERY_MS) {
      lastStatus = now;
      scope.postMessage({ type: "status", status: c.status(now) });
    }
  }
  await reader.cancel().catch(() => {});
  await writer.close().catch(() => {});
}

scope.onmessage = (e) => {
  const msg = e.data;
  if (msg.type === "start") {
    run(msg.readable, msg.writable, msg.detector).catch((err) =>
      compositor?.warnOnce("the frame loop stopped", err)
    );
  } else if (msg.type === "call") compositor?.plan.newCall(performance.now());
  else if (msg.type === "detector") compositor?.onDetector(msg.msg);
  else if (msg.type === "stop") stopped = true;
};

// Loaded and listening: the page hands over the camera only now, so a worker that fails to load
// costs it nothing.
scope.postMessage({ type: "started" });
