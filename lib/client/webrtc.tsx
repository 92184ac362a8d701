// The session context (SPEC section 3): one provider owns the socket, the camera, the peer link
// and the session's state; useWebRTC() reads it and throws outside the provider.
import { createContext } from "preact";
import type { ComponentChildren } from "preact";
import { useCallback, useContext, useEffect, useRef, useState } from "react";
import { RealtimeSocket } from "./socket.ts";
import { cameraErrorText, openCamera, PeerLink, type SignalOut } from "./peer.ts";
import { REACTIONS } from "../constants.ts";
import { type BlurAssets, protectCamera, type ProtectedCamera } from "./privacy/stream.ts";

export type ConnectionStatus = "disconnected" | "ready" | "connecting" | "connected";

export interface PartnerInfo {
  peerId: string;
  hashtag: string;
  location: string;
  role: "offerer" | "answerer";
  matchId: string;
  endsAt: number;
}

export interface SessionSummary {
  duration: number;
  location: string;
  hashtag: string;
  reactions: Record<string, number>;
}

export interface FlyingReaction {
  id: number;
  emoji: string;
  from: "me" | "partner";
}

export interface SessionContextValue {
  /** The camera as sent and shown: faces blurred when the member's face blur is on. */
  localStream: MediaStream | null;
  /** Whether face blur covers localStream (the 'Privacy On' badge). */
  privacyOn: boolean;
  remoteStream: MediaStream | null;
  /** False when the partner's camera faces them (not a POV): their tile is then mirrored. Null
   * until the partner's device has said. */
  remotePov: boolean | null;
  connectionStatus: ConnectionStatus;
  partnerInfo: PartnerInfo | null;
  sessionSummary: SessionSummary | null;
  findMatchError: string | null;
  isEncrypted: boolean;
  encryptionFingerprint: string | null;
  socketOpen: boolean;
  registered: boolean;
  resumeFailed: boolean;
  connectedAt: number | null;
  reactions: Record<string, number>;
  flying: FlyingReaction[];
  noMatch: number;
  sessionLimit: string | null;
  cameraError: string | null;
  ended: string | null;
  /** True when this tab ended the session (a skip goes back to searching, not to the summary). */
  endedByMe: boolean;
  findMatch(): void;
  endSession(reason: string): void;
  sendReaction(emoji: string): void;
  resetSession(): void;
  startCamera(): Promise<void>;
}

const Ctx = createContext<SessionContextValue | null>(null);

export function useWebRTC(): SessionContextValue {
  const value = useContext(Ctx);
  if (!value) throw new Error("useWebRTC must be used within a WebRTCProvider");
  return value;
}

const MATCH_KEY = "glimpse_match";
const SUMMARY_KEY = "glimpse_summary";
export const EMOJI: readonly string[] = REACTIONS.map((r) => r.emoji);

interface StoredMatch extends PartnerInfo {
  myPeerId: string;
  startedAt: number;
  connectedAt?: number;
  reactions?: Record<string, number>;
}

function readStored<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? JSON.parse(raw) as T : null;
  } catch {
    return null;
  }
}

export function readSummary(): SessionSummary | null {
  return readStored<SessionSummary>(SUMMARY_KEY);
}

const zeroReactions = () => Object.fromEntries(EMOJI.map((e) => [e, 0]));

export function WebRTCProvider(
  { children, resume, location, blur }: {
    children: ComponentChildren;
    /** Try to rejoin the match stored in this tab (a reload of /live-match). */
    resume: boolean;
    /** The member's own location, for the local tile. */
    location: string;
    /** Face blur: whether the member has it on, and where its files are served from. */
    blur: { enabled: boolean; assets: BlurAssets };
  },
) {
  const socketRef = useRef<RealtimeSocket | null>(null);
  const linkRef = useRef<PeerLink | null>(null);
  const partnerRef = useRef<PartnerInfo | null>(null);
  const localRef = useRef<MediaStream | null>(null);
  const protectedRef = useRef<ProtectedCamera | null>(null);
  const connectedAtRef = useRef<number | null>(null);
  const reactionsRef = useRef<Record<string, number>>(zeroReactions());
  const statusRef = useRef<ConnectionStatus>("disconnected");
  const myPeerRef = useRef<string | null>(null);
  const flyId = useRef(0);

  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  const [privacyOn, setPrivacyOn] = useState(false);
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [remotePov, setRemotePov] = useState<boolean | null>(null);
  const [connectionStatus, setStatusState] = useState<ConnectionStatus>("disconnected");
  const [partnerInfo, setPartner] = useState<PartnerInfo | null>(null);
  const [sessionSummary, setSummary] = useState<SessionSummary | null>(null);
  const [findMatchError, setFindMatchError] = useState<string | null>(null);
  const [isEncrypted, setEncrypted] = useState(false);
  const [encryptionFingerprint, setFingerprint] = useState<string | null>(null);
  const [socketOpen, setSocketOpen] = useState(false);
  const [registered, setRegistered] = useState(false);
  const [resumeFailed, setResumeFailed] = useState(false);
  const [connectedAt, setConnectedAt] = useState<number | null>(null);
  const [reactions, setReactions] = useState<Record<string, number>>(zeroReactions());
  const [flying, setFlying] = useState<FlyingReaction[]>([]);
  const [noMatch, setNoMatch] = useState(0);
  const [sessionLimit, setSessionLimit] = useState<string | null>(null);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [ended, setEnded] = useState<string | null>(null);
  const [endedByMe, setEndedByMe] = useState(false);

  const setStatus = (s: ConnectionStatus) => {
    statusRef.current = s;
    setStatusState(s);
  };

  const fly = (emoji: string, from: "me" | "partner") => {
    const id = ++flyId.current;
    setFlying((list) => [...list, { id, emoji, from }]);
    setTimeout(() => setFlying((list) => list.filter((f) => f.id !== id)), 1600);
  };

  const count = (emoji: string) => {
    reactionsRef.current = {
      ...reactionsRef.current,
      [emoji]: (reactionsRef.current[emoji] ?? 0) + 1,
    };
    setReactions(reactionsRef.current);
    // Kept with the match, so a reload of the live page keeps the tally.
    const stored = readStored<StoredMatch>(MATCH_KEY);
    if (stored) {
      sessionStorage.setItem(
        MATCH_KEY,
        JSON.stringify({ ...stored, reactions: reactionsRef.current }),
      );
    }
  };

  // One camera request at a time: a second caller waits for the first request's answer.
  const cameraRef = useRef<Promise<void> | null>(null);
  const startCamera = useCallback(() => {
    if (localRef.current) return Promise.resolve();
    cameraRef.current ??= (async () => {
      try {
        const camera = protectCamera(await openCamera(), {
          blur: blur.enabled,
          assets: blur.assets,
        });
        protectedRef.current = camera;
        localRef.current = camera.stream;
        setLocalStream(camera.stream);
        setPrivacyOn(camera.blurred);
        setCameraError(null);
      } catch (err) {
        setCameraError(cameraErrorText(err));
      } finally {
        cameraRef.current = null;
      }
    })();
    return cameraRef.current;
  }, []);

  const closeLink = () => {
    linkRef.current?.close();
    linkRef.current = null;
    setRemoteStream(null);
    setRemotePov(null);
    setEncrypted(false);
    setFingerprint(null);
  };

  const newLink = (p: PartnerInfo, iceServers: RTCIceServer[]) => {
    closeLink();
    // Every call starts fail-closed: the fixed band until a detection of this call's frames.
    protectedRef.current?.newCall();
    const link = new PeerLink(iceServers, localRef.current, {
      signal: (signal: SignalOut) =>
        socketRef.current?.send({ type: "signal", to: p.peerId, signal }),
      remoteStream: (s) => setRemoteStream(s),
      remoteFacing: (pov) => setRemotePov(pov),
      state: async (state) => {
        if (linkRef.current !== link) return;
        if (state === "connected") {
          if (!connectedAtRef.current) {
            connectedAtRef.current = Date.now();
            setConnectedAt(connectedAtRef.current);
            const stored = readStored<StoredMatch>(MATCH_KEY);
            if (stored) {
              sessionStorage.setItem(
                MATCH_KEY,
                JSON.stringify({ ...stored, connectedAt: connectedAtRef.current }),
              );
            }
          }
          setStatus("connected");
          setEncrypted(true);
          setFingerprint(await link.safetyCode());
        } else if (state === "failed" || state === "closed" || state === "disconnected") {
          setEncrypted(false);
          setStatus("disconnected");
        }
      },
    }, p.role);
    linkRef.current = link;
    return link;
  };

  const iceRef = useRef<RTCIceServer[]>([]);

  /** The peer link of match `matchId`, if its media still flows (no server needed for that). */
  const workingLink = (matchId: string): PeerLink | null => {
    const link = linkRef.current;
    return link && partnerRef.current?.matchId === matchId &&
        link.pc.connectionState === "connected"
      ? link
      : null;
  };

  const buildSummary = (): SessionSummary => {
    const p = partnerRef.current;
    const seconds = connectedAtRef.current
      ? Math.round((Date.now() - connectedAtRef.current) / 1000)
      : 0;
    return {
      duration: seconds || 30,
      location: p?.location || "Unknown Location",
      hashtag: p?.hashtag || "#adventure",
      reactions: { ...reactionsRef.current },
    };
  };

  /** Closes the peer link and camera, keeps the summary, and marks the session ended. */
  const finish = (reason: string, byMe: boolean) => {
    const summary = buildSummary();
    sessionStorage.setItem(SUMMARY_KEY, JSON.stringify(summary));
    sessionStorage.removeItem(MATCH_KEY);
    setSummary(summary);
    closeLink();
    partnerRef.current = null;
    setPartner(null);
    setStatus(socketRef.current?.isOpen ? "ready" : "disconnected");
    setEndedByMe(byMe);
    setEnded(reason);
  };

  useEffect(() => {
    const stored = resume ? readStored<StoredMatch>(MATCH_KEY) : null;
    const socket = new RealtimeSocket();
    socketRef.current = socket;
    const offState = socket.onState((open) => {
      setSocketOpen(open);
      if (open) {
        // On every (re)connect: register, and rejoin the live match if there is one.
        const peerId = myPeerRef.current ?? stored?.myPeerId;
        // A socket that drops mid-call leaves the call to its peer link: say whether it is alive.
        const p = partnerRef.current;
        const keepsLink = p !== null && workingLink(p.matchId) !== null;
        socket.send(peerId ? { type: "register", peerId, keepsLink } : { type: "register" });
      } else if (!partnerRef.current) setStatus("disconnected");
    });
    // Messages are handled one at a time, in order: an offer that arrives while the camera is
    // still starting waits for the link that match_found is building.
    let queue = Promise.resolve();
    const offMsg = socket.onMessage((msg) => {
      queue = queue.then(() => handle(msg)).catch((err) => console.error("session:", err));
    });
    const handle = async (msg: { type: string; [k: string]: unknown }) => {
      switch (msg.type) {
        case "registered": {
          myPeerRef.current = String(msg.peerId);
          setRegistered(true);
          if (!msg.resumed && stored && !partnerRef.current) {
            sessionStorage.removeItem(MATCH_KEY);
            setResumeFailed(true);
          }
          if (statusRef.current === "disconnected") setStatus("ready");
          break;
        }
        case "match_found": {
          const p: PartnerInfo = {
            peerId: String(msg.peerId),
            hashtag: String(msg.hashtag || "#exploring"),
            location: String(msg.location || "Unknown Location"),
            role: msg.role === "offerer" ? "offerer" : "answerer",
            matchId: String(msg.matchId),
            endsAt: Number(msg.endsAt),
          };
          const resumed = Boolean(msg.resumed);
          partnerRef.current = p;
          setPartner(p);
          setFindMatchError(null);
          if (!resumed) {
            // A connection with a new partner begins: counters and timer start again.
            reactionsRef.current = zeroReactions();
            setReactions(reactionsRef.current);
            connectedAtRef.current = null;
            setConnectedAt(null);
            sessionStorage.setItem(
              MATCH_KEY,
              JSON.stringify(
                {
                  ...p,
                  myPeerId: myPeerRef.current ?? "",
                  startedAt: Date.now(),
                } satisfies StoredMatch,
              ),
            );
          } else {
            const kept = readStored<StoredMatch>(MATCH_KEY);
            if (kept?.connectedAt && !connectedAtRef.current) {
              connectedAtRef.current = kept.connectedAt;
              setConnectedAt(kept.connectedAt);
            }
            if (kept?.reactions) {
              reactionsRef.current = { ...zeroReactions(), ...kept.reactions };
              setReactions(reactionsRef.current);
            }
          }
          iceRef.current = (msg.iceServers as RTCIceServer[]) ?? [];
          // The socket came back (a network change, a server restart) while the call went on
          // peer to peer: the call keeps its link, and nothing about it starts again.
          if (resumed && workingLink(p.matchId)) break;
          setStatus("connecting");
          await startCamera();
          const link = newLink(p, iceRef.current);
          // The offerer offers (again, on a rejoin without a working link) once the partner is
          // there; a partner who is not hears partner_reconnected when they are back.
          if (p.role === "offerer" && msg.partnerConnected !== false) await link.offer();
          break;
        }
        case "partner_reconnected": {
          const p = partnerRef.current;
          if (!p) break;
          // The partner's socket is back. If both links still carry the call, nothing changes;
          // otherwise the call is set up again, the offerer offering (one side only: no glare).
          if (msg.linkKept === true && workingLink(p.matchId)) break;
          const link = newLink(p, iceRef.current);
          if (p.role === "offerer") await link.offer();
          break;
        }
        case "signal": {
          const p = partnerRef.current;
          if (!p || msg.from !== p.peerId) break;
          const signal = msg.signal as SignalOut;
          let link = linkRef.current;
          if (signal.type === "offer" && (!link || link.pc.remoteDescription)) {
            link = newLink(p, iceRef.current);
          }
          await link?.receive(signal);
          break;
        }
        case "reaction": {
          const emoji = String(msg.emoji);
          if (!EMOJI.includes(emoji)) break; // only the five known emoji count
          count(emoji);
          fly(emoji, "partner");
          break;
        }
        case "session_ended":
          if (partnerRef.current) finish(String(msg.reason ?? "ended"), false);
          break;
        case "session_limit_reached":
          setSessionLimit(String(msg.message ?? "Session Limit Reached"));
          setStatus("ready");
          break;
        case "no_match_found":
          setNoMatch((n) => n + 1);
          setStatus("ready");
          break;
        case "error":
          if (statusRef.current === "connecting" && !partnerRef.current) {
            setFindMatchError(String(msg.message));
            setStatus("ready");
          }
          break;
      }
    };
    socket.connect();
    return () => {
      offState();
      offMsg();
      socket.close();
      closeLink();
      protectedRef.current?.stop();
    };
  }, []);

  const findMatch = useCallback(() => {
    const socket = socketRef.current;
    if (!socket?.isOpen) {
      setFindMatchError("Connection to server not established");
      return;
    }
    setFindMatchError(null);
    setSessionLimit(null);
    setEnded(null);
    setStatus("connecting");
    socket.send({
      type: "find_match",
      ...(location && location !== "Unknown Location" ? { location } : {}),
      preferences: {},
    });
  }, [location]);

  const endSession = useCallback((reason: string) => {
    if (socketRef.current?.isOpen) socketRef.current.send({ type: "end_session", reason });
    if (partnerRef.current) finish(reason, true);
  }, []);

  const sendReaction = useCallback((emoji: string) => {
    // Sent and counted only while connected and the socket is open.
    if (statusRef.current !== "connected" || !socketRef.current?.isOpen) return;
    socketRef.current.send({ type: "reaction", emoji });
    count(emoji);
    fly(emoji, "me");
  }, []);

  const resetSession = useCallback(() => {
    if (partnerRef.current && socketRef.current?.isOpen) {
      socketRef.current.send({ type: "end_session", reason: "user_ended" });
    }
    closeLink();
    partnerRef.current = null;
    setPartner(null);
    setSummary(null);
    setFindMatchError(null);
    sessionStorage.removeItem(MATCH_KEY);
  }, []);

  const value: SessionContextValue = {
    localStream,
    privacyOn,
    remoteStream,
    remotePov,
    connectionStatus,
    partnerInfo,
    sessionSummary,
    findMatchError,
    isEncrypted,
    encryptionFingerprint,
    socketOpen,
    registered,
    resumeFailed,
    connectedAt,
    reactions,
    flying,
    noMatch,
    sessionLimit,
    cameraError,
    ended,
    endedByMe,
    findMatch,
    endSession,
    sendReaction,
    resetSession,
    startCamera,
  };

  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}
