// One member's socket on this instance: its ordered message queue, its flood limit, what it is
// doing (searching, in a match) and the cached profile its searches are built from.
import type { Outbound, ServerOutbound } from "../../shared/realtime/protocol.ts";
import type { Locale } from "../../shared/i18n/locales.ts";
import { sayIn } from "../i18n/catalogs.ts";
import { SocketLimits } from "./socket_limits.ts";
import type { FindMatch } from "./ticket.ts";
import type { SearchProfile } from "../../../kv/search_profile.ts";
import type { KnownPlace, Reach } from "../../shared/widening.ts";
import type { Ticket } from "../../../kv/tickets.ts";

export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  readonly bufferedAmount: number;
  readonly readyState: number;
}

/** A socket whose unsent data grows past this is too slow to keep up: it is closed. */
const SLOW_CONSUMER_BYTES = 4 * 1024 * 1024;

/** A search as its socket sees it: from `find_match` until a match, a time-out or a refusal. */
export interface SocketSearch {
  /** The request, to build the search again (a refused put, a lost claim, an undone pairing). */
  msg: FindMatch;
  /** When it began: its place in line, kept when it is built again. */
  since: number;
  /** When the member is told no one was found. */
  deadline: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** The search's own id: a widen names it (waiting.ts). */
  id: string;
  /** The wider filter the member chose for this search (kept when it is built again). */
  widenedTo: Reach | null;
  /** The member's filters widen by themselves when nobody is near. */
  autoWiden: boolean;
  /** The search's location filter now (widened or not), and where the member is. */
  pref: Ticket["pref"];
  place: KnownPlace;
}

export interface Conn {
  id: string;
  userId: string;
  username: string;
  /** The session that opened the socket: the socket is closed when it ends. */
  sid: string;
  /** When the session was last known alive (the socket's open, then each re-check). */
  sessionSeenAt: number;
  /** The language the socket's refusals are said in (the page's, as the handshake chose it). */
  locale: Locale;
  socket: SocketLike;
  peerId: string | null;
  matchId: string | null;
  /** The socket's search while it is under way (see search_pool.ts for the pool's side). */
  search: SocketSearch | null;
  /** The flood limit and the other per-socket budgets. */
  limits: SocketLimits;
  /** What a search needs of the member (see profiles.ts), once read. */
  profile: Promise<SearchProfile> | null;
  /** The distinct hashtags the member searched with today, as last noted (see Searches). */
  hashtagsToday: { day: string; tags: ReadonlySet<string> } | null;
  /** Messages of one socket are handled in order (an offer before its candidates). */
  queue: Promise<void>;
  /** Messages of this socket in the queue, not yet handled. */
  pending: number;
  /** Set once the server has decided to close the socket: nothing more it sends is handled. */
  closing: boolean;
  /** The write of this socket's ticket, while under way (a close waits for it, then removes it). */
  putting: Promise<void> | null;
}

export function newConn(
  socket: SocketLike,
  user: { id: string; username: string },
  sid: string,
  locale: Locale,
): Conn {
  return {
    id: crypto.randomUUID(),
    userId: user.id,
    username: user.username,
    sid,
    sessionSeenAt: Date.now(),
    locale,
    socket,
    peerId: null,
    matchId: null,
    search: null,
    limits: new SocketLimits(),
    profile: null,
    hashtagsToday: null,
    queue: Promise.resolve(),
    pending: 0,
    closing: false,
    putting: null,
  };
}

/**
 * Sends a message if the socket is open, a refusal's message said in the socket's language; a
 * socket too slow to take it is closed instead.
 */
export function send(conn: Conn, msg: ServerOutbound) {
  if (conn.socket.readyState !== 1) return;
  if (conn.socket.bufferedAmount > SLOW_CONSUMER_BYTES) {
    conn.socket.close(1013, "too slow");
    return;
  }
  conn.socket.send(JSON.stringify(spoken(msg, conn.locale)));
}

/** `msg` as the wire carries it: its message (a refusal's) said in `locale`. */
export function spoken(msg: ServerOutbound, locale: Locale): Outbound {
  return "message" in msg ? { ...msg, message: sayIn(locale, msg.message) } : msg;
}

/**
 * Runs `task` after the socket's earlier messages (in order); resolves when it is done. A task
 * that throws goes to `failed`, and the queue goes on.
 */
export function enqueue(
  conn: Conn,
  task: () => Promise<void>,
  failed: (err: unknown) => void,
): Promise<void> {
  conn.pending++;
  conn.queue = conn.queue.then(async () => {
    try {
      await task();
    } catch (err) {
      failed(err);
    } finally {
      conn.pending--;
    }
  });
  return conn.queue;
}
