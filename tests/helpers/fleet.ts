// Several server processes (main.ts) on one KV file, as instances behind a load balancer, and a
// rolling restart of them as an operator's deploy does it: take one out of the balancer, SIGTERM,
// wait for it to exit, start the new one on the same port, put it back; then the next.
import { freePort, type ProcessServer, startServerProcess } from "./server.ts";
import { openKv } from "../../kv/db.ts";

export class Fleet {
  private up: boolean[];
  private turn = 0;
  /** Requests under way, by instance (what a balancer drains before a stop). */
  private inFlight: number[];
  private drained: (() => void)[] = [];

  private constructor(
    /** This process's own handle on the fleet's KV (for members and checks). */
    readonly kv: Deno.Kv,
    readonly kvPath: string,
    readonly ports: number[],
    private servers: ProcessServer[],
    private env: Record<string, string>,
  ) {
    this.up = servers.map(() => true);
    this.inFlight = servers.map(() => 0);
  }

  /** Starts `n` instances on the KV file, one after another. */
  static async start(n: number, kvPath: string, env: Record<string, string>): Promise<Fleet> {
    const ports = Array.from({ length: n }, () => freePort());
    const servers: ProcessServer[] = [];
    try {
      for (const port of ports) servers.push(await startServerProcess(kvPath, port, env));
    } catch (err) {
      await Promise.all(servers.map((s) => s.close()));
      throw err;
    }
    return new Fleet(await openKv(kvPath), kvPath, ports, servers, env);
  }

  get urls(): string[] {
    return this.ports.map((p) => `http://127.0.0.1:${p}`);
  }

  /** What the load balancer hands the next connection: an instance in rotation, in turn. */
  pick(): string {
    return this.urls[this.pickIndex()];
  }

  private pickIndex(): number {
    const live = this.ports.map((_, i) => i).filter((i) => this.up[i]);
    if (!live.length) throw new Error("no instance in rotation");
    return live[this.turn++ % live.length];
  }

  /**
   * An HTTP request through the balancer: `init(url)` builds it for the instance picked (its
   * origin, for the same-origin check). A stop waits for the requests under way on it.
   */
  async fetch(path: string, init: (origin: string) => RequestInit): Promise<Response> {
    const i = this.pickIndex();
    this.inFlight[i]++;
    try {
      const res = await fetch(this.urls[i] + path, init(this.urls[i]));
      await res.body?.cancel();
      return res;
    } finally {
      this.inFlight[i]--;
      for (const d of this.drained.splice(0)) d();
    }
  }

  private async drain(i: number) {
    while (this.inFlight[i] > 0) await new Promise<void>((r) => this.drained.push(r));
  }

  /**
   * Restarts instance `i`: out of rotation, its requests under way drained, SIGTERM, its exit
   * awaited, the new process started on the same port and answering /healthz, back in rotation.
   * The old process's exit code.
   */
  async restart(i: number): Promise<number> {
    this.up[i] = false;
    await this.drain(i);
    const old = this.servers[i];
    const status = await old.signal("SIGTERM");
    const next = await startServerProcess(this.kvPath, this.ports[i], this.env);
    old.kv.close();
    this.servers[i] = next;
    this.up[i] = true;
    return status.code;
  }

  async close() {
    this.up = this.up.map(() => false);
    await Promise.all(this.servers.map((s) => s.close()));
    this.kv.close();
  }
}
