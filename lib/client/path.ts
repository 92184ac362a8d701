// A call's path, kept alive for the peer link (peer.ts): the link says it is there every
// KEEPALIVE_MS over its data channel and watches the partner's side; a stall, the browser's
// states, a new network or the partner's request restart ICE by ice_restart.ts's rules (the
// offerer offers anew, the answerer asks it to); and once a second it measures how the
// connection is doing (net_quality.ts), tells the partner's page when that changes and hears
// theirs.
import {
  KEEPALIVE_MS,
  restartAction,
  RestartRules,
  type RestartWhy,
  stalled,
} from "./ice_restart.ts";
import {
  countersOf,
  figuresBetween,
  levelOf,
  type NetCounters,
  type NetLevel,
  thinUplink,
} from "./net_quality.ts";
import type { Meta, PeerEvents, SignalOut } from "./peer_events.ts";

/** How often (in keep-alive ticks) the connection's quality is measured: once a second. */
const QUALITY_TICKS = Math.round(1000 / KEEPALIVE_MS);

export class PathKeeper {
  private readonly rules = new RestartRules();
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private channel: RTCDataChannel | null = null;
  private lastHeard = 0;
  /** The transport's received bytes when last looked at, and since when they have not changed. */
  private quiet: { bytes: number; since: number } | null = null;
  private partnerAway = false;
  /** The partner's traffic has stopped, and not come back since. */
  private stalledNow = false;
  private everConnected = false;
  private closed = false;
  private ticks = 0;
  private counters: NetCounters | null = null;
  private level: NetLevel | null = null;
  private thin = false;

  constructor(
    private readonly pc: RTCPeerConnection,
    private readonly role: "offerer" | "answerer",
    private readonly host: {
      signal(s: SignalOut): void;
      /** Offers with new ICE credentials (the offerer's restart). */
      offer(): Promise<void>;
      /** This side's uplink became too thin for its picture at full size, or no longer is. */
      thin(thin: boolean): void;
      events: PeerEvents;
    },
  ) {}

  /** Whether the link connected once and its connection is not closed. */
  get recoverable(): boolean {
    return this.everConnected && !this.closed && this.pc.connectionState !== "closed";
  }

  /** Whether the link lost its path: not connected, or the partner's traffic stopped. */
  get needsPath(): boolean {
    return this.recoverable && (this.pc.connectionState !== "connected" || this.stalledNow);
  }

  /**
   * The connection's state changed; answers whether to say it (before the first connection, a
   * failure is kept quiet while the one restart it gets runs).
   */
  onState(state: RTCPeerConnectionState): boolean {
    const now = Date.now();
    this.rules.onState(state, now);
    const quiet = state === "failed" && !this.everConnected && this.rules.due(now) === "failed";
    if (state === "connected") this.everConnected = true;
    this.consider();
    return !quiet;
  }

  networkChanged() {
    if (!this.recoverable) return;
    this.rules.note("network");
    this.consider();
  }

  /** The answerer asked this offerer for a restart. */
  partnerAsked() {
    this.rules.note("partner");
    this.consider();
  }

  /** Something arrived from the partner's page over the data channel. */
  heard(meta: Meta) {
    this.lastHeard = Date.now();
    this.stalledNow = false;
    this.rules.heard();
    if (meta.away !== undefined) this.partnerAway = meta.away;
    if (meta.net) this.host.events.quality?.(meta.net, "partner");
  }

  /** The data channel is open: the keep-alive, the stall watch and the quality start. */
  watch(ch: RTCDataChannel) {
    clearInterval(this.ticker);
    this.channel = ch;
    this.lastHeard = Date.now();
    this.level = null;
    this.ticker = setInterval(() => {
      if (this.closed) return clearInterval(this.ticker);
      if (ch.readyState === "open" && ch.bufferedAmount < 4096) ch.send("{}");
      this.checkStall().catch(() => {});
      if (++this.ticks % QUALITY_TICKS === 0) this.measure().catch(() => {});
    }, KEEPALIVE_MS);
  }

  close() {
    this.closed = true;
    clearTimeout(this.restartTimer);
    clearInterval(this.ticker);
  }

  /** The partner's keep-alive late and nothing at all received meanwhile: a stalled path. */
  private async checkStall() {
    // The link's bytes are looked at only once the keep-alive is late (a getStats a tick).
    if (this.partnerAway || Date.now() - this.lastHeard < KEEPALIVE_MS * 2) {
      this.quiet = null;
      return;
    }
    const bytes = await bytesIn(this.pc);
    const now = Date.now();
    if (this.quiet?.bytes !== bytes) this.quiet = { bytes, since: now };
    const stop = stalled({
      sinceHeard: now - this.lastHeard,
      partnerAway: this.partnerAway,
      quietMs: now - this.quiet.since,
    });
    if (!stop || this.closed) return;
    this.stalledNow = true;
    this.rules.note("stalled");
    this.host.events.stalled?.();
    this.consider();
  }

  /** This second's quality; said to the member and to the partner's page when it changes. */
  private async measure() {
    if (this.pc.connectionState !== "connected") return;
    const now = await countersOf(this.pc);
    const before = this.counters;
    this.counters = now;
    if (!before || this.closed) return;
    const figures = figuresBetween(before, now);
    // Thin is judged while video is sent (no estimate otherwise: it stays as it was).
    if (figures.outgoingBps !== null && thinUplink(figures) !== this.thin) {
      this.thin = !this.thin;
      this.host.thin(this.thin);
    }
    const level = levelOf(figures);
    if (level === this.level) return;
    this.level = level;
    this.host.events.quality?.(level, "mine");
    if (this.channel?.readyState === "open") this.channel.send(JSON.stringify({ net: level }));
  }

  /** Restarts ICE when the rules say so, and looks again when they may say so next. */
  private consider() {
    clearTimeout(this.restartTimer);
    if (this.closed) return;
    const now = Date.now();
    const why = this.rules.due(now);
    if (why) {
      this.rules.started(now);
      this.restart(why).catch((err) => console.warn(`ICE restart failed: ${err}`));
    }
    const next = this.rules.nextCheckIn(Date.now());
    if (next !== null) this.restartTimer = setTimeout(() => this.consider(), next + 5);
  }

  /** The offerer offers with new ICE credentials; the answerer asks the offerer to. */
  private async restart(why: RestartWhy) {
    const action = restartAction(this.role, this.everConnected, this.pc.signalingState);
    console.info(`ICE restart (${why}): ${action}, link ${this.pc.connectionState}`);
    if (action === "ask") this.host.signal({ type: "restart" });
    if (action === "rollback-offer") await this.pc.setLocalDescription({ type: "rollback" });
    if (action === "offer" || action === "rollback-offer") await this.host.offer();
  }
}

/**
 * A count that grows with everything the link receives: the transport's bytes (Chromium), or the
 * candidate pairs', media's and data channels' (Firefox has no transport statistics).
 */
async function bytesIn(pc: RTCPeerConnection): Promise<number> {
  let bytes = 0;
  (await pc.getStats()).forEach((s) => {
    if (
      s.type === "transport" || s.type === "candidate-pair" || s.type === "inbound-rtp" ||
      s.type === "data-channel"
    ) bytes += s.bytesReceived ?? 0;
  });
  return bytes;
}
