// One WebRTC peer link per match. Media is DTLS-SRTP encrypted peer to peer; the safety code
// both members see is derived from the two DTLS certificate fingerprints in the negotiated SDP,
// so a relay that tampered with the handshake would show them different codes.
import { MEDIA_PROFILES, type MediaProfile } from "../shared/constants.ts";
import { watchAway } from "./away.ts";
import { tuneForProfile } from "./sdp.ts";
import { PathKeeper } from "./path.ts";
import {
  diagnose,
  type FailureWhy,
  relayError,
  type Way,
  WAY_OUT_LIMIT_MS,
  waysOf,
} from "./call_failure.ts";

export { readMeta } from "./peer_events.ts";
export type { MediaSwitches, Meta, PeerEvents, SignalOut } from "./peer_events.ts";
import { type MediaSwitches, type PeerEvents, readMeta, type SignalOut } from "./peer_events.ts";

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
  /** The call's path kept alive: keep-alive, stalls, ICE restarts, its quality (path.ts). */
  private readonly path: PathKeeper;
  private closed = false;
  /** This side's uplink is too thin for its picture at full size (path.ts). */
  private thinUplink = false;
  /** What the browser found of the way out: its public address, the relay, the relay's errors. */
  private readonly observed = { srflx: 0, relay: 0, errors: [] as { way: Way; code: number }[] };
  /** Local ICE candidates gathered so far (none at the end: nothing to connect with). */
  private gathered = 0;
  private readonly wayOutTimer: ReturnType<typeof setTimeout>;
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
    this.path = new PathKeeper(this.pc, role, {
      signal: (s) => this.events.signal(s),
      offer: () => this.offer(true),
      thin: (thin) => {
        this.thinUplink = thin;
        this.capVideo();
      },
      events,
    });
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
        this.path.watch(ch);
      };
      ch.onmessage = (e) => {
        const meta = readMeta(e.data);
        this.path.heard(meta);
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
      if (e.candidate?.type === "srflx") this.observed.srflx++;
      if (e.candidate?.type === "relay") this.observed.relay++;
      this.events.signal({ type: "ice-candidate", candidate: e.candidate?.toJSON() ?? null });
      if (e.candidate) this.gathered++;
      // Gathering ended without a single candidate (e.g. relay only, and the relay refused the
      // credentials or cannot be reached): the link cannot connect, though the browser's state
      // stays "new". Said as failed at once; gathering again would find the same nothing. (With
      // this device's own addresses only, a partner on the same network may still connect: that
      // is judged WAY_OUT_LIMIT_MS in, by judgeWayOut.)
      if (!e.candidate && this.gathered === 0 && !this.closed && !this.recoverable) {
        this.events.state("failed");
      }
    };
    this.wayOutTimer = setTimeout(() => this.judgeWayOut(), WAY_OUT_LIMIT_MS);
    this.pc.onicecandidateerror = (e) => {
      const error = relayError(e);
      if (error) this.observed.errors.push(error);
    };
    this.pc.ontrack = (e) => {
      const stream = e.streams[0] ?? new MediaStream([e.track]);
      this.events.remoteStream(stream);
    };
    this.pc.onconnectionstatechange = () => {
      // Before the first connection, a failure is said only once the one restart failed too.
      if (this.path.onState(this.pc.connectionState)) this.events.state(this.pc.connectionState);
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

  /** Whether this side makes the offers (and so the ICE restarts). */
  get offers(): boolean {
    return this.role === "offerer";
  }

  /** Whether this link can still carry the call: it connected once and is not closed. */
  get recoverable(): boolean {
    return !this.closed && this.path.recoverable;
  }

  /**
   * Whether the link needs a new path: the browser says it is not connected, or the partner's
   * traffic stopped (the browser notices seconds later).
   */
  get needsPath(): boolean {
    return !this.closed && this.path.needsPath;
  }

  /** A sign of a new network (the socket came back, the browser's word): restart ICE. */
  networkChanged() {
    if (!this.closed) this.path.networkChanged();
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
    } else if (signal.type === "restart") {
      if (this.role === "offerer" && this.recoverable) this.path.partnerAsked();
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
      // On an uplink too thin for the picture at full size, motion is kept and the picture shrinks
      // (an HD sender otherwise keeps its size at a few frames a second).
      const degradation = this.thinUplink ? "balanced" : degradationFor(profile);
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

  /**
   * WAY_OUT_LIMIT_MS after the link began, still not connected: without an address beyond this
   * device's own, or without a single candidate from the partner, it has failed (a later
   * connection still clears that).
   */
  private judgeWayOut() {
    if (this.closed || this.recoverable || this.pc.connectionState === "connected") return;
    // Without STUN or TURN servers (a development site) this device's own addresses are the only
    // way out, and may well be enough: only the partner's silence is judged then.
    const servers = (this.pc.getConfiguration().iceServers ?? []).length > 0;
    const mine = servers ? this.observed.srflx + this.observed.relay : 1;
    const remote = this.pc.remoteDescription;
    const theirs = this.remoteCandidates + (remote && /^a=candidate:/m.test(remote.sdp) ? 1 : 0);
    if (mine === 0 || theirs === 0) this.events.state("failed");
  }

  /** Why the link could not connect, from what this page observed (call_failure.ts). */
  why(): FailureWhy {
    const config = this.pc.getConfiguration();
    return diagnose({
      policy: config.iceTransportPolicy ?? "all",
      ways: waysOf(config.iceServers ?? []),
      local: { srflx: this.observed.srflx, relay: this.observed.relay },
      errors: this.observed.errors,
    });
  }

  /** Whether `sdp` (an offer) restarts this link's ICE: the same partner's keys, a link it had. */
  isRestartOf(sdp: string): boolean {
    const remote = this.pc.remoteDescription?.sdp;
    const fingerprint = remote ? sdpFingerprint(remote) : null;
    return this.recoverable && fingerprint !== null && sdpFingerprint(sdp) === fingerprint;
  }

  close() {
    this.closed = true;
    clearTimeout(this.wayOutTimer);
    this.path.close();
    this.stopAway();
    this.pc.onicecandidate = null;
    this.pc.onicecandidateerror = null;
    this.pc.ontrack = null;
    this.pc.ondatachannel = null;
    this.pc.onconnectionstatechange = null;
    if (this.channel) this.channel.onmessage = this.channel.onopen = null;
    this.pc.close();
  }
}
