// /test-chat's checks ("what your partner sees"): the camera and microphone, the member's own
// video after a full WebRTC round trip on this device (blur included), the server's socket and
// the network (whether a relay is reachable for strict NATs). Each check is a plain function
// that reports its result; useConnectionCheck runs them all, again on "Check again".
import { useEffect, useRef, useState } from "react";
import { cameraErrorText, openCamera } from "./camera_access.ts";
import { RealtimeSocket } from "./socket.ts";
import { type BlurAssets, type BlurStatus, protectCamera } from "./privacy/stream.ts";
import { loopback, type LoopbackFigures, type NetworkProbe, probeNetwork } from "./loopback.ts";
import { diagnose, waysOf, whyText } from "./call_failure.ts";
import { cannotCallLine, type Need } from "../shared/cannot_call.ts";
import { useMissingNeeds } from "./use_capabilities.ts";
import { blurDetailText, type BlurView, blurView } from "./privacy/status_text.ts";
import { formatNumber, tr } from "../shared/i18n/messages.ts";
import type live from "../shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");
/** A figure in the page's language, without grouping (as the English texts write them). */
const figure = (n: number) => formatNumber(n, { useGrouping: false });

export type CheckState = "pending" | "ok" | "warn" | "failed";
export type CheckResult = { state: CheckState; detail: string };

const pending = (): CheckResult => ({ state: "pending", detail: t("checking") });

const BLUR_STATE: Record<BlurView, CheckState> = {
  off: "warn",
  starting: "pending",
  on: "ok",
  stalled: "warn",
  failing: "warn",
  failed: "warn",
};

/** The face blur row: what the blur shows, as a check. */
export function blurResult(
  enabled: boolean,
  s: BlurStatus | null,
): CheckResult & { view: BlurView } {
  const view = blurView(enabled, s);
  return { state: BLUR_STATE[view], detail: blurDetailText(view, s), view };
}

export interface ConnectionCheckOptions {
  faceBlurEnabled: boolean;
  blurAssets: BlurAssets;
  /** The STUN/TURN servers a real call would use (TURN credentials are short-lived). */
  iceServers: RTCIceServer[];
  /** "relay": this site sends every call through its relay, so without one no call connects. */
  iceTransportPolicy?: "all" | "relay";
  /** The member's calls go through the relay to hide their IP address (their profile switch). */
  hidesIpAddress?: boolean;
}

type Report<T> = (value: T) => void;

interface DeviceReports {
  camera: Report<CheckResult>;
  mic: Report<CheckResult>;
  trip: Report<CheckResult>;
  blur: Report<BlurStatus | null>;
  figures: Report<LoopbackFigures | null>;
  received: Report<MediaStream | null>;
}

/**
 * The camera and microphone, then the camera protected as in a call (blur included) and sent
 * through a WebRTC link on this device. What it opens is stopped by `cleanups`.
 */
async function checkDevice(
  o: ConnectionCheckOptions & { noCamera: Need[]; noWebRtc: boolean },
  set: DeviceReports,
  cleanups: (() => void)[],
  gone: () => boolean,
) {
  const webRtcMissing = cannotCallLine(["webrtc"]);
  const noAccess = t("noCameraAccess");
  if (o.noCamera.length) {
    set.camera({ state: "failed", detail: cannotCallLine(o.noCamera) });
    set.mic({ state: "failed", detail: noAccess });
    set.trip({ state: "failed", detail: o.noWebRtc ? webRtcMissing : noAccess });
    return;
  }
  let raw: MediaStream;
  try {
    raw = await openCamera();
  } catch (err) {
    set.camera({ state: "failed", detail: cameraErrorText(err) });
    set.mic({ state: "failed", detail: noAccess });
    set.trip({ state: "failed", detail: noAccess });
    return;
  }
  const v = raw.getVideoTracks()[0]?.getSettings();
  set.camera(
    v
      ? { state: "ok", detail: `${v.width ?? "?"}×${v.height ?? "?"}` }
      : { state: "failed", detail: t("noCamera") },
  );
  const audio = raw.getAudioTracks()[0];
  set.mic(
    audio
      ? { state: "ok", detail: audio.label || t("micReady") }
      : { state: "failed", detail: t("noMic") },
  );
  const protectedCam = await protectCamera(raw, { blur: o.faceBlurEnabled, assets: o.blurAssets });
  cleanups.push(() => protectedCam.stop());
  if (gone()) return;
  cleanups.push(protectedCam.onStatus(set.blur));
  set.blur(protectedCam.status());
  if (o.noWebRtc) {
    set.trip({ state: "failed", detail: webRtcMissing });
    return;
  }
  const link = await loopback(protectedCam.stream, {
    onStream: (s) => set.received(s),
    onFigures: (f) => {
      set.figures(f);
      if (f.framesDecoded > 0) {
        set.trip({
          state: "ok",
          detail: t("received", {
            w: figure(f.width),
            h: figure(f.height),
            fps: figure(Math.round(f.receivedFps)),
          }),
        });
      }
    },
  });
  cleanups.push(() => link.close());
  if (gone()) link.close();
}

/** The network row from the candidates gathered (null: not checked, without WebRTC). */
export function networkResult(
  r: NetworkProbe | null,
  o: ConnectionCheckOptions,
): CheckResult {
  const { hidesIpAddress, iceTransportPolicy } = o;
  if (!r) {
    return { state: "failed", detail: t("noWebRtc") };
  } else if (r.relay > 0) {
    return {
      state: "ok",
      detail: hidesIpAddress && iceTransportPolicy !== "relay" ? t("relayHidden") : t("relayOk"),
    };
  }
  // What a call's page would say had its link failed here (call_failure.ts), then what follows.
  const relayOnly = hidesIpAddress || iceTransportPolicy === "relay";
  const why = whyText(diagnose({
    policy: relayOnly ? "relay" : "all",
    ways: waysOf(o.iceServers),
    local: { srflx: r.srflx, relay: 0 },
    errors: r.errors,
  }));
  const then = (key: Parameters<typeof t>[0]) => `${why} ${t(key)}`;
  if (hidesIpAddress && iceTransportPolicy !== "relay") {
    return { state: "failed", detail: then("relayHiddenNone") };
  } else if (iceTransportPolicy === "relay") {
    return { state: "failed", detail: then("relayOnlyNone") };
  } else if (r.srflx > 0) {
    return { state: "warn", detail: then("relayNone") };
  }
  return { state: "warn", detail: then("stunNone") };
}

/** Registers on the server's socket and times a ping; returns what stops the check. */
function checkServer(setServer: Report<CheckResult>): () => void {
  const socket = new RealtimeSocket();
  const sentAt = performance.now();
  const timeout = setTimeout(
    () => setServer({ state: "failed", detail: t("offline") }),
    8000,
  );
  socket.onMessage((msg) => {
    if (msg.type === "registered") socket.send({ type: "ping" });
    if (msg.type === "pong") {
      clearTimeout(timeout);
      setServer({
        state: "ok",
        detail: t("roundTripMs", { ms: figure(Math.round(performance.now() - sentAt)) }),
      });
      socket.close();
    }
  });
  socket.send({ type: "register" });
  socket.connect();
  return () => {
    clearTimeout(timeout);
    socket.close();
  };
}

/**
 * Runs every check (again on `again()`). What this browser lacks for a call stops the rows that
 * need it, which say what is missing and what to use instead (`missing` once settled: hydration
 * keeps the server's markup).
 */
export function useConnectionCheck(o: ConnectionCheckOptions) {
  const [camera, setCamera] = useState<CheckResult>(pending());
  const [mic, setMic] = useState<CheckResult>(pending());
  const [server, setServer] = useState<CheckResult>(pending());
  const [trip, setTrip] = useState<CheckResult>(pending());
  const [network, setNetwork] = useState<CheckResult>(pending());
  const [blur, setBlur] = useState<BlurStatus | null>(null);
  const [figures, setFigures] = useState<LoopbackFigures | null>(null);
  const [received, setReceived] = useState<MediaStream | null>(null);
  const [run, setRun] = useState(0);
  const video = useRef<HTMLVideoElement>(null);
  const needs = useMissingNeeds();
  const noCamera = needs.missing.filter((n) => n !== "webrtc");
  const noWebRtc = needs.missing.includes("webrtc");

  useEffect(() => {
    for (const set of [setCamera, setMic, setServer, setTrip, setNetwork]) set(pending());
    setBlur(null);
    setFigures(null);
    let gone = false;
    const cleanups: (() => void)[] = [];
    checkDevice(
      { ...o, noCamera, noWebRtc },
      {
        camera: setCamera,
        mic: setMic,
        trip: setTrip,
        blur: setBlur,
        figures: setFigures,
        received: setReceived,
      },
      cleanups,
      () => gone,
    ).catch((err) => setTrip({ state: "failed", detail: String(err) }));
    // Without WebRTC there is nothing to probe with: the row says so.
    (noWebRtc ? Promise.resolve(null) : probeNetwork(o.iceServers)).then((r) => {
      if (!gone) setNetwork(networkResult(r, o));
    });
    const stopServer = checkServer(setServer);
    return () => {
      gone = true;
      stopServer();
      setReceived(null);
      for (const c of cleanups.reverse()) c();
    };
  }, [run]);

  useEffect(() => {
    if (!video.current) return;
    video.current.srcObject = received;
    if (received) video.current.play().catch(() => {});
  }, [received]);

  return {
    camera,
    mic,
    server,
    trip,
    network,
    blur,
    figures,
    received,
    /** The partner's view: the video as it came back. */
    video,
    missing: needs.settled ? needs.missing : [],
    again: () => setRun((n) => n + 1),
  };
}

export type ConnectionCheckRun = ReturnType<typeof useConnectionCheck>;
