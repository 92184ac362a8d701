// Security headers on every response but the WebSocket upgrade (an upgrade response goes out as it
// is): Hono's secureHeaders with this site's policy. Only this site may be a source of scripts,
// styles, media, workers and connections; WebAssembly may compile (the face detector, the safety shield's classifier); camera,
// microphone and geolocation are for this site only; no page may be framed. HSTS in production.
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

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

export function securityHeaders(production: boolean): MiddlewareHandler {
  const withPolicy = (crossOriginOpenerPolicy: OpenerPolicy) =>
    secureHeaders({
      contentSecurityPolicy: CONTENT_SECURITY_POLICY,
      permissionsPolicy: PERMISSIONS_POLICY,
      referrerPolicy: "strict-origin-when-cross-origin",
      xFrameOptions: "DENY",
      crossOriginOpenerPolicy,
      strictTransportSecurity: production ? "max-age=63072000; includeSubDomains" : false,
    });
  const byPolicy = {
    "same-origin": withPolicy("same-origin"),
    "same-origin-allow-popups": withPolicy("same-origin-allow-popups"),
    "unsafe-none": withPolicy("unsafe-none"),
  };
  // The router's path first: the query is read only on the one page whose policy depends on it.
  // (A plain comparison, not hono/combine's `except`, which composes its middleware anew on every
  // request; `c.req.path` is the path as the router matches it, percent-decoded.)
  return async (c, next) => {
    const path = c.req.path;
    if (path === "/ws") return await next();
    return await byPolicy[openerPolicy(path, (name) => c.req.query(name))](c, next);
  };
}
