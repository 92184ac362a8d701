// Draws each camera frame onto a canvas with its covered regions pixelated and blurred, and asks
// the detector about a small copy of a frame whenever it is free. Nothing reaches the canvas
// without the cover plan applied to it in the same draw. It runs in the compositor worker on an
// OffscreenCanvas with the camera's VideoFrames (compositor_worker.ts), or, where a browser lacks
// those, on the page with a <video> and a canvas.
import type { BlurStatus, DetectorOut } from "./protocol.ts";
import {
  BLUR_RADIUS_PX,
  type Box,
  clip,
  type Cover,
  CoverPlan,
  detectSize,
  detectViews,
  PIXELATION_FACTOR,
} from "./regions.ts";
import { DetectSchedule, type Look } from "./schedule.ts";

export type AnyCanvas = HTMLCanvasElement | OffscreenCanvas;
type Ctx2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
/** A camera frame: a VideoFrame (in the worker) or the <video> playing the camera. */
export type FrameSource = HTMLVideoElement | VideoFrame;

const SAMPLES = 240;

function push(list: number[], value: number) {
  list.push(value);
  if (list.length > SAMPLES) list.shift();
}

export function context2d(canvas: AnyCanvas): Ctx2D {
  const ctx = (canvas as HTMLCanvasElement).getContext("2d", { alpha: false }) as Ctx2D | null;
  if (!ctx) throw new Error("no 2D canvas");
  return ctx;
}

/**
 * Pixelates (to 1/PIXELATION_FACTOR of its size) then blurs (BLUR_RADIUS_PX) one region of what
 * `ctx` holds. The blur is applied to the small copy at its own scale (BLUR_RADIUS_PX /
 * PIXELATION_FACTOR there) and the copy is drawn back smoothed: the same picture as blurring the
 * blocks at full size, from the same 1/15 samples, for a fraction of the cost (a canvas blur of
 * the 1280x720 band drawn in software takes ~8 ms a frame; this ~1.4 ms).
 */
export class Coverer {
  private readonly small: AnyCanvas;
  private readonly smallCtx: Ctx2D;
  private readonly blurred: AnyCanvas;
  private readonly blurredCtx: Ctx2D;
  private readonly canFilter: boolean;

  constructor(makeCanvas: (w: number, h: number) => AnyCanvas) {
    this.small = makeCanvas(64, 64);
    this.smallCtx = context2d(this.small);
    this.blurred = makeCanvas(64, 64);
    this.blurredCtx = context2d(this.blurred);
    this.canFilter = "filter" in this.blurredCtx;
  }

  /**
   * Covers `box` on `ctx`. Its samples come from what `ctx` holds, or from `from` (a camera frame
   * of the same width x height, not drawn on `ctx`): the whole picture covered needs no sharp
   * copy of the frame drawn first.
   */
  cover(ctx: Ctx2D, box: Box, width: number, height: number, from?: FrameSource) {
    // The blur reaches BLUR_RADIUS_PX beyond what it is given: sample a wider area so the edge
    // of the region is blurred picture, not the sharp frame beneath showing through.
    const pad = BLUR_RADIUS_PX * 2;
    const ext = clip(
      { x: box.x - pad, y: box.y - pad, w: box.w + 2 * pad, h: box.h + 2 * pad },
      width,
      height,
    );
    if (!ext) return;
    const sw = Math.max(1, Math.ceil(ext.w / PIXELATION_FACTOR));
    const sh = Math.max(1, Math.ceil(ext.h / PIXELATION_FACTOR));
    for (const c of [this.small, this.blurred]) {
      if (c.width < sw || c.height < sh) {
        c.width = Math.max(c.width, sw);
        c.height = Math.max(c.height, sh);
      }
    }
    this.smallCtx.imageSmoothingEnabled = true;
    this.smallCtx.drawImage(from ?? ctx.canvas, ext.x, ext.y, ext.w, ext.h, 0, 0, sw, sh);
    // The samples opaque first: wherever the blur thins out at the copy's edges, samples show,
    // never an earlier frame's.
    const b = this.blurredCtx;
    b.filter = "none";
    b.drawImage(this.small, 0, 0, sw, sh, 0, 0, sw, sh);
    if (this.canFilter) {
      b.filter = `blur(${BLUR_RADIUS_PX / PIXELATION_FACTOR}px)`;
      b.drawImage(this.small, 0, 0, sw, sh, 0, 0, sw, sh);
      b.filter = "none";
    }
    ctx.save();
    ctx.beginPath();
    ctx.rect(box.x, box.y, box.w, box.h);
    ctx.clip();
    ctx.imageSmoothingEnabled = true;
    ctx.drawImage(this.blurred, 0, 0, sw, sh, ext.x, ext.y, ext.w, ext.h);
    ctx.restore();
  }
}

export interface DetectorLink {
  postMessage(msg: unknown, transfer: Transferable[]): void;
}

/**
 * One camera's blur: the cover plan, the output canvas, and the conversation with the detector.
 * `frame()` draws the next camera frame, covered; `onDetector()` takes the detector's messages.
 */
export class Compositor {
  readonly plan = new CoverPlan();
  /** When the detector looks, and at what (schedule.ts). */
  readonly schedule = new DetectSchedule();
  readonly canvas: AnyCanvas;
  private readonly ctx: Ctx2D;
  private readonly coverer: Coverer;
  /** The small copy of the frame the detector is shown. */
  private readonly detectCopy: AnyCanvas;
  private readonly detectCtx: Ctx2D;
  private asking = false;
  /** The look out with the detector, and the part of the frame it shows (null: all of it). */
  private look: Look = "whole";
  private view: Box | null = null;
  private frames = 0;
  /** Frames drawn by how they were covered, since the start. */
  private readonly covers: Record<Cover, number> = { faces: 0, band: 0, whole: 0 };
  private loadMs: number | null = null;
  private backend: "mediapipe" | "wasm" | null = null;
  private readonly detectMs: number[] = [];
  private readonly composeMs: number[] = [];
  private warned = false;

  /** `output`: the canvas to draw on (a new one when not given). */
  constructor(
    makeCanvas: (w: number, h: number) => AnyCanvas,
    private readonly detector: DetectorLink,
    output?: AnyCanvas,
  ) {
    this.canvas = output ?? makeCanvas(2, 2);
    this.ctx = context2d(this.canvas);
    this.coverer = new Coverer(makeCanvas);
    this.detectCopy = makeCanvas(2, 2);
    this.detectCtx = context2d(this.detectCopy);
  }

  /** Draws `source` (width x height) onto the canvas with the plan's regions covered. */
  frame(source: FrameSource, width: number, height: number, now: number) {
    const started = performance.now();
    if (this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas.width = width;
      this.canvas.height = height;
    }
    const look = this.plan.detector === "ready" ? this.schedule.next(now, this.asking) : null;
    const { cover, boxes } = this.plan.regions(now, width, height);
    if (cover === "whole" && look === null) {
      // Wholly covered and no look to take: the cover is sampled from the camera's frame itself,
      // which is never drawn sharp (the start of every call, a detector loading, failing or
      // late: on a slow device the most expensive seconds, saved a full-size draw a frame).
      this.coverer.cover(this.ctx, boxes[0], width, height, source);
    } else {
      this.ctx.drawImage(source, 0, 0, width, height);
      // The detector's copy is taken from the frame just drawn, before any cover: the same
      // pixels, read once more at the copy's small size, in this same synchronous draw (nothing
      // in between can capture the canvas uncovered).
      if (look !== null) this.ask(look, width, height, now);
      for (const box of boxes) this.coverer.cover(this.ctx, box, width, height);
    }
    this.covers[cover]++;
    this.frames++;
    push(this.composeMs, performance.now() - started);
  }

  /**
   * Sends the detector a small copy of (part of) the frame just drawn on the canvas, uncovered.
   * The copy is drawn at once (a smoothed downscale of the canvas's pixels) rather than taken
   * from the camera's frame again (a VideoFrame's clone, or the <video>, with createImageBitmap's
   * crop and resize): that second read of the full camera frame cost the page 3-4 ms a look in
   * Firefox against 1 ms, and on a starved device its wait added to every answer's age.
   */
  private ask(look: Look, width: number, height: number, now: number) {
    this.asking = true;
    this.look = look;
    const view = look === "whole" ? null : detectViews(width, height)[look];
    this.view = view;
    const part = view ?? { x: 0, y: 0, w: width, h: height };
    const size = detectSize(part.w, part.h);
    const copy = this.detectCopy;
    if (copy.width !== size.width || copy.height !== size.height) {
      copy.width = size.width;
      copy.height = size.height;
    }
    const ctx = this.detectCtx;
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = "low";
    ctx.drawImage(this.canvas, part.x, part.y, part.w, part.h, 0, 0, size.width, size.height);
    const failed = (err: unknown) => {
      this.asking = false;
      this.schedule.answered(look, now, performance.now(), 0, null);
      this.plan.failedOnce();
      this.warnOnce("could not copy a frame for the detector", err);
    };
    try {
      // An OffscreenCanvas hands its pixels over at once; a page's canvas is snapshot by
      // createImageBitmap when it is called.
      const bitmap = "transferToImageBitmap" in copy
        ? Promise.resolve(copy.transferToImageBitmap())
        : createImageBitmap(copy);
      bitmap.then((b) => this.detector.postMessage({ type: "detect", bitmap: b, t: now }, [b]))
        .catch(failed);
    } catch (err) {
      failed(err);
    }
  }

  onDetector(msg: DetectorOut) {
    switch (msg.type) {
      case "ready":
        this.loadMs = msg.ms;
        this.backend = msg.backend;
        this.plan.detector = "ready";
        break;
      case "failed":
        this.plan.detector = "failed";
        this.warnOnce("the face detector did not load; the whole picture is covered", msg.error);
        break;
      case "faces": {
        this.asking = false;
        push(this.detectMs, msg.ms);
        const view = this.view;
        const part = view ?? { x: 0, y: 0, w: this.canvas.width, h: this.canvas.height };
        this.plan.detected(
          msg.faces.map((f) => ({
            x: part.x + f.x * part.w,
            y: part.y + f.y * part.h,
            w: f.w * part.w,
            h: f.h * part.h,
          })),
          msg.t,
          view ?? undefined,
        );
        this.schedule.answered(this.look, msg.t, performance.now(), msg.ms, {
          faces: msg.faces.length,
          speed: this.plan.tracker.fastest(),
        });
        break;
      }
      case "error":
        this.asking = false;
        this.schedule.answered(this.look, msg.t, performance.now(), 0, null);
        this.plan.failedOnce();
        this.warnOnce("face detection failed on a frame", msg.error);
        break;
    }
  }

  /** A new call, or another camera: wholly covered until a detection of its own frames. */
  newCall(now: number) {
    this.plan.newCall(now);
    this.schedule.reset();
  }

  /** Failures are logged once, never shown as errors: the band keeps covering meanwhile. */
  warnOnce(what: string, detail: unknown) {
    if (this.warned) return;
    this.warned = true;
    console.warn(`Face blur: ${what}.`, detail);
  }

  status(now: number): BlurStatus {
    const cover = this.plan.cover(now);
    return {
      detector: this.plan.detector,
      cover,
      failing: this.plan.failing,
      band: cover !== "faces",
      faces: this.plan.tracker.faces().map((b) => ({
        x: Math.round(b.x),
        y: Math.round(b.y),
        w: Math.round(b.w),
        h: Math.round(b.h),
      })),
      width: this.canvas.width,
      height: this.canvas.height,
      frames: this.frames,
      covers: { ...this.covers },
      loadMs: this.loadMs,
      detectMs: [...this.detectMs],
      composeMs: [...this.composeMs],
      latencyMs: Math.round(this.schedule.latencyMs),
      backend: this.backend,
    };
  }
}
