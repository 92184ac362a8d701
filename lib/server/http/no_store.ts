// Responses that can carry a member's data are never kept by a browser or a cache on the way: every
// response under /api, and every response to a signed-in member, goes out with `Cache-Control:
// no-store` unless its route chose a policy of its own (/static, /build and the avatars keep
// theirs). Error responses included.
import type { Context, MiddlewareHandler } from "hono";
import { type Finisher, finishing } from "./response.ts";

export function noStore(): MiddlewareHandler {
  return finishing(noStoreFinisher());
}

/** noStore's work on the way out (the app runs it in one layer with the other finishers). */
export function noStoreFinisher(): Finisher {
  return (c) => {
    if (c.res.status === 101 || c.res.headers.has("cache-control")) return;
    // (c.get reads one variable; c.var copies them all into a new object.)
    const signedIn = !!(c as Context<{ Variables: { user?: unknown } }>).get("user");
    if (!signedIn && !c.req.path.startsWith("/api/")) return;
    try {
      c.res.headers.set("cache-control", "no-store");
    } catch {
      // Immutable headers (a Response made elsewhere): copy it once.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set("cache-control", "no-store");
    }
  };
}
