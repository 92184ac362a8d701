// The safety shield on the page: the classifier worker (started once per page, so it is loaded
// before the first partner appears; ./classifier.ts), a frame of the partner's video every half
// second scaled to the classifier's input on this device, and the shield's state from the
// verdicts. No frame, score or image leaves the device: frames go to the worker and nowhere else.
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
    if (msg.type === "error") return apply({ type: "frame_error" });
    figures.classifyMs = [...figures.classifyMs, msg.ms].slice(-KEEP_FIGURES);
    figures.scores = msg.scores;
    // A verdict about the last partner's frame says nothing about this one.
    if (msg.t >= sessionStartedAt) verdict(msg.scores);
  };

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
    },
    dispatch(event) {
      if (event.type === "new_session") {
        sessionStartedAt = performance.now();
        firstFrameAt = null;
        verdictSince = false;
      }
      apply(event);
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
