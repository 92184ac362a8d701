import { useEffect, useRef, useState } from "react";
import type { ComponentChildren } from "preact";
import { cameraErrorText, openCamera } from "../client/peer.ts";
import { RealtimeSocket } from "../client/socket.ts";
import { type BlurAssets, type BlurStatus, protectCamera } from "../client/privacy/stream.ts";
import { loopback, type LoopbackFigures, probeNetwork } from "../client/loopback.ts";
import { percentile } from "../client/privacy/figures.ts";
import { cannotCallLine, cannotCallText } from "../client/capabilities.ts";
import { useMissingNeeds } from "../client/use_capabilities.ts";
import { HIDE_IP_TEXT } from "../shared/profile.ts";
import {
  BLUR_TEXT,
  blurDetail,
  type BlurView,
  blurView,
  wholeCovered,
} from "../client/privacy/status_text.ts";

export interface ConnectionCheckProps {
  faceBlurEnabled: boolean;
  blurAssets: BlurAssets;
  /** The STUN/TURN servers a real call would use (TURN credentials are short-lived). */
  iceServers: RTCIceServer[];
  /** "relay": this site sends every call through its relay, so without one no call connects. */
  iceTransportPolicy?: "all" | "relay";
  /** The member's calls go through the relay to hide their IP address (their profile switch). */
  hidesIpAddress?: boolean;
}

type State = "pending" | "ok" | "warn" | "failed";
type Result = { state: State; detail: string };

const pending = (): Result => ({ state: "pending", detail: "Checking..." });
const BADGE: Record<State, [string, string]> = {
  pending: ["badge", "Checking"],
  ok: ["badge badge-secure", "Ready"],
  warn: ["badge badge-warn", "Limited"],
  failed: ["badge badge-insecure", "Problem"],
};

const BLUR_STATE: Record<BlurView, State> = {
  off: "warn",
  starting: "pending",
  on: "ok",
  stalled: "warn",
  failing: "warn",
  failed: "warn",
};

function blurResult(enabled: boolean, s: BlurStatus | null): Result & { view: BlurView } {
  const view = blurView(enabled, s);
  return { state: BLUR_STATE[view], detail: blurDetail(view, s), view };
}

/**
 * /test-chat, "what your partner sees": the member's own video after a full WebRTC round trip
 * on this device (blur included), a microphone level, and checks of the camera, the server and
 * the network (whether a relay is reachable for strict NATs).
 */
export default function ConnectionCheck(
  { faceBlurEnabled, blurAssets, iceServers, iceTransportPolicy, hidesIpAddress }:
    ConnectionCheckProps,
) {
  const [camera, setCamera] = useState<Result>(pending());
  const [mic, setMic] = useState<Result>(pending());
  const [server, setServer] = useState<Result>(pending());
  const [trip, setTrip] = useState<Result>(pending());
  const [network, setNetwork] = useState<Result>(pending());
  const [blur, setBlur] = useState<BlurStatus | null>(null);
  const [figures, setFigures] = useState<LoopbackFigures | null>(null);
  const [received, setReceived] = useState<MediaStream | null>(null);
  const [run, setRun] = useState(0);
  const video = useRef<HTMLVideoElement>(null);
  // What this browser lacks for a call: the rows it stops say what is missing and what to use
  // instead (once settled: hydration keeps the server's markup).
  const needs = useMissingNeeds();
  const missing = needs.settled ? needs.missing : [];
  const noCamera = needs.missing.filter((n) => n !== "webrtc");
  const noWebRtc = needs.missing.includes("webrtc");

  useEffect(() => {
    for (const set of [setCamera, setMic, setServer, setTrip, setNetwork]) set(pending());
    setBlur(null);
    setFigures(null);
    let gone = false;
    const cleanups: (() => void)[] = [];
    const webRtcMissing = cannotCallLine(["webrtc"]);

    (async () => {
      if (noCamera.length) {
        setCamera({ state: "failed", detail: cannotCallLine(noCamera) });
        setMic({ state: "failed", detail: "Not checked without camera access" });
        setTrip({
          state: "failed",
          detail: noWebRtc ? webRtcMissing : "Not checked without camera access",
        });
        return;
      }
      let raw: MediaStream;
      try {
        raw = await openCamera();
      } catch (err) {
        setCamera({ state: "failed", detail: cameraErrorText(err) });
        setMic({ state: "failed", detail: "Not checked without camera access" });
        setTrip({ state: "failed", detail: "Not checked without camera access" });
        return;
      }
      const v = raw.getVideoTracks()[0]?.getSettings();
      setCamera(
        v
          ? { state: "ok", detail: `${v.width ?? "?"}×${v.height ?? "?"}` }
          : { state: "failed", detail: "No camera found" },
      );
      const audio = raw.getAudioTracks()[0];
      setMic(
        audio
          ? { state: "ok", detail: audio.label || "Microphone ready" }
          : { state: "failed", detail: "No microphone found" },
      );
      const protectedCam = await protectCamera(raw, { blur: faceBlurEnabled, assets: blurAssets });
      cleanups.push(() => protectedCam.stop());
      if (gone) return;
      cleanups.push(protectedCam.onStatus(setBlur));
      setBlur(protectedCam.status());
      if (noWebRtc) {
        setTrip({ state: "failed", detail: webRtcMissing });
        return;
      }
      const link = await loopback(protectedCam.stream, {
        onStream: (s) => setReceived(s),
        onFigures: (f) => {
          setFigures(f);
          if (f.framesDecoded > 0) {
            setTrip({
              state: "ok",
              detail: `Received ${f.width}×${f.height} at ${Math.round(f.receivedFps)} fps`,
            });
          }
        },
      });
      cleanups.push(() => link.close());
      if (gone) link.close();
    })().catch((err) => setTrip({ state: "failed", detail: String(err) }));

    // Without WebRTC there is nothing to probe with: the row says so.
    (noWebRtc ? Promise.resolve(null) : probeNetwork(iceServers)).then((r) => {
      if (gone) return;
      if (!r) {
        setNetwork({ state: "failed", detail: "Not checked without video calling (WebRTC)" });
      } else if (r.relay > 0) {
        setNetwork({
          state: "ok",
          detail: hidesIpAddress && iceTransportPolicy !== "relay"
            ? HIDE_IP_TEXT.networkHidden
            : "A relay server answered: calls should connect even through strict NATs.",
        });
      } else if (hidesIpAddress && iceTransportPolicy !== "relay") {
        setNetwork({ state: "failed", detail: HIDE_IP_TEXT.networkHiddenUnreachable });
      } else if (iceTransportPolicy === "relay") {
        setNetwork({
          state: "failed",
          detail: "No relay server reachable: calls cannot connect, as this site sends every " +
            "call through its relay.",
        });
      } else if (r.srflx > 0) {
        setNetwork({
          state: "warn",
          detail: "No relay server reachable: calls through strict NATs (some mobile and office " +
            "networks) may fail to connect.",
        });
      } else {
        setNetwork({
          state: "warn",
          detail: "No STUN or relay server reachable: calls may only connect on this network.",
        });
      }
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
      gone = true;
      clearTimeout(timeout);
      socket.close();
      setReceived(null);
      for (const c of cleanups.reverse()) c();
    };
  }, [run]);

  useEffect(() => {
    if (!video.current) return;
    video.current.srcObject = received;
    if (received) video.current.play().catch(() => {});
  }, [received]);

  const row = (label: string, r: Result, extra?: ComponentChildren) => (
    <li class="check-row" data-state={r.state} data-check={label}>
      <span class="check-label">{label}</span>
      <span class={BADGE[r.state][0]}>{BADGE[r.state][1]}</span>
      <span class="muted small">{r.detail}</span>
      {extra}
    </li>
  );

  const blurRow = blurResult(faceBlurEnabled, blur);
  return (
    <div class="stack">
      <section class="stack" aria-labelledby="partner-view-title">
        <h2 id="partner-view-title" class="section-title">What your partner sees</h2>
        <figure
          class="tile partner-view"
          data-detector={faceBlurEnabled ? (blur?.detector ?? "loading") : "off"}
          data-faces={JSON.stringify(blur?.faces.map((b) => [b.x, b.y, b.w, b.h]) ?? [])}
          data-band={blur ? String(blur.band) : undefined}
          data-cover={faceBlurEnabled ? (blur?.cover ?? "whole") : "off"}
          data-sent-fps={figures ? figures.sentFps.toFixed(1) : undefined}
        >
          <video
            ref={video}
            class="tile-video loopback-video"
            autoPlay
            playsInline
            muted
            aria-label="Your video as your partner receives it"
          />
          {!received && (
            <div class="tile-placeholder">
              {missing.length ? cannotCallText(missing).title : "Starting camera..."}
            </div>
          )}
          <figcaption class="tile-badges">
            <span class="badge tile-label">Partner's view</span>
            {faceBlurEnabled && <span class="badge badge-accent">Privacy On</span>}
            {wholeCovered(blurRow.view) && (
              <span class="badge badge-warn blur-whole" title={blurRow.detail}>
                {BLUR_TEXT.wholeBadge}
              </span>
            )}
          </figcaption>
        </figure>
        <p class="muted small">
          Your own camera, sent through a video connection on this device and received back exactly
          as a partner would get it. Nothing leaves your device.
        </p>
      </section>
      <ul class="card check-list">
        {row("Camera", camera)}
        {row(
          "Microphone",
          mic,
          <meter
            class="mic-meter"
            min={0}
            max={1}
            low={0.05}
            value={figures?.micLevel ?? 0}
            aria-label="Microphone level"
          />,
        )}
        {row("Face blur", blurRow)}
        {row("Video round trip", trip)}
        {row("Server connection", server)}
        {row("Network", network)}
      </ul>
      {figures && blur && (
        <details
          class="card small figures"
          data-figures={JSON.stringify({
            sentFps: figures.sentFps,
            loadMs: blur.loadMs,
            detectP50: percentile(blur.detectMs, 50),
            detectP95: percentile(blur.detectMs, 95),
            blurP50: percentile(blur.composeMs, 50),
            blurP95: percentile(blur.composeMs, 95),
            detections: blur.detectMs.length,
            frames: blur.frames,
          })}
        >
          <summary>Figures</summary>
          <dl>
            <dt>Sent</dt>
            <dd>{figures.sentFps.toFixed(1)} fps, {figures.width}×{figures.height}</dd>
            <dt>Face detector loaded in</dt>
            <dd>{blur.loadMs === null ? "—" : `${Math.round(blur.loadMs)} ms`}</dd>
            <dt>Detection per frame (median / 95 %)</dt>
            <dd>
              {percentile(blur.detectMs, 50).toFixed(1)} /{" "}
              {percentile(blur.detectMs, 95).toFixed(1)} ms
            </dd>
            <dt>Blur per frame (median / 95 %)</dt>
            <dd>
              {percentile(blur.composeMs, 50).toFixed(1)} /{" "}
              {percentile(blur.composeMs, 95).toFixed(1)} ms
            </dd>
          </dl>
        </details>
      )}
      <button type="button" class="button button-secondary" onClick={() => setRun((n) => n + 1)}>
        Check again
      </button>
    </div>
  );
}
