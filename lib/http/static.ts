// Serves files below a folder: content-hashed build output with immutable caching, other static
// files with a short cache. Paths are confined to the folder.
import type { MiddlewareHandler } from "hono";
import { extname, join, normalize, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".tflite": "application/octet-stream",
  ".bin": "application/octet-stream",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

export function serveDir(
  urlPrefix: string,
  dir: string,
  cacheControl: string,
  /** Files below the folder that are never served (e.g. the build manifest). */
  hidden: Set<string> = new Set(),
): MiddlewareHandler {
  const root = normalize(dir);
  return async (c, next) => {
    let rel: string;
    try {
      rel = decodeURIComponent(c.req.path.slice(urlPrefix.length));
    } catch {
      return next(); // a malformed %-escape names no file
    }
    const file = normalize(join(root, rel));
    if (
      !file.startsWith(root + sep) || rel.split("/").some((p) => p.startsWith(".")) ||
      hidden.has(rel)
    ) {
      return next();
    }
    try {
      const info = await Deno.stat(file);
      if (!info.isFile) return next();
      const body = await Deno.readFile(file);
      return new Response(body, {
        headers: {
          "content-type": TYPES[extname(file)] ?? "application/octet-stream",
          "cache-control": cacheControl,
        },
      });
    } catch {
      return next();
    }
  };
}

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const SHORT_CACHE = "public, max-age=3600";
