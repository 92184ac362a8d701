// Replacing a response after the handler made it. Hono's `c.res = …` copies the old response's
// headers (its length too, all but its type) onto the new one and turns the new body into a
// stream, so a known length is set again: it goes out as Content-Length, not chunked.
import type { Context } from "hono";

export function replaceResponse(c: Context, res: Response) {
  const length = res.headers.get("content-length");
  c.res = res;
  if (length !== null) c.res.headers.set("content-length", length);
}
