// A member's live page as its socket behaves (lib/client/socket.ts, lib/client/session/socket.ts,
// lib/client/screen_rules.ts), without a browser: it reconnects after a drop 1 s × (attempt + 1)
// later through the load balancer, registers again with its peer id (a live match resumes), and
// starts a search the drop interrupted again. What the member would see beyond the reconnecting
// notice (an error, a search given up, a call ended, 8 s without a connection, after which the page
// leaves for Discover) is recorded in `seen`.
// deno-lint-ignore-file no-explicit-any
import type { QuickMember } from "./realtime_members.ts";

/** How long the page waits for its socket before it leaves the call screens. */
const GIVE_UP_MS = 8_000;

export class PageStandIn {
  phase: "idle" | "searching" | "matched" = "idle";
  peerId: string | null = null;
  matchId: string | null = null;
  partnerPeerId: string | null = null;
  /** Drops the page lived through (each one a reconnecting notice). */
  reconnects = 0;
  /** What the member saw beyond a reconnecting notice. */
  readonly seen: string[] = [];
  private ws: WebSocket | null = null;
  private attempt = 0;
  private closed = false;
  private openSince: number | null = null;
  private downSince: number | null = null;
  private waiters: { test: () => boolean; resolve: () => void }[] = [];

  constructor(readonly member: QuickMember, private pick: () => string) {}

  get open(): boolean {
    return this.openSince !== null;
  }

  connect() {
    const url = this.pick().replace(/^http/, "ws") + "/ws";
    const ws = new (WebSocket as any)(url, { headers: { cookie: this.member.cookie } });
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.openSince = Date.now();
      if (this.downSince !== null && Date.now() - this.downSince > GIVE_UP_MS) {
        this.seen.push(`no connection for ${Date.now() - this.downSince} ms`);
      }
      this.downSince = null;
      ws.send(JSON.stringify(
        this.peerId ? { type: "register", peerId: this.peerId, keepsLink: true } : {
          type: "register",
        },
      ));
    };
    ws.onmessage = (e: MessageEvent) => this.receive(JSON.parse(String(e.data)));
    ws.onerror = () => {};
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.openSince = null;
      if (this.closed) return;
      this.reconnects++;
      this.downSince ??= Date.now();
      // The server forgets a search when its socket closes: the page starts it again on return.
      setTimeout(() => this.closed || this.connect(), 1000 * ++this.attempt);
    };
  }

  search() {
    this.phase = "searching";
    this.ws?.send(JSON.stringify({ type: "find_match", preferences: {} }));
  }

  /** Resolves once `test` holds (checked on every message). */
  until(test: () => boolean, ms = 30_000, what = "a condition"): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.member.username}: no ${what}`)), ms);
      this.waiters.push({
        test,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  close() {
    this.closed = true;
    try {
      this.ws?.close(1000);
    } catch {
      // already closed
    }
  }

  private receive(msg: any) {
    switch (msg.type) {
      case "registered":
        this.peerId = msg.peerId;
        // Registered with no match to resume: a search the drop interrupted starts again.
        if (this.phase === "searching" && msg.resumed !== true) this.search();
        break;
      case "match_found":
        this.phase = "matched";
        this.matchId = msg.matchId;
        this.partnerPeerId = msg.peerId;
        break;
      case "searching":
      case "waiting": // the searching screen's figures
      case "partner_reconnected":
      case "pong":
      case "signal":
        break;
      default:
        // An error, a search given up (no_match_found), a call ended (session_ended), ...
        this.seen.push(JSON.stringify(msg));
        if (msg.type === "session_ended") this.phase = "idle";
    }
    for (const w of [...this.waiters]) {
      if (w.test()) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  }
}
