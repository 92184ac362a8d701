// Requests that change something (any method but GET, HEAD and OPTIONS) must come from this
// site's own pages: another site's page may not borrow a member's cookie (cross-site request
// forgery). Allowed: `Sec-Fetch-Site: same-origin`, or an Origin naming this site (see
// `ownOrigins`). Refused: any other Origin, `Sec-Fetch-Site: cross-site` or `same-site`. A
// request with neither header is allowed only with a JSON body type: a page on another site can
// send that only after a CORS preflight, which this site never grants; a form, text or no body
// type at all is what another site's page can send without asking.
import { said } from "../../shared/i18n/said.ts";
import { createMiddleware } from "hono/factory";
import { AppError } from "./errors.ts";
import { provenance } from "./request.ts";
import { isJsonType } from "./validate.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function sameOrigin() {
  // Nothing to do on the way out: next()'s promise is handed on (see ownSite).
  return createMiddleware((c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const from = provenance(c);
      if (from === "foreign" || (from === "unknown" && !isJsonType(c))) {
        throw new AppError(403, said("texts.crossSite"));
      }
    }
    return next();
  });
}
