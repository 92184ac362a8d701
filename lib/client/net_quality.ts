// How a member's connection is doing, in three steps, from what the peer connection measures
// (getStats), once a second: the share of this side's packets lost on the way to the partner (as
// the partner's receiver reports say: a loss on the way here is the partner's uplink, and their
// page says it), the round trip to the partner, and how much this side can send (the browser's
// estimate of the available outgoing bitrate, counted only while video is being sent: an idle
// sender's estimate falls by itself). Each side says its own step to the other over the link's
// data channel, so a page can tell its member when the partner's connection is the weak one.

export type NetLevel = "good" | "fair" | "poor";

/** From this share of packets lost, the connection is fair; from the second, poor. */
export const LOSS_STEPS = [0.02, 0.06] as const;
/** From this round trip (ms), fair; from the second, poor. */
export const RTT_STEPS = [250, 600] as const;
/** Below this outgoing bitrate (bit/s), fair; below the second, poor. */
export const OUTGOING_STEPS = [600_000, 300_000] as const;

/** One second's figures (null: not measured this time). */
export interface NetFigures {
  loss: number | null;
  rttMs: number | null;
  outgoingBps: number | null;
}

const worse = (a: NetLevel, b: NetLevel): NetLevel =>
  a === "poor" || b === "poor" ? "poor" : a === "fair" || b === "fair" ? "fair" : "good";

/** The step the figures say: the worst of the three. */
export function levelOf(f: NetFigures): NetLevel {
  let level: NetLevel = "good";
  if (f.loss !== null) {
    level = worse(
      level,
      f.loss >= LOSS_STEPS[1] ? "poor" : f.loss >= LOSS_STEPS[0] ? "fair" : "good",
    );
  }
  if (f.rttMs !== null) {
    level = worse(
      level,
      f.rttMs >= RTT_STEPS[1] ? "poor" : f.rttMs >= RTT_STEPS[0] ? "fair" : "good",
    );
  }
  if (f.outgoingBps !== null) {
    const o = f.outgoingBps;
    level = worse(level, o < OUTGOING_STEPS[1] ? "poor" : o < OUTGOING_STEPS[0] ? "fair" : "good");
  }
  return level;
}

/** The counters a sample reads from getStats. */
export interface NetCounters {
  /** Packets this side sent, and of those the partner's reports say were lost. */
  packetsSent: number;
  packetsLost: number;
  framesSent: number;
  rttMs: number | null;
  outgoingBps: number | null;
}

/** One second's figures from two samples of the counters a second apart. */
export function figuresBetween(before: NetCounters, now: NetCounters): NetFigures {
  const sent = now.packetsSent - before.packetsSent;
  const lost = Math.max(0, now.packetsLost - before.packetsLost);
  const sending = now.framesSent > before.framesSent;
  return {
    loss: sent > 0 ? Math.min(1, lost / sent) : null,
    rttMs: now.rttMs,
    outgoingBps: sending ? now.outgoingBps : null,
  };
}

/** The counters of `pc` now: packets sent and lost on the way, frames sent, the selected pair. */
export async function countersOf(pc: RTCPeerConnection): Promise<NetCounters> {
  const out: NetCounters = {
    packetsSent: 0,
    packetsLost: 0,
    framesSent: 0,
    rttMs: null,
    outgoingBps: null,
  };
  // deno-lint-ignore no-explicit-any
  const byId = new Map<string, any>();
  (await pc.getStats()).forEach((s) => byId.set(s.id, s));
  for (const s of byId.values()) {
    if (s.type === "outbound-rtp") {
      out.packetsSent += s.packetsSent ?? 0;
      if (s.kind === "video") out.framesSent += s.framesSent ?? 0;
    }
    if (s.type === "remote-inbound-rtp") out.packetsLost += s.packetsLost ?? 0;
  }
  const transport = [...byId.values()].find((s) => s.type === "transport");
  const pair = byId.get(transport?.selectedCandidatePairId) ??
    [...byId.values()].find((s) =>
      s.type === "candidate-pair" && s.nominated && s.state === "succeeded"
    );
  if (typeof pair?.currentRoundTripTime === "number") out.rttMs = pair.currentRoundTripTime * 1000;
  if (typeof pair?.availableOutgoingBitrate === "number") {
    out.outgoingBps = pair.availableOutgoingBitrate;
  }
  return out;
}

/** Whether this side's uplink is too thin for the picture it sends at full size. */
export function thinUplink(f: NetFigures): boolean {
  return f.outgoingBps !== null && f.outgoingBps < OUTGOING_STEPS[1];
}

/** Whether `x` is a step a partner's page may say. */
export function isNetLevel(x: unknown): x is NetLevel {
  return x === "good" || x === "fair" || x === "poor";
}
