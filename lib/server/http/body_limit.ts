// The request body size limit, for every request and before anything else looks at it (the
// session, rate limits, parsing, hashing): a declared Content-Length over the route's limit is
// refused without reading a byte; any other body is read right away, at most up to the limit,
// and refused as soon as it goes past it (a streamed body without Content-Length included). A
// body within the limit is handed on from memory. Refusals are 413 'The request is too large.'
import type { Context, MiddlewareHandler } from "hono";
import { type Said, said } from "../../shared/i18n/said.ts";
import { type Check, checking } from "./request.ts";
import { AppError } from "./errors.ts";

export interface BodyLimit {
  /** The most bytes the body may have. */
  max: number;
  /** The refusal's text ('The request is too large.' unless given). */
  tooLarge?: Said;
}

export interface BodyLimits extends BodyLimit {
  /** Other limits by "METHOD /path" (the exact path, as routed). */
  routes?: Record<string, BodyLimit>;
}

export function bodyLimits(limits: BodyLimits): MiddlewareHandler {
  return checking(bodyLimitsCheck(limits));
}

/**
 * bodyLimits' work (the app runs it in one layer with the other checks): nothing to do for a
 * request without a body (most), no promise made for it.
 */
export function bodyLimitsCheck(limits: BodyLimits): Check {
  return (c) => {
    const body = c.req.raw.body;
    return body ? limited(c, body, limits) : undefined;
  };
}

/** The body read, at most up to its limit, and handed on from memory (see above). */
async function limited(
  c: Context,
  body: ReadableStream<Uint8Array>,
  limits: BodyLimits,
): Promise<void> {
  const limit = limits.routes?.[`${c.req.method} ${c.req.path}`] ?? limits;
  const max = limit.max;
  // The client is told the connection ends: the rest of its body is not read.
  const tooLarge = () =>
    new AppError(413, limit.tooLarge ?? said("texts.tooLarge"), { Connection: "close" });
  const declared = c.req.header("content-length");
  if (declared !== undefined && Number(declared) > max) {
    await body.cancel().catch(() => {});
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  // A new request from the parts (not from the request itself, which would tie it to the
  // server's abort signal).
  const { url, method, headers } = c.req.raw;
  c.req.raw = new Request(url, { method, headers, body: bytes });
}
