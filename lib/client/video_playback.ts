// How a call's <video> plays its stream: afresh on each new stream, an AbortError retried once
// after 200 ms, a permission-type error silent, any other error shown; a video the browser paused
// while the page was hidden plays again when it is shown.
import { type RefObject, useEffect, useRef, useState } from "react";

export interface VideoPlayback {
  ref: RefObject<HTMLVideoElement>;
  /** The video is playing (until its stream changes). */
  playing: boolean;
  setPlaying(playing: boolean): void;
  /** Playing failed with an error other than a refusal. */
  error: boolean;
}

/** Plays `stream` on the video `ref` is given; `onVideo` hears of the element once it exists. */
export function useVideoPlayback(
  stream: MediaStream | null,
  onVideo?: (video: HTMLVideoElement | null) => void,
): VideoPlayback {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [error, setError] = useState(false);

  useEffect(() => {
    onVideo?.(ref.current);
    return () => onVideo?.(null);
  }, []);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    setPlaying(false);
    setError(false);
    video.srcObject = stream;
    if (!stream) return;
    let retried = false;
    const play = () =>
      video.play().catch((err: unknown) => {
        const name = err instanceof DOMException ? err.name : "";
        if (name === "AbortError" && !retried) {
          retried = true;
          setTimeout(play, 200);
        } else if (name !== "NotAllowedError" && name !== "AbortError") {
          setError(true);
        }
      });
    play();
    // A browser may pause a video while its page is hidden: it plays again on return, untapped.
    const resume = () => {
      if (document.visibilityState === "visible" && video.paused) play();
    };
    document.addEventListener("visibilitychange", resume);
    return () => document.removeEventListener("visibilitychange", resume);
  }, [stream]);

  return { ref, playing, setPlaying, error };
}
