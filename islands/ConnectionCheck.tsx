import { useEffect, useState } from "react";
import { cameraErrorText, openCamera } from "../lib/client/peer.ts";
import { RealtimeSocket } from "../lib/client/socket.ts";

export interface ConnectionCheckProps {
  /** Nothing from the server; the checks run on this device. */
  auto?: boolean;
}

type Result = { state: "pending" | "ok" | "failed"; detail: string };

const pending = (): Result => ({ state: "pending", detail: "Checking..." });

/** /test-chat: checks camera, microphone and the connection to the server before a session. */
export default function ConnectionCheck(_props: ConnectionCheckProps) {
  const [camera, setCamera] = useState<Result>(pending());
  const [mic, setMic] = useState<Result>(pending());
  const [server, setServer] = useState<Result>(pending());
  const [run, setRun] = useState(0);

  useEffect(() => {
    setCamera(pending());
    setMic(pending());
    setServer(pending());
    let stream: MediaStream | null = null;
    openCamera().then((s) => {
      stream = s;
      const v = s.getVideoTracks()[0]?.getSettings();
      setCamera(
        v
          ? { state: "ok", detail: `${v.width ?? "?"}×${v.height ?? "?"}` }
          : { state: "failed", detail: "No camera found" },
      );
      setMic(
        s.getAudioTracks().length
          ? { state: "ok", detail: s.getAudioTracks()[0].label || "Microphone ready" }
          : { state: "failed", detail: "No microphone found" },
      );
    }).catch((err) => {
      setCamera({ state: "failed", detail: cameraErrorText(err) });
      setMic({ state: "failed", detail: "Not checked without camera access" });
    });

    const socket = new RealtimeSocket();
    const sentAt = performance.now();
    const timeout = setTimeout(
      () => setServer({ state: "failed", detail: "Connection to server not established" }),
      8000,
    );
    socket.onMessage((msg) => {
      if (msg.type === "registered") socket.send({ type: "ping" });
      if (msg.type === "pong") {
        clearTimeout(timeout);
        setServer({
          state: "ok",
          detail: `${Math.round(performance.now() - sentAt)} ms round trip`,
        });
        socket.close();
      }
    });
    socket.send({ type: "register" });
    socket.connect();
    return () => {
      clearTimeout(timeout);
      socket.close();
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [run]);

  const row = (label: string, r: Result) => (
    <li class="check-row" data-state={r.state}>
      <span class="check-label">{label}</span>
      <span
        class={r.state === "ok"
          ? "badge badge-secure"
          : r.state === "failed"
          ? "badge badge-insecure"
          : "badge"}
      >
        {r.state === "ok" ? "Ready" : r.state === "failed" ? "Problem" : "Checking"}
      </span>
      <span class="muted small">{r.detail}</span>
    </li>
  );

  return (
    <div class="stack">
      <ul class="card check-list">
        {row("Camera", camera)}
        {row("Microphone", mic)}
        {row("Server connection", server)}
      </ul>
      <button type="button" class="button button-secondary" onClick={() => setRun((n) => n + 1)}>
        Check again
      </button>
    </div>
  );
}
