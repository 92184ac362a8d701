// Files below a folder, through Hono's serveStatic for Deno: content-hashed build output with
// immutable caching, other static files with a short cache. serveStatic refuses "." and ".."
// segments, double slashes and %-escapes in the path; names starting with a dot (build scratch
// folders) and the `hidden` files (the build manifest, which is for the server only) are not
// served either.
import type { MiddlewareHandler } from "hono";
import { serveStatic } from "hono/deno";

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const SHORT_CACHE = "public, max-age=3600";

export function serveDir(
  urlPrefix: string,
  dir: string,
  cacheControl: string,
  /** Paths below the folder that are never served. */
  hidden: string[] = [],
): MiddlewareHandler {
  const files = serveStatic({
    root: dir,
    rewriteRequestPath: (path) => path.slice(urlPrefix.length - 1),
    onFound: (_path, c) => {
      c.header("Cache-Control", cacheControl);
    },
  });
  return async (c, next) => {
    const rel = c.req.path.slice(urlPrefix.length);
    if (rel.split("/").some((p) => p.startsWith(".")) || hidden.includes(rel)) {
      return await next();
    }
    return await files(c, next);
  };
}
