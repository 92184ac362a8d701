// Requests the app can never serve are refused before anything reads them, with a 4xx and no
// error log (the request log's one line says what was refused): a method the site does not use
// (TRACE, CONNECT, `get` in lower case, anything invented) 405 with `Allow`; a GET or HEAD that
// declares a body (Content-Length above 0, or Transfer-Encoding) 400; a request target (path and
// query) over TARGET_MAX characters 414.
import type { Context, MiddlewareHandler } from "hono";
import { said } from "../../shared/i18n/said.ts";
import { checking } from "./request.ts";
import { AppError } from "./errors.ts";

/** The methods this site responds to (HTTP methods are case-sensitive). */
export const METHODS: ReadonlySet<string> = new Set([
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
]);

/** The longest request target (path and query, as sent) served: far above any address we make. */
export const TARGET_MAX = 2048;

/** The request target (path and query) of a full request URL. */
function targetOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  return start < 0 ? "/" : url.slice(start);
}

export function requestShape(): MiddlewareHandler {
  return checking(requestShapeCheck);
}

/** requestShape's work (the app runs it in one layer with the other checks). */
export function requestShapeCheck(c: Context): void {
  const method = c.req.method;
  if (!METHODS.has(method)) {
    throw new AppError(405, said("texts.methodNotAllowed"), { Allow: [...METHODS].join(", ") });
  }
  if (method === "GET" || method === "HEAD") {
    const length = c.req.header("content-length");
    if ((length !== undefined && length.trim() !== "0") || c.req.header("transfer-encoding")) {
      // The connection ends with the response: nothing of the body is read as a next request.
      throw new AppError(400, said("texts.bodyNotAllowed"), { Connection: "close" });
    }
  }
  if (targetOf(c.req.url).length > TARGET_MAX) {
    throw new AppError(414, said("texts.addressTooLong"), { Connection: "close" });
  }
}
