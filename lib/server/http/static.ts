// Files below a folder, through Hono's serveStatic for Deno: content-hashed build output with
// immutable caching, other static files with a short cache. What is served is decided on the
// resolved path, never on the path as written: percent-escapes are decoded once (a bad escape, a
// NUL or a backslash is refused), repeated slashes collapse, "." and ".." are resolved (going
// above the folder is refused), and only then are names starting with a dot (build scratch
// folders) and the `hidden` files (the build manifest, which is for the server only) refused.
// Only the resolved path is served.
import type { MiddlewareHandler } from "hono";
import { serveStatic } from "hono/deno";

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const SHORT_CACHE = "public, max-age=3600";

/**
 * The file below the folder a request path (as sent, after the folder's prefix) names, as
 * "a/b.js", or null when it names nothing that may be served.
 */
export function resolveBelow(rel: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rel);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return null;
  const parts: string[] = [];
  for (const part of decoded.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0) return null;
      parts.pop();
    } else {
      parts.push(part);
    }
  }
  if (parts.length === 0 || parts.some((p) => p.startsWith("."))) return null;
  return parts.join("/");
}

export function serveDir(
  urlPrefix: string,
  dir: string,
  cacheControl: string,
  /** Paths below the folder that are never served. */
  hidden: string[] = [],
  /** Whether files have `.br` / `.gz` copies made at build time, served to who accepts them. */
  precompressed = false,
): MiddlewareHandler {
  const onFound = (_path: string, c: Parameters<MiddlewareHandler>[0]) => {
    c.header("Cache-Control", cacheControl);
  };
  return async (c, next) => {
    // The path exactly as sent (still percent-encoded), not the router's decoded one.
    const raw = new URL(c.req.url).pathname;
    if (!raw.startsWith(urlPrefix)) return await next();
    const file = resolveBelow(raw.slice(urlPrefix.length));
    if (file === null || hidden.includes(file)) return await next();
    return await serveStatic({ root: dir, path: file, onFound, precompressed })(c, next);
  };
}
