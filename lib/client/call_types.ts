// A live call's state, as types: what the reducer (call_state.ts) keeps, the phases of a match
// and what the peer link shows; the reducer and the events live there.
import type { IceServer, IceTransportPolicy, RtErrorCode } from "../shared/realtime/protocol.ts";

export type ConnectionStatus = "disconnected" | "ready" | "connecting" | "connected";

/** Reactions by emoji. */
export type Tally = Record<string, number>;

export interface PartnerInfo {
  peerId: string;
  hashtag: string;
  location: string;
  role: "offerer" | "answerer";
  matchId: string;
  endsAt: number;
  /** The language the partner speaks (their profile's); null when the server did not say. */
  language: string | null;
}

export interface SessionSummary {
  /** Seconds the call was connected (0 when the link never connected). */
  duration: number;
  /** Whether the peer link ever connected (absent in summaries stored before it was kept). */
  connected?: boolean;
  location: string;
  hashtag: string;
  reactions: Tally;
  /** Why it ended (the server's or this member's reason), and whether this member ended it. */
  reason?: string;
  byMe?: boolean;
}

export interface FlyingReaction {
  id: number;
  emoji: string;
  from: "me" | "partner";
}

/** The peer link as the page shows it. */
export interface LinkView {
  /** connecting until the link reports connected; down while it is failed, closed or dropped. */
  status: "connecting" | "connected" | "down";
  encrypted: boolean;
  /** The safety code both members see, once the connected link has computed it. */
  fingerprint: string | null;
  remoteStream: MediaStream | null;
  /** False when the partner's camera faces them (not a POV); null until their device says. */
  remotePov: boolean | null;
  /** Offer and answer are both applied (the first milestone of the match-found view). */
  signalled: boolean;
  /** The partner's video has shown its first frame on this page (the last milestone). */
  remoteFrame: boolean;
  /** The partner's Mute and Camera off switches, as their device says (on until it says). */
  partnerAudio: boolean;
  partnerVideo: boolean;
  /** The partner's device says they stepped away (hidden page, video not getting through). */
  partnerAway: boolean;
}

/** Why a search ended without a partner. */
export type Refusal =
  /** The server refused the search (or the socket is not open: "offline"); back to discover. */
  | { kind: "error"; code: RtErrorCode | "offline" }
  /** Today's sessions are used up: on to the plans. */
  | { kind: "session_limit" }
  /** The member's email address is not verified yet: the page says so and offers the mail again. */
  | { kind: "email_unverified" }
  /** Nobody to meet within the search time. */
  | { kind: "no_match" };

export type Phase =
  | { name: "idle" }
  | { name: "searching" }
  | {
    name: "matched";
    partner: PartnerInfo;
    iceServers: IceServer[];
    /** "relay": the peer link may use only the TURN relay (the operator's choice). */
    iceTransportPolicy: IceTransportPolicy;
    /** When this device first heard of the match. */
    startedAt: number;
    /** When the peer link first connected: the session timer counts from here. */
    connectedAt: number | null;
    reactions: Tally;
    link: LinkView;
  }
  | {
    name: "ended";
    reason: string;
    /** This tab ended it (a skip goes back to searching, not to the summary). */
    byMe: boolean;
    summary: SessionSummary;
    connectedAt: number | null;
  }
  | { name: "refused"; refusal: Refusal };

export type MatchedPhase = Extract<Phase, { name: "matched" }>;

export interface CallState {
  /** "registered" once the server has answered this socket's register. */
  socket: "closed" | "open" | "registered";
  /** The server has answered a register at least once on this page. */
  registered: boolean;
  /** This tab's peer id: from the server, or from the stored match a reload rejoins. */
  peerId: string | null;
  /** Rejoining a stored match after a reload: pending until the server answers the register. */
  resume: "none" | "pending" | "failed";
  camera: { stream: MediaStream | null; blurred: boolean; error: string | null };
  phase: Phase;
  flying: FlyingReaction[];
  /** The id of the last flying reaction. */
  flySeq: number;
}

/** What a stored match kept for a reload: the timer's start and the tally. */
export interface KeptMatch {
  startedAt?: number;
  connectedAt?: number;
  reactions?: Tally;
}
