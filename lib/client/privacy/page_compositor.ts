// Face blur's compositor on the page, for browsers where it cannot run in its worker (no
// MediaStreamTrackProcessor: Firefox and Safari today) or where that worker did not start. Built
// as a module of its own and imported by stream.ts only then.
import { Compositor } from "./compositor.ts";
import type { BlurStatus, DetectorOut, Driver } from "./protocol.ts";

/**
 * Frames go camera → hidden <video> → compositor's canvas → canvas.captureStream. (A worker
 * reading the camera through MediaStreamTrackProcessor into a MediaStreamTrackGenerator was
 * tried: in Chromium its track sometimes reached a peer connection that never sent a frame.)
 */
export function canvasDriver(
  rawVideo: MediaStreamTrack,
  detectorPort: MessagePort,
  publish: (s: BlurStatus) => void,
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
  const tick = () => {
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
    if ("requestVideoFrameCallback" in video) video.requestVideoFrameCallback(tick);
    else setTimeout(tick, 1000 / 30);
  };
  tick();
  return {
    track,
    detector: (msg) => c.onDetector(msg),
    newCall: () => c.plan.newCall(performance.now()),
    stop() {
      stopped = true;
      track.stop();
      detectorPort.close();
      video.srcObject = null;
      video.remove();
    },
  };
}
