// Compression of the responses the server makes (pages, JSON, the service worker, /static files):
// brotli or gzip by what the caller accepts (see chooseEncoding), for compressible types of at
// least MIN_BYTES.
// Content-hashed /build files are compressed once at build time (lib/server/build/precompress.ts) and
// served as they are, with their Content-Encoding, and pages come compressed from their renderer
// (lib/server/render/page.tsx) the same way. Untouched: socket upgrades, event streams, HEAD, 204 and
// 304 responses, `Cache-Control: no-transform`; responses already encoded, too small, or with no
// body only get `Vary: Accept-Encoding`.
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { replaceResponse } from "./response.ts";
import { memoByString } from "../../shared/memo.ts";

/** Below this a response goes out as it is: compressing would save less than a packet. */
export const MIN_BYTES = 1024;
/**
 * Bytes compressed per request (a member's page, JSON) go out as gzip at level 6 when the caller
 * takes gzip as readily as brotli, as browsers do: on a member's home page (7.5 KB) gzip 6 makes
 * 2,343 bytes in about 50 µs, brotli 4 (the fastest brotli smaller than gzip 6) 2,226 bytes in 2-3
 * times that, brotli 0-3 more bytes than gzip 6 in about as much time or more (docs/http.md).
 * Bytes compressed once and served many times (a guest's kept page) go out as brotli at its best.
 */
const GZIP_LEVEL = 6;
/** Brotli's quality for bytes made per request, for a caller that prefers brotli to gzip. */
const BROTLI_QUALITY = 4;

/**
 * The encoding to respond with, from the request's Accept-Encoding: "br", "gzip" or null. The
 * caller's weights decide; between two it takes as readily, bytes compressed per request get gzip
 * (quicker to make, about as small), bytes compressed once (`kept`) brotli (smaller).
 */
export function chooseEncoding(acceptEncoding: string | undefined, kept = false): Encoding {
  if (!acceptEncoding) return null;
  return (kept ? chooseKept : choosePerRequest)(acceptEncoding);
}

type Encoding = "br" | "gzip" | null;
const choosePerRequest = memoByString((header: string) => encodingFor(header, false));
const chooseKept = memoByString((header: string) => encodingFor(header, true));

/** chooseEncoding's rule, for a header that is there. */
function encodingFor(acceptEncoding: string, kept: boolean): Encoding {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  const br = weight("br");
  const gzip = weight("gzip");
  if (br > 0 && (br > gzip || (br === gzip && kept))) return "br";
  if (gzip > 0) return "gzip";
  return null;
}

/**
 * `body` compressed with `encoding`; `best` for bytes compressed once and served many times (a
 * guest page's, kept per build): the smallest output, whatever it costs once.
 */
export function compressBytes(
  body: Uint8Array,
  encoding: "br" | "gzip",
  best = false,
): Uint8Array {
  return encoding === "br"
    ? brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: best ? constants.BROTLI_MAX_QUALITY : BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        // A window no larger than the body: as small an output for a body that fits, made without
        // setting up the default 4 MB window (a page compresses in about two thirds of the time).
        [constants.BROTLI_PARAM_LGWIN]: windowBits(body.length),
      },
    })
    : gzipSync(body, { level: best ? 9 : GZIP_LEVEL });
}

/** Brotli's window size (log2 of bytes) for a body of `length`: 10 up to the default, 22. */
function windowBits(length: number): number {
  return Math.min(
    constants.BROTLI_DEFAULT_WINDOW,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(length + 1))),
  );
}

/** Whether a content type is one to compress (hono's list; a long pattern, tested once a type). */
const compressible = memoByString((type: string) => COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type));

function addVary(headers: Headers) {
  const vary = headers.get("vary");
  if (!vary) headers.set("vary", "Accept-Encoding");
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) {
    headers.set("vary", `${vary}, Accept-Encoding`);
  }
}

/** A character past ASCII (a text without one makes as many UTF-8 bytes as it has characters). */
const NOT_ASCII = /[\u0080-\uffff]/;

/** Whether a JSON text is known to make fewer than MIN_BYTES of UTF-8 (at most 3 a character). */
function smallText(text: string): boolean {
  return text.length * 3 < MIN_BYTES || (text.length < MIN_BYTES && !NOT_ASCII.test(text));
}

export function compression(): MiddlewareHandler {
  return async (c, next) => {
    // A JSON answer's text is seen as it is made (what Hono's c.json does, with its text kept), so
    // a small one is known small without reading its body back: a response's length is not known
    // until its body is read, and reading a copy of it cost a small API answer about 6 µs.
    let made: Response | undefined;
    let small = false;
    c.json = ((object: unknown, arg?: never, headers?: Record<string, string>) => {
      const text = JSON.stringify(object);
      made = c.body(text, arg, { "Content-Type": "application/json", ...headers });
      // (JSON.stringify(undefined) is no text: the body is empty.)
      small = typeof text !== "string" || smallText(text);
      return made;
    }) as typeof c.json;
    await next();
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    // (The body itself is not looked at here: reading `res.body` turns a body made of bytes into
    // a stream, which then goes out the slow way. A response without a body reads as empty below.)
    if (
      res.status === 101 || res.status === 204 || res.status === 304 ||
      c.req.method === "HEAD" || !compressible(type) ||
      /\bno-transform\b/i.test(res.headers.get("cache-control") ?? "")
    ) return;
    if (res.headers.has("content-encoding")) {
      // Compressed at build time: caches must still keep one copy per encoding.
      addVary(res.headers);
      return;
    }
    // (A body known to be small is never compressed: the caller's encodings are not read.)
    const length = res === made && small ? 0 : Number(res.headers.get("content-length") ?? NaN);
    const encoding = length < MIN_BYTES ? null : chooseEncoding(c.req.header("accept-encoding"));
    if (encoding === null) {
      addVary(res.headers);
      return;
    }
    // Read from a copy: a body too small to compress leaves the response as it is (a copy of a
    // body made from bytes or a string shares them; replacing a response copies its headers).
    const body = new Uint8Array(await res.clone().arrayBuffer());
    if (body.length < MIN_BYTES) {
      addVary(res.headers);
      return;
    }
    const out = compressBytes(body, encoding);
    replaceResponse(
      c,
      new Response(out as Uint8Array<ArrayBuffer>, {
        status: res.status,
        statusText: res.statusText,
        headers: { "content-type": type, "content-length": String(out.length) },
      }),
    );
    const headers = c.res.headers;
    addVary(headers);
    headers.set("content-encoding", encoding);
    // An entity tag names the bytes: the compressed ones are other bytes.
    const etag = headers.get("etag");
    if (etag && !etag.startsWith("W/")) headers.set("etag", `W/${etag}`);
  };
}
