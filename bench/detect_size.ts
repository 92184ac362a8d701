// The size of the copy the face detector is shown: the faces BlazeFace full range finds (the CPU
// detector's network, run here on tfjs's CPU backend) when each view of a 1280x720 frame is first
// copied at most N px on its long side, then letterboxed into the network's 192x192 input, as the
// compositor and the detector do. Frames from the fixtures: the astronaut filling the frame; the
// astronaut at 384 px on grey (a face ~70 px); the bystander clip's 48 px face (whole frame and the
// half it is in); the cat (no face). Per copy size: each face found (frame pixels) and its overlap
// (IoU) with what the 320 px copy finds. The copies are made with ffmpeg (bilinear): only what the
// network finds is compared, not what copying costs. Figures only.
// Run: deno run -A bench/detect_size.ts
import * as tf from "@tensorflow/tfjs-core";
import "@tensorflow/tfjs-backend-cpu";
import fullRange from "@mediapipe/face_detection/face_detection_full_range.tflite" with {
  type: "bytes",
};
import { convertDetectorModel } from "../lib/server/build/detector_model.ts";
import {
  constTensors,
  inputFromRgba,
  parseDetectorModel,
  runDetectorGraph,
} from "../lib/client/privacy/detector_graph.ts";
import { facesFrom, letterbox, ssdAnchors } from "../lib/client/privacy/detector_decode.ts";
import { type Box, detectViews } from "../lib/client/privacy/regions.ts";
import { FIXTURES_DIR } from "../tests/helpers/fake_camera.ts";

const SIZE = 192;
const SIZES = [320, 256, 192, 160, 128];

/** ffmpeg filter graphs making a 1280x720 frame, from the fixture given as input 0 ([0:v]). */
const FRAMES: Record<string, { input: string; graph: string; views: ("whole" | 0 | 1)[] }> = {
  "astronaut, full frame": { input: "astronaut", graph: "[0:v]scale=1280:720", views: ["whole"] },
  "astronaut at 384 px (face ~70 px)": {
    input: "astronaut",
    graph: "color=c=0x808080:s=1280x720[g];[0:v]scale=384:384[a];[g][a]overlay=200:150",
    views: ["whole", 0],
  },
  "bystander at 256 px (face ~48 px)": {
    input: "astronaut",
    graph: "color=c=0x808080:s=1280x720[g];[0:v]scale=256:256[a];[g][a]overlay=900:300",
    views: ["whole", 1],
  },
  "cat, full frame": { input: "chelsea", graph: "[0:v]scale=1280:720", views: ["whole"] },
};

/** RGBA of `view` of the frame copied at most `copy` px long, then scaled to `w` x `h`. */
async function pixels(name: string, view: Box, copy: number, w: number, h: number) {
  const { input, graph } = FRAMES[name];
  const scale = Math.min(1, copy / Math.max(view.w, view.h));
  const cw = Math.max(1, Math.round(view.w * scale)), ch = Math.max(1, Math.round(view.h * scale));
  const filter = `${graph},crop=${view.w}:${view.h}:${view.x}:${view.y},` +
    `scale=${cw}:${ch}:flags=bilinear,scale=${w}:${h}:flags=bilinear`;
  const out = await new Deno.Command("ffmpeg", {
    args: [
      ...["-hide_banner", "-loglevel", "error", "-i", `${FIXTURES_DIR}/${input}.png`],
      ...["-filter_complex", filter, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
  return out.stdout;
}

function iou(a: Box, b: Box): number {
  const x0 = Math.max(a.x, b.x), y0 = Math.max(a.y, b.y);
  const x1 = Math.min(a.x + a.w, b.x + b.w), y1 = Math.min(a.y + a.h, b.y + b.h);
  const inter = Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
  return inter / (a.w * a.h + b.w * b.h - inter);
}

export async function benchDetectSize() {
  await tf.setBackend("cpu");
  const model = parseDetectorModel(convertDetectorModel(fullRange, [[4, 1]]));
  const consts = constTensors(model);
  const anchors = ssdAnchors(SIZE, model.manifest.anchors);
  console.log("\nFace detector copy size (BlazeFace full range; faces in 1280x720 frame pixels)");
  try {
    for (const [name, frame] of Object.entries(FRAMES)) {
      for (const look of frame.views) {
        const view = look === "whole"
          ? { x: 0, y: 0, w: 1280, h: 720 }
          : detectViews(1280, 720)[look];
        let reference: Box[] | null = null;
        for (const copy of SIZES) {
          // Whole pixels, as a canvas draws the copy into the square.
          const fit = letterbox(view.w, view.h, SIZE);
          const placed = {
            x: Math.round(fit.x),
            y: Math.round(fit.y),
            w: Math.round(fit.w),
            h: Math.round(fit.h),
          };
          const rgba = await pixels(name, view, copy, placed.w, placed.h);
          const square = new Uint8Array(SIZE * SIZE * 4);
          for (let i = 3; i < square.length; i += 4) square[i] = 255;
          for (let row = 0; row < placed.h; row++) {
            square.set(
              rgba.subarray(row * placed.w * 4, (row + 1) * placed.w * 4),
              ((placed.y + row) * SIZE + placed.x) * 4,
            );
          }
          const input = tf.tensor4d(inputFromRgba(square), [1, SIZE, SIZE, 3]);
          const found = facesFrom(runDetectorGraph(model, consts, input), anchors, SIZE, placed)
            .map((f) => ({
              x: view.x + f.x * view.w,
              y: view.y + f.y * view.h,
              w: f.w * view.w,
              h: f.h * view.h,
            }));
          input.dispose();
          reference ??= found;
          const shown = found.map((f) => {
            const same = Math.max(0, ...reference!.map((r) => iou(r, f)));
            return `${Math.round(f.x)},${Math.round(f.y)} ${Math.round(f.w)}x${Math.round(f.h)}` +
              ` (IoU ${same.toFixed(2)})`;
          });
          const where = look === "whole" ? "whole" : `half ${look}`;
          console.log(
            `  ${name.padEnd(36)} ${where.padEnd(6)} copy ${String(copy).padStart(3)} px: ` +
              (shown.length ? shown.join("; ") : "none"),
          );
        }
      }
    }
  } finally {
    for (const t of consts.values()) t.dispose();
  }
}

if (import.meta.main) await benchDetectSize();
