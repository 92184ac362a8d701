// The sharpness measure used by the face-blur checks (tests/helpers/sharpness.ts) on synthetic
// images, and on astronaut.png as the fake camera delivers it: the face and the background are
// sharp, and a blur of the face drops its score by well over 70 %.
import assert from "node:assert/strict";
import { meanAbsLaplacian, type Rect, toPixels } from "../helpers/sharpness.ts";
import {
  BACKGROUND_RECT,
  BACKGROUND_RECT_REL,
  cameraFile,
  FACE_RECT,
  FACE_RECT_REL,
  ffmpegAvailable,
  rawGray,
} from "../helpers/fake_camera.ts";

const W = 64;
const H = 48;
const ALL: Rect = { x: 0, y: 0, w: W, h: H };

function image(f: (x: number, y: number) => number, width = W, height = H): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out[y * width + x] = f(x, y);
  return out;
}

const checker = (cell: number) => (x: number, y: number) =>
  (Math.floor(x / cell) + Math.floor(y / cell)) % 2 ? 255 : 0;

/** Box blur of radius r (a (2r+1)-wide window, clamped at the edges), horizontal then vertical. */
function boxBlur(src: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const pass = (a: Uint8Array, horizontal: boolean) => {
    const out = new Uint8Array(a.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let sum = 0;
        for (let d = -r; d <= r; d++) {
          const xx = horizontal ? Math.min(width - 1, Math.max(0, x + d)) : x;
          const yy = horizontal ? y : Math.min(height - 1, Math.max(0, y + d));
          sum += a[yy * width + xx];
        }
        out[y * width + x] = Math.round(sum / (2 * r + 1));
      }
    }
    return out;
  };
  return pass(pass(src, true), false);
}

Deno.test("meanAbsLaplacian: a flat image scores 0", () => {
  assert.equal(meanAbsLaplacian(image(() => 128), W, ALL), 0);
});

Deno.test("meanAbsLaplacian: a one-pixel checkerboard scores 4 * 255", () => {
  assert.equal(meanAbsLaplacian(image(checker(1)), W, ALL), 4 * 255);
  assert.ok(meanAbsLaplacian(image(checker(4)), W, ALL) > 100);
});

Deno.test("meanAbsLaplacian: a box-blurred checkerboard scores far lower", () => {
  const sharp = image(checker(4));
  const blurred = boxBlur(sharp, W, H, 2);
  const a = meanAbsLaplacian(sharp, W, ALL);
  const b = meanAbsLaplacian(blurred, W, ALL);
  assert.ok(b < a * 0.5, `blurred ${b} vs sharp ${a}`);
});

Deno.test("meanAbsLaplacian: only the rect counts", () => {
  // Left half a checkerboard, right half flat: a rect on the right scores 0, on the left high.
  const img = image((x, y) => x < W / 2 ? checker(1)(x, y) : 77);
  assert.equal(meanAbsLaplacian(img, W, { x: W / 2, y: 0, w: W / 2, h: H }), 0);
  assert.equal(meanAbsLaplacian(img, W, { x: 0, y: 0, w: W / 2 - 1, h: H }), 4 * 255);
  // The rect's border pixels are neighbours only: a flat 10x10 rect ringed by noise scores 0.
  const ringed = image((x, y) => x >= 11 && x < 19 && y >= 11 && y < 19 ? 50 : checker(1)(x, y));
  assert.equal(meanAbsLaplacian(ringed, W, { x: 11, y: 11, w: 8, h: 8 }), 0);
  assert.ok(meanAbsLaplacian(ringed, W, { x: 10, y: 10, w: 10, h: 10 }) > 0);
  assert.throws(() => meanAbsLaplacian(img, W, { x: 60, y: 0, w: 10, h: 10 }), RangeError);
});

Deno.test("toPixels: fractional rects map back onto the 1280x720 rects", () => {
  assert.deepEqual(toPixels(FACE_RECT_REL, 1280, 720), FACE_RECT);
  assert.deepEqual(toPixels(BACKGROUND_RECT_REL, 1280, 720), BACKGROUND_RECT);
});

Deno.test({
  name: "astronaut fake camera: face and background are sharp, a blur drops the face by >= 70 %",
  ignore: !ffmpegAvailable() && (console.warn("sharpness_test: ffmpeg not found, skipped"), true),
  fn: async () => {
    const width = 1280;
    const height = 720;
    const gray = await rawGray(await cameraFile("astronaut"), { width, height });
    const face = meanAbsLaplacian(gray, width, FACE_RECT);
    const background = meanAbsLaplacian(gray, width, BACKGROUND_RECT);
    const blurred = boxBlur(gray, width, height, 20);
    const faceBlurred = meanAbsLaplacian(blurred, width, FACE_RECT);
    const backgroundBlurred = meanAbsLaplacian(blurred, width, BACKGROUND_RECT);
    console.log(
      `face ${face.toFixed(2)} -> ${faceBlurred.toFixed(2)} blurred, ` +
        `background ${background.toFixed(2)} -> ${backgroundBlurred.toFixed(2)} blurred`,
    );
    assert.ok(face > 4, `face sharpness ${face}`);
    assert.ok(background > 10, `background sharpness ${background}`);
    assert.ok(faceBlurred <= face * 0.3, `blurred face ${faceBlurred} vs ${face}`);
  },
});
