// A live call's state as one pure reducer: the session's phase (idle, searching, matched, ended
// or refused) plus the socket, the camera and the flying reactions. Events are the server's typed
// messages and what happens on this device (a click, the camera, the peer link); the provider in
// webrtc.tsx owns the socket, the peer link and the timers and feeds their outcomes in here.
// Nothing here touches a socket, a timer, storage or the DOM, and time arrives inside events.
import type { IceTransportPolicy, Outbound } from "../shared/realtime/protocol.ts";
import { REACTION_EMOJI } from "../shared/constants.ts";

/** Errors after which the server closes the socket and the page does not reconnect. */
const FINAL_ERRORS: ReadonlySet<string> = new Set(["not_authenticated", "replaced", "on_hold"]);

export type {
  CallState,
  ConnectionStatus,
  FlyingReaction,
  KeptMatch,
  LinkView,
  MatchedPhase,
  PartnerInfo,
  Phase,
  Refusal,
  SessionSummary,
  Tally,
} from "./call_types.ts";
import type {
  CallState,
  ConnectionStatus,
  KeptMatch,
  LinkView,
  MatchedPhase,
  PartnerInfo,
  Phase,
  SessionSummary,
  Tally,
} from "./call_types.ts";

export const EMOJI: readonly string[] = REACTION_EMOJI;

export const zeroReactions = (): Tally => Object.fromEntries(EMOJI.map((e) => [e, 0]));

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
