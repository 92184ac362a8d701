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
  let state = initialShield(enabled);
  const listeners = new Set<(s: ShieldState) => void>();
  const figures: ShieldFigures = { loadMs: null, backend: null, classifyMs: [], scores: null };
  let video: HTMLVideoElement | null = null;
  let classifier: Classifier | null = null;
  let busy = false;
  /** When the current partner's first frame was seen, and whether a verdict came since. */
  let firstFrameAt: number | null = null;
  let verdictSince = false;
  /** Verdicts on frames taken before this (a previous partner's) are dropped. */
  let sessionStartedAt = 0;
  let timer: ReturnType<typeof setInterval> | null = null;

  const apply = (event: ShieldEvent) => {
    const next = shieldStep(state, event);
    if (next === state) return;
    state = next;
    for (const l of listeners) l(state);
  };

  /** A verdict on the current partner's video. */
  const verdict = (scores: Scores) => {
    verdictSince = true;
    apply({ type: "scores", scores });
  };

  const onAnswer = (msg: Extract<ClassifierOut, { type: "scores" | "error" }>) => {
    busy = false;
    // An error waits for the next tick: a classifier failing on every frame is not asked faster.
    if (msg.type === "error") return apply({ type: "frame_error" });
    figures.classifyMs = [...figures.classifyMs, msg.ms].slice(-KEEP_FIGURES);
    figures.scores = msg.scores;
    // A verdict about the last partner's frame says nothing about this one.
    if (msg.t >= sessionStartedAt) verdict(msg.scores);
    if (awaitingFirstClear()) sampleNextFrame(video);
  };

  /** The video is still blurred while its first verdicts are coming (checking, or late). */
  const awaitingFirstClear = () => state.view === "checking" || state.view === "unavailable";

  /**
   * Samples the next frame `v` presents (or at once where a video cannot say when it presents
   * one), instead of at the next tick: while the first verdicts are awaited.
   */
  function sampleNextFrame(v: HTMLVideoElement | null) {
    if (!v) return;
    const next = () => {
      if (v === video) sample();
    };
    if ("requestVideoFrameCallback" in v) v.requestVideoFrameCallback(next);
    else setTimeout(next, 0);
  }

  async function sample() {
    const v = video;
    // No video, or none of its frames yet.
    if (!v || v.readyState < 2 || !v.videoWidth) return;
    const now = performance.now();
    firstFrameAt ??= now;
    if (
      !verdictSince && state.view === "checking" && now - firstFrameAt > SHIELD_VERDICT_GRACE_MS
    ) {
      apply({ type: "late" });
    }
    if (!classifier?.ready || busy || !classifier.worker || !isWatching(state.view)) return;
    busy = true;
    try {
      await classifier.sendFrame(v, now);
    } catch {
      busy = false;
      apply({ type: "frame_error" });
    }
  }

  if (enabled) {
    classifier = new Classifier(assets, {
      ready(ms, backend) {
        figures.loadMs = ms;
        figures.backend = backend;
        if (awaitingFirstClear()) sampleNextFrame(video);
      },
      answer: onAnswer,
      failed: () => apply({ type: "failed" }),
    });
    timer = setInterval(sample, SHIELD_INTERVAL_MS);
  }

  const monitor: ShieldMonitor = {
    state: () => state,
    figures: () => ({ ...figures, classifyMs: [...figures.classifyMs] }),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    watch(v) {
      video = v;
      // The partner's first frame is checked as it arrives, not at the next tick.
      if (v && enabled && awaitingFirstClear()) sampleNextFrame(v);
    },
    dispatch(event) {
      if (event.type === "new_session") {
        sessionStartedAt = performance.now();
        firstFrameAt = null;
        verdictSince = false;
      }
      apply(event);
      if (event.type === "new_session" && enabled) sampleNextFrame(video);
    },
    stop() {
      if (timer !== null) clearInterval(timer);
      classifier?.stop();
      listeners.clear();
    },
  };

  // Development and test builds only (production builds compile this out).
  if (typeof __TEST_HOOKS__ !== "undefined" && __TEST_HOOKS__) {
    exposeForTests({ verdict, state: () => state, figures: monitor.figures });
  }
  return monitor;
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
