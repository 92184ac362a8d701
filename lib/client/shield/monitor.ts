// The safety shield on the page: the classifier worker (started once per page, so it is loaded
// before the first partner appears), a frame of the partner's video every half second scaled to
// the classifier's input on this device, and the shield's state from the verdicts. No frame,
// score or image leaves the device: frames go to the worker and nowhere else.
import {
  initialShield,
  isWatching,
  type Scores,
  SHIELD_INPUT_SIZE,
  SHIELD_INTERVAL_MS,
  SHIELD_VERDICT_GRACE_MS,
  type ShieldEvent,
  type ShieldState,
  shieldStep,
} from "./policy.ts";
import type { ClassifierOut, ShieldAssets } from "./protocol.ts";

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

/**
 * Sends the video's current frame, scaled to the classifier's input, to the worker (none if the
 * worker went away while the frame was being taken).
 */
async function sendFrame(worker: () => Worker | null, v: HTMLVideoElement, now: number) {
  if (typeof OffscreenCanvas !== "undefined") {
    const bitmap = await createImageBitmap(v, {
      resizeWidth: SHIELD_INPUT_SIZE,
      resizeHeight: SHIELD_INPUT_SIZE,
      resizeQuality: "medium",
    });
    const w = worker();
    if (!w) return bitmap.close();
    w.postMessage({ type: "classify", t: now, bitmap }, [bitmap]);
  } else {
    // Workers without canvases get the pixels (224 × 224: about 1 ms to read here).
    const canvas = Object.assign(document.createElement("canvas"), {
      width: SHIELD_INPUT_SIZE,
      height: SHIELD_INPUT_SIZE,
    });
    const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
    ctx.drawImage(v, 0, 0, SHIELD_INPUT_SIZE, SHIELD_INPUT_SIZE);
    const pixels = ctx.getImageData(0, 0, SHIELD_INPUT_SIZE, SHIELD_INPUT_SIZE);
    worker()?.postMessage({ type: "classify", t: now, pixels }, [pixels.data.buffer]);
  }
}

/** Starts the shield for this page: with `enabled` false it stays off and loads nothing. */
export function startShield(assets: ShieldAssets, enabled: boolean): ShieldMonitor {
  let state = initialShield(enabled);
  const listeners = new Set<(s: ShieldState) => void>();
  const figures: ShieldFigures = { loadMs: null, backend: null, classifyMs: [], scores: null };
  let video: HTMLVideoElement | null = null;
  let worker: Worker | null = null;
  let ready = false;
  let busy = false;
  let stopped = false;
  let logged = false;
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

  const fail = (error: string) => {
    ready = false;
    worker?.terminate();
    worker = null;
    if (!logged) {
      logged = true;
      console.warn(`Safety shield: the video check is unavailable (${error})`);
    }
    apply({ type: "failed" });
  };

  const onAnswer = (msg: ClassifierOut) => {
    if (stopped) return;
    switch (msg.type) {
      case "ready":
        ready = true;
        figures.loadMs = msg.ms;
        figures.backend = msg.backend;
        return;
      case "failed":
        return fail(msg.error);
      case "scores":
        busy = false;
        figures.classifyMs = [...figures.classifyMs, msg.ms].slice(-KEEP_FIGURES);
        figures.scores = msg.scores;
        // A verdict about the last partner's frame says nothing about this one.
        if (msg.t < sessionStartedAt) return;
        verdictSince = true;
        return apply({ type: "scores", scores: msg.scores });
      case "error":
        busy = false;
        return apply({ type: "frame_error" });
    }
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
    if (!ready || busy || !worker || !isWatching(state.view)) return;
    busy = true;
    try {
      await sendFrame(() => worker, v, now);
    } catch {
      busy = false;
      apply({ type: "frame_error" });
    }
  }

  if (enabled) {
    try {
      worker = new Worker(assets.classifier, { type: "module", name: "safety-shield" });
      worker.onmessage = (e: MessageEvent<ClassifierOut>) => onAnswer(e.data);
      worker.onerror = (e) => {
        e.preventDefault();
        fail(`classifier worker: ${e.message || "failed to load"}`);
      };
      const { classifier: _, ...files } = assets;
      worker.postMessage({ type: "load", files });
    } catch (err) {
      fail(String(err));
    }
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
      stopped = true;
      if (timer !== null) clearInterval(timer);
      worker?.terminate();
      worker = null;
      listeners.clear();
    },
  };

  // Development and test builds only: lets a browser test feed the shield a verdict (as if the
  // classifier had given it) and read its figures. Production builds compile this out.
  if (typeof __TEST_HOOKS__ !== "undefined" && __TEST_HOOKS__) {
    (globalThis as Record<string, unknown>).__glimpseShield = {
      verdict(scores: Scores) {
        verdictSince = true;
        apply({ type: "scores", scores });
      },
      state: () => state,
      figures: monitor.figures,
    };
  }
  return monitor;
}
