// The live session's shared parts: what the provider's modules (camera.ts, link.ts, socket.ts,
// actions.ts) read and change between renders, and apply(), which runs an event through the
// call reducer and brings storage, the peer link and the timers in step with the new state.
import type { RealtimeSocket } from "../socket.ts";
import type { Outbound } from "../../shared/realtime/protocol.ts";
import type { MediaSwitches, PeerLink } from "../peer.ts";
import type { MediaProfile } from "../../shared/constants.ts";
import type { BlurAssets, ProtectedCamera } from "../privacy/stream.ts";
import type { BlurView } from "../privacy/status_text.ts";
import type { NetLevel } from "../net_quality.ts";
import type { FailureWhy } from "../call_failure.ts";
import { type CallEvent, callReducer, type CallState, matchedPhase } from "../call_state.ts";
import { forgetMatch, storeMatch, storeSummary } from "../call_storage.ts";
import { SHIELD_VERDICT_GRACE_MS } from "../shield/policy.ts";

/** The realtime socket's trouble, for the page to say: the first connection failed, or it dropped. */
export type SocketTrouble = "failed" | "dropped" | null;

/** How each side's connection is doing (null until measured on this call's link). */
export interface NetView {
  mine: NetLevel | null;
  partner: NetLevel | null;
}

/** How the session tells the provider what to render (its state setters). */
export interface SessionView {
  state(state: CallState): void;
  switches(switches: MediaSwitches): void;
  trouble(trouble: SocketTrouble): void;
  blur(view: BlurView): void;
  cameras(count: number): void;
  pov(pov: boolean): void;
  flipping(flipping: boolean): void;
  net(change: (n: NetView) => NetView): void;
  /** Why the match's link could not connect (null while it may). */
  why(why: FailureWhy | null): void;
  /** The search's latest figures (null: none yet, or no search). */
  waiting(waiting: Waiting | null): void;
}

/** What the server says of the running search while it waits. */
export type Waiting = Extract<Outbound, { type: "waiting" }>;

export interface Session {
  /** The call's latest state, for callbacks that run between renders (socket messages are
   * handled one after another, faster than renders). */
  state: CallState;
  socket: RealtimeSocket | null;
  link: PeerLink | null;
  /** The camera as sent, once open; the request under way. */
  camera: ProtectedCamera | null;
  opening: Promise<void> | null;
  /** The provider is gone (its page left, or the island showed another screen). */
  gone: boolean;
  /** The media profile in force: the page's, then the latest match_found's. */
  media: MediaProfile;
  switches: MediaSwitches;
  flipping: boolean;
  /** Face blur: whether the member has it on, and where its files are served from. */
  blur: { enabled: boolean; assets: BlurAssets };
  /** Face blur's detector loads once this page is not setting up a call (see camera.ts). */
  detector: { opened: Promise<void>; open(): void };
  view: SessionView;
  /** The running search's latest figures: a widen names its search. */
  waiting: Waiting | null;
}

/** How long a flying reaction stays on screen. */
const FLY_MS = 1600;
/**
 * The latest face blur's detector waits after the partner's first frame, should no check be
 * said: the shield's own grace, after which its tile offers tap-to-show anyway.
 */
const DETECTOR_AFTER_FRAME_MS = SHIELD_VERDICT_GRACE_MS;

export function newSession(
  blur: Session["blur"],
  media: MediaProfile,
  state: CallState,
  switches: MediaSwitches,
  view: SessionView,
): Session {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    state,
    socket: null,
    link: null,
    camera: null,
    opening: null,
    gone: false,
    media,
    switches,
    flipping: false,
    blur,
    detector: { opened, open },
    view,
    waiting: null,
  };
}

export function closeLink(s: Session) {
  s.link?.close();
  s.link = null;
}

/** Runs an event through the reducer, then brings storage, the link and timers in step. */
export function apply(s: Session, event: CallEvent): CallState {
  const prev = s.state;
  const next = callReducer(prev, event);
  if (next === prev) return next;
  s.state = next;
  s.view.state(next);
  if (next.phase !== prev.phase) {
    if (next.phase.name === "matched") storeMatch(next.phase, next.peerId);
    else {
      // The peer link lives only as long as the match.
      closeLink(s);
      if (prev.phase.name === "matched") forgetMatch();
      if (next.phase.name === "ended") storeSummary(next.phase.summary);
    }
  }
  if (next.resume === "failed" && prev.resume !== "failed") forgetMatch();
  // The call is over: the detector may load now. Up (the partner's first frame shown): it
  // may once the partner's video is checked, or DETECTOR_AFTER_FRAME_MS later at the latest.
  const m = matchedPhase(next);
  if (prev.phase.name === "matched" && !m) s.detector.open();
  if (m?.link.remoteFrame && !matchedPhase(prev)?.link.remoteFrame) {
    setTimeout(s.detector.open, DETECTOR_AFTER_FRAME_MS);
  }
  if (next.flySeq !== prev.flySeq) {
    const id = next.flySeq;
    setTimeout(() => apply(s, { type: "fly_done", id }), FLY_MS);
  }
  return next;
}
