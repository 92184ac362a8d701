// One WebRTC peer link per match. Media is DTLS-SRTP encrypted peer to peer; the safety code
// both members see is derived from the two DTLS certificate fingerprints in the negotiated SDP,
// so a relay that tampered with the handshake would show them different codes.
import { MEDIA_PROFILES, type MediaProfile } from "../shared/constants.ts";
import { watchAway } from "./away.ts";
import { tuneForProfile } from "./sdp.ts";
import {
  KEEPALIVE_MS,
  restartAction,
  RestartRules,
  type RestartWhy,
  stalled,
} from "./ice_restart.ts";

export type SignalOut =
  | { type: "offer"; sdp: string }
  | { type: "answer"; sdp: string }
  | { type: "ice-candidate"; candidate: RTCIceCandidateInit | null }
  /** The answerer asks the offerer to restart ICE (its path stopped, or its network changed). */
  | { type: "restart" };

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
  /** The partner's traffic stopped (the path, or this device's network, changed). */
  stalled?(): void;
  /** An ICE restart began (this side's offer, or its request to the offerer). */
  restarting?(why: RestartWhy): void;
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
  /** When to restart ICE (ice_restart.ts), and the timer that looks again. */
  private readonly restarts = new RestartRules();
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  /** The keep-alive and stall watch, once the data channel is open. */
  private watch: ReturnType<typeof setInterval> | undefined;
  private lastHeard = 0;
  private lastBytes: number | null = null;
  private partnerAway = false;
  /** The partner's traffic has stopped, and not come back since. */
  private stalledNow = false;
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
        this.startWatch(ch);
      };
      ch.onmessage = (e) => {
        this.lastHeard = Date.now();
        this.stalledNow = false;
        this.restarts.heard();
        const meta = readMeta(e.data);
        if (meta.pov !== undefined) this.events.remoteFacing?.(meta.pov);
        if (meta.media) this.events.remoteMedia?.(meta.media);
        if (meta.away !== undefined) {
          this.partnerAway = meta.away;
          this.events.remoteAway?.(meta.away);
        }
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
      this.restarts.onState(state, Date.now());
      // Before the first connection, a failure is said only once the one restart failed too.
      const early = state === "failed" && this.restarts.due(Date.now()) === "failed" &&
        !this.everConnected;
      if (state === "connected") this.everConnected = true;
      if (!early) this.events.state(state);
      this.considerRestart();
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

  /** Whether the link has connected at least once (a restart can bring such a link back). */
  everConnected = false;

  /** Whether this link can still carry the call: it connected once and is not closed. */
  get recoverable(): boolean {
    return this.everConnected && !this.closed && this.pc.connectionState !== "closed";
  }

  /**
   * Whether the link needs a new path: the browser says it is not connected, or the partner's
   * traffic stopped (the browser notices seconds later).
   */
  get needsPath(): boolean {
    return this.recoverable && (this.pc.connectionState !== "connected" || this.stalledNow);
  }

  /** A sign of a new network (the socket came back, the browser's word): restart ICE. */
  networkChanged() {
    if (!this.recoverable) return;
    this.restarts.note("network");
    this.considerRestart();
  }

  /** Restarts ICE when the rules say so, and looks again when they may say so next. */
  private considerRestart() {
    clearTimeout(this.restartTimer);
    if (this.closed) return;
    const now = Date.now();
    const why = this.restarts.due(now);
    if (why) {
      this.restarts.started(now);
      this.restart(why).catch((err) => console.warn(`ICE restart failed: ${err}`));
    }
    const next = this.restarts.nextCheckIn(Date.now());
    if (next !== null) this.restartTimer = setTimeout(() => this.considerRestart(), next + 5);
  }

  /** The offerer offers with new ICE credentials; the answerer asks the offerer to. */
  private async restart(why: RestartWhy) {
    this.events.restarting?.(why);
    const action = restartAction(this.role, this.everConnected, this.pc.signalingState);
    console.info(`ICE restart (${why}): ${action}, link ${this.pc.connectionState}`);
    if (action === "ask") this.events.signal({ type: "restart" });
    if (action === "rollback-offer") await this.pc.setLocalDescription({ type: "rollback" });
    if (action === "offer" || action === "rollback-offer") await this.offer(true);
  }

  /**
   * Says this side is there every KEEPALIVE_MS over the data channel, and watches the partner's
   * side: their keep-alive late and nothing at all received meanwhile is a stalled path.
   */
  private startWatch(ch: RTCDataChannel) {
    clearInterval(this.watch);
    this.lastHeard = Date.now();
    this.watch = setInterval(async () => {
      if (this.closed) return clearInterval(this.watch);
      if (ch.readyState === "open" && ch.bufferedAmount < 4096) ch.send("{}");
      const sinceHeard = Date.now() - this.lastHeard;
      if (this.partnerAway || sinceHeard < KEEPALIVE_MS * 4) {
        this.lastBytes = null;
        return;
      }
      const bytesNow = await this.bytesReceived();
      const stop = stalled({
        sinceHeard,
        partnerAway: this.partnerAway,
        bytesBefore: this.lastBytes,
        bytesNow,
      });
      this.lastBytes = bytesNow;
      if (!stop || this.closed) return;
      this.stalledNow = true;
      this.restarts.note("stalled");
      this.events.stalled?.();
      this.considerRestart();
    }, KEEPALIVE_MS);
  }

  /** Everything the link has received so far (media, the channel, connectivity checks). */
  private async bytesReceived(): Promise<number> {
    let bytes = 0;
    (await this.pc.getStats()).forEach((s) => {
      if (s.type === "transport") bytes += s.bytesReceived ?? 0;
    });
    return bytes;
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
      if (this.role !== "offerer" || !this.recoverable) return;
      this.restarts.note("partner");
      this.considerRestart();
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

  /** Whether `sdp` (an offer) restarts this link's ICE: the same partner's keys, a link it had. */
  isRestartOf(sdp: string): boolean {
    const remote = this.pc.remoteDescription?.sdp;
    const fingerprint = remote ? sdpFingerprint(remote) : null;
    return this.recoverable && fingerprint !== null && sdpFingerprint(sdp) === fingerprint;
  }

  close() {
    this.closed = true;
    clearTimeout(this.restartTimer);
    clearInterval(this.watch);
    this.stopAway();
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.ondatachannel = null;
    this.pc.onconnectionstatechange = null;
    if (this.channel) this.channel.onmessage = this.channel.onopen = null;
    this.pc.close();
  }
}
