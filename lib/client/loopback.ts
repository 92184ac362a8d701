// A video call with oneself, on this device: two RTCPeerConnections joined directly, so the
// member sees their video exactly as a partner would receive it (encoded, sent, decoded), and
// a probe that gathers ICE candidates from the configured STUN/TURN servers.
import { relayError, type Way } from "./call_failure.ts";

export interface LoopbackFigures {
  /** Frames per second the sending side encodes and sends. */
  sentFps: number;
  /** Frames per second decoded on the receiving side. */
  receivedFps: number;
  framesDecoded: number;
  width: number;
  height: number;
  /** The microphone's level as captured (0–1). */
  micLevel: number;
}

export interface Loopback {
  close(): void;
}

const FIGURES_EVERY_MS = 500;

/** Sends `stream` from one peer connection to another on this page. */
export async function loopback(
  stream: MediaStream,
  on: { onStream(s: MediaStream): void; onFigures(f: LoopbackFigures): void },
): Promise<Loopback> {
  const sender = new RTCPeerConnection();
  const receiver = new RTCPeerConnection();
  sender.onicecandidate = (e) => e.candidate && receiver.addIceCandidate(e.candidate);
  receiver.onicecandidate = (e) => e.candidate && sender.addIceCandidate(e.candidate);
  receiver.ontrack = (e) => on.onStream(e.streams[0] ?? new MediaStream([e.track]));
  for (const track of stream.getTracks()) sender.addTrack(track, stream);
  await sender.setLocalDescription(await sender.createOffer());
  await receiver.setRemoteDescription(sender.localDescription!);
  await receiver.setLocalDescription(await receiver.createAnswer());
  await sender.setRemoteDescription(receiver.localDescription!);

  let closed = false;
  const timer = setInterval(async () => {
    if (closed) return;
    const f: LoopbackFigures = {
      sentFps: 0,
      receivedFps: 0,
      framesDecoded: 0,
      width: 0,
      height: 0,
      micLevel: 0,
    };
    // deno-lint-ignore no-explicit-any
    (await sender.getStats()).forEach((s: any) => {
      if (s.type === "outbound-rtp" && s.kind === "video") f.sentFps = s.framesPerSecond ?? 0;
      if (s.type === "media-source" && s.kind === "audio") f.micLevel = s.audioLevel ?? 0;
    });
    // deno-lint-ignore no-explicit-any
    (await receiver.getStats()).forEach((s: any) => {
      if (s.type !== "inbound-rtp" || s.kind !== "video") return;
      f.receivedFps = s.framesPerSecond ?? 0;
      f.framesDecoded = s.framesDecoded ?? 0;
      f.width = s.frameWidth ?? 0;
      f.height = s.frameHeight ?? 0;
    });
    if (!closed) on.onFigures(f);
  }, FIGURES_EVERY_MS);

  return {
    close() {
      closed = true;
      clearInterval(timer);
      sender.close();
      receiver.close();
    },
  };
}

export interface NetworkProbe {
  host: number;
  srflx: number;
  relay: number;
  /** The relay's errors by way (call_failure.ts), as a call's link records them. */
  errors: { way: Way; code: number }[];
}

/** Gathers candidates from `iceServers` (at most `timeoutMs`) and counts them by type. */
export async function probeNetwork(
  iceServers: RTCIceServer[],
  timeoutMs = 8000,
): Promise<NetworkProbe> {
  const counts: NetworkProbe = { host: 0, srflx: 0, relay: 0, errors: [] };
  let pc: RTCPeerConnection;
  try {
    pc = new RTCPeerConnection({ iceServers });
  } catch {
    return counts; // a malformed server list gathers nothing
  }
  pc.createDataChannel("probe");
  pc.onicecandidateerror = (e) => {
    const error = relayError(e);
    if (error) counts.errors.push(error);
  };
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    pc.onicecandidate = (e) => {
      if (!e.candidate) {
        clearTimeout(timer);
        resolve();
        return;
      }
      const type = e.candidate.type ?? e.candidate.candidate.match(/ typ (\w+)/)?.[1];
      if (type === "host" || type === "srflx" || type === "relay") counts[type]++;
    };
  });
  await pc.setLocalDescription(await pc.createOffer());
  await done;
  pc.close();
  return counts;
}
