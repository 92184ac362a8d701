// From the CPU face detector's raw outputs to face boxes, as MediaPipe's face detection graph does
// it: SSD anchors with a fixed size (one centre per grid cell and anchor), boxes regressed from
// those centres in input pixels, scores through a sigmoid, overlapping boxes merged by weighted
// non-maximum suppression. The image is letterboxed into the square input (scaled to fit, centred,
// black around it); boxes are mapped back to fractions of the image and clipped to it.
import type { Box } from "./regions.ts";

/** A face whose score is below this is not reported (as MediaPipe's path is configured). */
export const MIN_SCORE = 0.5;
/** Boxes overlapping more than this (intersection over union) are one face. */
export const MERGE_IOU = 0.3;
/** Values per anchor in the box output: centre, size, then six keypoints. */
const BOX_VALUES = 16;

export interface Anchor {
  x: number;
  y: number;
}

/** Anchor centres (fractions of the input) for layers of [stride, anchors per cell]. */
export function ssdAnchors(inputSize: number, layers: [number, number][]): Anchor[] {
  const anchors: Anchor[] = [];
  for (const [stride, perCell] of layers) {
    const grid = Math.ceil(inputSize / stride);
    for (let y = 0; y < grid; y++) {
      for (let x = 0; x < grid; x++) {
        for (let k = 0; k < perCell; k++) {
          anchors.push({ x: (x + 0.5) / grid, y: (y + 0.5) / grid });
        }
      }
    }
  }
  return anchors;
}

export interface Scored extends Box {
  score: number;
}

/** Boxes (fractions of the square input) whose score reaches `minScore`. */
export function decodeBoxes(
  boxes: Float32Array,
  logits: Float32Array,
  anchors: Anchor[],
  inputSize: number,
  minScore = MIN_SCORE,
): Scored[] {
  const found: Scored[] = [];
  for (let i = 0; i < anchors.length; i++) {
    const logit = Math.min(100, Math.max(-100, logits[i]));
    const score = 1 / (1 + Math.exp(-logit));
    if (score < minScore) continue;
    const at = i * BOX_VALUES;
    const cx = boxes[at] / inputSize + anchors[i].x;
    const cy = boxes[at + 1] / inputSize + anchors[i].y;
    const w = boxes[at + 2] / inputSize, h = boxes[at + 3] / inputSize;
    if (!(w > 0 && h > 0)) continue;
    found.push({ x: cx - w / 2, y: cy - h / 2, w, h, score });
  }
  return found;
}

function iou(a: Box, b: Box): number {
  const x0 = Math.max(a.x, b.x), y0 = Math.max(a.y, b.y);
  const x1 = Math.min(a.x + a.w, b.x + b.w), y1 = Math.min(a.y + a.h, b.y + b.h);
  const inter = Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
  const union = a.w * a.h + b.w * b.h - inter;
  return union > 0 ? inter / union : 0;
}

/**
 * Weighted non-maximum suppression: the best remaining box and every box overlapping it more
 * than `threshold` become one box, their score-weighted average, with the best one's score.
 */
export function weightedNms(boxes: Scored[], threshold = MERGE_IOU): Scored[] {
  let rest = [...boxes].sort((a, b) => b.score - a.score);
  const out: Scored[] = [];
  while (rest.length) {
    const head = rest[0];
    const group = rest.filter((b) => iou(head, b) > threshold || b === head);
    rest = rest.filter((b) => !group.includes(b));
    const total = group.reduce((s, b) => s + b.score, 0);
    const avg = (key: keyof Box) => group.reduce((s, b) => s + b[key] * b.score, 0) / total;
    out.push({ x: avg("x"), y: avg("y"), w: avg("w"), h: avg("h"), score: head.score });
  }
  return out;
}

/** Where an image of `width`×`height` lies in the square input of `size` pixels. */
export function letterbox(width: number, height: number, size: number): Box {
  const scale = Math.min(size / width, size / height);
  const w = width * scale, h = height * scale;
  return { x: (size - w) / 2, y: (size - h) / 2, w, h };
}

/**
 * `box` (fractions of the square input) as fractions of the image placed at `placed`, clipped to
 * the image; null when nothing of it lies on the image.
 */
export function toImage(box: Box, placed: Box, size: number): Box | null {
  const x0 = Math.max(0, (box.x * size - placed.x) / placed.w);
  const y0 = Math.max(0, (box.y * size - placed.y) / placed.h);
  const x1 = Math.min(1, ((box.x + box.w) * size - placed.x) / placed.w);
  const y1 = Math.min(1, ((box.y + box.h) * size - placed.y) / placed.h);
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : null;
}

/** The faces in an image from the network's outputs: decoded, merged, mapped to the image. */
export function facesFrom(
  outputs: { boxes: Float32Array; scores: Float32Array },
  anchors: Anchor[],
  inputSize: number,
  placed: Box,
): Box[] {
  const merged = weightedNms(decodeBoxes(outputs.boxes, outputs.scores, anchors, inputSize));
  return merged.flatMap((b) => toImage(b, placed, inputSize) ?? []);
}
