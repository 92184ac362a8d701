// The session's realtime socket: (re)registering on every connect, the page's word on a socket
// that cannot open or dropped, and the server's messages, handled one at a time, in order.
import type { Outbound } from "../../shared/realtime/protocol.ts";
import { RealtimeSocket } from "../socket.ts";
import type { SignalOut } from "../peer.ts";
import { matchedPhase, rtcConfigOf } from "../call_state.ts";
import { readStoredMatch } from "../call_storage.ts";
import { apply, closeLink, type Session } from "./core.ts";
import { startCamera, takeProfile } from "./camera.ts";
import { awaitPartner, newLink, recover, workingLink } from "./link.ts";

/**
 * Opens the socket (after rejoining the match stored in this tab, with `resume`); the returned
 * function closes the socket, the link and the camera for good.
 */
export function connect(s: Session, resume: boolean): () => void {
  const stored = resume ? readStoredMatch() : null;
  if (stored) apply(s, { type: "rejoin", peerId: stored.myPeerId });
  const socket = new RealtimeSocket();
  s.socket = socket;
  let everOpen = false;
  const offState = socket.onState((open) => {
    apply(s, { type: open ? "socket_open" : "socket_closed" });
    // The page says so when the socket cannot open or drops (it tries again by itself).
    if (!s.gone) s.view.trouble(open ? null : everOpen ? "dropped" : "failed");
    if (!open) return;
    // Back after a drop: a call whose link is not connected looks for a path from here (the
    // network may be another one now).
    if (everOpen) recover(s.link, true);
    everOpen = true;
    // On every (re)connect: register, and rejoin the live match if there is one.
    const { peerId } = s.state;
    // A socket that drops mid-call leaves the call to its peer link: say whether it is alive.
    const matchId = matchedPhase(s.state)?.partner.matchId;
    const keepsLink = matchId !== undefined && workingLink(s, matchId) !== null;
    socket.send(peerId ? { type: "register", peerId, keepsLink } : { type: "register" });
  });
  // Messages are handled one at a time, in order: an offer that arrives while the camera is
  // still starting waits for the link that match_found is building.
  let queue = Promise.resolve();
  const offMsg = socket.onMessage((msg) => {
    queue = queue.then(() => handle(s, msg)).catch((err) => console.error("session:", err));
  });
  socket.connect();
  // The browser's own word of a new network (a phone moving from Wi-Fi to mobile data): the
  // socket is checked, and the call's link looks for a path on the new network.
  const onNetwork = () => {
    socket.probe();
    s.link?.networkChanged();
  };
  const connection = (navigator as { connection?: EventTarget }).connection;
  globalThis.addEventListener("online", onNetwork);
  connection?.addEventListener("change", onNetwork);
  return () => {
    s.gone = true;
    globalThis.removeEventListener("online", onNetwork);
    connection?.removeEventListener("change", onNetwork);
    offState();
    offMsg();
    socket.close();
    closeLink(s);
    s.camera?.stop();
  };
}

async function handle(s: Session, msg: Outbound) {
  switch (msg.type) {
    case "match_found": {
      // The socket came back (a network change, a server restart) while the call went on
      // peer to peer: the call keeps its link, and nothing about it starts again.
      const keepLink = msg.resumed === true && workingLink(s, msg.matchId) !== null;
      const kept = msg.resumed ? readStoredMatch() : null;
      apply(s, { type: "matched", msg, at: Date.now(), keepLink, kept });
      if (keepLink) {
        recover(s.link, true);
        break;
      }
      takeProfile(s, msg.media);
      await startCamera(s);
      // The member may have ended the match while the camera started.
      const p = matchedPhase(s.state);
      if (p?.partner.matchId !== msg.matchId) break;
      const link = newLink(s, p.partner, rtcConfigOf(p));
      // The offerer offers (again, on a rejoin without a working link) once the partner is
      // there; a partner who is not hears partner_reconnected when they are back.
      if (msg.partnerConnected === false) break;
      if (p.partner.role === "offerer") await link.offer();
      awaitPartner(s, link);
      break;
    }
    case "partner_reconnected": {
      const p = matchedPhase(s.state);
      if (!p) break;
      // The partner's socket is back. If both links still carry the call, nothing changes;
      // otherwise the call is set up again, the offerer offering (one side only: no glare).
      // A link kept on both sides that is not connected now looks for a path again (the partner's
      // network may have changed).
      if (msg.linkKept === true && workingLink(s, p.partner.matchId)) {
        recover(s.link);
        break;
      }
      const link = newLink(s, p.partner, rtcConfigOf(p));
      if (p.partner.role === "offerer") await link.offer();
      awaitPartner(s, link);
      break;
    }
    case "signal": {
      const p = matchedPhase(s.state);
      if (!p || msg.from !== p.partner.peerId) break;
      const signal = msg.signal as SignalOut;
      let link = s.link;
      // An offer on the same keys restarts this link's ICE; any other offer comes from a link the
      // partner built anew.
      if (
        signal.type === "offer" &&
        (!link || (link.pc.remoteDescription && !link.isRestartOf(signal.sdp)))
      ) {
        link = newLink(s, p.partner, rtcConfigOf(p));
      }
      await link?.receive(signal);
      break;
    }
    case "waiting":
      if (s.state.phase.name !== "searching") break;
      s.waiting = msg;
      s.view.waiting(msg);
      break;
    default:
      apply(s, { type: "server", msg, at: Date.now() });
  }
}
