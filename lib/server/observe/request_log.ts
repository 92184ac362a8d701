// Every request, observed once, first thing: it gets an id (echoed in `X-Request-Id` and in JSON
// error responses), its figures go to /metrics, and one JSON log line says what happened. The line
// holds fixed fields only: time, request id, method, route PATTERN (never the path as sent nor its
// query, which can carry tokens and invitation codes), status, duration and the member's id when
// signed in. Nothing from headers or bodies is logged, so no password, token, email address or
// coordinate can reach the log.
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes, routePath } from "hono/route";
import type { HttpMetrics } from "./http_metrics.ts";
import type { LogEntry, LogSink } from "../../shared/log.ts";
import { replaceResponse } from "../http/response.ts";
import { memberIdOf } from "../http/auth.ts";
import { METHODS } from "../http/request_shape.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** This request's id (set first thing by `observeRequests`). */
    requestId: string;
  }
}

export const REQUEST_ID_HEADER = "X-Request-Id";

/** The route label of a request nothing matched (bounded, unlike the paths strangers send). */
export const UNMATCHED = "unmatched";

/**
 * A fresh request id: 32 hex digits, a random UUID's without its dashes (122 random bits; a tenth
 * of the time of 16 bytes from getRandomValues turned into hex, which cost about 4 µs a request).
 */
export function newRequestId(): string {
  return crypto.randomUUID().replaceAll("-", "");
}

/**
 * The route pattern that responded: the handler's (`/api/admin/users/:id`), or, when a middleware
 * responded first (a refused body, a cross-site request), the pattern of the route the request was
 * on its way to; `unmatched` when no route has the path (a 404).
 */
export function routeOf(c: Context): string {
  const responder = routePath(c);
  if (responder && responder !== "*" && responder !== "/*") return responder;
  const handler = matchedRoutes(c).find((r) =>
    r.method !== "ALL" && r.path !== "*" && r.path !== "/*"
  );
  return handler?.path ?? UNMATCHED;
}

/** A JSON error response ({error, …}) with the request id added; other responses as they are. */
async function withIdInError(res: Response, id: string): Promise<Response> {
  if (res.status < 400 || !res.headers.get("content-type")?.startsWith("application/json")) {
    return res;
  }
  let data: unknown;
  try {
    data = await res.clone().json();
  } catch {
    return res;
  }
  if (!data || typeof data !== "object" || Array.isArray(data) || !("error" in data)) return res;
  const headers = new Headers(res.headers);
  const body = new TextEncoder().encode(JSON.stringify({ ...data, requestId: id }));
  headers.set("content-length", String(body.length));
  return new Response(body, { status: res.status, statusText: res.statusText, headers });
}

export interface ObserveOptions {
  metrics: HttpMetrics;
  log: LogSink;
  /** Whether each request is logged (off in tests unless asked for; figures are kept anyway). */
  logRequests: boolean;
}

export function observeRequests(options: ObserveOptions): MiddlewareHandler {
  const { metrics, log, logRequests } = options;
  return async (c, next) => {
    const started = performance.now();
    const id = newRequestId();
    c.set("requestId", id);
    await next();
    const status = c.res.status;
    // A WebSocket upgrade response goes out untouched.
    if (status !== 101) {
      // (An error's body is read only for an error: no promise is awaited for any other answer.)
      if (status >= 400) {
        const res = await withIdInError(c.res, id);
        if (res !== c.res) replaceResponse(c, res);
      }
      try {
        c.res.headers.set(REQUEST_ID_HEADER, id);
      } catch {
        // Immutable headers (a Response made elsewhere): copy it once.
        c.res = new Response(c.res.body, c.res);
        c.res.headers.set(REQUEST_ID_HEADER, id);
      }
    }
    const durationMs = Math.round((performance.now() - started) * 100) / 100;
    const route = routeOf(c);
    // A method the site does not use counts as OTHER: callers cannot add series to /metrics.
    metrics.observe(METHODS.has(c.req.method) ? c.req.method : "OTHER", route, status, durationMs);
    if (!logRequests) return;
    const entry: LogEntry = {
      level: "info",
      msg: "request",
      requestId: id,
      method: c.req.method,
      route,
      status,
      durationMs,
    };
    const userId = memberIdOf(c);
    if (userId) entry.userId = userId;
    log(entry);
  };
}
