// The realtime socket: /ws on this host (wss on https pages); reconnects after any close but 1000
// and the server's final ones (FINAL_CLOSE_CODES) with a delay of 1 s × (attempt + 1), at most 10 s, the attempt count reset on open; messages
// sent while it is not open wait in a queue and go out on open.
import type { Outbound } from "../shared/realtime/protocol.ts";
import { CLOSE_CODE } from "../shared/realtime/texts.ts";

/** Hears the server's messages (our own server, typed by its protocol; not validated again). */
export type SocketListener = (msg: Outbound) => void;

/**
 * Closes after which connecting again cannot help: signed out (4401), replaced by a newer socket
 * of the member (4409), a policy breach (1008) or a message too large (1009).
 */
export const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set(Object.values(CLOSE_CODE));

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
      for (const l of this.stateListeners) l(false);
      if (this.closedByUs || e.code === 1000 || FINAL_CLOSE_CODES.has(e.code)) return;
      this.timer = setTimeout(() => this.connect(), reconnectDelay(this.attempt++));
    };
  }

  send(msg: unknown) {
    const data = JSON.stringify(msg);
    if (this.isOpen) this.ws!.send(data);
    else this.queue.push(data);
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
    this.ws?.close(1000);
  }
}
