// Replacing a response after the handler made it: the new response keeps every header of the one
// it replaces (its cookies too) but takes the new one's Content-Type and Content-Length (a known
// length goes out as Content-Length, not chunked), and any header only the new one has. The same
// result as Hono's `c.res = …`, which copies the old headers one `set` at a time; here they are
// copied once, as a whole.
import type { Context, MiddlewareHandler } from "hono";

export function replaceResponse(c: Context, res: Response) {
  const old = c.res;
  const headers = new Headers(old.headers);
  headers.delete("content-type");
  const oldCookies = old.headers.has("set-cookie");
  for (const [name, value] of res.headers) {
    if (name === "set-cookie") {
      if (!oldCookies) headers.append(name, value);
    } else if (name === "content-type" || name === "content-length" || !headers.has(name)) {
      headers.set(name, value);
    }
  }
  // With no response set, Hono's setter copies nothing: the headers above are the whole story.
  c.res = undefined as unknown as Response;
  c.res = new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/**
 * The work of a middleware that does nothing before its route and changes `c.res` after it. A
 * finisher does not throw (each guards its own header writes, e.g. on a response made elsewhere
 * whose headers are immutable): a throw would leave the finishers after it in the same layer
 * unrun on the error's response, where separate middleware would have run on it.
 */
export type Finisher = (c: Context) => void;

/**
 * Finishers as one middleware: on the way out, the last given first, as if each were a middleware
 * of its own used in the order given (`finishing(a, b)` does what `app.use(a); app.use(b)` would).
 * One layer instead of one each: every layer costs a request a few promises and their turns.
 */
export function finishing(...finishers: Finisher[]): MiddlewareHandler {
  return async (c, next) => {
    await next();
    for (let i = finishers.length - 1; i >= 0; i--) finishers[i](c);
  };
}
