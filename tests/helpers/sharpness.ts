// How sharp a region of an image is (mean absolute 4-neighbour Laplacian of its luma), on raw
// grayscale bytes or on the current frame of a <video> in a Playwright page: a blurred or
// pixelated face scores far lower than the same face left sharp.
import type { Page } from "playwright-core";

export type Rect = { x: number; y: number; w: number; h: number };

/**
 * Mean of |4p - up - down - left - right| over the interior pixels of `rect` (its border rows and
 * columns are only used as neighbours), on a row-major 8-bit grayscale image `width` wide.
 */
export function meanAbsLaplacian(gray: ArrayLike<number>, width: number, rect: Rect): number {
  const height = Math.floor(gray.length / width);
  const { x, y, w, h } = rect;
  if (![x, y, w, h].every(Number.isInteger) || x < 0 || y < 0 || x + w > width || y + h > height) {
    throw new RangeError(`rect ${JSON.stringify(rect)} is not inside a ${width}x${height} image`);
  }
  if (w < 3 || h < 3) throw new RangeError(`rect ${JSON.stringify(rect)} has no interior`);
  let sum = 0;
  for (let j = y + 1; j < y + h - 1; j++) {
    for (let i = x + 1; i < x + w - 1; i++) {
      const k = j * width + i;
      sum += Math.abs(4 * gray[k] - gray[k - width] - gray[k + width] - gray[k - 1] - gray[k + 1]);
    }
  }
  return sum / ((w - 2) * (h - 2));
}

/**
 * The current frame of the <video> matched by `selector`, at its intrinsic size, as luma
 * (0.299R + 0.587G + 0.114B, rounded). It crosses from the page as base64 (a 1280x720 frame is
 * 921,600 bytes). Throws if the video has no frame yet.
 */
export async function videoGray(
  page: Page,
  selector: string,
): Promise<{ gray: Uint8Array; width: number; height: number }> {
  const { b64, width, height } = await page.evaluate((sel) => {
    const video = document.querySelector(sel);
    if (!(video instanceof HTMLVideoElement)) throw new Error(`no <video> matches ${sel}`);
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) throw new Error(`<video> ${sel} has no frame (videoWidth 0)`);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    if (!ctx) throw new Error("no 2d canvas context");
    ctx.drawImage(video, 0, 0, width, height);
    const rgba = ctx.getImageData(0, 0, width, height).data;
    const gray = new Uint8Array(width * height);
    for (let p = 0, q = 0; p < gray.length; p++, q += 4) {
      gray[p] = Math.round(0.299 * rgba[q] + 0.587 * rgba[q + 1] + 0.114 * rgba[q + 2]);
    }
    let bin = "";
    for (let i = 0; i < gray.length; i += 0x8000) {
      bin += String.fromCharCode(...gray.subarray(i, i + 0x8000));
    }
    return { b64: btoa(bin), width, height };
  }, selector);
  const bin = atob(b64);
  const gray = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) gray[i] = bin.charCodeAt(i);
  return { gray, width, height };
}

/** A fractional (0..1) rectangle in pixels of a width x height frame. */
export function toPixels(rel: Rect, width: number, height: number): Rect {
  const x = Math.round(rel.x * width);
  const y = Math.round(rel.y * height);
  return {
    x,
    y,
    w: Math.min(Math.round((rel.x + rel.w) * width), width) - x,
    h: Math.min(Math.round((rel.y + rel.h) * height), height) - y,
  };
}

/** meanAbsLaplacian of the current video frame over `relRect` (fractions of its intrinsic size). */
export async function regionSharpness(
  page: Page,
  selector: string,
  relRect: Rect,
): Promise<number> {
  const { gray, width, height } = await videoGray(page, selector);
  return meanAbsLaplacian(gray, width, toPixels(relRect, width, height));
}
