// The live screen's own rules as one pure reducer, beside the call's (call_state.ts): when the
// search starts and starts again after the socket dropped, the skips of this visit, a report on
// its way, and when the live view takes over from 'Match Found!'. Events are what the screen
// sees; the reducer returns the new state and the effects the island runs (the camera, a
// search, a toast, a page, a timer). Nothing here touches the session, a timer or the DOM.
import {
  HANDSHAKE_LIMIT_MS,
  NO_FRAME_AFTER_CONNECTED_MS,
  SKIPS_PER_SESSION,
} from "./live_rules.ts";
import { type Said, said } from "../shared/i18n/said.ts";

export interface ScreenState {
  /** /connecting (search then go live), not a reload of /live-match. */
  connecting: boolean;
  /** The search has started (the socket registered once). */
  started: boolean;
  /**
   * The search this screen shows is not under way because the socket dropped: it starts (again)
   * once the socket is back (registered, no match, no end, no refusal).
   */
  dropped: boolean;
  /**
   * Skips in this visit to the search (3 per session): a new Start, or Next on the summary,
   * begins a new session with its 3 skips.
   */
  skips: number;
  /**
   * A report of the partner on its way: the server ends the match for both sides as it files the
   * report, so this page may hear the 'reported' end before the report's answer.
   */
  reporting: boolean;
  /** The live view is on screen (not under 'Match Found!'): from the partner's first frame. */
  live: boolean;
}

export type ScreenEvent =
  /** The screen is up. */
  | { type: "mounted" }
  /** The socket registered. */
  | { type: "registered" }
  /** A search asked for once the socket is open: under way, or not (the socket is down). */
  | { type: "searched"; ok: boolean }
  /**
   * The socket's state changed: its trouble, whether it is ready (registered, no match), whether
   * the session is free to search (no end, no refusal), and whether a partner is found.
   */
  | {
    type: "socket";
    trouble: "failed" | "dropped" | null;
    ready: boolean;
    free: boolean;
    found: boolean;
  }
  /** The match as the screen sees it: a partner, their first frame shown, the link connected. */
  | { type: "partner"; found: boolean; frame: boolean; connected: boolean }
  /** A timer this reducer asked for has run out. */
  | { type: "timeout"; of: "open" | "frame" }
  /** Next: `free` when the link failed before it ever connected. */
  | { type: "next"; free: boolean }
  /** A report is on its way (true) or failed (false). */
  | { type: "reporting"; sending: boolean }
  /** The session ended (null: not, or not any more), and whether this tab ended it. */
  | { type: "ended"; reason: string | null; byMe: boolean };

export type ScreenEffect =
  | { type: "camera" }
  /** A search; `whenOnline`: not refused while the socket is down (a 'searched' event says). */
  | { type: "find"; whenOnline?: true }
  /** End the session with a skip. */
  | { type: "skip" }
  /** A toast (the island says its messages in the page's language). */
  | { type: "toast"; title: Said; description?: Said }
  /** Go to `path`, `after` ms from now (at once without). */
  | { type: "go"; path: string; after?: number }
  /** The address and title of the live view (true) or the search. */
  | { type: "view"; live: boolean }
  /** The summary is of this member's report. */
  | { type: "mine" }
  /** A timeout event after `ms`, unless the screen moves on (the island clears it). */
  | { type: "timer"; ms: number; of: "open" | "frame" };

/** A socket that never opens gives up after this long. */
export const SOCKET_OPEN_LIMIT_MS = 8000;
/** The connection error stays on screen this long before the page goes back to discover. */
export const LEAVE_AFTER_MS = 1500;

export function initialScreen(connecting: boolean): ScreenState {
  return {
    connecting,
    started: false,
    dropped: false,
    skips: 0,
    reporting: false,
    live: !connecting,
  };
}

type Step = [ScreenState, ScreenEffect[]];

export function screenReducer(st: ScreenState, e: ScreenEvent): Step {
  switch (e.type) {
    case "mounted":
      return [st, st.connecting ? [{ type: "timer", ms: SOCKET_OPEN_LIMIT_MS, of: "open" }] : []];
    case "registered":
      // /connecting: the camera starts while we search, and the search starts once registered.
      // The socket may have dropped again by now: the search then waits for it as a dropped
      // one does, instead of being refused as offline.
      if (!st.connecting || st.started) return [st, []];
      return [{ ...st, started: true }, [{ type: "camera" }, { type: "find", whenOnline: true }]];
    case "searched":
      return [st.dropped === !e.ok ? st : { ...st, dropped: !e.ok }, []];
    case "socket": {
      // The server drops a search whose socket closed: once the socket is back, the search this
      // screen shows starts again (the status seen may be older than the socket's: a socket
      // down again by now is waited for once more).
      const dropped = st.dropped ||
        (e.trouble === "dropped" && st.started && !e.found && !st.live);
      const next = dropped === st.dropped ? st : { ...st, dropped };
      return [next, dropped && e.ready && e.free ? [{ type: "find", whenOnline: true }] : []];
    }
    case "partner":
      // 'Match Found!' until the partner's first frame is on screen; the live view then. Without
      // a frame (their camera is off or missing, or the handshake stalls) the live view shows
      // anyway and says why over the tile.
      if (!e.found || st.live) return [st, []];
      if (e.frame) return goLive(st);
      return [st, [{
        type: "timer",
        ms: e.connected ? NO_FRAME_AFTER_CONNECTED_MS : HANDSHAKE_LIMIT_MS,
        of: "frame",
      }]];
    case "timeout":
      if (e.of === "frame") return goLive(st);
      // A socket that never opens: a connection error, then back to discover.
      return [
        st,
        st.started ? [] : [
          {
            type: "toast",
            title: said("live.connectionError"),
            description: said("live.offline"),
          },
          { type: "go", path: "/", after: LEAVE_AFTER_MS },
        ],
      ];
    case "next":
      // Next from a link that failed before it ever connected is free: no skip (and the server,
      // told so as the session ends, counts no session when what it knows agrees).
      if (!e.free && st.skips >= SKIPS_PER_SESSION) {
        return [st, [{ type: "toast", title: said("live.noSkips") }]];
      }
      return [
        { ...st, skips: e.free ? st.skips : st.skips + 1, live: false },
        [{ type: "skip" }, { type: "view", live: false }, { type: "find" }],
      ];
    case "reporting":
      return [{ ...st, reporting: e.sending }, []];
    case "ended":
      // The session ended (the partner left, the time was up, we ended it, a report): the
      // summary, which says why. A skip of ours goes on searching instead. The server ends a
      // reported match for both sides as it files the report, often before this page's own
      // end: the reporter's summary still says their report was sent.
      if (!e.reason || (e.byMe && e.reason === "user_skipped")) return [st, []];
      return [st, [
        ...(e.reason === "reported" && st.reporting ? [{ type: "mine" } as const] : []),
        { type: "go", path: "/match-end" },
      ]];
  }
}

function goLive(st: ScreenState): Step {
  return [{ ...st, live: true }, [{ type: "view", live: true }]];
}
