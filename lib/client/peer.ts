// One WebRTC peer link per match. Media is DTLS-SRTP encrypted peer to peer; the safety code
// both members see is derived from the two DTLS certificate fingerprints in the negotiated SDP,
// so a relay that tampered with the handshake would show them different codes.
import { MEDIA_PROFILES, type MediaProfile } from "../shared/constants.ts";
import { watchAway } from "./away.ts";
import { tuneForProfile } from "./sdp.ts";
import { tr } from "../shared/i18n/messages.ts";
import type live from "../shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

export type SignalOut =
  | { type: "offer"; sdp: string }
  | { type: "answer"; sdp: string }
  | { type: "ice-candidate"; candidate: RTCIceCandidateInit | null };

export interface PeerEvents {
  signal(s: SignalOut): void;
  remoteStream(stream: MediaStream): void;
  state(state: RTCPeerConnectionState): void;
  /** Whether the partner's camera points away from them (a POV) or at them (a selfie). */
  remoteFacing?(pov: boolean): void;
  /** The partner's microphone and camera switches (Mute, Camera off), as their device says. */
  remoteMedia?(media: MediaSwitches): void;
  /** The partner has stepped away: their page is hidden and their video does not get through. */
  remoteAway?(away: boolean): void;
  /** Offer and answer are both applied: signalling is done, ICE checks run next. */
  signalled?(): void;
}

/** Whether a member's microphone and camera are on (their Mute and Camera off switches). */
export interface MediaSwitches {
  audio: boolean;
  video: boolean;
}

/** A data channel message from the partner's page → what it says (unknown fields ignored). */
export function readMeta(
  raw: unknown,
): { pov?: boolean; media?: MediaSwitches; away?: boolean } {
  let data: unknown;
  try {
    data = JSON.parse(String(raw));
  } catch {
    return {};
  }
  if (!data || typeof data !== "object") return {};
  const d = data as Record<string, unknown>;
  const out: { pov?: boolean; media?: MediaSwitches; away?: boolean } = {};
  if (typeof d.pov === "boolean") out.pov = d.pov;
  if (typeof d.away === "boolean") out.away = d.away;
  if (typeof d.audio === "boolean" && typeof d.video === "boolean") {
    out.media = { audio: d.audio, video: d.video };
  }
  return out;
}

/** A stream made from a camera (e.g. with faces blurred) → that camera's own stream. */
export const CAMERA_OF = new WeakMap<MediaStream, MediaStream>();

/** A camera that films what is in front of the person (rear-facing) makes a POV. */
export function isPov(stream: MediaStream | null): boolean {
  const camera = (stream && CAMERA_OF.get(stream)) ?? stream;
  return camera?.getVideoTracks()[0]?.getSettings().facingMode === "environment";
}

/** 'a=fingerprint:sha-256 AB:CD:…' → 'ABCD…' (the first sha-256 fingerprint in the SDP). */
export function sdpFingerprint(sdp: string): string | null {
  const m = sdp.match(/^a=fingerprint:sha-256 ([0-9A-Fa-f:]+)\s*$/m);
  return m ? m[1].replace(/:/g, "").toUpperCase() : null;
}

/** The first 16 uppercase hex characters of SHA-256 over the sorted pair of fingerprints. */
export async function safetyCode(localSdp: string, remoteSdp: string): Promise<string | null> {
  const a = sdpFingerprint(localSdp), b = sdpFingerprint(remoteSdp);
  if (!a || !b) return null;
  const data = new TextEncoder().encode([a, b].sort().join("|"));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(digest, (x) => x.toString(16).padStart(2, "0")).join("").slice(0, 16)
    .toUpperCase();
}

/**
 * The encoding that keeps a video track within `profile`: its bitrate and frame rate capped, and
 * its picture scaled down when the track is larger than the profile allows.
 */
export function encodingFor(
  profile: MediaProfile,
  size: { width?: number; height?: number },
): RTCRtpEncodingParameters {
  const scale = Math.max(
    1,
    (size.width ?? 0) / profile.maxWidth,
    (size.height ?? 0) / profile.maxHeight,
  );
  return {
    maxBitrate: profile.maxBitrateKbps * 1000,
    maxFramerate: profile.maxFrameRate,
    scaleResolutionDownBy: scale,
  };
}

/**
 * What an HD sender gives up first when the network or the device cannot keep up: frames, not
 * size (an HD picture otherwise starts small and climbs back for many seconds, and a loaded
 * device scales it down). SD senders keep the browser's default (null: not set).
 */
export function degradationFor(profile: MediaProfile): RTCDegradationPreference | null {
  return profile.maxBitrateKbps > MEDIA_PROFILES.sd.maxBitrateKbps ? "maintain-resolution" : null;
}

export class PeerLink {
  readonly pc: RTCPeerConnection;
  /** What this side's video may send (the member's plan, from match_found). */
  media: MediaProfile | null = null;
  private pendingCandidates: RTCIceCandidateInit[] = [];
  private channel: RTCDataChannel | null = null;
  /** This side's switches, said to the partner when the channel opens and on every change. */
  private switches: MediaSwitches = { audio: true, video: true };
  /** Whether this side has stepped away (see away.ts), said like the switches. */
  private away = false;
  private readonly stopAway: () => void;
  private restarted = false;
  private closed = false;
  /** Local ICE candidates gathered so far (none at the end: nothing to connect with). */
  private gathered = 0;
  /** Candidates the partner's side has sent, and whether it said its gathering ended. */
  private remoteCandidates = 0;
  private remoteGatheringDone = false;
  /** The sender of this side's video (a flip replaces its track). */
  private videoSender: RTCRtpSender | null = null;

  constructor(
    rtc: RTCConfiguration,
    private localStream: MediaStream | null,
    private events: PeerEvents,
    private role: "offerer" | "answerer",
  ) {
    this.pc = new RTCPeerConnection(rtc);
    if (localStream) {
      for (const track of localStream.getTracks()) {
        const sender = this.pc.addTrack(track, localStream);
        if (track.kind === "video") this.videoSender = sender;
      }
    } else {
      this.pc.addTransceiver("video", { direction: "recvonly" });
      this.pc.addTransceiver("audio", { direction: "recvonly" });
    }
    // A small data channel (peer to peer, like the media) says which way each camera faces,
    // so a partner filming themselves can be mirrored as people expect (a selfie view), and
    // whether their microphone and camera are on (a muted track is otherwise silence and black).
    const onChannel = (ch: RTCDataChannel) => {
      this.channel = ch;
      ch.onopen = () => {
        ch.send(JSON.stringify({ pov: isPov(this.localStream) }));
        ch.send(JSON.stringify(this.switches));
        ch.send(JSON.stringify({ away: this.away }));
      };
      ch.onmessage = (e) => {
        const meta = readMeta(e.data);
        if (meta.pov !== undefined) this.events.remoteFacing?.(meta.pov);
        if (meta.media) this.events.remoteMedia?.(meta.media);
        if (meta.away !== undefined) this.events.remoteAway?.(meta.away);
      };
    };
    if (role === "offerer") onChannel(this.pc.createDataChannel("meta"));
    else this.pc.ondatachannel = (e) => onChannel(e.channel);
    const camera = localStream && (CAMERA_OF.get(localStream) ?? localStream);
    this.stopAway = watchAway(this.pc, camera, (away) => {
      this.away = away;
      if (this.channel?.readyState === "open") this.channel.send(JSON.stringify({ away }));
    });
    this.pc.onicecandidate = (e) => {
      if (e.candidate) this.gathered++;
      this.events.signal({ type: "ice-candidate", candidate: e.candidate?.toJSON() ?? null });
      // Gathering ended without a single candidate (e.g. relay only, and the relay refused the
      // credentials or cannot be reached): the link cannot connect, though the browser's state
      // stays "new". Said as failed at once; gathering again would find the same nothing.
      if (!e.candidate && this.gathered === 0 && !this.closed) this.events.state("failed");
    };
    this.pc.ontrack = (e) => {
      const stream = e.streams[0] ?? new MediaStream([e.track]);
      this.events.remoteStream(stream);
    };
    this.pc.onconnectionstatechange = () => {
      const state = this.pc.connectionState;
      // One ICE restart on failure before giving up.
      if (state === "failed" && !this.restarted) {
        this.restarted = true;
        if (this.role === "offerer") this.offer(true); // the answerer waits for the new offer
        return;
      }
      this.events.state(state);
    };
  }

  /** Says this side's Mute and Camera off switches to the partner (now, or once the channel opens). */
  setSwitches(switches: MediaSwitches) {
    this.switches = { ...switches };
    if (this.channel?.readyState === "open") this.channel.send(JSON.stringify(this.switches));
  }

  /**
   * The member flipped the camera: the video sender sends `track` (replaceTrack, no
   * renegotiation; with face blur on it is the same canvas track) and the partner is told which
   * way the camera faces now.
   */
  async cameraChanged(track: MediaStreamTrack) {
    if (this.closed) return;
    const sender = this.videoSender;
    if (sender && sender.track !== track) await sender.replaceTrack(track);
    // The other camera may film at another size.
    await this.capVideo();
    if (this.channel?.readyState === "open") {
      this.channel.send(JSON.stringify({ pov: isPov(this.localStream) }));
    }
  }

  async offer(iceRestart = false) {
    if (this.closed) return;
    const offer = await this.pc.createOffer({ iceRestart });
    await this.pc.setLocalDescription(offer);
    await this.capVideo();
    this.events.signal({ type: "offer", sdp: this.pc.localDescription!.sdp });
  }

  async receive(signal: SignalOut) {
    if (this.closed) return;
    // The partner's description is applied as this member's plan wants it (tuneForProfile: an
    // HD sender's bandwidth estimate starts near its cap; libwebrtc reads the start bitrate of
    // what it sends from the remote description). What the partner is sent stays as made.
    if (signal.type === "offer") {
      const sdp = tuneForProfile(signal.sdp, this.media);
      await this.pc.setRemoteDescription({ type: "offer", sdp });
      await this.flushCandidates();
      this.checkPartnerGathered();
      const answer = await this.pc.createAnswer();
      await this.pc.setLocalDescription(answer);
      await this.capVideo();
      this.events.signal({ type: "answer", sdp: this.pc.localDescription!.sdp });
      if (!this.closed) this.events.signalled?.();
    } else if (signal.type === "answer") {
      if (this.pc.signalingState !== "have-local-offer") return;
      const sdp = tuneForProfile(signal.sdp, this.media);
      await this.pc.setRemoteDescription({ type: "answer", sdp });
      await this.flushCandidates();
      this.checkPartnerGathered();
      if (!this.closed) this.events.signalled?.();
    } else if (signal.candidate) {
      this.remoteCandidates++;
      if (!this.pc.remoteDescription) this.pendingCandidates.push(signal.candidate);
      else await this.pc.addIceCandidate(signal.candidate).catch(() => {});
    } else {
      this.remoteGatheringDone = true;
      this.checkPartnerGathered();
    }
  }

  /**
   * The partner's side ended gathering without a single candidate (its relay refused it, or its
   * network lets nothing out): no path can form, though this side's browser keeps its state at
   * "new" or "checking" for as long as the call lasts. Said as failed, as the partner's page says
   * it. Counted over the link's life, so only a partner that never offered a way in is judged.
   */
  private checkPartnerGathered() {
    const remote = this.pc.remoteDescription;
    if (!this.remoteGatheringDone || !remote || this.closed) return;
    if (this.remoteCandidates > 0 || /^a=candidate:/m.test(remote.sdp)) return;
    if (this.pc.connectionState === "connected") return;
    this.events.state("failed");
  }

  /** Keeps the video sender within the member's media profile (once its encodings exist). */
  private async capVideo() {
    const profile = this.media;
    if (!profile || this.closed) return;
    for (const sender of this.pc.getSenders()) {
      if (sender.track?.kind !== "video") continue;
      const params = sender.getParameters();
      if (!params.encodings?.length) params.encodings = [{}];
      params.encodings[0] = {
        ...params.encodings[0],
        ...encodingFor(profile, this.cameraSize(sender.track)),
      };
      const degradation = degradationFor(profile);
      if (degradation) params.degradationPreference = degradation;
      await sender.setParameters(params).catch((err) =>
        console.warn(`Could not cap the video sent: ${err}`)
      );
    }
  }

  /**
   * The size of the camera behind `track`: face blur's canvas track reports the canvas's size,
   * which is 2x2 until the first frame is drawn on a page compositor (Firefox, Safari), while the
   * canvas is drawn at the camera's size.
   */
  private cameraSize(track: MediaStreamTrack): { width?: number; height?: number } {
    const camera = this.localStream && CAMERA_OF.get(this.localStream);
    return camera?.getVideoTracks()[0]?.getSettings() ?? track.getSettings();
  }

  private async flushCandidates() {
    const list = this.pendingCandidates;
    this.pendingCandidates = [];
    for (const c of list) await this.pc.addIceCandidate(c).catch(() => {});
  }

  async safetyCode(): Promise<string | null> {
    const l = this.pc.localDescription?.sdp, r = this.pc.remoteDescription?.sdp;
    return l && r ? await safetyCode(l, r) : null;
  }

  close() {
    this.closed = true;
    this.stopAway();
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.ondatachannel = null;
    this.pc.onconnectionstatechange = null;
    if (this.channel) this.channel.onmessage = this.channel.onopen = null;
    this.pc.close();
  }
}

/**
 * Rear camera, ideally at the profile's size and frame rate (the member's plan), with audio; if
 * that fails, any camera. The sender scales a larger picture down (encodingFor).
 */
export async function openCamera(profile: MediaProfile = MEDIA_PROFILES.hd): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia({
      video: {
        facingMode: { ideal: "environment" },
        width: { ideal: profile.maxWidth },
        height: { ideal: profile.maxHeight },
        frameRate: { ideal: profile.maxFrameRate },
      },
      audio: true,
    });
  } catch (first) {
    if (first instanceof DOMException && first.name === "NotAllowedError") throw first;
    return await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
  }
}

/** How many cameras this device has (0 before the member allowed camera access, in some browsers). */
export async function cameraCount(): Promise<number> {
  try {
    const devices = await navigator.mediaDevices.enumerateDevices();
    return devices.filter((d) => d.kind === "videoinput").length;
  } catch {
    return 0;
  }
}

/** Why the camera did not open, in the page's language. */
export function cameraErrorText(err: unknown): string {
  if (err instanceof DOMException) {
    if (err.name === "NotAllowedError" || err.name === "SecurityError") return t("cameraDenied");
    if (err.name === "NotFoundError" || err.name === "OverconstrainedError") return t("noCamera");
  }
  return t("cameraError", { message: err instanceof Error ? err.message : String(err) });
}
