// The session's peer link with the match's partner: a new link wired into the call reducer,
// the wait for the partner's half of the handshake, and whether the link still carries the call.
import { PeerLink, type SignalOut } from "../peer.ts";
import { matchedPhase, type PartnerInfo } from "../call_state.ts";
import { PARTNER_SIGNAL_WAIT_MS } from "../live_rules.ts";
import { apply, closeLink, type Session } from "./core.ts";

/** A new peer link with the match's partner, replacing any link before it. */
export function newLink(s: Session, p: PartnerInfo, rtc: RTCConfiguration): PeerLink {
  closeLink(s);
  apply(s, { type: "link_new" });
  // Every call starts fail-closed: the fixed band until a detection of this call's frames.
  s.camera?.newCall();
  const current = () => s.link === link;
  s.view.net(() => ({ mine: null, partner: null }));
  s.view.why(null);
  const link: PeerLink = new PeerLink(rtc, s.state.camera.stream, {
    signal: (signal: SignalOut) => s.socket?.send({ type: "signal", to: p.peerId, signal }),
    remoteStream: (stream) => current() && apply(s, { type: "remote_stream", stream }),
    remoteFacing: (pov) => current() && apply(s, { type: "remote_facing", pov }),
    remoteMedia: (m) => current() && apply(s, { type: "remote_media", ...m }),
    remoteAway: (away) => current() && apply(s, { type: "remote_away", away }),
    signalled: () => current() && apply(s, { type: "link_signalled" }),
    // The partner's traffic stopped: this device's network may have changed, and its socket with
    // it (a dead socket would lose the restart's offer or request).
    stalled: () => current() && s.socket?.probe(),
    quality: (level, whose) =>
      current() &&
      s.view.net((n) => whose === "mine" ? { ...n, mine: level } : { ...n, partner: level }),
    state: async (state) => {
      if (!current()) return;
      const first = state === "connected" && matchedPhase(s.state)?.connectedAt === null;
      apply(s, { type: "link_state", state, at: Date.now() });
      // Never connected: the page says why, from what it observed.
      if (state === "failed" && !link.recoverable) s.view.why(link.why());
      if (state !== "connected") return;
      s.view.why(null);
      // The server counts a match as one of the day's sessions once a page says its link
      // connected (sent when the socket is back, should it be down now).
      if (first) s.socket?.send({ type: "link_connected" });
      const fingerprint = await link.safetyCode();
      if (current()) apply(s, { type: "link_secured", fingerprint });
    },
  }, p.role);
  link.media = s.media;
  link.setSwitches(s.switches);
  s.link = link;
  return link;
}

/**
 * The partner's half of the handshake (the answer to our offer, or their offer) must come
 * within PARTNER_SIGNAL_WAIT_MS: a link of a match that never connected, still without the
 * partner's description by then, has failed (the page says so, and Next is free).
 */
export function awaitPartner(s: Session, link: PeerLink) {
  setTimeout(() => {
    if (s.link !== link || link.pc.remoteDescription) return;
    if (matchedPhase(s.state)?.connectedAt !== null) return;
    apply(s, { type: "link_state", state: "failed", at: Date.now() });
    s.view.why({ kind: "partner" });
  }, PARTNER_SIGNAL_WAIT_MS);
}

/**
 * The peer link of match `matchId`, if it still carries the call: it connected, and its media
 * flows or an ICE restart can bring it back on the same keys (no server needed for the media).
 */
export function workingLink(s: Session, matchId: string): PeerLink | null {
  const link = s.link;
  return link && matchedPhase(s.state)?.partner.matchId === matchId && link.recoverable
    ? link
    : null;
}

/**
 * The call's link lost its path (not connected, or the partner's traffic stopped) and can come
 * back: look for a path again (a link that carries the call is left alone). `socketBack`: this
 * page's own socket came back; the offerer restarts, while the answerer leaves it to the offerer,
 * who hears partner_reconnected (asking too would only restart the restart).
 */
export function recover(link: PeerLink | null, socketBack = false) {
  if (!link?.needsPath || (socketBack && !link.offers)) return;
  link.networkChanged();
}
