// A live call's state as one pure reducer: the session's phase (idle, searching, matched, ended
// or refused) plus the socket, the camera and the flying reactions. Events are the server's typed
// messages and what happens on this device (a click, the camera, the peer link); the provider in
// webrtc.tsx owns the socket, the peer link and the timers and feeds their outcomes in here.
// Nothing here touches a socket, a timer, storage or the DOM, and time arrives inside events.
import type {
  IceServer,
  IceTransportPolicy,
  Outbound,
  RtErrorCode,
} from "../shared/realtime/protocol.ts";
import { RT_TEXT } from "../shared/realtime/texts.ts";
import { REACTION_EMOJI } from "../shared/constants.ts";
import { MAX_DAILY_HASHTAGS, MAX_HASHTAG_LENGTH } from "../shared/filters.ts";
import { LIVE_TEXT } from "./live_rules.ts";

/** Errors after which the server closes the socket and the page does not reconnect. */
const FINAL_ERRORS: ReadonlySet<string> = new Set(["not_authenticated", "replaced"]);

export type ConnectionStatus = "disconnected" | "ready" | "connecting" | "connected";

export const EMOJI: readonly string[] = REACTION_EMOJI;

/** Reactions by emoji. */
export type Tally = Record<string, number>;

export const zeroReactions = (): Tally => Object.fromEntries(EMOJI.map((e) => [e, 0]));

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

type MatchFound = Extract<Outbound, { type: "match_found" }>;

export type CallEvent =
  /** A server message other than match_found (see "matched"). */
  | { type: "server"; msg: Exclude<Outbound, MatchFound>; at: number }
  /**
   * match_found. `keepLink`: a rejoin of the match whose peer link still carries the call (only
   * the socket dropped); `kept`: what this tab stored of the match, for a rejoin after a reload.
   */
  | { type: "matched"; msg: MatchFound; at: number; keepLink: boolean; kept: KeptMatch | null }
  | { type: "socket_open" }
  | { type: "socket_closed" }
  /** A reload of the live page rejoins the match this tab stored under `peerId`. */
  | { type: "rejoin"; peerId: string }
  /** The member starts a search. */
  | { type: "search" }
  | { type: "camera_ready"; stream: MediaStream; blurred: boolean }
  | { type: "camera_failed"; text: string }
  /** A new peer link replaces the match's link (a first link, or a rebuild). */
  | { type: "link_new" }
  | { type: "link_state"; state: RTCPeerConnectionState; at: number }
  | { type: "link_secured"; fingerprint: string | null }
  | { type: "remote_stream"; stream: MediaStream }
  | { type: "remote_facing"; pov: boolean }
  | { type: "link_signalled" }
  | { type: "remote_frame" }
  | { type: "remote_media"; audio: boolean; video: boolean }
  /** The partner's device says they stepped away, or are back. */
  | { type: "remote_away"; away: boolean }
  /** The member sent a reaction. */
  | { type: "react"; emoji: string }
  /** A flying reaction's animation is over. */
  | { type: "fly_done"; id: number }
  /** The member ends the session (End Session, Skip, a report, the late-timer fallback). */
  | { type: "end"; reason: string; at: number }
  /** The member leaves the search or the match (Cancel, no match): back to idle. */
  | { type: "reset" };

export const initialCallState: CallState = {
  socket: "closed",
  registered: false,
  peerId: null,
  resume: "none",
  camera: { stream: null, blurred: false, error: null },
  phase: { name: "idle" },
  flying: [],
  flySeq: 0,
};

const IDLE: Phase = { name: "idle" };

const freshLink = (): LinkView => ({
  status: "connecting",
  encrypted: false,
  fingerprint: null,
  remoteStream: null,
  remotePov: null,
  signalled: false,
  remoteFrame: false,
  partnerAudio: true,
  partnerVideo: true,
  partnerAway: false,
});

export function callReducer(s: CallState, e: CallEvent): CallState {
  switch (e.type) {
    case "server":
      return onServer(s, e.msg, e.at);
    case "matched":
      return onMatch(s, e);
    case "socket_open":
      return { ...s, socket: "open" };
    case "socket_closed":
      // The server drops a search when its socket closes; a match outlives the socket.
      return { ...s, socket: "closed", phase: s.phase.name === "searching" ? IDLE : s.phase };
    case "rejoin":
      return { ...s, peerId: e.peerId, resume: "pending" };
    case "search":
      return {
        ...s,
        phase: s.socket === "closed"
          ? { name: "refused", refusal: { kind: "error", code: "offline" } }
          : { name: "searching" },
      };
    case "camera_ready":
      return { ...s, camera: { stream: e.stream, blurred: e.blurred, error: null } };
    case "camera_failed":
      return { ...s, camera: { ...s.camera, error: e.text } };
    case "link_new":
      // A rebuilt link keeps what the member has already seen (the milestones, the switches,
      // whether the partner stepped away), and the status of a call that was up; a link that
      // failed before it ever connected is tried again from "connecting".
      return withLink(s, (l) => ({
        ...freshLink(),
        status: linkFailed(s) ? "connecting" : l.status,
        signalled: l.signalled,
        remoteFrame: l.remoteFrame,
        partnerAudio: l.partnerAudio,
        partnerVideo: l.partnerVideo,
        partnerAway: l.partnerAway,
      }));
    case "link_state":
      return onLinkState(s, e.state, e.at);
    case "link_secured":
      return withLink(s, (l) => ({ ...l, fingerprint: e.fingerprint }));
    case "remote_stream":
      return withLink(s, (l) => ({ ...l, remoteStream: e.stream }));
    case "remote_facing":
      return withLink(s, (l) => ({ ...l, remotePov: e.pov }));
    case "link_signalled":
      return withLink(s, (l) => (l.signalled ? l : { ...l, signalled: true }));
    case "remote_frame":
      return withLink(s, (l) => (l.remoteFrame ? l : { ...l, remoteFrame: true }));
    case "remote_media":
      return withLink(
        s,
        (l) =>
          l.partnerAudio === e.audio && l.partnerVideo === e.video
            ? l
            : { ...l, partnerAudio: e.audio, partnerVideo: e.video },
      );
    case "remote_away":
      return withLink(s, (l) => (l.partnerAway === e.away ? l : { ...l, partnerAway: e.away }));
    case "react":
      return canReact(s) ? countReaction(s, e.emoji, "me") : s;
    case "fly_done":
      return { ...s, flying: s.flying.filter((f) => f.id !== e.id) };
    case "end":
      return endMatch(s, e.reason, true, e.at);
    case "reset":
      return { ...s, phase: IDLE };
  }
}

function onServer(s: CallState, msg: Exclude<Outbound, MatchFound>, at: number): CallState {
  switch (msg.type) {
    case "registered": {
      // A rejoin fails when the server did not resume the match and none is under way.
      const resume = s.resume !== "pending"
        ? s.resume
        : !msg.resumed && s.phase.name !== "matched"
        ? "failed"
        : "none";
      return { ...s, socket: "registered", registered: true, peerId: msg.peerId, resume };
    }
    case "session_ended":
      return endMatch(s, msg.reason ?? "ended", false, at);
    case "reaction":
      // Only the five known emoji count.
      return s.phase.name === "matched" && EMOJI.includes(msg.emoji)
        ? countReaction(s, msg.emoji, "partner")
        : s;
    case "session_limit_reached":
      return { ...s, phase: { name: "refused", refusal: { kind: "session_limit" } } };
    case "no_match_found":
      return { ...s, phase: { name: "refused", refusal: { kind: "no_match" } } };
    case "error":
      // Only a search is refused by an error, and any phase by the server closing the socket for
      // good (signed out, or replaced by a newer tab); other errors (a late signal) change nothing.
      if (s.phase.name === "searching" && msg.code === "email_unverified") {
        return { ...s, phase: { name: "refused", refusal: { kind: "email_unverified" } } };
      }
      return s.phase.name === "searching" || FINAL_ERRORS.has(msg.code)
        ? { ...s, phase: { name: "refused", refusal: { kind: "error", code: msg.code } } }
        : s;
    default:
      return s;
  }
}

/** The partner as match_found says (defaults for missing fields); its end on this page's clock. */
export function partnerOf(msg: MatchFound, at: number): PartnerInfo {
  return {
    peerId: String(msg.peerId),
    hashtag: String(msg.hashtag || "#exploring"),
    location: String(msg.location || "Unknown Location"),
    role: msg.role === "offerer" ? "offerer" : "answerer",
    matchId: String(msg.matchId),
    endsAt: typeof msg.endsIn === "number" ? at + msg.endsIn : Number(msg.endsAt),
    language: typeof msg.partnerLanguage === "string" ? msg.partnerLanguage : null,
  };
}

function onMatch(s: CallState, e: Extract<CallEvent, { type: "matched" }>): CallState {
  const partner = partnerOf(e.msg, e.at);
  const iceServers = e.msg.iceServers ?? [];
  // Anything but an explicit "relay" (an older server says nothing) leaves the browser's default.
  const iceTransportPolicy: IceTransportPolicy = e.msg.iceTransportPolicy === "relay"
    ? "relay"
    : "all";
  // A rejoin of the same match keeps its timer and tally (from this page, or stored for a
  // reload); a connection with a new partner starts them again.
  const resumed = e.msg.resumed === true;
  const same = resumed && s.phase.name === "matched" &&
      s.phase.partner.matchId === partner.matchId
    ? s.phase
    : null;
  const kept = resumed ? e.kept : undefined;
  return {
    ...s,
    phase: {
      name: "matched",
      partner,
      iceServers,
      iceTransportPolicy,
      startedAt: same?.startedAt ?? kept?.startedAt ?? e.at,
      connectedAt: same?.connectedAt ?? kept?.connectedAt ?? null,
      reactions: kept?.reactions
        ? { ...zeroReactions(), ...kept.reactions }
        : same?.reactions ?? zeroReactions(),
      link: e.keepLink && same ? same.link : freshLink(),
    },
  };
}

/** The state with the match's link changed; the same state when `change` keeps the link. */
function withLink(s: CallState, change: (l: LinkView) => LinkView): CallState {
  if (s.phase.name !== "matched") return s;
  const link = change(s.phase.link);
  return link === s.phase.link ? s : { ...s, phase: { ...s.phase, link } };
}

function onLinkState(s: CallState, state: RTCPeerConnectionState, at: number): CallState {
  const p = s.phase;
  if (p.name !== "matched") return s;
  if (state === "connected") {
    return {
      ...s,
      phase: {
        ...p,
        connectedAt: p.connectedAt ?? at,
        link: { ...p.link, status: "connected", encrypted: true },
      },
    };
  }
  if (state === "failed" || state === "closed" || state === "disconnected") {
    return { ...s, phase: { ...p, link: { ...p.link, status: "down", encrypted: false } } };
  }
  return s;
}

function countReaction(s: CallState, emoji: string, from: "me" | "partner"): CallState {
  const p = s.phase as MatchedPhase;
  const id = s.flySeq + 1;
  return {
    ...s,
    phase: { ...p, reactions: { ...p.reactions, [emoji]: (p.reactions[emoji] ?? 0) + 1 } },
    flying: [...s.flying, { id, emoji, from }],
    flySeq: id,
  };
}

/**
 * The session's summary: seconds since the link connected (0 when it never did: the summary
 * then says the call did not connect instead of claiming a session), and why it ended.
 */
export function summaryOf(
  p: MatchedPhase,
  at: number,
  reason: string,
  byMe: boolean,
): SessionSummary {
  const seconds = p.connectedAt ? Math.max(0, Math.round((at - p.connectedAt) / 1000)) : 0;
  return {
    duration: seconds,
    connected: Boolean(p.connectedAt),
    location: p.partner.location || "Unknown Location",
    hashtag: p.partner.hashtag || "#adventure",
    reactions: { ...p.reactions },
    reason,
    byMe,
  };
}

function endMatch(s: CallState, reason: string, byMe: boolean, at: number): CallState {
  const p = s.phase;
  if (p.name !== "matched") return s;
  return {
    ...s,
    phase: {
      name: "ended",
      reason,
      byMe,
      summary: summaryOf(p, at, reason, byMe),
      connectedAt: p.connectedAt,
    },
  };
}

/** The session status the screens read. */
export function connectionStatus(s: CallState): ConnectionStatus {
  switch (s.phase.name) {
    case "searching":
      return "connecting";
    case "matched": {
      const status = s.phase.link.status;
      return status === "connected"
        ? "connected"
        : status === "down"
        ? "disconnected"
        : "connecting";
    }
    default:
      return s.socket === "registered" ? "ready" : "disconnected";
  }
}

/**
 * The match's peer link failed before it ever connected (no path between the two devices, e.g.
 * the relay refused them): the partner's tile says so instead of waiting for video.
 */
export function linkFailed(s: CallState): boolean {
  return s.phase.name === "matched" && s.phase.connectedAt === null &&
    s.phase.link.status === "down";
}

/** Reactions are sent and counted only while the link is connected and the socket is open. */
export function canReact(s: CallState): boolean {
  return connectionStatus(s) === "connected" && s.socket !== "closed";
}

/** The peer connection's configuration for a match: its ICE servers and transport policy. */
export function rtcConfigOf(p: MatchedPhase): RTCConfiguration {
  return { iceServers: p.iceServers, iceTransportPolicy: p.iceTransportPolicy };
}

export function matchedPhase(s: CallState): MatchedPhase | null {
  return s.phase.name === "matched" ? s.phase : null;
}

/** What a refusal is: the /ws refusal's code, or "offline" (the socket is not open). */
const refusalCode = (r: Refusal): RtErrorCode | "offline" => r.kind === "error" ? r.code : r.kind;

/**
 * The text a refusal shows the member, as the live catalog's key: rt_<code> for the /ws
 * refusal's code (the catalog keeps RT_TEXT so), or "offline" (LIVE_TEXT's). A code the page has
 * no message for (a newer server's, or one only a client breaking the protocol meets, whose text
 * only the server's catalog keeps) says rt_failed's.
 */
export function refusalKey(r: Refusal): `rt_${RtErrorCode}` | "offline" {
  const code = refusalCode(r);
  return code === "offline" ? code : `rt_${code}`;
}

/** The {placeholders} of the refusals' texts (RT_TEXT writes them in). */
export const REFUSAL_VARS = { count: MAX_DAILY_HASHTAGS, max: MAX_HASHTAG_LENGTH };

/** The text a refusal shows the member, in English. */
export function refusalText(r: Refusal): string {
  const code = refusalCode(r);
  return code === "offline" ? LIVE_TEXT.offline : RT_TEXT[code] ?? RT_TEXT.failed;
}

/**
 * A refusal's title, as LIVE_TEXT's key (the live catalog's): the session limit and an
 * unverified address have their own, every other refusal is a connection error.
 */
export function refusalTitleKey(r: Refusal): "verifyEmail" | "sessionLimit" | "connectionError" {
  if (r.kind === "email_unverified") return "verifyEmail";
  return r.kind === "session_limit" || (r.kind === "error" && r.code === "session_limit")
    ? "sessionLimit"
    : "connectionError";
}

/** A refusal's title in English. */
export function refusalTitle(r: Refusal): string {
  return LIVE_TEXT[refusalTitleKey(r)];
}
