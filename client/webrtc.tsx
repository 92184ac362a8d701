// The session context: one provider owns the socket, the camera and the peer link, and keeps the
// call's state in the pure reducer of call_state.ts; useWebRTC() reads it and throws outside the
// provider. This file is the effectful shell: it turns socket messages, peer link callbacks,
// camera answers and clicks into reducer events, and keeps storage and the peer link in step
// with the state.
import { createContext } from "preact";
import type { ComponentChildren } from "preact";
import { useCallback, useContext, useEffect, useRef, useState } from "react";
import type { Outbound } from "../shared/realtime/protocol.ts";
import { RealtimeSocket } from "./socket.ts";
import {
  CAMERA_OF,
  cameraCount,
  cameraErrorText,
  isPov,
  type MediaSwitches,
  openCamera,
  PeerLink,
  type SignalOut,
} from "./peer.ts";
import type { MediaProfile } from "../shared/constants.ts";
import { type BlurAssets, protectCamera, type ProtectedCamera } from "./privacy/stream.ts";
import { type BlurView, blurView as viewOf } from "./privacy/status_text.ts";
import {
  type CallEvent,
  callReducer,
  type CallState,
  canReact,
  type ConnectionStatus,
  connectionStatus as statusOf,
  type FlyingReaction,
  initialCallState,
  linkFailed,
  matchedPhase,
  type PartnerInfo,
  type Refusal,
  rtcConfigOf,
  type SessionSummary,
  type Tally,
  zeroReactions,
} from "./call_state.ts";
import { forgetMatch, readStoredMatch, storeMatch, storeSummary } from "./call_storage.ts";
import { SHIELD_VERDICT_GRACE_MS } from "./shield/policy.ts";
import { PARTNER_SIGNAL_WAIT_MS } from "./live_rules.ts";

export type {
  ConnectionStatus,
  FlyingReaction,
  MediaSwitches,
  PartnerInfo,
  Refusal,
  SessionSummary,
};

/** The realtime socket's trouble, for the page to say: the first connection failed, or it dropped. */
export type SocketTrouble = "failed" | "dropped" | null;

export interface SessionContextValue {
  /** The camera as sent and shown: faces blurred when the member's face blur is on. */
  localStream: MediaStream | null;
  /** Whether face blur covers localStream (the 'Privacy On' badge). */
  privacyOn: boolean;
  /** Face blur's real state: whether it finds faces, or covers the whole picture (and why). */
  blurView: BlurView;
  remoteStream: MediaStream | null;
  /** False when the partner's camera faces them (not a POV): their tile is then mirrored. Null
   * until the partner's device has said. */
  remotePov: boolean | null;
  connectionStatus: ConnectionStatus;
  /** The peer link failed before it ever connected (see linkFailed). */
  linkFailed: boolean;
  partnerInfo: PartnerInfo | null;
  sessionSummary: SessionSummary | null;
  /** Why the last search ended without a partner (a new search or a reset clears it). */
  refusal: Refusal | null;
  isEncrypted: boolean;
  encryptionFingerprint: string | null;
  socketOpen: boolean;
  registered: boolean;
  resumeFailed: boolean;
  connectedAt: number | null;
  reactions: Tally;
  flying: FlyingReaction[];
  cameraError: string | null;
  /** The reason the session ended, until a new search or a reset. */
  ended: string | null;
  /** True when this tab ended the session (a skip goes back to searching, not to the summary). */
  endedByMe: boolean;
  /** The match-found milestones: offer and answer applied; the partner's first frame shown. */
  signalled: boolean;
  remoteFrame: boolean;
  /** The partner's microphone and camera, as their device says (on until it says otherwise). */
  partnerAudio: boolean;
  partnerVideo: boolean;
  /** The partner's device says they stepped away (their page hidden, their video not sent). */
  partnerAway: boolean;
  /** This member's Mute and Camera off switches (they hold across matches on this page). */
  switches: MediaSwitches;
  socketTrouble: SocketTrouble;
  /**
   * Starts a search: true when it is under way. A socket that is down refuses it with the
   * offline text, or, with `whenOnline`, leaves it for the caller to try again once it is back.
   */
  findMatch(options?: { whenOnline?: boolean }): boolean;
  endSession(reason: string): void;
  sendReaction(emoji: string): void;
  resetSession(): void;
  startCamera(): Promise<void>;
  /** The partner's video has shown a frame on this page. */
  noteRemoteFrame(): void;
  /**
   * The partner's video is past its first check (the shield's first verdict, its tap-to-show, or
   * no shield): face blur's detector may load now.
   */
  noteVideoChecked(): void;
  /** Turns this member's microphone or camera off or on, and tells the partner's page. */
  setSwitches(switches: MediaSwitches): void;
  /** How many cameras the device has (Flip camera shows with more than one). */
  cameras: number;
  /** Whether this member's camera is a POV (rear-facing): their own tile is mirrored if not. */
  localPov: boolean;
  /** A flip is under way. */
  flipping: boolean;
  /**
   * Rear ↔ front: the other camera replaces this one (the old track stopped first) in what is
   * sent, shown, blurred and recorded, without renegotiation; the partner is told its facing.
   */
  flipCamera(): Promise<void>;
}

const Ctx = createContext<SessionContextValue | null>(null);

export function useWebRTC(): SessionContextValue {
  const value = useContext(Ctx);
  if (!value) throw new Error("useWebRTC must be used within a WebRTCProvider");
  return value;
}

/** How long a flying reaction stays on screen. */
const FLY_MS = 1600;
/**
 * Face blur's detector (a second of wasm and model loading on a phone's CPU) waits while a call
 * is being set up: until the partner's video is past its first check (see noteVideoChecked),
 * the call ends, or the search has gone on this long without a match. The fixed band covers the
 * frames meanwhile. Measured with bench/live: loading it at once made Start → partner video 0.6 s
 * slower on two cores; loading it at the partner's first frame held the shield's first verdict
 * (the partner's video stays blurred until then) behind it.
 */
const DETECTOR_QUIET_MS = 3_000;
/**
 * The latest the detector waits after the partner's first frame, should no check be said: the
 * shield's own grace, after which its tile offers tap-to-show anyway.
 */
const DETECTOR_AFTER_FRAME_MS = SHIELD_VERDICT_GRACE_MS;
const NO_REACTIONS: Tally = zeroReactions();
type CameraSwitch = typeof import("./camera_switch.ts");

/** A promise and the one call that settles it. */
function openable(): { opened: Promise<void>; open(): void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** What the screens read, derived from the call's state. */
function contextOf(s: CallState): Omit<SessionContextValue, keyof SessionActions> {
  const p = s.phase;
  const link = p.name === "matched" ? p.link : null;
  return {
    localStream: s.camera.stream,
    privacyOn: s.camera.blurred,
    remoteStream: link?.remoteStream ?? null,
    remotePov: link?.remotePov ?? null,
    connectionStatus: statusOf(s),
    linkFailed: linkFailed(s),
    partnerInfo: p.name === "matched" ? p.partner : null,
    sessionSummary: p.name === "ended" ? p.summary : null,
    refusal: p.name === "refused" ? p.refusal : null,
    isEncrypted: link?.encrypted ?? false,
    encryptionFingerprint: link?.fingerprint ?? null,
    socketOpen: s.socket !== "closed",
    registered: s.registered,
    resumeFailed: s.resume === "failed",
    connectedAt: p.name === "matched" || p.name === "ended" ? p.connectedAt : null,
    reactions: p.name === "matched"
      ? p.reactions
      : p.name === "ended"
      ? p.summary.reactions
      : NO_REACTIONS,
    flying: s.flying,
    cameraError: s.camera.error,
    ended: p.name === "ended" ? p.reason : null,
    endedByMe: p.name === "ended" && p.byMe,
    signalled: link?.signalled ?? false,
    remoteFrame: link?.remoteFrame ?? false,
    partnerAudio: link?.partnerAudio ?? true,
    partnerVideo: link?.partnerVideo ?? true,
    partnerAway: link?.partnerAway ?? false,
  };
}

type SessionActions = Pick<
  SessionContextValue,
  | "findMatch"
  | "endSession"
  | "sendReaction"
  | "resetSession"
  | "startCamera"
  | "noteRemoteFrame"
  | "noteVideoChecked"
  | "setSwitches"
  | "switches"
  | "socketTrouble"
  | "blurView"
  | "cameras"
  | "localPov"
  | "flipping"
  | "flipCamera"
>;

export function WebRTCProvider(
  { children, resume, blur, media }: {
    children: ComponentChildren;
    /** Try to rejoin the match stored in this tab (a reload of /live-match). */
    resume: boolean;
    /** Face blur: whether the member has it on, and where its files are served from. */
    blur: { enabled: boolean; assets: BlurAssets };
    /** What the member's camera sends (their plan); each match_found says it again. */
    media: MediaProfile;
  },
) {
  /** The media profile in force: the page's, then the latest match_found's. */
  const mediaRef = useRef<MediaProfile>(media);
  // The state for rendering, and the same state for callbacks that must read the latest value
  // between renders (socket messages are handled one after another, faster than renders).
  const [state, setState] = useState<CallState>(initialCallState);
  const stateRef = useRef<CallState>(initialCallState);
  const socketRef = useRef<RealtimeSocket | null>(null);
  const linkRef = useRef<PeerLink | null>(null);
  const protectedRef = useRef<ProtectedCamera | null>(null);
  const cameraRef = useRef<Promise<void> | null>(null);
  /** The provider is gone (its page left, or the island showed another screen). */
  const goneRef = useRef(false);
  const [switches, setSwitchState] = useState<MediaSwitches>({ audio: true, video: true });
  const switchesRef = useRef<MediaSwitches>(switches);
  const [socketTrouble, setSocketTrouble] = useState<SocketTrouble>(null);
  // Changes only when the state said changes (the status itself comes twice a second).
  const [blurState, setBlurState] = useState<BlurView>(blur.enabled ? "starting" : "off");
  const [cameras, setCameras] = useState(0);
  const [localPov, setLocalPov] = useState(false);
  const [flipping, setFlipping] = useState(false);
  const flippingRef = useRef(false);

  // Face blur's detector loads once this page is not setting up a call (see DETECTOR_QUIET_MS).
  const [detectorGate] = useState(openable);

  const closeLink = () => {
    linkRef.current?.close();
    linkRef.current = null;
  };

  /** Runs an event through the reducer, then brings storage, the link and timers in step. */
  const apply = (event: CallEvent): CallState => {
    const prev = stateRef.current;
    const next = callReducer(prev, event);
    if (next === prev) return next;
    stateRef.current = next;
    setState(next);
    if (next.phase !== prev.phase) {
      if (next.phase.name === "matched") storeMatch(next.phase, next.peerId);
      else {
        // The peer link lives only as long as the match.
        closeLink();
        if (prev.phase.name === "matched") forgetMatch();
        if (next.phase.name === "ended") storeSummary(next.phase.summary);
      }
    }
    if (next.resume === "failed" && prev.resume !== "failed") forgetMatch();
    // The call is over: the detector may load now. Up (the partner's first frame shown): it
    // may once the partner's video is checked, or DETECTOR_AFTER_FRAME_MS later at the latest.
    const m = matchedPhase(next);
    if (prev.phase.name === "matched" && !m) detectorGate.open();
    if (m?.link.remoteFrame && !matchedPhase(prev)?.link.remoteFrame) {
      setTimeout(detectorGate.open, DETECTOR_AFTER_FRAME_MS);
    }
    if (next.flySeq !== prev.flySeq) {
      const id = next.flySeq;
      setTimeout(() => apply({ type: "fly_done", id }), FLY_MS);
    }
    return next;
  };

  // One camera request at a time: a second caller waits for the first request's answer.
  const startCamera = useCallback(() => {
    if (stateRef.current.camera.stream) return Promise.resolve();
    cameraRef.current ??= (async () => {
      try {
        const raw = await openCamera(mediaRef.current);
        // A camera that opens after the provider is gone is let go at once, not left running.
        if (goneRef.current) {
          raw.getTracks().forEach((t) => t.stop());
          return;
        }
        const camera = await protectCamera(raw, {
          blur: blur.enabled,
          assets: blur.assets,
          detectorAfter: detectorGate.opened,
        });
        // A search that goes on this long leaves the device idle: the detector loads meanwhile.
        setTimeout(() => {
          if (!matchedPhase(stateRef.current)) detectorGate.open();
        }, DETECTOR_QUIET_MS);
        if (goneRef.current) {
          camera.stop();
          return;
        }
        protectedRef.current = camera;
        camera.onStatus((st) => setBlurState(viewOf(camera.blurred, st)));
        setBlurState(viewOf(camera.blurred, camera.status()));
        setLocalPov(isPov(camera.stream));
        cameraCount().then(setCameras);
        navigator.mediaDevices.addEventListener?.(
          "devicechange",
          () => cameraCount().then(setCameras),
        );
        applySwitches(camera.stream, switchesRef.current);
        apply({ type: "camera_ready", stream: camera.stream, blurred: camera.blurred });
      } catch (err) {
        apply({ type: "camera_failed", text: cameraErrorText(err) });
      } finally {
        cameraRef.current = null;
      }
    })();
    return cameraRef.current;
  }, []);

  /** A new peer link with the match's partner, replacing any link before it. */
  const newLink = (p: PartnerInfo, rtc: RTCConfiguration) => {
    closeLink();
    apply({ type: "link_new" });
    // Every call starts fail-closed: the fixed band until a detection of this call's frames.
    protectedRef.current?.newCall();
    const current = () => linkRef.current === link;
    const link: PeerLink = new PeerLink(rtc, stateRef.current.camera.stream, {
      signal: (signal: SignalOut) =>
        socketRef.current?.send({ type: "signal", to: p.peerId, signal }),
      remoteStream: (stream) => current() && apply({ type: "remote_stream", stream }),
      remoteFacing: (pov) => current() && apply({ type: "remote_facing", pov }),
      remoteMedia: (m) => current() && apply({ type: "remote_media", ...m }),
      remoteAway: (away) => current() && apply({ type: "remote_away", away }),
      signalled: () => current() && apply({ type: "link_signalled" }),
      state: async (state) => {
        if (!current()) return;
        const first = state === "connected" && matchedPhase(stateRef.current)?.connectedAt === null;
        apply({ type: "link_state", state, at: Date.now() });
        if (state !== "connected") return;
        // The server counts a match as one of the day's sessions once a page says its link
        // connected (sent when the socket is back, should it be down now).
        if (first) socketRef.current?.send({ type: "link_connected" });
        const fingerprint = await link.safetyCode();
        if (current()) apply({ type: "link_secured", fingerprint });
      },
    }, p.role);
    link.media = mediaRef.current;
    link.setSwitches(switchesRef.current);
    linkRef.current = link;
    return link;
  };

  /**
   * The partner's half of the handshake (the answer to our offer, or their offer) must come
   * within PARTNER_SIGNAL_WAIT_MS: a link of a match that never connected, still without the
   * partner's description by then, has failed (the page says so, and Next is free).
   */
  const awaitPartner = (link: PeerLink) => {
    setTimeout(() => {
      if (linkRef.current !== link || link.pc.remoteDescription) return;
      if (matchedPhase(stateRef.current)?.connectedAt !== null) return;
      apply({ type: "link_state", state: "failed", at: Date.now() });
    }, PARTNER_SIGNAL_WAIT_MS);
  };

  /**
   * Takes the server's media profile for this match: a camera already open at another one (the
   * plan changed since the page loaded) is asked for the new size; the link caps what is sent.
   */
  const useProfile = (profile: MediaProfile | undefined) => {
    if (!profile || sameProfile(profile, mediaRef.current)) return;
    mediaRef.current = profile;
    const stream = stateRef.current.camera.stream;
    const raw = (stream && CAMERA_OF.get(stream)) ?? stream;
    raw?.getVideoTracks()[0]?.applyConstraints({
      facingMode: { ideal: "environment" },
      width: { ideal: profile.maxWidth },
      height: { ideal: profile.maxHeight },
      frameRate: { ideal: profile.maxFrameRate },
    }).catch(() => {});
  };

  /** The peer link of match `matchId`, if its media still flows (no server needed for that). */
  const workingLink = (matchId: string): PeerLink | null => {
    const link = linkRef.current;
    return link && matchedPhase(stateRef.current)?.partner.matchId === matchId &&
        link.pc.connectionState === "connected"
      ? link
      : null;
  };

  useEffect(() => {
    const stored = resume ? readStoredMatch() : null;
    if (stored) apply({ type: "rejoin", peerId: stored.myPeerId });
    const socket = new RealtimeSocket();
    socketRef.current = socket;
    let everOpen = false;
    const offState = socket.onState((open) => {
      apply({ type: open ? "socket_open" : "socket_closed" });
      // The page says so when the socket cannot open or drops (it tries again by itself).
      if (!goneRef.current) setSocketTrouble(open ? null : everOpen ? "dropped" : "failed");
      if (!open) return;
      everOpen = true;
      // On every (re)connect: register, and rejoin the live match if there is one.
      const { peerId } = stateRef.current;
      // A socket that drops mid-call leaves the call to its peer link: say whether it is alive.
      const matchId = matchedPhase(stateRef.current)?.partner.matchId;
      const keepsLink = matchId !== undefined && workingLink(matchId) !== null;
      socket.send(peerId ? { type: "register", peerId, keepsLink } : { type: "register" });
    });
    // Messages are handled one at a time, in order: an offer that arrives while the camera is
    // still starting waits for the link that match_found is building.
    let queue = Promise.resolve();
    const offMsg = socket.onMessage((msg) => {
      queue = queue.then(() => handle(msg)).catch((err) => console.error("session:", err));
    });
    const handle = async (msg: Outbound) => {
      switch (msg.type) {
        case "match_found": {
          // The socket came back (a network change, a server restart) while the call went on
          // peer to peer: the call keeps its link, and nothing about it starts again.
          const keepLink = msg.resumed === true && workingLink(msg.matchId) !== null;
          const kept = msg.resumed ? readStoredMatch() : null;
          apply({ type: "matched", msg, at: Date.now(), keepLink, kept });
          if (keepLink) break;
          useProfile(msg.media);
          await startCamera();
          // The member may have ended the match while the camera started.
          const p = matchedPhase(stateRef.current);
          if (p?.partner.matchId !== msg.matchId) break;
          const link = newLink(p.partner, rtcConfigOf(p));
          // The offerer offers (again, on a rejoin without a working link) once the partner is
          // there; a partner who is not hears partner_reconnected when they are back.
          if (msg.partnerConnected === false) break;
          if (p.partner.role === "offerer") await link.offer();
          awaitPartner(link);
          break;
        }
        case "partner_reconnected": {
          const p = matchedPhase(stateRef.current);
          if (!p) break;
          // The partner's socket is back. If both links still carry the call, nothing changes;
          // otherwise the call is set up again, the offerer offering (one side only: no glare).
          if (msg.linkKept === true && workingLink(p.partner.matchId)) break;
          const link = newLink(p.partner, rtcConfigOf(p));
          if (p.partner.role === "offerer") await link.offer();
          awaitPartner(link);
          break;
        }
        case "signal": {
          const p = matchedPhase(stateRef.current);
          if (!p || msg.from !== p.partner.peerId) break;
          const signal = msg.signal as SignalOut;
          let link = linkRef.current;
          if (signal.type === "offer" && (!link || link.pc.remoteDescription)) {
            link = newLink(p.partner, rtcConfigOf(p));
          }
          await link?.receive(signal);
          break;
        }
        default:
          apply({ type: "server", msg, at: Date.now() });
      }
    };
    socket.connect();
    return () => {
      goneRef.current = true;
      offState();
      offMsg();
      socket.close();
      closeLink();
      protectedRef.current?.stop();
    };
  }, []);

  const findMatch = useCallback((options?: { whenOnline?: boolean }) => {
    if (options?.whenOnline && stateRef.current.socket === "closed") return false;
    if (apply({ type: "search" }).phase.name !== "searching") return false;
    socketRef.current?.send({
      type: "find_match",
      preferences: {},
    });
    return true;
  }, []);

  const endSession = useCallback((reason: string) => {
    // Ending a link that failed before it ever connected: the server, if what it knows agrees,
    // counts the match as no session.
    const failed = linkFailed(stateRef.current) ? { linkFailed: true } : {};
    if (socketRef.current?.isOpen) {
      socketRef.current.send({ type: "end_session", reason, ...failed });
    }
    apply({ type: "end", reason, at: Date.now() });
  }, []);

  const sendReaction = useCallback((emoji: string) => {
    const socket = socketRef.current;
    if (!canReact(stateRef.current) || !socket?.isOpen) return;
    socket.send({ type: "reaction", emoji });
    apply({ type: "react", emoji });
  }, []);

  const resetSession = useCallback(() => {
    if (matchedPhase(stateRef.current) && socketRef.current?.isOpen) {
      socketRef.current.send({ type: "end_session", reason: "user_ended" });
    }
    apply({ type: "reset" });
    forgetMatch();
  }, []);

  const noteRemoteFrame = useCallback(() => {
    apply({ type: "remote_frame" });
  }, []);

  const noteVideoChecked = useCallback(() => {
    if (matchedPhase(stateRef.current)?.link.remoteFrame) detectorGate.open();
  }, []);

  const flipCamera = useCallback(async () => {
    const camera = protectedRef.current;
    if (!camera || flippingRef.current) return;
    flippingRef.current = true;
    setFlipping(true);
    try {
      const { switchCamera } = await import(blur.assets.cameraSwitch) as CameraSwitch;
      const sent = await switchCamera(camera, {
        profile: mediaRef.current,
        videoOn: switchesRef.current.video,
        gone: () => goneRef.current,
      });
      if (sent) await linkRef.current?.cameraChanged(sent);
      setLocalPov(isPov(camera.stream));
    } catch (err) {
      apply({ type: "camera_failed", text: cameraErrorText(err) });
    } finally {
      flippingRef.current = false;
      setFlipping(false);
    }
  }, []);

  const setSwitches = useCallback((next: MediaSwitches) => {
    switchesRef.current = next;
    setSwitchState(next);
    applySwitches(stateRef.current.camera.stream, next);
    linkRef.current?.setSwitches(next);
  }, []);

  const value: SessionContextValue = {
    ...contextOf(state),
    findMatch,
    endSession,
    sendReaction,
    resetSession,
    startCamera,
    noteRemoteFrame,
    noteVideoChecked,
    setSwitches,
    switches,
    socketTrouble,
    blurView: blurState,
    cameras,
    localPov,
    flipping,
    flipCamera,
  };

  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** Mute and Camera off: the tracks stay (no renegotiation), sending silence and black. */
function applySwitches(stream: MediaStream | null, switches: MediaSwitches) {
  stream?.getAudioTracks().forEach((t) => (t.enabled = switches.audio));
  stream?.getVideoTracks().forEach((t) => (t.enabled = switches.video));
}

const sameProfile = (a: MediaProfile, b: MediaProfile) =>
  a.maxWidth === b.maxWidth && a.maxHeight === b.maxHeight &&
  a.maxFrameRate === b.maxFrameRate && a.maxBitrateKbps === b.maxBitrateKbps;
