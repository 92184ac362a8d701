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
let stopped = false;
/** Wakes the loop waiting for another camera once its frames arrive (or the stop). */
let wake: (() => void) | null = null;

async function run(msg: Extract<CompositorIn, { type: "start" }>) {
  const c = new Compositor((w, h) => new OffscreenCanvas(w, h), msg.detector, msg.canvas);
  compositor = c;
  msg.detector.onmessage = (e: MessageEvent<DetectorOut>) => c.onDetector(e.data);
  reader = msg.frames.getReader();
  // The first covered frame is told at once: the page waits for it before it sends anything.
  let lastStatus = -Infinity;
  while (!stopped) {
    // Another camera's reader may replace this one while it waits (see "source").
    const current: ReadableStreamDefaultReader<VideoFrame> | null = reader;
    if (!current) return;
    const { value: frame, done } = await current.read();
    if (done) {
      // The camera ended: stopped for a flip, before the other one opens. The canvas keeps its
      // last covered frame until the next camera's frames (or the stop) arrive.
      if (current === reader) await new Promise<void>((resolve) => (wake = resolve));
      continue;
    }
    try {
      if (current !== reader) continue; // a last frame of the camera just replaced
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
      compositor?.newCall(performance.now());
      break;
    case "source": {
      // Another camera: its frames are wholly covered until a detection of them succeeds.
      const old = reader;
      reader = msg.frames.getReader();
      old?.cancel().catch(() => {});
      compositor?.newCall(performance.now());
      wake?.();
      wake = null;
      break;
    }
    case "stop":
      stopped = true;
      reader?.cancel().catch(() => {});
      reader = null;
      wake?.();
      wake = null;
      break;
  }
};
