// Security headers on every response (issue: Foundation, point 7).
import type { MiddlewareHandler } from "hono";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob: mediastream:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export const PERMISSIONS_POLICY =
  "camera=(self), microphone=(self), geolocation=(self), display-capture=(), payment=(), usb=(), interest-cohort=()";

export function securityHeaders(production: boolean): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    // A WebSocket upgrade answer must go out as it is (no header rewriting on /ws).
    if (c.res.status === 101) return;
    h.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("Permissions-Policy", PERMISSIONS_POLICY);
    h.set("X-Frame-Options", "DENY");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    if (production) h.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  };
}
