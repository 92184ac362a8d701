// Requests that change something (any method but GET, HEAD and OPTIONS) must come from this
// site's own pages: another site's page may not borrow a member's cookie (cross-site request
// forgery). Browsers always say where such a request comes from; scripts and tests that send
// neither Origin nor Sec-Fetch-Site are not browsers and go through.
import { createMiddleware } from "hono/factory";
import { AppError, HTTP_TEXT } from "./errors.ts";
import { fromOwnSite } from "./request.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function sameOrigin(publicUrl: string | undefined) {
  return createMiddleware(async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && !fromOwnSite(c, publicUrl)) {
      throw new AppError(403, HTTP_TEXT.crossSite);
    }
    await next();
  });
}
