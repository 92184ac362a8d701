// Shrinks a picture on the device so its longest side is at most `max` pixels, as WebP (JPEG
// where WebP encoding is missing), small enough for one KV value.
export async function resizeImage(file: Blob, max: number): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, max / Math.max(bitmap.width, bitmap.height));
  const w = Math.max(1, Math.round(bitmap.width * scale));
  const h = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement("canvas");
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no 2d canvas");
  ctx.drawImage(bitmap, 0, 0, w, h);
  bitmap.close();
  for (
    const [type, quality] of [["image/webp", 0.85], ["image/jpeg", 0.85], [
      "image/webp",
      0.6,
    ]] as const
  ) {
    const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, type, quality));
    if (blob && blob.type === type && blob.size <= 60 * 1024) return blob;
  }
  throw new Error("picture too large after resizing");
}
