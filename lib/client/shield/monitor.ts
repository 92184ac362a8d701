// The safety shield on the page: the classifier worker (started once per page, so it is loaded
// before the first partner appears; ./classifier.ts), a frame of the partner's video every half
// second scaled to the classifier's input on this device, and the shield's state from the
// verdicts. Until the first verdicts have cleared a new partner's video, frames are not left for
// the next half-second tick: the partner's first frame is checked as soon as it arrives, and each
// verdict asks at once for the next frame the video presents, so the video is shown (after the
// same SHIELD_SAFE_FRAMES safe verdicts in a row) as soon as the classifier can say so. No frame,
// score or image leaves the device: frames go to the worker and nowhere else.
import {
  initialShield,
  isWatching,
  type Scores,
  SHIELD_INTERVAL_MS,
  SHIELD_VERDICT_GRACE_MS,
  type ShieldEvent,
  type ShieldState,
  shieldStep,
} from "./policy.ts";
import type { ClassifierOut, ShieldAssets } from "./protocol.ts";
import { Classifier } from "./classifier.ts";

export type { ShieldAssets };

/** Replaced at build time: true in development and test builds, false in production ones. */
declare const __TEST_HOOKS__: boolean;

/** Recent figures, for the bench and for tests. */
export interface ShieldFigures {
  loadMs: number | null;
  backend: string | null;
  classifyMs: number[];
  /** The classifier's latest scores (null before the first). */
  scores: Scores | null;
}

export interface ShieldMonitor {
  state(): ShieldState;
  figures(): ShieldFigures;
  onChange(listener: (s: ShieldState) => void): () => void;
  /** The partner's video element whose frames are checked (null: none now). */
  watch(video: HTMLVideoElement | null): void;
  /** The member's choice to show ("show") or a new partner ("new_session"). */
  dispatch(event: Extract<ShieldEvent, { type: "show" | "new_session" }>): void;
  stop(): void;
}

const KEEP_FIGURES = 50;

/** Starts the shield for this page: with `enabled` false it stays off and loads nothing. */
export function startShield(assets: ShieldAssets, enabled: boolean): ShieldMonitor {
  const shield = new Shield(enabled);
  if (enabled) shield.load(assets);
  const monitor: ShieldMonitor = {
    state: () => shield.state,
    figures: () => ({ ...shield.figures, classifyMs: [...shield.figures.classifyMs] }),
    onChange(listener) {
      shield.listeners.add(listener);
      return () => shield.listeners.delete(listener);
    },
    watch: (v) => shield.watch(v),
    dispatch: (event) => shield.dispatch(event),
    stop: () => shield.stop(),
  };
  // Development and test builds only (production builds compile this out).
  if (typeof __TEST_HOOKS__ !== "undefined" && __TEST_HOOKS__) {
    exposeForTests({
      verdict: (scores) => shield.verdict(scores),
      state: () => shield.state,
      figures: monitor.figures,
    });
  }
  return monitor;
}

/** The shield of one page: its state, the partner's video, the classifier and the sampling. */
class Shield {
  state: ShieldState;
  readonly listeners = new Set<(s: ShieldState) => void>();
  readonly figures: ShieldFigures = { loadMs: null, backend: null, classifyMs: [], scores: null };
  private video: HTMLVideoElement | null = null;
  private classifier: Classifier | null = null;
  private busy = false;
  /** When the current partner's first frame was seen, and whether a verdict came since. */
  private firstFrameAt: number | null = null;
  private verdictSince = false;
  /** Verdicts on frames taken before this (a previous partner's) are dropped. */
  private sessionStartedAt = 0;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly enabled: boolean) {
    this.state = initialShield(enabled);
  }

  load(assets: ShieldAssets) {
    this.classifier = new Classifier(assets, {
      ready: (ms, backend) => {
        this.figures.loadMs = ms;
        this.figures.backend = backend;
        if (this.awaitingFirstClear()) this.sampleNextFrame(this.video);
      },
      answer: (msg) => this.onAnswer(msg),
      failed: () => this.apply({ type: "failed" }),
    });
    this.timer = setInterval(() => this.sample(), SHIELD_INTERVAL_MS);
  }

  apply(event: ShieldEvent) {
    const next = shieldStep(this.state, event);
    if (next === this.state) return;
    this.state = next;
    for (const l of this.listeners) l(this.state);
  }

  /** A verdict on the current partner's video. */
  verdict(scores: Scores) {
    this.verdictSince = true;
    this.apply({ type: "scores", scores });
  }

  watch(v: HTMLVideoElement | null) {
    this.video = v;
    // The partner's first frame is checked as it arrives, not at the next tick.
    if (v && this.enabled && this.awaitingFirstClear()) this.sampleNextFrame(v);
  }

  dispatch(event: Extract<ShieldEvent, { type: "show" | "new_session" }>) {
    if (event.type === "new_session") {
      this.sessionStartedAt = performance.now();
      this.firstFrameAt = null;
      this.verdictSince = false;
    }
    this.apply(event);
    if (event.type === "new_session" && this.enabled) this.sampleNextFrame(this.video);
  }

  stop() {
    if (this.timer !== null) clearInterval(this.timer);
    this.classifier?.stop();
    this.listeners.clear();
  }

  private onAnswer(msg: Extract<ClassifierOut, { type: "scores" | "error" }>) {
    this.busy = false;
    // An error waits for the next tick: a classifier failing on every frame is not asked faster.
    if (msg.type === "error") return this.apply({ type: "frame_error" });
    this.figures.classifyMs = [...this.figures.classifyMs, msg.ms].slice(-KEEP_FIGURES);
    this.figures.scores = msg.scores;
    // A verdict about the last partner's frame says nothing about this one.
    if (msg.t >= this.sessionStartedAt) this.verdict(msg.scores);
    if (this.awaitingFirstClear()) this.sampleNextFrame(this.video);
  }

  /** The video is still blurred while its first verdicts are coming (checking, or late). */
  private awaitingFirstClear() {
    return this.state.view === "checking" || this.state.view === "unavailable";
  }

  /**
   * Samples the next frame `v` presents (or at once where a video cannot say when it presents
   * one), instead of at the next tick: while the first verdicts are awaited.
   */
  private sampleNextFrame(v: HTMLVideoElement | null) {
    if (!v) return;
    const next = () => {
      if (v === this.video) this.sample();
    };
    if ("requestVideoFrameCallback" in v) v.requestVideoFrameCallback(next);
    else setTimeout(next, 0);
  }

  private async sample() {
    const v = this.video;
    // No video, or none of its frames yet.
    if (!v || v.readyState < 2 || !v.videoWidth) return;
    const now = performance.now();
    this.firstFrameAt ??= now;
    if (
      !this.verdictSince && this.state.view === "checking" &&
      now - this.firstFrameAt > SHIELD_VERDICT_GRACE_MS
    ) {
      this.apply({ type: "late" });
    }
    const classifier = this.classifier;
    if (!classifier?.ready || this.busy || !classifier.worker || !isWatching(this.state.view)) {
      return;
    }
    this.busy = true;
    try {
      await classifier.sendFrame(v, now);
    } catch {
      this.busy = false;
      this.apply({ type: "frame_error" });
    }
  }
}

/**
 * Lets a browser test feed the shield a verdict (as if the classifier had given it) and read its
 * state and figures, as `__glimpseShield`.
 */
function exposeForTests(hook: {
  verdict(scores: Scores): void;
  state(): ShieldState;
  figures(): ShieldFigures;
}) {
  (globalThis as Record<string, unknown>).__glimpseShield = hook;
}
