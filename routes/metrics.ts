// /metrics: this instance's figures in Prometheus text format. In production only a scraper with
// `Authorization: Bearer <METRICS_TOKEN>` gets them (compared in constant time; anyone else gets
// 401 with `WWW-Authenticate: Bearer`), and without a METRICS_TOKEN the route does not exist (404).
// In development and tests it is open.
import { Hono } from "hono";
import { timingSafeEqual } from "node:crypto";
import type { AppDeps, AppEnv } from "./context.tsx";

const UNAUTHORIZED = "A valid bearer token is required.";

/** Compares two strings in time that depends only on their lengths. */
function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  // Compare equal-length digests-to-be, so the length of a wrong guess reveals nothing either.
  const len = Math.max(a.length, b.length);
  const pa = new Uint8Array(len);
  const pb = new Uint8Array(len);
  pa.set(a);
  pb.set(b);
  return timingSafeEqual(pa, pb) && a.length === b.length;
}

export function metricsRoute(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { hub, config, httpMetrics } = deps;
  if (config.production && !config.metricsToken) return app;
  const token = config.production ? config.metricsToken : undefined;

  app.get("/metrics", (c) => {
    if (token !== undefined) {
      const given = /^Bearer (.+)$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
      if (!sameSecret(given.trim(), token)) {
        return c.text(UNAUTHORIZED, 401, { "WWW-Authenticate": 'Bearer realm="metrics"' });
      }
    }
    const text = hub.metrics.render({ membersWaiting: hub.waitingCount() }) +
      [...httpMetrics.render(), ...hub.process.render()].join("\n") + "\n";
    return c.body(text, 200, {
      "content-type": "text/plain; version=0.0.4; charset=utf-8",
      "cache-control": "no-store",
    });
  });
  return app;
}
