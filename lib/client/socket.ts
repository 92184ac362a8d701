// The realtime socket: /ws on this host (wss on https pages); reconnects after any close but 1000
// and the server's final ones (FINAL_CLOSE_CODES) with a delay of 1 s × (attempt + 1), at most
// 10 s, the attempt count reset on open; messages sent while it is not open wait in a queue and go
// out on open. probe() checks a socket that may have died without a word (a phone whose network
// changed: its old connection's packets go nowhere, and the browser still says it is open): a
// ping the server must answer within PROBE_MS, else a new socket at once.
import type { Outbound } from "../shared/realtime/protocol.ts";
import { CLOSE_CODE } from "../shared/realtime/texts.ts";

/** Hears the server's messages (our own server, typed by its protocol; not validated again). */
export type SocketListener = (msg: Outbound) => void;

/**
 * Closes after which connecting again cannot help: signed out (4401), replaced by a newer socket
 * of the member (4409), a policy breach (1008) or a message too large (1009).
 */
export const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set(Object.values(CLOSE_CODE));

/** How long the server has to answer a probe's ping before the socket is taken for dead. */
export const PROBE_MS = 1000;

export function reconnectDelay(attempt: number): number {
  return Math.min(1000 * (attempt + 1), 10_000);
}

export class RealtimeSocket {
  private ws: WebSocket | null = null;
  private queue: string[] = [];
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closedByUs = false;
  private listeners = new Set<SocketListener>();
  private stateListeners = new Set<(open: boolean) => void>();
  private probeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private url = RealtimeSocket.defaultUrl()) {}

  static defaultUrl() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws`;
  }

  get isOpen() {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  connect() {
    this.closedByUs = false;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      for (const l of this.stateListeners) l(true);
      const pending = this.queue;
      this.queue = [];
      for (const m of pending) ws.send(m);
    };
    ws.onmessage = (e) => {
      clearTimeout(this.probeTimer);
      this.probeTimer = undefined;
      let msg: Outbound;
      try {
        msg = JSON.parse(String(e.data));
      } catch {
        return;
      }
      if (typeof msg?.type !== "string") return;
      for (const l of this.listeners) l(msg);
    };
    ws.onclose = (e) => {
      // Closed while a probe waited for its answer (the server reset a connection whose address
      // is gone): the network is another one, and the server is there: at once.
      const probing = this.probeTimer !== undefined;
      clearTimeout(this.probeTimer);
      this.probeTimer = undefined;
      for (const l of this.stateListeners) l(false);
      if (this.closedByUs || e.code === 1000 || FINAL_CLOSE_CODES.has(e.code)) return;
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.connect();
      }, probing ? 0 : reconnectDelay(this.attempt++));
    };
  }

  send(msg: unknown) {
    const data = JSON.stringify(msg);
    if (this.isOpen) this.ws!.send(data);
    else this.queue.push(data);
  }

  /**
   * Checks that the socket still reaches the server: a ping, and a new socket when nothing comes
   * back within `ms`. A socket that is not open and waits to reconnect reconnects now.
   */
  probe(ms = PROBE_MS) {
    if (this.closedByUs || this.probeTimer !== undefined) return;
    const ws = this.ws;
    if (!ws || ws.readyState === WebSocket.CLOSED || ws.readyState === WebSocket.CLOSING) {
      if (this.timer !== undefined) {
        clearTimeout(this.timer);
        this.timer = undefined;
        this.connect();
      }
      return;
    }
    if (ws.readyState !== WebSocket.OPEN) return;
    ws.send(JSON.stringify({ type: "ping" }));
    this.probeTimer = setTimeout(() => {
      this.probeTimer = undefined;
      if (this.ws !== ws || this.closedByUs) return;
      // Dead without a word: dropped here (its close would wait on a peer that is gone).
      console.info(`Realtime socket: no answer within ${ms} ms, connecting again`);
      ws.onopen = ws.onmessage = ws.onclose = null;
      ws.close();
      for (const l of this.stateListeners) l(false);
      this.connect();
    }, ms);
  }

  onMessage(l: SocketListener) {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  onState(l: (open: boolean) => void) {
    this.stateListeners.add(l);
    return () => this.stateListeners.delete(l);
  }

  close() {
    this.closedByUs = true;
    clearTimeout(this.timer);
    clearTimeout(this.probeTimer);
    this.ws?.close(1000);
  }
}
