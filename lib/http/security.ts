// Security headers on every response but the WebSocket upgrade (an upgrade answer goes out as it
// is): Hono's secureHeaders with this site's policy. Only this site may be a source of scripts,
// styles, media, workers and connections; WebAssembly may compile (the face detector, the safety shield's classifier); camera,
// microphone and geolocation are for this site only; no page may be framed. HSTS in production.
import type { MiddlewareHandler } from "hono";
import { except } from "hono/combine";
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

export function securityHeaders(production: boolean): MiddlewareHandler {
  return except(
    "/ws",
    secureHeaders({
      contentSecurityPolicy: CONTENT_SECURITY_POLICY,
      permissionsPolicy: PERMISSIONS_POLICY,
      referrerPolicy: "strict-origin-when-cross-origin",
      xFrameOptions: "DENY",
      crossOriginOpenerPolicy: "same-origin",
      strictTransportSecurity: production ? "max-age=63072000; includeSubDomains" : false,
    }),
  );
}
