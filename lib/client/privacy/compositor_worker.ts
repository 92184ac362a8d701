// The face blur compositor, in a worker of its own so that covering every camera frame never
// holds up the page (its taps, its timers, the call's signalling): the camera's VideoFrames
// arrive on a transferred stream, each is drawn covered onto the page's transferred canvas (whose
// captured track is what is sent, shown and recorded), then closed. The detector is asked and
// answers on the port the page handed over; the status goes back to the page twice a second.
import { Compositor } from "./compositor.ts";
import type { CompositorIn, CompositorOut, DetectorOut } from "./protocol.ts";

const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<CompositorIn>) => void) | null;
  postMessage(msg: CompositorOut): void;
};

/** How often the page hears the status. */
const STATUS_EVERY_MS = 500;

let compositor: Compositor | null = null;
let reader: ReadableStreamDefaultReader<VideoFrame> | null = null;

async function run(msg: Extract<CompositorIn, { type: "start" }>) {
  const c = new Compositor((w, h) => new OffscreenCanvas(w, h), msg.detector, msg.canvas);
  compositor = c;
  msg.detector.onmessage = (e: MessageEvent<DetectorOut>) => c.onDetector(e.data);
  reader = msg.frames.getReader();
  // The first covered frame is told at once: the page waits for it before it sends anything.
  let lastStatus = -Infinity;
  for (;;) {
    const { value: frame, done } = await reader.read();
    if (done) return;
    try {
      const now = performance.now();
      c.frame(frame, frame.displayWidth, frame.displayHeight, now);
      if (now - lastStatus >= STATUS_EVERY_MS) {
        lastStatus = now;
        scope.postMessage({ type: "status", status: c.status(now) });
      }
    } catch (err) {
      // A frame that cannot be drawn is not sent: the canvas keeps its last covered frame.
      c.warnOnce("a frame could not be drawn", err);
    } finally {
      frame.close();
    }
  }
}

scope.onmessage = (e) => {
  const msg = e.data;
  switch (msg.type) {
    case "start":
      run(msg).catch((err) => {
        scope.postMessage({
          type: "failed",
          error: err instanceof Error ? err.message : String(err),
        });
      });
      break;
    case "detector":
      compositor?.onDetector(msg.msg);
      break;
    case "new_call":
      compositor?.plan.newCall(performance.now());
      break;
    case "stop":
      reader?.cancel().catch(() => {});
      reader = null;
      break;
  }
};
