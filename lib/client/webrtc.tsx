// The session context: one provider owns the socket, the camera and the peer link, and keeps the
// call's state in the pure reducer of call_state.ts; useWebRTC() reads it and throws outside the
// provider. The effectful shell is in session/, one module a job: core.ts (the shared parts and
// the reducer's step), socket.ts (the socket and the server's messages), link.ts (the peer link),
// camera.ts (the camera, its profile, switches and flip) and actions.ts (the screens' commands).
import { createContext } from "preact";
import type { ComponentChildren } from "preact";
import { useContext, useEffect, useState } from "react";
import type { MediaSwitches } from "./peer.ts";
import type { MediaProfile } from "../shared/constants.ts";
import type { BlurAssets } from "./privacy/stream.ts";
import type { BlurView } from "./privacy/status_text.ts";
import type { FailureWhy } from "./call_failure.ts";
import {
  type CallState,
  type ConnectionStatus,
  connectionStatus as statusOf,
  type FlyingReaction,
  initialCallState,
  linkFailed,
  type PartnerInfo,
  type Refusal,
  type SessionSummary,
  type Tally,
  zeroReactions,
} from "./call_state.ts";
import { type NetView, newSession, type SocketTrouble, type Waiting } from "./session/core.ts";
import type { NamedReach } from "../shared/realtime/protocol.ts";
import { connect } from "./session/socket.ts";
import { commandsOf } from "./session/actions.ts";

export type {
  ConnectionStatus,
  FlyingReaction,
  MediaSwitches,
  PartnerInfo,
  Refusal,
  SessionSummary,
};

export type { SocketTrouble };

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
  /** Why the last search ended without a partner (a new search or a reset clears it). */
  refusal: Refusal | null;
  isEncrypted: boolean;
  encryptionFingerprint: string | null;
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
  /** How this member's connection and the partner's are doing (net_quality.ts). */
  net: NetView;
  /** Why the match's link could not connect, from what this page observed (call_failure.ts). */
  failureWhy: FailureWhy | null;
  /** The running search's figures and widening offer, as the server last said (null: none yet). */
  waiting: Waiting | null;
  /** Widens the running search to the step offered, for this search only. */
  widen(to: NamedReach): void;
}

const Ctx = createContext<SessionContextValue | null>(null);

export function useWebRTC(): SessionContextValue {
  const value = useContext(Ctx);
  if (!value) throw new Error("useWebRTC must be used within a WebRTCProvider");
  return value;
}

const NO_REACTIONS: Tally = zeroReactions();

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
    refusal: p.name === "refused" ? p.refusal : null,
    isEncrypted: link?.encrypted ?? false,
    encryptionFingerprint: link?.fingerprint ?? null,
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
  | "net"
  | "failureWhy"
  | "waiting"
  | "widen"
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
  const [state, setState] = useState<CallState>(initialCallState);
  const [switches, setSwitchState] = useState<MediaSwitches>({ audio: true, video: true });
  const [socketTrouble, setSocketTrouble] = useState<SocketTrouble>(null);
  // Changes only when the state said changes (the status itself comes twice a second).
  const [blurState, setBlurState] = useState<BlurView>(blur.enabled ? "starting" : "off");
  const [cameras, setCameras] = useState(0);
  const [localPov, setLocalPov] = useState(false);
  const [flipping, setFlipping] = useState(false);
  const [net, setNet] = useState<NetView>({ mine: null, partner: null });
  const [failureWhy, setWhy] = useState<FailureWhy | null>(null);
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  // The session (its socket, link and camera) and its commands: made once, the same every render.
  const [s] = useState(() =>
    newSession(blur, media, initialCallState, switches, {
      state: setState,
      switches: setSwitchState,
      trouble: setSocketTrouble,
      blur: setBlurState,
      cameras: setCameras,
      pov: setLocalPov,
      flipping: setFlipping,
      net: setNet,
      why: setWhy,
      waiting: setWaiting,
    })
  );
  const [actions] = useState(() => commandsOf(s));

  useEffect(() => connect(s, resume), []);

  const value: SessionContextValue = {
    ...contextOf(state),
    ...actions,
    switches,
    socketTrouble,
    blurView: blurState,
    cameras,
    localPov,
    flipping,
    net,
    failureWhy,
    waiting,
  };

  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}
