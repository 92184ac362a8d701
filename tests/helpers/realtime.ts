// A real WebSocket client for /ws tests: connects with a member's session cookie, records every
// message, and waits for the next message of a given type (bounded in time).
// deno-lint-ignore-file no-explicit-any

export class WsClient {
  readonly messages: any[] = [];
  private waiters: { type: string; resolve: (m: any) => void; seen: number }[] = [];
  closed: { code: number; reason: string } | null = null;
  private closeWaiters: ((c: { code: number; reason: string }) => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.onmessage = (e) => {
      const msg = JSON.parse(String(e.data));
      this.messages.push(msg);
      for (const w of [...this.waiters]) {
        if (w.type === msg.type) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(msg);
        }
      }
    };
    socket.onclose = (e) => {
      this.closed = { code: e.code, reason: e.reason };
      for (const w of this.closeWaiters) w(this.closed);
    };
  }

  /** Opens a socket to `baseUrl`/ws with the given cookie header value. */
  static async connect(baseUrl: string, cookie?: string): Promise<WsClient> {
    const url = baseUrl.replace(/^http/, "ws") + "/ws";
    // Deno's WebSocket takes headers, so the session cookie travels like a browser's would.
    const socket = new (WebSocket as any)(url, cookie ? { headers: { cookie } } : undefined);
    const client = new WsClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.onopen = () => resolve();
      socket.onerror = (e: Event) =>
        reject(new Error(`socket error: ${(e as ErrorEvent).message}`));
      setTimeout(() => reject(new Error("socket did not open in 5 s")), 5000);
    });
    return client;
  }

  send(msg: unknown) {
    this.socket.send(typeof msg === "string" ? msg : JSON.stringify(msg));
  }

  /** The first message of `type` not yet consumed by an earlier next(), waiting up to `ms`. */
  next(type: string, ms = 5000): Promise<any> {
    const already = this.messages.find((m) => m.type === type && !m.__taken);
    if (already) {
      already.__taken = true;
      return Promise.resolve(already);
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        type,
        seen: this.messages.length,
        resolve: (m: any) => {
          clearTimeout(timer);
          m.__taken = true;
          resolve(m);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no ${type} within ${ms} ms; got ${JSON.stringify(this.messages)}`));
      }, ms);
      this.waiters.push(waiter);
    });
  }

  /** True when no message of `type` arrives within `ms`. */
  async none(type: string, ms: number): Promise<boolean> {
    try {
      await this.next(type, ms);
      return false;
    } catch {
      return true;
    }
  }

  waitClosed(ms = 5000): Promise<{ code: number; reason: string }> {
    if (this.closed) return Promise.resolve(this.closed);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("socket did not close")), ms);
      this.closeWaiters.push((c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
  }

  async register(peerId?: string): Promise<string> {
    this.send(peerId ? { type: "register", peerId } : { type: "register" });
    return (await this.next("registered")).peerId;
  }

  close() {
    if (this.socket.readyState <= 1) this.socket.close(1000);
  }
}
