// The live session's search screen: "Finding Someone..." with the elapsed time and rotating
// statuses while no partner is known, then "Match Found!" with the connection's progress until
// the peer link is up (or the handshake limit passes), when it hands over to the live screen.
import { useEffect, useRef, useState } from "react";
import { useWebRTC } from "../../lib/client/webrtc.tsx";
import {
  connectedStep,
  handshakeStep,
  progressLabel,
  SEARCH_STATUSES,
} from "../../lib/client/live_rules.ts";

export function Searching({ onLive }: { onLive(): void }) {
  const s = useWebRTC();
  const [elapsed, setElapsed] = useState(0);
  const [statusIndex, setStatusIndex] = useState(0);
  const [progress, setProgress] = useState(0);
  const done = useRef(false);
  const found = s.partnerInfo !== null;
  const connected = s.connectionStatus === "connected" && found;

  useEffect(() => {
    const started = Date.now();
    const t = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 250);
    const r = setInterval(() => setStatusIndex((i) => (i + 1) % SEARCH_STATUSES.length), 2000);
    return () => {
      clearInterval(t);
      clearInterval(r);
    };
  }, []);

  const finish = (delay: number) => {
    if (done.current) return;
    done.current = true;
    setProgress(100);
    setTimeout(onLive, delay);
  };

  // Partner known, link not yet up: 5%, slowing as it rises; a 6 s handshake limit.
  useEffect(() => {
    if (!found || connected) return;
    setProgress((p) => Math.max(p, 5));
    const tick = setInterval(() => setProgress((p) => handshakeStep(p)), 300);
    const limit = setTimeout(() => finish(500), 6000);
    return () => {
      clearInterval(tick);
      clearTimeout(limit);
    };
  }, [found, connected]);

  // Link up: from 15%, +10 every 250 ms under 90, then +5; at 100% go live after 300 ms.
  useEffect(() => {
    if (!connected) return;
    setProgress((p) => Math.max(p, 15));
    const tick = setInterval(() => setProgress((p) => connectedStep(p)), 250);
    const fallback = setTimeout(() => finish(500), 3000);
    return () => {
      clearInterval(tick);
      clearTimeout(fallback);
    };
  }, [connected]);

  useEffect(() => {
    if (progress >= 100 && connected) finish(300);
  }, [progress, connected]);

  function cancel() {
    s.resetSession();
    location.assign("/");
  }

  if (!found) {
    return (
      <section class="searching center-screen" aria-labelledby="search-title">
        <span class="spinner spinner-large" aria-hidden="true" />
        <h1 id="search-title">Finding Someone...</h1>
        <p class="muted">Connecting you to a random POV around the world</p>
        <p class="search-elapsed" aria-live="off">{String(elapsed).padStart(2, "0")}s</p>
        <p class="muted small">searching globally</p>
        <p class="search-status" role="status">{SEARCH_STATUSES[statusIndex]}</p>
        <button type="button" class="button button-secondary" onClick={cancel}>Cancel</button>
      </section>
    );
  }

  const pct = Math.min(100, Math.round(progress));
  return (
    <section class="searching center-screen" aria-labelledby="found-title">
      <h1 id="found-title">Match Found!</h1>
      <p class="muted">Establishing secure connection...</p>
      <div class="progress-wrap">
        <progress class="progress" max={100} value={pct} aria-label="Connection progress" />
        <p class="progress-label">
          <span>{progressLabel(pct)}</span> <span class="progress-pct">{pct}%</span>
        </p>
      </div>
      <button type="button" class="button button-secondary" onClick={cancel}>Cancel</button>
    </section>
  );
}
