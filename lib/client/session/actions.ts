// What the screens ask of the session: search, end, react, reset, the partner's video
// milestones, and the camera's commands (camera.ts), as the context hands them out.
import { canReact, linkFailed, matchedPhase } from "../call_state.ts";
import { forgetMatch } from "../call_storage.ts";
import type { MediaSwitches } from "../peer.ts";
import type { NamedReach } from "../../shared/realtime/protocol.ts";
import { apply, type Session } from "./core.ts";
import { flipCamera, setSwitches, startCamera } from "./camera.ts";

/** The session's commands, bound to it once (the context hands out the same ones each render). */
export function commandsOf(s: Session) {
  return {
    findMatch: (options?: { whenOnline?: boolean }) => findMatch(s, options),
    endSession: (reason: string) => endSession(s, reason),
    sendReaction: (emoji: string) => sendReaction(s, emoji),
    resetSession: () => resetSession(s),
    startCamera: () => startCamera(s),
    noteRemoteFrame: () => void apply(s, { type: "remote_frame" }),
    noteVideoChecked: () => noteVideoChecked(s),
    setSwitches: (next: MediaSwitches) => setSwitches(s, next),
    flipCamera: () => flipCamera(s),
    widen: (to: NamedReach) => widen(s, to),
  };
}

/**
 * Starts a search: true when it is under way. A socket that is down refuses it with the offline
 * text, or, with `whenOnline`, leaves it for the caller to try again once it is back.
 */
export function findMatch(s: Session, options?: { whenOnline?: boolean }): boolean {
  if (options?.whenOnline && s.state.socket === "closed") return false;
  if (apply(s, { type: "search" }).phase.name !== "searching") return false;
  s.waiting = null;
  s.view.waiting(null);
  s.socket?.send({
    type: "find_match",
    preferences: {},
  });
  return true;
}

export function endSession(s: Session, reason: string) {
  // Ending a link that failed before it ever connected: the server, if what it knows agrees,
  // counts the match as no session.
  const failed = linkFailed(s.state) ? { linkFailed: true } : {};
  if (s.socket?.isOpen) {
    s.socket.send({ type: "end_session", reason, ...failed });
  }
  apply(s, { type: "end", reason, at: Date.now() });
}

export function sendReaction(s: Session, emoji: string) {
  const socket = s.socket;
  if (!canReact(s.state) || !socket?.isOpen) return;
  socket.send({ type: "reaction", emoji });
  apply(s, { type: "react", emoji });
}

export function resetSession(s: Session) {
  if (matchedPhase(s.state) && s.socket?.isOpen) {
    s.socket.send({ type: "end_session", reason: "user_ended" });
  }
  apply(s, { type: "reset" });
  forgetMatch();
}

/** The partner's video is past its first check: face blur's detector may load now. */
export function noteVideoChecked(s: Session) {
  if (matchedPhase(s.state)?.link.remoteFrame) s.detector.open();
}

/** Widens the running search to `to` (the step the server offered), for this search only. */
export function widen(s: Session, to: NamedReach) {
  const w = s.waiting;
  if (!w || s.state.phase.name !== "searching" || !s.socket?.isOpen) return;
  s.socket.send({ type: "widen", searchId: w.searchId, to });
  // The offer is taken: it goes until the server's next figures say otherwise.
  s.waiting = { ...w, offer: null };
  s.view.waiting(s.waiting);
}
