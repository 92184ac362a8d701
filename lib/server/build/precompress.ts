// Build-time compression of the content-hashed /build files: each compressible file of at least
// 1 KiB gets a `.br` and a `.gz` beside it, which /build serves as they are to a browser that
// accepts them (lib/server/http/static.ts). Brotli's best quality for files under 512 KiB (the islands,
// chunks, stylesheet: seconds in all, once per build); a lower one for the large model files
// (quality 11 on the 13 MB face model's wasm would take 40 s; quality 5 takes 3 s and keeps 95% of
// the saving). A file whose bytes the previous build already had keeps that build's compressed
// copies, so a rebuild recompresses only what changed.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { join, relative } from "node:path";
import { walk } from "./walk.ts";

export const PRECOMPRESSED = /\.(js|mjs|css|wasm|json|svg|txt)$/;
const MIN_BYTES = 1024;

function brotliQuality(size: number): number {
  if (size < 512 * 1024) return 11;
  if (size < 2 * 1024 * 1024) return 9;
  return 5;
}

async function readOrNull(path: string): Promise<Uint8Array | null> {
  try {
    return await Deno.readFile(path);
  } catch {
    return null;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Writes `.br` and `.gz` beside every compressible file under `dir` (a fresh build), reusing the
 * copies under `previous` (the published build) for files with the same path and bytes.
 */
export async function precompress(dir: string, previous: string): Promise<void> {
  const files: string[] = [];
  for await (const file of walk(dir)) if (PRECOMPRESSED.test(file)) files.push(file);
  for (const file of files) {
    const bytes = await Deno.readFile(file);
    if (bytes.length < MIN_BYTES) continue;
    const rel = relative(dir, file);
    const before = await readOrNull(join(previous, rel));
    if (before && sameBytes(before, bytes)) {
      const br = await readOrNull(join(previous, rel + ".br"));
      const gz = await readOrNull(join(previous, rel + ".gz"));
      if (br && gz) {
        await Deno.writeFile(file + ".br", br);
        await Deno.writeFile(file + ".gz", gz);
        continue;
      }
    }
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality(bytes.length),
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    await Deno.writeFile(file + ".br", br);
    await Deno.writeFile(file + ".gz", gzipSync(bytes, { level: 9 }));
  }
}
