// Security headers on every response but the WebSocket upgrade (an upgrade response goes out as it
// is), in two sets. A JSON answer gets what an API needs (OWASP's REST list): no caching unless its
// route chose otherwise, its Content-Type with the charset, nosniff, no framing (frame-ancestors
// 'none' and X-Frame-Options), HSTS in production. Everything else (pages, and what a page loads:
// scripts, workers, styles, images, redirects) gets the whole document set: Hono's secureHeaders
// with this site's policy. Only this site may be a source of scripts, styles, media, workers and
// connections; WebAssembly may compile (the face detector, the safety shield's classifier); camera,
// microphone and geolocation are for this site only; no page may be framed. HSTS in production.
import type { Context, MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { type Finisher, finishing } from "./response.ts";

const SELF = "'self'";

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: [SELF],
  scriptSrc: [SELF, "'wasm-unsafe-eval'"],
  styleSrc: [SELF],
  imgSrc: [SELF, "data:", "blob:"],
  mediaSrc: [SELF, "blob:", "mediastream:"],
  connectSrc: [SELF],
  workerSrc: [SELF, "blob:"],
  fontSrc: [SELF],
  objectSrc: ["'none'"],
  baseUri: [SELF],
  formAction: [SELF],
  frameAncestors: ["'none'"],
};

export const PERMISSIONS_POLICY = {
  camera: ["self"],
  microphone: ["self"],
  geolocation: ["self"],
  displayCapture: [],
  payment: [],
  usb: [],
  interestCohort: [],
};

/**
 * Cross-Origin-Opener-Policy: same-origin, but for the plans page, which opens Stripe's checkout in
 * a window it watches (same-origin-allow-popups keeps that window's link to the page while it
 * shows Stripe), and for the page Stripe sends that window back to (?success= or ?cancelled=),
 * which must stay in the same window group to hand the result to the page that opened it.
 */
export function openerPolicy(
  path: string,
  query: (name: string) => string | undefined,
): OpenerPolicy {
  if (path !== "/subscriptions") return "same-origin";
  return query("success") !== undefined || query("cancelled") !== undefined
    ? "unsafe-none"
    : "same-origin-allow-popups";
}

type OpenerPolicy = "same-origin" | "same-origin-allow-popups" | "unsafe-none";

const HSTS = "max-age=63072000; includeSubDomains";

type HeaderList = [name: string, value: string][];

/**
 * The document set for one opener policy: exactly what Hono's secureHeaders writes with this
 * site's policy, taken once from a response it decorated (its values never depend on the request).
 */
async function documentHeaders(
  crossOriginOpenerPolicy: OpenerPolicy,
  production: boolean,
): Promise<HeaderList> {
  const decorate = secureHeaders({
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    permissionsPolicy: PERMISSIONS_POLICY,
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    crossOriginOpenerPolicy,
    strictTransportSecurity: production ? HSTS : false,
  });
  const c = { res: new Response(null), get: () => undefined, set: () => {} };
  await decorate(c as unknown as Context, () => Promise.resolve());
  return [...c.res.headers];
}

/** The JSON set (besides Content-Type and Cache-Control, which depend on the response). */
export function jsonHeaders(production: boolean): HeaderList {
  return [
    ["x-content-type-options", "nosniff"],
    ["content-security-policy", "frame-ancestors 'none'"],
    ["x-frame-options", "DENY"],
    ...(production ? [["strict-transport-security", HSTS] as [string, string]] : []),
  ];
}

/** The headers a JSON answer carries that a document's set has and it does not. */
export const DOCUMENT_ONLY_HEADERS = [
  "permissions-policy",
  "referrer-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

const JSON_TYPE = "application/json; charset=UTF-8";

export async function securityHeaders(production: boolean): Promise<MiddlewareHandler> {
  return finishing(await securityHeadersFinisher(production));
}

/**
 * securityHeaders' work on the way out (the app runs it in one layer with the other finishers).
 * The path is the router's (`c.req.path`, percent-decoded), the same before the route and after.
 */
export async function securityHeadersFinisher(production: boolean): Promise<Finisher> {
  const byPolicy: Record<OpenerPolicy, HeaderList> = {
    "same-origin": await documentHeaders("same-origin", production),
    "same-origin-allow-popups": await documentHeaders("same-origin-allow-popups", production),
    "unsafe-none": await documentHeaders("unsafe-none", production),
  };
  const json = jsonHeaders(production);
  // The router's path first: the query is read only on the one page whose policy depends on it.
  return (c) => {
    const path = c.req.path;
    if (path === "/ws") return;
    const type = c.res.headers.get("content-type");
    // "application/json" and its parameters, not "+json" types (the web app manifest is a
    // document's resource and keeps the document set).
    const isJson = type !== null && type.startsWith("application/json") &&
      (type.length === 16 || type[16] === ";");
    let headers = c.res.headers;
    try {
      headers.delete("x-powered-by");
    } catch {
      // Immutable headers (a Response made elsewhere): copy it once.
      c.res = new Response(c.res.body, c.res);
      headers = c.res.headers;
    }
    if (isJson) {
      if (type.length === 16) headers.set("content-type", JSON_TYPE);
      if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
      for (const [name, value] of json) headers.set(name, value);
    } else {
      const set = byPolicy[openerPolicy(path, (name) => c.req.query(name))];
      for (const [name, value] of set) headers.set(name, value);
    }
  };
}
