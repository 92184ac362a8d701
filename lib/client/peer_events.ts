// What a call's peer link says and hears: the signals it hands the socket, the events it raises
// for the page, and what the partner's page says over the link's data channel.
import { isNetLevel, type NetLevel } from "./net_quality.ts";

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
  /** How this side's connection is doing (`mine`), or the partner's, as their page says. */
  quality?(level: NetLevel, whose: "mine" | "partner"): void;
}

/** Whether a member's microphone and camera are on (their Mute and Camera off switches). */
export interface MediaSwitches {
  audio: boolean;
  video: boolean;
}

/** What the partner's page says over the data channel. */
export interface Meta {
  pov?: boolean;
  media?: MediaSwitches;
  away?: boolean;
  /** How the partner's connection is doing (net_quality.ts). */
  net?: NetLevel;
}

/** A data channel message from the partner's page → what it says (unknown fields ignored). */
export function readMeta(raw: unknown): Meta {
  let data: unknown;
  try {
    data = JSON.parse(String(raw));
  } catch {
    return {};
  }
  if (!data || typeof data !== "object") return {};
  const d = data as Record<string, unknown>;
  const out: Meta = {};
  if (typeof d.pov === "boolean") out.pov = d.pov;
  if (isNetLevel(d.net)) out.net = d.net;
  if (typeof d.away === "boolean") out.away = d.away;
  if (typeof d.audio === "boolean" && typeof d.video === "boolean") {
    out.media = { audio: d.audio, video: d.video };
  }
  return out;
}
