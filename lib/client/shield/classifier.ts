// The shield's classifier worker as the page holds it: started once with the model's files, a
// frame of the partner's video sent scaled to the classifier's input, its answers passed on, a
// failure (its own or the worker's) ending it and logged once, and nothing heard after stop.
// Frames go to the worker and nowhere else.
import { SHIELD_INPUT_SIZE } from "./policy.ts";
import type { ClassifierOut, ShieldAssets } from "./protocol.ts";

export class Classifier {
  /** The worker while it runs: null once it failed or was stopped. */
  worker: Worker | null = null;
  /** The model is loaded: frames may be sent. */
  ready = false;
  private stopped = false;
  private logged = false;

  constructor(
    assets: ShieldAssets,
    private on: {
      /** The model loaded, in `ms`, on `backend`. */
      ready(ms: number, backend: string): void;
      /** A frame's scores, or the error that frame met. */
      answer(msg: Extract<ClassifierOut, { type: "scores" | "error" }>): void;
      /** The classifier is unavailable for good. */
      failed(): void;
    },
  ) {
    try {
      this.worker = new Worker(assets.classifier, { type: "module", name: "safety-shield" });
      this.worker.onmessage = (e: MessageEvent<ClassifierOut>) => this.heard(e.data);
      this.worker.onerror = (e) => {
        e.preventDefault();
        this.fail(`classifier worker: ${e.message || "failed to load"}`);
      };
      const { classifier: _, ...files } = assets;
      this.worker.postMessage({ type: "load", files });
    } catch (err) {
      this.fail(String(err));
    }
  }

  private heard(msg: ClassifierOut) {
    if (this.stopped) return;
    switch (msg.type) {
      case "ready":
        this.ready = true;
        return this.on.ready(msg.ms, msg.backend);
      case "failed":
        return this.fail(msg.error);
      default:
        return this.on.answer(msg);
    }
  }

  private fail(error: string) {
    this.ready = false;
    this.worker?.terminate();
    this.worker = null;
    if (!this.logged) {
      this.logged = true;
      console.warn(`Safety shield: the video check is unavailable (${error})`);
    }
    this.on.failed();
  }

  /**
   * Sends the video's current frame, scaled to the classifier's input, to the worker (none if the
   * worker went away while the frame was being taken).
   */
  async sendFrame(v: HTMLVideoElement, now: number) {
    if (typeof OffscreenCanvas !== "undefined") {
      const bitmap = await createImageBitmap(v, {
        resizeWidth: SHIELD_INPUT_SIZE,
        resizeHeight: SHIELD_INPUT_SIZE,
        resizeQuality: "medium",
      });
      const w = this.worker;
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
      this.worker?.postMessage({ type: "classify", t: now, pixels }, [pixels.data.buffer]);
    }
  }

  stop() {
    this.stopped = true;
    this.worker?.terminate();
    this.worker = null;
  }
}
