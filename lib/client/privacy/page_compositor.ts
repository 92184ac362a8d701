// Face blur's compositor on the page, for browsers where it cannot run in its worker (no
// MediaStreamTrackProcessor: Firefox and Safari today) or where that worker did not start. Built
// as a module of its own and imported by stream.ts only then.
import { Compositor } from "./compositor.ts";
import type { BlurStatus, DetectorOut, Driver } from "./protocol.ts";

/** A frame's time at the camera's 30 frames a second: the pace of the timer and the clock. */
const FRAME_MS = 1000 / 30;

/**
 * Frames go camera → hidden <video> → compositor's canvas → canvas.captureStream. (A worker
 * reading the camera through MediaStreamTrackProcessor into a MediaStreamTrackGenerator was
 * tried: in Chromium its track sometimes reached a peer connection that never sent a frame.)
 */
export function canvasDriver(
  rawVideo: MediaStreamTrack,
  detectorPort: MessagePort,
  publish: (s: BlurStatus) => void,
  /** The clock worker's script (clock_worker.ts): it paces the drawing while the page is hidden. */
  clockScript?: string,
): Driver {
  const makeCanvas = (w: number, h: number) =>
    Object.assign(document.createElement("canvas"), { width: w, height: h });
  const canvas = makeCanvas(2, 2);
  const c = new Compositor(makeCanvas, detectorPort, canvas);
  detectorPort.onmessage = (e: MessageEvent<DetectorOut>) => c.onDetector(e.data);
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.hidden = true;
  video.className = "blur-source";
  video.srcObject = new MediaStream([rawVideo]);
  document.body.append(video);
  video.play().catch(() => {});
  const track = canvas.captureStream().getVideoTracks()[0];
  let stopped = false, lastStatus = 0, lastFrame = -1;
  /** Draws the <video>'s current frame, covered, unless that frame is drawn already. */
  const draw = () => {
    if (stopped) return;
    const now = performance.now();
    if (video.readyState >= 2 && video.videoWidth && video.currentTime !== lastFrame) {
      lastFrame = video.currentTime;
      c.frame(video, video.videoWidth, video.videoHeight, now);
      if (now - lastStatus >= 500) {
        lastStatus = now;
        publish(c.status(now));
      }
    }
  };
  const tick = () => {
    if (stopped) return;
    draw();
    if ("requestVideoFrameCallback" in video) video.requestVideoFrameCallback(tick);
    else setTimeout(tick, FRAME_MS);
  };
  tick();
  const clock = hiddenClock(clockScript, draw);
  return {
    track,
    detector: (msg) => c.onDetector(msg),
    newCall: () => c.newCall(performance.now()),
    setSource(next) {
      // Another camera: its frames are wholly covered until a detection of them succeeds.
      video.srcObject = new MediaStream([next]);
      video.play().catch(() => {});
      c.newCall(performance.now());
    },
    stop() {
      stopped = true;
      clock.stop();
      track.stop();
      detectorPort.close();
      video.srcObject = null;
      video.remove();
    },
  };
}

/**
 * While the page is hidden, `draw` also runs on the ticks of a clock worker (see clock_worker.ts),
 * so the partner keeps getting the camera's frame rate; a hidden page's own pacing (timers,
 * requestVideoFrameCallback) comes about once a second in Firefox. A clock that cannot start
 * leaves that pacing alone (the peer link then says the member is away).
 */
function hiddenClock(script: string | undefined, draw: () => void): { stop(): void } {
  let worker: Worker;
  try {
    if (!script) throw new Error("no clock script");
    worker = new Worker(script, { type: "module", name: "face-blur-clock" });
  } catch {
    return { stop() {} };
  }
  worker.onmessage = draw;
  worker.onerror = (e) => {
    e.preventDefault();
    console.warn("Face blur: the clock worker did not start; a hidden page draws slowly.");
  };
  const pace = () => worker.postMessage(document.hidden ? FRAME_MS : 0);
  document.addEventListener("visibilitychange", pace);
  pace();
  return {
    stop() {
      document.removeEventListener("visibilitychange", pace);
      worker.terminate();
    },
  };
}
