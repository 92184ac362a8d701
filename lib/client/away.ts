// Whether this member has stepped away from the call: their page is hidden and their video is not
// getting through (a browser that stops the camera in the background, as iOS Safari does, or one
// that draws face blur's frames about once a second there). The peer link says it to the partner,
// whose page then covers the frozen picture with "Your partner stepped away". A hidden page that
// still sends its video at a watchable rate is not away.

/** Below this many video frames a second sent while the page is hidden, the member is away. */
export const AWAY_BELOW_FPS = 5;
/** How often a hidden page measures the frames it sends. */
const MEASURE_EVERY_MS = 1_000;

/**
 * The verdict: `fps`, the video frames a second this side sent since the last measure (null
 * before a first measure of this hiding); `cameraLive`, whether the camera still gives frames (a
 * muted or ended track does not).
 */
export function isAway(s: { hidden: boolean; fps: number | null; cameraLive: boolean }): boolean {
  if (!s.hidden) return false;
  if (!s.cameraLive) return true;
  return s.fps !== null && s.fps < AWAY_BELOW_FPS;
}

/** The video frames `pc` has sent so far. */
async function framesSent(pc: RTCPeerConnection): Promise<number> {
  let frames = 0;
  (await pc.getStats()).forEach((s) => {
    if (s.type === "outbound-rtp" && s.kind === "video") {
      frames += s.framesSent ?? s.framesEncoded ?? 0;
    }
  });
  return frames;
}

/**
 * Watches the page's visibility and the video `pc` sends from `camera` (the camera's own stream,
 * whose video track may be replaced while the page is visible); calls `say` with each change of
 * the verdict (isAway). Returns the stop.
 */
export function watchAway(
  pc: RTCPeerConnection,
  camera: MediaStream | null,
  say: (away: boolean) => void,
): () => void {
  if (typeof document === "undefined" || !camera) return () => {};
  let away = false;
  /** Whether the page is hidden (and the watch not stopped): measures count only then. */
  let hidden = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  /** The camera's track while the page is hidden (its mute says capture stopped). */
  let track: MediaStreamTrack | null = null;
  let last: { frames: number; at: number } | null = null;
  let fps: number | null = null;
  const judge = () => {
    const video = camera.getVideoTracks()[0];
    const next = isAway({
      hidden: document.visibilityState === "hidden",
      fps,
      cameraLive: !video || (video.readyState === "live" && !video.muted),
    });
    if (next !== away) say(away = next);
  };
  const measure = async () => {
    // Before the link connects nothing is sent yet: only the camera's state counts then.
    const frames = pc.connectionState === "connected"
      ? await framesSent(pc).catch(() => null)
      : null;
    if (!hidden) return;
    const at = performance.now();
    if (frames === null) {
      last = null;
      fps = null;
    } else {
      if (last && at > last.at) fps = (frames - last.frames) * 1000 / (at - last.at);
      last = { frames, at };
    }
    judge();
  };
  const follow = (next: MediaStreamTrack | null) => {
    for (const type of ["mute", "unmute", "ended"]) {
      track?.removeEventListener(type, judge);
      next?.addEventListener(type, judge);
    }
    track = next;
  };
  const onVisibility = () => {
    clearInterval(timer);
    last = null;
    fps = null;
    hidden = document.visibilityState === "hidden";
    follow(hidden ? camera.getVideoTracks()[0] ?? null : null);
    if (hidden) {
      timer = setInterval(measure, MEASURE_EVERY_MS);
      measure();
    }
    judge();
  };
  document.addEventListener("visibilitychange", onVisibility);
  onVisibility();
  return () => {
    hidden = false;
    clearInterval(timer);
    follow(null);
    document.removeEventListener("visibilitychange", onVisibility);
  };
}
